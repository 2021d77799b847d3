import Foundation
import SusiPorts
import SusiStore

extension EmbeddedService {
    /// The setting names the SUSI server accepts.
    public static var settingNames: [String] { ServiceRules.settingNames }

    public func settings(token: String?) throws -> [String: String] {
        let email = try requireAccount(token, for: "Reading account settings")
        var result: [String: String] = [:]
        for row in try store({ try database.query("SELECT key, value FROM settings WHERE email = ?", [email]) }) {
            result[row["key"].string ?? ""] = row["value"].string ?? ""
        }
        return result
    }

    /// All or nothing: one unknown name or bad value and nothing is stored.
    /// (The reference silently ignores unknown names.)
    public func changeSettings(_ settings: [String: String], token: String?) throws {
        let email = try requireAccount(token, for: "Changing account settings")
        try ServiceRules.checkSettings(settings)
        try store {
            try database.transaction {
                for (name, value) in settings {
                    try database.run("INSERT INTO settings (email, key, value) VALUES (?, ?, ?) ON CONFLICT (email, key) DO UPDATE SET value = excluded.value",
                                     [email, name, value])
                }
            }
        }
    }

    public func addDevice(_ device: Device, token: String?) throws {
        let email = try requireAccount(token, for: "Adding a device")
        let device = try ServiceRules.checkDevice(device)
        let mac = device.macAddress.uppercased().replacingOccurrences(of: "-", with: ":")
        try store {
            try database.transaction {
                if try database.scalar("SELECT 1 FROM devices WHERE email = ? AND mac = ?", [email, mac]) == nil {
                    try ServiceRules.checkDeviceCount(try database.scalar("SELECT count(*) FROM devices WHERE email = ?", [email])?.int ?? 0)
                }
                try database.run("""
                INSERT INTO devices (email, mac, name, room, added, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (email, mac) DO UPDATE SET name = excluded.name, room = excluded.room,
                    latitude = excluded.latitude, longitude = excluded.longitude
                """, [email, mac, device.name, device.room, timestamp, device.latitude, device.longitude])
            }
        }
    }

    public func devices(token: String?) throws -> [Device] {
        let email = try requireAccount(token, for: "Listing devices")
        return try store {
            try database.query("SELECT * FROM devices WHERE email = ? ORDER BY room, name, mac", [email]).map { row in
                Device(macAddress: row["mac"].string ?? "", name: row["name"].string ?? "", room: row["room"].string ?? "",
                       added: row["added"].double.map(Date.init(timeIntervalSince1970:)),
                       latitude: row["latitude"].double, longitude: row["longitude"].double)
            }
        }
    }

    public func removeDevice(_ macAddress: String?, token: String?) throws {
        let email = try requireAccount(token, for: "Removing a device")
        if let macAddress {
            try ServiceRules.checkMAC(macAddress)
            let mac = macAddress.uppercased().replacingOccurrences(of: "-", with: ":")
            let removed = try store { try database.run("DELETE FROM devices WHERE email = ? AND mac = ?", [email, mac]) }
            if removed == 0 { throw ServiceError(.notFound, "No device \(mac) is registered to \(email).") }
        } else {
            try store { try database.run("DELETE FROM devices WHERE email = ?", [email]) }
        }
    }
}
