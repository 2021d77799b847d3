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

/// MAC addresses as users type them: either case, `:` or `-`.
public enum MACAddress {
    /// Upper case with colons, or a usage error (64) saying what is expected.
    public static func normalized(_ text: String) throws -> String {
        guard Device.isValidMAC(text) else {
            throw UsageError("'\(UntrustedText.line(text))' is not a MAC address: expected six pairs of hex digits separated by ':' or '-', such as 41:24:AA:9C:C5:78.")
        }
        return text.uppercased().replacingOccurrences(of: "-", with: ":")
    }

    /// The device with this (normalised) address among `devices`, or an
    /// error (1) naming the closest one as "did you mean".
    public static func find(_ mac: String, in devices: [Device], account: String?) throws -> Device {
        if let device = devices.first(where: { (try? normalized($0.macAddress)) == mac }) { return device }
        let known = devices.compactMap { try? normalized($0.macAddress) }
        let owner = account.map { " to \($0)" } ?? " to this account"
        var hint = devices.isEmpty ? "There are no devices yet; 'susi device setup' sets one up." : "See 'susi device list'."
        if let close = Suggestions.closest(to: mac, among: known), let device = devices.first(where: { (try? normalized($0.macAddress)) == close }) {
            hint = "Did you mean \(close) (\(UntrustedText.line(device.name)), \(UntrustedText.line(device.room)))?"
        }
        throw CommandError(.failure, "No device \(mac) is registered\(owner).", hint: hint)
    }
}
