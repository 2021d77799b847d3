import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// The rooms a speaker can be put in: the SUSI apps' fourteen, plus the
/// rooms the account's devices already use. `room list`, `room pick`,
/// `device setup`, `device move` and the `--room` completion share it.
public enum Rooms {
    /// The iOS and Android apps' list, in their order (ios-app.md §3).
    public static let common = [
        "Bedroom", "Kitchen", "Family Room", "Entryway", "Living Room", "Front Yard", "Guest Room",
        "Dining Room", "Computer Room", "Downstairs", "Front Porch", "Garage", "Hallway", "Driveway",
    ]

    public struct Entry: Equatable, Sendable, Encodable {
        public var name: String
        /// How many of the account's devices are in this room.
        public var devices: Int
        /// One of the apps' fourteen.
        public var common: Bool
    }

    /// The common rooms in the apps' order, then the other rooms in use
    /// (sorted); a device's room matches a common one whatever its case.
    public static func entries(devices: [Device]) -> [Entry] {
        var entries = common.map { Entry(name: $0, devices: 0, common: true) }
        for device in devices {
            if let index = entries.firstIndex(where: { $0.name.lowercased() == device.room.lowercased() }) {
                entries[index].devices += 1
            } else {
                entries.append(Entry(name: device.room, devices: 1, common: false))
            }
        }
        let others = entries[common.count...].sorted { $0.name.lowercased() < $1.name.lowercased() }
        return Array(entries[..<common.count]) + others
    }

    /// The rule every room name follows (the `room` setting's): 1 to 64
    /// printable characters, no leading or trailing space. A usage error
    /// (64) that names the rule otherwise.
    public static func check(_ room: String, what: String = "The room") throws {
        if let problem = ConfigKey.room.kind.problem(with: room) {
            throw UsageError("\(what) '\(UntrustedText.line(room))' cannot be used: \(problem).")
        }
    }
}
