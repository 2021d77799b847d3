import Foundation
import SusiNet
@testable import SusiSpeaker
import SusiPorts
import SusiTestSupport

/// The guard on, as in every test.
let loopbackOnly = NetworkGuard.safeEnvironment()

func client(_ double: SpeakerDouble, timeout: TimeInterval = 5) -> HTTPSpeakerClient {
    HTTPSpeakerClient(address: URL(string: "http://\(double.address)")!,
                      era: double.era == .controlServer ? .controlServer : .setupServer,
                      environment: loopbackOnly, timeout: timeout)
}

/// The error a call threw, or nil.
func speakerError<T>(_ body: () throws -> T) -> SpeakerError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? SpeakerError
    }
}
