// Stop latency of SUSI's speech (bench/voice.sh runs it):
//   cancel  — the library's cancel: a long synthesis running on another
//             thread, cancelled; the time until espeak_Synth has returned.
//   player  — a player child (reading samples like aplay) being fed, then
//             stopped; the time until it has exited and been reaped.
// Prints one line per measure: name runs median max (milliseconds).
import Foundation
import SusiSpeech

let runs = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 20
let text = String(repeating: "This sentence is spoken again and again until it is stopped. ", count: 3000)

func report(_ name: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2]
    print(String(format: "%@ %d %.2f %.2f", name, sorted.count, median * 1000, sorted.last! * 1000))
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

var cancels: [Double] = []
for _ in 0..<runs {
    let job = SynthesisJob()
    let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
    let signalled = Flag()
    Thread.detachNewThread {
        var blocks = 0
        _ = try? ESpeak.synthesize(text, voice: "gmw/en-US", wordsPerMinute: 175, pitch: 50, job: job) { _ in
            blocks += 1
            if blocks == 10 && !signalled.isSet { signalled.set(); started.signal() }
            return true
        }
        finished.signal()
    }
    started.wait()
    Thread.sleep(forTimeInterval: 0.05)
    let t0 = Date()
    job.cancel()
    finished.wait()
    cancels.append(Date().timeIntervalSince(t0))
}
report("cancel", cancels)

var stops: [Double] = []
let player = AudioPlayer(kind: .aplay, path: "/bin/cat")
let block = [Int16](repeating: 1000, count: 441)
for _ in 0..<runs {
    let process = try PlayerProcess(player, arguments: ["cat"], environment: ["PATH": "/usr/bin:/bin"])
    for _ in 0..<20 { _ = block.withUnsafeBytes { process.write($0) } }
    let t0 = Date()
    process.stop()
    stops.append(Date().timeIntervalSince(t0))
}
report("player", stops)
