import Foundation
import SusiPorts

extension RemoteService {
    public func settings(token: String?) throws -> [String: String] {
        guard let token else { throw ServiceError.loginRequired("Reading account settings") }
        let json = try call("/aaa/listUserSettings.json", [:], token: token)
        try requireAccepted(json, tokenSent: true, what: "reading the settings")
        var result: [String: String] = [:]
        for (key, value) in (json["settings"] as? [String: Any]) ?? [:] {
            result[key] = Self.string(value) ?? ""
        }
        return result
    }

    /// One parameter per setting, as the server wants (not key/value pairs).
    /// Names are checked here: a server silently ignores a name it does not
    /// know, and would store the rest of an all-or-nothing change.
    public func changeSettings(_ settings: [String: String], token: String?) throws {
        try ServiceRules.checkSettings(settings)
        guard let token else { throw ServiceError.loginRequired("Changing account settings") }
        let json = try call("/aaa/changeUserSettings.json", settings.mapValues { Optional($0) }, token: token, idempotent: false)
        try requireAccepted(json, tokenSent: true, what: "the settings change")
    }

    public func addDevice(_ device: Device, token: String?) throws {
        let device = try ServiceRules.checkDevice(device)
        guard let token else { throw ServiceError.loginRequired("Adding a device") }
        // The reference server has no device limit; the rule is kept here too,
        // so a new device beyond it is refused the same way on every server.
        let mac = device.macAddress.uppercased().replacingOccurrences(of: "-", with: ":")
        let existing = try devices(token: token)
        if !existing.contains(where: { $0.macAddress.uppercased().replacingOccurrences(of: "-", with: ":") == mac }) {
            try ServiceRules.checkDeviceCount(existing.count)
        }
        let json = try call("/aaa/addNewDevice.json", [
            "macid": device.macAddress, "name": device.name, "room": device.room,
            "latitude": device.latitude.map { String($0) }, "longitude": device.longitude.map { String($0) },
        ], token: token, idempotent: false)
        try requireAccepted(json, tokenSent: true, what: "adding the device")
    }

    public func devices(token: String?) throws -> [Device] {
        guard let token else { throw ServiceError.loginRequired("Listing devices") }
        let json = try call("/aaa/listUserDevices.json", [:], token: token)
        try requireAccepted(json, tokenSent: true, what: "listing the devices")
        let entries = (json["devices"] as? [String: Any]) ?? [:]
        return entries.compactMap { mac, value -> Device? in
            guard let object = value as? [String: Any] else { return nil }
            let place = object["geolocation"] as? [String: Any]
            return Device(macAddress: mac, name: Self.string(object["name"]) ?? "", room: Self.string(object["room"]) ?? "",
                          added: Self.string(object["deviceAddTime"]).flatMap(Self.parseDate),
                          latitude: Self.double(place?["latitude"]).flatMap { (-90...90).contains($0) ? $0 : nil },
                          longitude: Self.double(place?["longitude"]).flatMap { (-180...180).contains($0) ? $0 : nil })
        }.sorted { ($0.room, $0.name, $0.macAddress) < ($1.room, $1.name, $1.macAddress) }
    }

    public func removeDevice(_ macAddress: String?, token: String?) throws {
        if let macAddress { try ServiceRules.checkMAC(macAddress) }
        guard let token else { throw ServiceError.loginRequired("Removing a device") }
        let json = try call("/aaa/removeUserDevices.json", ["macid": macAddress], token: token, idempotent: false)
        try requireAccepted(json, tokenSent: true, what: "removing the device")
    }
}
