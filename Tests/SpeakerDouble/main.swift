import Foundation
import SusiTestSupport

// susi-speaker-double [--era 5000|7070] [--password] [--drop-after-config] [--fail PATH]...
// Serves SpeakerDouble on 127.0.0.1, prints its address (127.0.0.1:PORT) on
// the first line of stdout, and runs until its standard input closes.
// --password turns the control server's login gate on; --fail makes the
// first request to PATH answer 500 (Werkzeug's HTML page).
var era = SpeakerDouble.Era.controlServer
var gated = false
var drop = false
var failing: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--era":
        guard let value = arguments.popFirst(), let chosen = SpeakerDouble.Era(rawValue: value) else {
            FileHandle.standardError.write(Data("--era takes 5000 or 7070\n".utf8))
            exit(64)
        }
        era = chosen
    case "--password": gated = true
    case "--drop-after-config": drop = true
    case "--fail":
        guard let path = arguments.popFirst() else { exit(64) }
        failing.append(path)
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(64)
    }
}
let double = try SpeakerDouble(era: era, password: gated ? "speaker" : nil)
if drop { double.endConfiguration(.dropsConnection) }
let page = era == .controlServer ? SpeakerDouble.werkzeug3Error500 : SpeakerDouble.werkzeug1Error500
for path in failing { double.failNext(path, with: .text(page, status: 500)) }
FileHandle.standardOutput.write(Data((double.address + "\n").utf8))
_ = FileHandle.standardInput.readDataToEndOfFile()
double.stop()
