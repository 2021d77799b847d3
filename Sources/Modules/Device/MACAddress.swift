import Foundation
import SusiCLI
import SusiCore
import SusiBasics
import SusiPorts

/// MAC addresses as users type them: either case, `:` or `-`.
enum MACAddress {
    /// Upper case with colons, or a usage error (64) saying what is expected.
    static func normalized(_ text: String) throws -> String {
        guard Device.isValidMAC(text) else {
            throw UsageError("'\(UntrustedText.line(text))' is not a MAC address: expected six pairs of hex digits separated by ':' or '-', such as 41:24:AA:9C:C5:78.")
        }
        return text.uppercased().replacingOccurrences(of: "-", with: ":")
    }

    /// The device with this (normalised) address among `devices`, or an
    /// error (1) naming the closest one as "did you mean".
    static func find(_ mac: String, in devices: [Device], account: String?) throws -> Device {
        if let device = devices.first(where: { (try? normalized($0.macAddress)) == mac }) { return device }
        let known = devices.compactMap { try? normalized($0.macAddress) }
        let owner = account.map { " to \($0)" } ?? " to this account"
        var hint = devices.isEmpty ? "There are no devices yet; 'susi device setup' sets one up." : "See 'susi device list'."
        if let close = Suggestions.closest(to: mac, among: known), let device = devices.first(where: { (try? normalized($0.macAddress)) == close }) {
            hint = "Did you mean \(close) (\(UntrustedText.line(device.name)), \(UntrustedText.line(device.room)))?"
        }
        throw CommandError(.noInput, "No device \(mac) is registered\(owner).", hint: hint)
    }
}
