import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore

extension DeviceModule {
    enum RemoveKeys {
        static let all = OptionKey.flag("all", "Remove every device registered to the account.")
        static let yes = OptionKey.flag("yes", short: "y", "Do not ask for confirmation (needed when not on a terminal).")
        static let mac = ArgumentKey.optional("device", "The device: its name, a unique prefix of it, or its MAC address.",
                                              completion: .dynamic(DeviceModule.macAddresses))
    }

    static var removeCommand: Command {
        Command(
            name: "remove",
            aliases: ["rm"],
            abstract: "Unregister a device, or all of them.",
            discussion: """
            Removes the device from your account; the speaker itself is not changed. --all removes \
            every device. It asks first on a terminal; in scripts it needs --yes.
            """,
            examples: [
                Example("susi device remove 'Kitchen speaker'", "Unregister that device (asks first)."),
                Example("susi device remove --all --yes", "Unregister every device without asking."),
            ],
            arguments: [RemoveKeys.mac.spec],
            options: [RemoveKeys.all.spec, RemoveKeys.yes.spec],
            run: { invocation, context in try remove(invocation, context) })
    }

    static func remove(_ invocation: Invocation, _ context: Context) throws {
        let all = invocation.values[RemoveKeys.all]
        let mac = invocation.values[RemoveKeys.mac]
        switch (mac, all) {
        case (nil, false):
            throw UsageError("Name the device to remove (its name or MAC address), or pass --all.", hint: "See 'susi device list'.")
        case (.some, true):
            throw UsageError("Pass either a device or --all, not both.")
        case let (.some(text), false):
            let (device, token) = try lookUp(text, context, for: "Removing a device")
            let mac = DeviceJSON(device).mac, name = UntrustedText.line(device.name)
            guard try Confirmation.destructive(
                "Remove '\(name)' (\(mac), \(UntrustedText.line(device.room))) from the account?",
                action: "Removing '\(name)' (\(mac)) from the account", yes: invocation.values[RemoveKeys.yes],
                declined: "Nothing was removed.", context: context) else { return }
            try context.service().removeDevice(DeviceJSON(device).mac, token: token)
            context.note("Removed '\(UntrustedText.line(device.name))' (\(DeviceJSON(device).mac)) from the account.")
        case (nil, true):
            let token = try requireToken(context, for: "Removing devices")
            let count = try context.service().devices(token: token).count
            guard try Confirmation.destructive(
                "Remove all \(count) devices from the account?", action: "Removing all \(count) devices from the account",
                yes: invocation.values[RemoveKeys.yes], declined: "Nothing was removed.", context: context) else { return }
            try context.service().removeDevice(nil, token: token)
            context.note(count == 1 ? "Removed the only device from the account." : "Removed all \(count) devices from the account.")
        }
    }
}
