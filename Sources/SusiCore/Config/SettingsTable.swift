import Foundation

/// The settings of this susi: the shared ones (`ConfigKey.shared`, read by
/// several modules or by SusiCore itself) and those each module declares
/// next to its commands (`CommandModule.settings`), which the host installs
/// once at start-up. The config file, `config` and `help environment` read
/// the installed table; before the host installs it (a SusiCore test), it
/// holds the shared settings only.
public enum SettingsTable {
    private static let installed = LockedValue<[ConfigKey]?>(nil)

    /// The table: set by the host, else the shared settings.
    public static var keys: [ConfigKey] {
        installed.value ?? ConfigKey.shared
    }

    /// Installs the shared settings with the modules' (in registry order),
    /// each module setting placed after the one it names (`listedAfter`).
    /// Installing the same table again changes nothing.
    public static func install(modules declared: [ConfigKey]) {
        let table = Listing.assemble(ConfigKey.shared, declared, name: \.name, after: \.listedAfter)
        installed.value = table
    }
}

/// Shared entries with the entries modules declare placed among them:
/// each declared entry goes right after the entry its `after` names (once
/// that one is placed), the rest at the end in the order declared. Keeps
/// `config list`, `help environment` and `help files` in one fixed order
/// without a central list naming every module's entries.
public enum Listing {
    public static func assemble<Entry>(_ shared: [Entry], _ declared: [Entry],
                                       name: (Entry) -> String, after: (Entry) -> String?) -> [Entry] {
        var result = shared
        var pending = declared
        var placedOne = true
        while placedOne {
            placedOne = false
            var waiting: [Entry] = []
            for entry in pending {
                if let anchor = after(entry), let index = result.firstIndex(where: { name($0) == anchor }) {
                    result.insert(entry, at: index + 1)
                    placedOne = true
                } else if after(entry) != nil {
                    waiting.append(entry)
                } else {
                    result.append(entry)
                }
            }
            pending = waiting
        }
        return result + pending
    }
}

/// A value behind a lock, for a table set once and read from any thread.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
