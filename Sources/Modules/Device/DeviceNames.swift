import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// Devices as users name them (issue 38): the MAC address, the name in any
/// case, or a prefix of the name that only one device has.
enum DeviceNames {
    /// The device `text` names among `devices`. An unknown MAC keeps its own
    /// error; a name that fits none gets "did you mean", one that fits several
    /// lists them: both usage errors (64), as nothing is done.
    static func find(_ text: String, in devices: [Device], account: String?) throws -> Device {
        if Device.isValidMAC(text) {
            return try MACAddress.find(try MACAddress.normalized(text), in: devices, account: account)
        }
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty else {
            throw UsageError("Name the device by its name, a prefix of it, or its MAC address.", hint: "See 'susi device list'.")
        }
        let exact = devices.filter { $0.name.lowercased() == wanted }
        let matches = exact.isEmpty ? devices.filter { $0.name.lowercased().hasPrefix(wanted) } : exact
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let list = matches.map { "  \(DeviceJSON($0).mac)  \(UntrustedText.line($0.name)) (\(UntrustedText.line($0.room)))" }
            throw UsageError("'\(UntrustedText.line(text))' matches \(matches.count) devices:\n" + list.joined(separator: "\n"),
                             hint: "Name one by more of its name or by its MAC address.")
        }
        // A mistyped address is told as one, not as an unknown name.
        if looksLikeAddress(text) { _ = try MACAddress.normalized(text) }
        let owner = account.map { " to \($0)" } ?? " to this account"
        var hint = devices.isEmpty ? "There are no devices yet; 'susi device setup' sets one up." : "See 'susi device list'."
        if let close = Suggestions.closest(to: text, among: devices.map(\.name)),
           let device = devices.first(where: { $0.name == close }) {
            hint = "Did you mean '\(UntrustedText.line(close))' (\(DeviceJSON(device).mac), \(UntrustedText.line(device.room)))?"
        }
        throw UsageError("No device named '\(UntrustedText.line(text))' is registered\(owner).", hint: hint)
    }

    /// Hex digit pairs with ':' or '-' between them: an address, perhaps cut short.
    static func looksLikeAddress(_ text: String) -> Bool {
        text.contains(where: { $0 == ":" || $0 == "-" })
            && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "-" }
    }
}
