import Foundation

/// Control characters a hostile skill, server or history entry could send:
/// OSC (title), BEL, CSI (clear screen), SGR (colour), C1 CSI, DEL, CR,
/// backspace, a forged OSC 8 hyperlink and NUL.
public let hostile = "a\u{1B}]0;owned\u{07}b\u{1B}[2J\u{1B}[31mc\u{9B}2Jd\u{7F}e\r\u{08}f\u{1B}]8;;http://evil.example\u{1B}\\g\u{1B}]8;;\u{1B}\\h\u{00}i"

/// The same without CR, which a skill file would take as a line break.
public let hostileLine = hostile.replacingOccurrences(of: "\r", with: "")

/// A models/<model>/<group>/<language>/<skill>.txt tree under `root`.
public func writeSkillTree(_ root: String, _ files: [String: String]) throws -> String {
    for (path, text) in files {
        let url = URL(fileURLWithPath: root + "/tree/models/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root + "/tree"
}
