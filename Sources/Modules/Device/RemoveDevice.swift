import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore

extension DeviceModule {
    enum RemoveKeys {
        static let all = OptionKey.flag("all", "Remove every device registered to the account.")
        static let yes = OptionKey.flag("yes", short: "y", "Do not ask for confirmation (needed for --all when not on a terminal).")
        static let mac = ArgumentKey.optional("mac", "The device's MAC address (either case, ':' or '-').",
                                              completion: .dynamic(DeviceModule.macAddresses))
    }

    static var removeCommand: Command {
        Command(
            name: "remove",
            aliases: ["rm"],
            abstract: "Unregister a device, or all of them.",
            discussion: """
            Removes the device from your account; the speaker itself is not changed. --all removes \
            every device and asks first on a terminal; in scripts it needs --yes.
            """,
            examples: [
                Example("susi device remove 41:24:aa:9c:c5:78", "Unregister that device."),
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
            throw UsageError("Name the device to remove by its MAC address, or pass --all.", hint: "See 'susi device list'.")
        case (.some, true):
            throw UsageError("Pass either a MAC address or --all, not both.")
        case let (.some(text), false):
            let (device, token) = try lookUp(text, context, for: "Removing a device")
            try context.service().removeDevice(DeviceJSON(device).mac, token: token)
            context.note("Removed '\(UntrustedText.line(device.name))' (\(DeviceJSON(device).mac)) from the account.")
        case (nil, true):
            let token = try requireToken(context, for: "Removing devices")
            let count = try context.service().devices(token: token).count
            if !invocation.values[RemoveKeys.yes] {
                let prompter = try context.prompter(orPass: "--yes", for: "Confirmation")
                guard try prompter.confirm("Remove all \(count) devices from the account?", default: false) else {
                    context.note("Nothing was removed.")
                    return
                }
            }
            try context.service().removeDevice(nil, token: token)
            context.note(count == 1 ? "Removed the only device from the account." : "Removed all \(count) devices from the account.")
        }
    }
}
