import Foundation
import SusiTestKit
import Testing

/// Compares `text` with `Snapshots/<name>.txt`; with RECORD_SNAPSHOTS=1 the
/// file is (re)written instead.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = packageRoot + "/Tests/SusiHostTests/Snapshots/\(name).txt"
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        // Recording is never a pass: the run fails, so a suite left in record
        // mode (in CI, say) cannot go green without comparing anything.
        let written = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        Issue.record(written ? "Recorded the snapshot \(name); run again without RECORD_SNAPSHOTS=1 to check it."
                             : "Could not write the snapshot \(path).", sourceLocation: sourceLocation)
        return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        Issue.record("No snapshot at \(path); run with RECORD_SNAPSHOTS=1 to record it.", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    #expect(text == expected, "differs from Snapshots/\(name).txt (RECORD_SNAPSHOTS=1 re-records)",
            sourceLocation: sourceLocation)
}
