import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension DeviceModule {
    enum SetupKeys {
        static let room = roomOption
        static let ssid = OptionKey.string("wifi-ssid", "name", "The Wi-Fi network the speaker should join (asked on a terminal when missing).")
        static let wifiPasswordStdin = OptionKey.flag(
            "wifi-password-stdin", "Read the Wi-Fi password from the first line of standard input (an empty line for an open network).")
        static let passwordStdin = OptionKey.flag(
            "password-stdin", "Read your SUSI account's password from standard input (the line after the Wi-Fi password when both are read).")
        static let stt = OptionKey.string("stt", "engine", "Speech recognition: google (default), pocketsphinx, watson, bing, deepspeech-local or vosk, as the speaker's era allows.",
                                          completion: .values(["google", "pocketsphinx", "watson", "bing", "deepspeech-local", "vosk"]))
        static let tts = OptionKey.string("tts", "engine", "Speech output: google (default), flite or watson, as the speaker's era allows.",
                                          completion: .values(["google", "flite", "watson"]))
        static let hotword = OptionKey.string("hotword", "y|n", "Listen for the hotword 'SUSI' (default y).", kind: .choice(["y", "n"]))
        static let wake = OptionKey.string("wake", "y|n", "Use the speaker's wake button (default n).", kind: .choice(["y", "n"]))
        static let anonymous = OptionKey.flag("anonymous", "Set the speaker up without a SUSI account.")
        static let speaker = OptionKey.string(
            "speaker", "url", "The speaker's setup address (host, host:port or http URL); skips the hotspot check. Default: the speaker setting.",
            kind: ConfigKey.speaker.kind)
        static let resume = OptionKey.flag("resume", "Continue a setup that stopped, from the step that failed.")
        static let noRegister = OptionKey.flag("no-register", "Do not register the speaker with your account.")
        static let mac = OptionKey.string("mac", "address", "The speaker's MAC address, for the registration, where the speaker cannot tell it (the port-5000 era).")
        static let name = OptionKey.string("name", "name", "The name the speaker gets in your account.", default: "SUSI Smart Speaker")
        /// Accepted by the parser only to refuse them with the reason.
        static let refusedWiFiPassword = OptionKey.string(
            "wifi-password", "password", "Refused: a password on the command line is visible to other users and kept in shell history.", isHidden: true)
        static let refusedPassword = OptionKey.string(
            "password", "password", "Refused: a password on the command line is visible to other users and kept in shell history.", isHidden: true)
    }

    static var setupCommand: Command {
        Command(
            name: "setup",
            abstract: "Set up a SUSI Smart Speaker over its Wi-Fi hotspot and register it.",
            discussion: """
            A new (or reset) speaker opens a Wi-Fi hotspot named SUSI.AI (password: password). Join it \
            from this machine, then run this: with the default speaker address (10.0.0.1, the speaker \
            on its hotspot) susi first checks with iwgetid or nmcli that this machine is on that \
            hotspot; --speaker or the speaker setting points elsewhere. susi finds the speaker and its software era (the \
            control server on port 7070, or the older setup server on port 5000), then sends, one \
            step at a time: the room, the Wi-Fi network it should join (name and password), your \
            SUSI account (or --anonymous) and the configuration (speech engines, hotword, wake \
            button). The configuration comes last because it restarts the speaker, which then \
            leaves its hotspot: a connection lost at that point is reported as probable success. \
            Finally the speaker is registered with your account, so it shows in 'susi device list'.

            Values the speaker's scripts would break on are refused before anything is sent: a '"' \
            or a line break in the Wi-Fi name or password, an empty room, and on the control server \
            a '=' in the room or the account password. Passwords are never taken as arguments: \
            they are asked with echo off, or read from standard input (--wifi-password-stdin, then \
            --password-stdin on the next line).

            When a step fails, the speaker's answer is shown; on a terminal you can try it again, \
            otherwise the progress (no passwords) is kept and 'susi device setup --resume' continues \
            from that step.
            """,
            examples: [
                Example("susi device setup --room Kitchen", "Set up the speaker whose hotspot this machine is on; asks for the rest."),
                Example("printf '%s\\n%s\\n' \"$WIFI_PW\" \"$SUSI_PW\" | susi device setup --room Kitchen --wifi-ssid HomeNet --wifi-password-stdin --password-stdin",
                        "Everything without questions, the passwords on standard input."),
                Example("susi device setup --anonymous --no-register --speaker 192.168.1.50:7070 --room Office --wifi-ssid HomeNet",
                        "Set up a speaker at a known address without an account."),
                Example("susi device setup --resume", "Continue a setup that stopped."),
            ],
            options: [SetupKeys.room.spec, SetupKeys.ssid.spec, SetupKeys.wifiPasswordStdin.spec, SetupKeys.passwordStdin.spec,
                      SetupKeys.stt.spec, SetupKeys.tts.spec, SetupKeys.hotword.spec, SetupKeys.wake.spec, SetupKeys.anonymous.spec,
                      SetupKeys.speaker.spec, SetupKeys.resume.spec, SetupKeys.noRegister.spec, SetupKeys.mac.spec, SetupKeys.name.spec,
                      SetupKeys.refusedWiFiPassword.spec, SetupKeys.refusedPassword.spec],
            relations: [.conflicts("anonymous", ["password-stdin"])],
            run: { invocation, context in
                try DeviceSetup(invocation: invocation, context: context,
                                wifi: try context.wifiNetwork()).run()
            })
    }
}

/// One run of `susi device setup`.
struct DeviceSetup {
    let invocation: Invocation
    let context: Context
    let wifi: WiFiNetworkReader

    var values: ParsedValues { invocation.values }
    typealias Keys = DeviceModule.SetupKeys

    func run() throws {
        if values[Keys.refusedWiFiPassword] != nil || values[Keys.refusedPassword] != nil {
            throw UsageError(
                "A password is not accepted on the command line: other users can see it in the process list, and your shell keeps it in its history.",
                hint: "Pipe it with --wifi-password-stdin (and --password-stdin), or run on a terminal to be asked with echo off.")
        }
        var progress = try start()
        let token = try context.token()
        // SUSI_TOKEN names no account: the backend says whose it is.
        var account = try context.credentials()?.account
        if account == nil, let token, !progress.anonymous, !progress.isDone(.account) {
            let identity = try context.service().identity(token: token)
            if !identity.anonymous { account = identity.name }
        }
        if !progress.anonymous, !progress.isDone(.account), token == nil {
            throw ServiceError(.notLoggedIn, "Setting up a speaker with your SUSI account needs a login.",
                               hint: "Log in with 'susi login' first, or pass --anonymous to set the speaker up without an account.")
        }
        if progress.register, token == nil, !progress.isDone(.registration) {
            progress.register = false
            context.note("Not logged in: the speaker will not be registered with an account.")
        }
        guard let address = URL(string: progress.speaker), let host = address.host, !host.isEmpty else {
            throw CommandError(.dataError, "The setup progress file \(context.paths.deviceSetupFile) names no usable speaker address.",
                               hint: "Start the setup afresh with 'susi device setup' (without --resume); it replaces the file.")
        }
        let client = try context.speakerClient(address: address, era: progress.era)
        let inputs = try gather(&progress, client: client, account: account)
        try progress.save(context.paths)

        let total = progress.register ? 5 : 4
        for (index, step) in SetupStep.allCases.enumerated() where !progress.isDone(step) {
            if step == .registration, !progress.register { break }
            try perform(step, number: index + 1, of: total, &progress, client: client, inputs: inputs, token: token, account: account)
            progress.completed.append(step)
            if step != .registration { try progress.save(context.paths) }
        }
        SetupProgress.remove(context.paths)
        context.note(progress.register
            ? "The speaker is set up and registered. It restarts and joins \(UntrustedText.line(progress.ssid ?? "the network")) within about a minute; 'susi device list' shows it."
            : "The speaker is set up. It restarts and joins \(UntrustedText.line(progress.ssid ?? "the network")) within about a minute.")
    }

    /// The secrets, asked or read once, held only in memory.
    struct Inputs {
        var passphrase = ""
        var accountPassword = ""
    }

    // MARK: - Finding the speaker

    /// A fresh setup (hotspot check, probing) or the saved one with --resume.
    func start() throws -> SetupProgress {
        if values[Keys.resume] {
            guard var progress = try SetupProgress.load(context.paths) else {
                throw CommandError(.noInput, "There is no setup to resume.", hint: "Start one with 'susi device setup'.")
            }
            let done = progress.completed.map(\.title).joined(separator: ", ")
            context.note("Resuming the setup of the speaker at \(progress.speaker) (\(progress.era.description))" + (done.isEmpty ? "." : "; done: \(done)."))
            if let speaker = values[Keys.speaker], !progress.isDone(.configuration) {
                progress = try find(speaker, explicit: true, resuming: progress)
            }
            return progress
        }
        let explicit = values[Keys.speaker]
        let address = try explicit ?? context.setting(.speaker) ?? SpeakerTarget.hotspotAddress
        var progress = try find(address, explicit: explicit != nil, resuming: nil)
        progress.anonymous = values[Keys.anonymous]
        progress.register = !values[Keys.noRegister]
        return progress
    }

    func find(_ address: String, explicit: Bool, resuming: SetupProgress?) throws -> SetupProgress {
        guard let target = SpeakerTarget(address) else {
            throw UsageError("'\(UntrustedText.line(address))' is not a speaker address: expected a host, host:port or http URL such as 10.0.0.1 or http://127.0.0.1:7070.")
        }
        // The hotspot is what makes 10.0.0.1 the speaker; another address was chosen on purpose.
        if !explicit, target.host == SpeakerTarget.hotspotAddress {
            let ssid = wifi.currentSSID()
            guard SpeakerHotspot.isHotspot(ssid) else {
                let now = ssid.map { "This machine is on the Wi-Fi network '\(UntrustedText.line($0))', not on the speaker's hotspot." }
                    ?? "This machine does not seem to be on a Wi-Fi network (neither iwgetid nor nmcli named one)."
                throw CommandError(.unavailable, now + " A speaker in setup mode opens a hotspot named \(SpeakerHotspot.ssid).",
                                   hint: "Join the Wi-Fi network \(SpeakerHotspot.ssid) (password: password), e.g. 'nmcli dev wifi connect SUSI.AI password password', then run this again. If the speaker is elsewhere, give its address with --speaker.")
            }
        }
        context.note("Looking for the speaker at \(target.host)…")
        let found = try context.speakerFinder().find(target)
        context.note("Found a SUSI Smart Speaker at \(found.address.absoluteString): \(found.era.description).")
        if found.hotspotRunning == false {
            context.warn("The speaker says its hotspot is off: it may be set up already. Setting it up again replaces its settings.")
        }
        var progress = resuming ?? SetupProgress(speaker: found.address.absoluteString, era: found.era)
        progress.speaker = found.address.absoluteString
        progress.era = found.era
        return progress
    }

    // MARK: - What to send

    /// Everything the steps still need, asked or read and checked before
    /// the first call, so a value the speaker would break on stops the
    /// setup before anything is sent.
    func gather(_ progress: inout SetupProgress, client: SpeakerClient, account: String?) throws -> Inputs {
        var inputs = Inputs()
        let era = progress.era
        if !progress.isDone(.room) {
            var room = try values[Keys.room] ?? progress.room ?? pickRoom()
            while true {
                do {
                    try SpeakerInput.checkRoom(room, era: era)
                    break
                } catch {
                    guard values[Keys.room] == nil, context.canPrompt else { throw error }
                    context.stderr.line(error.message)
                    room = try pickRoom()
                }
            }
            progress.room = room
        }
        if !progress.isDone(.wifi) {
            var ssid = try values[Keys.ssid] ?? progress.ssid
                ?? context.prompter(orPass: "--wifi-ssid", for: "The Wi-Fi network's name").ask("Wi-Fi network the speaker should join:", default: nil)
            while true {
                do {
                    try SpeakerInput.checkSSID(ssid)
                    break
                } catch {
                    guard values[Keys.ssid] == nil, context.canPrompt else { throw error }
                    context.stderr.line(error.message)
                    ssid = try context.prompter(orPass: "--wifi-ssid", for: "The Wi-Fi network's name").ask("Wi-Fi network the speaker should join:", default: nil)
                }
            }
            progress.ssid = ssid
            inputs.passphrase = try readSecret(fromStdin: values[Keys.wifiPasswordStdin], flag: "--wifi-password-stdin",
                                               what: "The Wi-Fi password", prompt: "Password of \(UntrustedText.line(ssid)) (empty for an open network):",
                                               allowEmpty: true) { try SpeakerInput.checkPassphrase($0) }
        }
        if !progress.isDone(.account), !progress.anonymous, let email = account {
            inputs.accountPassword = try readSecret(fromStdin: values[Keys.passwordStdin], flag: "--password-stdin",
                                                    what: "Your SUSI account's password", prompt: "Password of your SUSI account \(email):",
                                                    allowEmpty: false) { password in
                try SpeakerInput.checkAccount(email: email, password: password, era: era)
                try checkAccountPassword(email: email, password: password)
            }
        }
        if !progress.isDone(.configuration) {
            var configuration = progress.configuration ?? SpeakerConfiguration()
            if let stt = values[Keys.stt] { configuration.speechToText = stt }
            if let tts = values[Keys.tts] { configuration.textToSpeech = tts }
            if let hotword = values[Keys.hotword] { configuration.hotword = hotword == "y" }
            if let wake = values[Keys.wake] { configuration.wakeButton = wake == "y" }
            progress.configuration = try configuration.validated(for: era)
        }
        if progress.register, !progress.isDone(.registration) {
            progress.name = try checkedName(values[Keys.name] ?? progress.name ?? "SUSI Smart Speaker")
            if let mac = values[Keys.mac] {
                progress.mac = try MACAddress.normalized(mac)
            } else if progress.mac == nil {
                if let mac = try client.macAddress() {
                    progress.mac = mac
                } else {
                    progress.mac = try askMAC()
                }
            }
        }
        return inputs
    }

    func pickRoom() throws -> String {
        let devices = (try? context.token()).flatMap { token in token.flatMap { try? context.service().devices(token: $0) } } ?? []
        return try RoomPicker.forContext(context, devices: devices, suggested: try context.setting(.room)).pick()
    }

    func checkedName(_ name: String) throws -> String {
        do {
            return try ServiceRules.checkDevice(Device(macAddress: "00:00:00:00:00:00", name: name, room: "Room")).name
        } catch let error as ServiceError {
            throw UsageError(error.message)
        }
    }

    /// The 5000 era cannot tell its MAC address: asked on a terminal, else --mac or --no-register.
    func askMAC() throws -> String {
        guard context.canPrompt else {
            throw UsageError("This speaker (\(SpeakerEra.setupServer.description)) cannot tell its MAC address, which registering it needs. Nothing was sent.",
                             hint: "Pass --mac with the address of the speaker's wlan0 ('cat /sys/class/net/wlan0/address' on the speaker), or --no-register.")
        }
        let prompter = try context.prompter(orPass: "--mac", for: "The speaker's MAC address")
        while true {
            let answer = try prompter.ask("The speaker's MAC address (from 'cat /sys/class/net/wlan0/address' on the speaker):", default: nil)
            do {
                return try MACAddress.normalized(answer)
            } catch let error as UsageError {
                context.stderr.line(error.message)
            }
        }
    }

    /// The speaker stores whatever password it is sent and only fails to
    /// log in after its restart, where nobody sees it: the password is
    /// checked first with a login to the account's server (a short-lived
    /// token, logged out at once). A refusal is 77; the prompt asks again.
    func checkAccountPassword(email: String, password: String) throws {
        let service = try context.service()
        let grant: LoginGrant
        do {
            grant = try service.login(email: email, password: password, validFor: 60)
        } catch let error as ServiceError where error.kind == .forbidden && error.condition == nil {
            throw CommandError(.noPermission,
                               "The SUSI server at \(try context.serverName()) did not accept the password for \(UntrustedText.line(email)); nothing was sent to the speaker.",
                               hint: "Give the password you log in to SUSI with: the speaker logs in with it after its restart.")
        }
        try? service.logout(token: grant.token)
    }

    /// One line of stdin, or asked with echo off (again when refused; a
    /// backend that cannot be reached ends the setup instead).
    func readSecret(fromStdin: Bool, flag: String, what: String, prompt: String, allowEmpty: Bool,
                    check: (String) throws -> Void) throws -> String {
        ProcessSecrets.hold()
        if fromStdin {
            guard var bytes = try context.stdin.readLineBytes(limit: InputSource.secretLimit, what: "\(what) on standard input") else {
                throw UsageError("\(flag) found no line for \(what.lowercased()) on standard input.")
            }
            defer { SecretInput.wipe(&bytes) }
            let text = try SecretInput.text(bytes, what: what)
            if text.isEmpty, !allowEmpty { throw UsageError("\(flag) found an empty line; \(what.lowercased()) cannot be empty.") }
            try check(text)
            return text
        }
        while true {
            var bytes = try context.secret(prompt, orPass: flag, for: what)
            defer { SecretInput.wipe(&bytes) }
            let text = try SecretInput.text(bytes, what: what)
            do {
                if text.isEmpty, !allowEmpty { throw UsageError("\(what) cannot be empty.") }
                try check(text)
                return text
            } catch let error as ReportableError where ![.unavailable, .tempFail, .interrupted].contains(error.exitCode) {
                context.stderr.line(error.message)
            }
        }
    }

    // MARK: - The steps

    func perform(_ step: SetupStep, number: Int, of total: Int, _ progress: inout SetupProgress,
                 client: SpeakerClient, inputs: Inputs, token: String?, account: String?) throws {
        while true {
            do {
                // One line per step; on a terminal it turns while the speaker answers.
                let spinner = Spinner("[\(number)/\(total)] \(step.title.prefix(1).uppercased() + step.title.dropFirst())…",
                                      on: context.io.stderr, enabled: !context.globals.quiet, environment: context.environment)
                spinner.start()
                let done: String
                do {
                    defer { spinner.stop() }
                    done = try send(step, &progress, client: client, inputs: inputs, token: token, account: account)
                }
                context.note("[\(number)/\(total)] \(done)")
                return
            } catch let error as ReportableError {
                let failure = "The \(step.title) step failed: \(error.message)"
                // A refusal or the guard will not change by trying again.
                if context.canPrompt, error.exitCode == .unavailable || error.exitCode == .tempFail {
                    context.stderr.line(context.errorStyle.red("error:") + " " + failure)
                    if try context.prompter(orPass: "--resume", for: "Trying again").confirm("Try the \(step.title) step again?", default: true) {
                        continue
                    }
                }
                try progress.save(context.paths)
                throw CommandError(error.exitCode, failure, hint: resumeHint(step, progress, error.hint))
            }
        }
    }

    func send(_ step: SetupStep, _ progress: inout SetupProgress, client: SpeakerClient, inputs: Inputs, token: String?,
              account email: String?) throws -> String {
        switch step {
        case .room:
            let stored = try client.setRoom(progress.room ?? "")
            return "Room set: \(UntrustedText.line(stored))"
        case .wifi:
            try client.setWiFi(ssid: progress.ssid ?? "", passphrase: inputs.passphrase)
            return "Wi-Fi network sent: \(UntrustedText.line(progress.ssid ?? ""))"
        case .account:
            if progress.anonymous || email == nil {
                try client.setAccount(.anonymous)
                return "Set to work without an account (anonymous)"
            }
            try client.setAccount(.account(email: email ?? "", password: inputs.accountPassword))
            return "Account sent: \(UntrustedText.line(email ?? ""))"
        case .configuration:
            let configuration = progress.configuration ?? SpeakerConfiguration()
            let what = "speech recognition \(configuration.speechToText), speech output \(configuration.textToSpeech), hotword \(configuration.hotword ? "on" : "off"), wake button \(configuration.wakeButton ? "on" : "off")"
            switch try client.configure(configuration) {
            case .accepted:
                return "Configuration sent (\(what)); the speaker restarts"
            case .connectionLost:
                return "Configuration sent (\(what)); the speaker dropped the connection, as it does when it leaves its hotspot to restart, so this is probably a success. If the speaker does not join \(UntrustedText.line(progress.ssid ?? "the network")) within two minutes, hold its reset button and set it up again."
            case let .timedOut(seconds):
                return "Configuration sent (\(what)); the speaker did not answer within \(seconds) seconds, as happens when it leaves its hotspot to restart, so this is probably a success. If the speaker does not join \(UntrustedText.line(progress.ssid ?? "the network")) within two minutes, hold its reset button and set it up again."
            }
        case .registration:
            let device = Device(macAddress: progress.mac ?? "", name: progress.name ?? "SUSI Smart Speaker", room: progress.room ?? "")
            try context.service().addDevice(device, token: token)
            return "Registered \(progress.mac ?? "") as '\(UntrustedText.line(device.name))' in \(UntrustedText.line(device.room)) on \(try context.serverName())"
        }
    }

    /// The command that continues, with the flags the remaining steps need (never their values).
    func resumeHint(_ step: SetupStep, _ progress: SetupProgress, _ other: String?) -> String {
        var flags = ["susi device setup --resume"]
        if !progress.isDone(.wifi) { flags.append("--wifi-password-stdin") }
        if !progress.isDone(.account), !progress.anonymous { flags.append("--password-stdin") }
        let command = context.canPrompt ? "susi device setup --resume" : flags.joined(separator: " ")
        let resume = "The progress is saved (no passwords): '\(command)' continues from the \(step.title) step."
        return other.map { $0 + " " + resume } ?? resume
    }
}
