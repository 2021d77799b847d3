import Foundation
import SusiPorts

extension EmbeddedService {
    /// The setting names the SUSI server accepts.
    public static var settingNames: [String] { ServiceRules.settingNames }

    public func settings(token: String?) throws -> [String: String] {
        let email = try requireAccount(token, for: "Reading account settings")
        return try store { try records.settings(email: email) }
    }

    /// All or nothing: one unknown name or bad value and nothing is stored.
    /// (The reference silently ignores unknown names.)
    public func changeSettings(_ settings: [String: String], token: String?) throws {
        let email = try requireAccount(token, for: "Changing account settings")
        try ServiceRules.checkSettings(settings)
        try store { try records.changeSettings(email: email, settings) }
    }

    public func addDevice(_ device: Device, token: String?) throws {
        let email = try requireAccount(token, for: "Adding a device")
        let device = try ServiceRules.checkDevice(device)
        let mac = device.macAddress.uppercased().replacingOccurrences(of: "-", with: ":")
        var normalised = device
        normalised.macAddress = mac
        try store { try records.saveDevice(email: email, normalised, added: timestamp, checkCount: ServiceRules.checkDeviceCount) }
    }

    public func devices(token: String?) throws -> [Device] {
        let email = try requireAccount(token, for: "Listing devices")
        return try store {
            try records.devices(email: email)
        }
    }

    public func removeDevice(_ macAddress: String?, token: String?) throws {
        let email = try requireAccount(token, for: "Removing a device")
        if let macAddress {
            try ServiceRules.checkMAC(macAddress)
            let mac = macAddress.uppercased().replacingOccurrences(of: "-", with: ":")
            let removed = try store { try records.removeDevices(email: email, mac: mac) }
            if removed == 0 { throw ServiceError(.notFound, "No device \(mac) is registered to \(email).") }
        } else {
            try store { _ = try records.removeDevices(email: email, mac: nil) }
        }
    }
}
