import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// The steps of a setup, in the order they run: the configuration last of
/// the speaker's (it restarts the speaker), the registration with the
/// account after it.
enum SetupStep: String, Codable, CaseIterable {
    case room, wifi, account, configuration, registration

    var title: String {
        switch self {
        case .room: return "room"
        case .wifi: return "Wi-Fi"
        case .account: return "account"
        case .configuration: return "configuration"
        case .registration: return "registration"
        }
    }
}

/// How far a setup got, kept in `Paths.deviceSetupFile` so `--resume` can
/// go on. Never a password: only what is needed to continue.
struct SetupProgress: Codable, Equatable {
    var speaker: String
    var era: SpeakerEra
    var completed: [SetupStep] = []
    var room: String?
    var ssid: String?
    var anonymous = false
    var configuration: SpeakerConfiguration?
    /// The speaker's MAC address, for the registration (asked before the configuration, while the speaker answers).
    var mac: String?
    var name: String?
    var register = true

    func isDone(_ step: SetupStep) -> Bool { completed.contains(step) }

    static func load(_ paths: Paths) throws -> SetupProgress? {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(paths.deviceSetupFile, limit: 64 * 1024)
        } catch let error as FileError {
            throw CommandError(.noInput, "Cannot read the setup progress: \(error.description).")
        }
        guard let bytes else { return nil }
        guard let progress = try? JSONDecoder().decode(SetupProgress.self, from: Data(bytes)) else {
            throw CommandError(.dataError, "The setup progress file \(paths.deviceSetupFile) is damaged.",
                               hint: "Start the setup afresh with 'susi device setup' (without --resume); it replaces the file.")
        }
        return progress
    }

    func save(_ paths: Paths) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try AtomicFile.createDirectory(paths.stateDirectory)
            try AtomicFile.write(Array(try encoder.encode(self)) + [0x0A], to: paths.deviceSetupFile, mode: 0o600)
        } catch let error as FileError {
            if let storage = StorageError(writing: error, name: "the setup progress file", path: paths.deviceSetupFile) { throw storage }
            throw CommandError(.cannotCreate, "Cannot write the setup progress: \(error.description).")
        }
    }

    static func remove(_ paths: Paths) {
        unlink(paths.deviceSetupFile)
    }
}
