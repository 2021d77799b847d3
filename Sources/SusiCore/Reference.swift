import SusiBasics
import SusiCLI

/// The tables `susi help environment`, `help files` and `help exit-codes`
/// (and later the man pages) are generated from: the shared entries here,
/// and each module's own beside it (`CommandModule.environment`, `files`),
/// which the host places among these. Code that reads one of these
/// variables or writes one of these files names it here or in its module,
/// and a test checks that every `SUSI_*` name in the sources is listed.
public enum Reference {
    /// The variables that decide where susi's files are; `help environment`
    /// lists them first.
    public static let locations: [(name: String, description: String)] = [
        ("SUSI_HOME", "Keep every susi file (config, data, state, cache) under this one folder instead of the XDG locations."),
        ("XDG_CONFIG_HOME", "Base folder for the config file (default ~/.config). Relative values are ignored, as the XDG spec requires; likewise below."),
        ("XDG_DATA_HOME", "Base folder for the database and credentials (default ~/.local/share)."),
        ("XDG_STATE_HOME", "Base folder for the session and line-editing history (default ~/.local/state)."),
        ("XDG_CACHE_HOME", "Base folder for caches (default ~/.cache)."),
    ]

    /// Other variables susi reads that are neither a setting's (`ConfigKey`)
    /// nor an option's own environment variable (those two tables list
    /// themselves) nor one module's.
    public static let environment: [(name: String, description: String)] = [
        (Credentials.environmentVariable, "A token to send instead of the stored login's. Overrides the credential file and is never written anywhere."),
        ("SUSI_PASSPHRASE", "The credential file's passphrase, for scripts and CI. Weaker than being asked: other programs running as you can read the environment."),
        ("SUSI_BUNDLED_SKILLS", "A models folder to use as the bundled skills instead of the copy installed with susi."),
        ("SUSI_SPEECH_COMMAND", "The program that speaks answers (default espeak-ng); it is given the espeak-ng options and the text."),
        ("SUSI_POCKETSPHINX_MODELS", "The folder of PocketSphinx models 'susi listen' uses instead of the one Debian's pocketsphinx-en-us installs (one folder per language code)."),
        ("PAGER", "The pager for long output on a terminal when neither SUSI_PAGER nor the pager setting names one (default less -FRX)."),
        ("XDG_RUNTIME_DIR", "Where 'susi voice say' looks for a PipeWire (pipewire-0) or PulseAudio (pulse/native) socket to play through, and where 'susi login unlock' keeps its agent's socket (susi/agent-*.sock; without it there is no unlocking)."),
        ("PIPEWIRE_REMOTE", "When set, 'susi voice say' plays through PipeWire (pw-play)."),
        ("PULSE_SERVER", "When set, 'susi voice say' plays through PulseAudio (paplay)."),
        ("SUSI_COMMIT_WINDOW_MS", "How long 'susi serve' gathers chats' writes into one commit, in milliseconds (0 to 10000, default 5). A crash loses at most the chats of the last window; a clean stop loses none."),
        ("SUSI_LOOPBACK_ONLY", "When set (tests set it), susi refuses to contact any address that is not loopback."),
        ("NO_COLOR", "When set and not empty, never use colour (unless --color always is given)."),
        ("CLICOLOR_FORCE", "When set and not 0, use colour even when output is not a terminal."),
        ("TERM", "When 'dumb', no colour and no prompts."),
        ("COLUMNS", "Width used to wrap help and fit tables; by default the terminal's width, or 80."),
        ("PATH", "Searched for external commands (an executable susi-NAME runs as 'susi NAME') and for the players of 'susi voice say': pw-play, paplay, aplay, espeak-ng."),
        ("SUSI_PLUGIN_SERVER", "Set by susi for an external command (susi-NAME): its server ('local' or a URL: --server, else the server setting). See docs/plugins.md."),
        ("SUSI_PLUGIN_IDENTITY", "Set by susi for an external command: the logged-in account, or empty when anonymous."),
        ("SUSI_PLUGIN_TOKEN_FD", "Set by susi for an external command: the descriptor (3) on which it may ask once for the token. SUSI_TOKEN and SUSI_PASSPHRASE are never passed on."),
        ("SUSI_PLUGIN_QUIET", "Set to 1 by susi for an external command given -q (--color, --no-input and --offline set SUSI_COLOR, SUSI_NO_INPUT and SUSI_NETWORK instead)."),
        ("SUSI_PLUGIN_VERBOSE", "Set to 1 by susi for an external command given -v."),
        ("SUSI_PLUGIN_JSON", "Set to 1 by susi for an external command given --json."),
        ("SUSI_PLUGIN_JSON_FIELDS", "Set by susi for an external command given --json=a,b: the field list."),
        ("SUSI_PLUGIN_NO_PAGER", "Set to 1 by susi for an external command given --no-pager."),
        ("HOME", "Where the XDG folders are when their variables are unset."),
        ("LC_ALL", "Chat language when the 'language' setting is unset (its language part, e.g. 'de' from de_DE.UTF-8, when it is an ISO 639-1 code; C and POSIX mean the default, en); LC_MESSAGES, then LANG, when it is unset. 'susi config list' names the variable as the source. Also the weather's units when 'units' is unset (its territory: US, LR and MM are imperial)."),
        ("LC_MEASUREMENT", "The weather's units when the 'units' setting and LC_ALL are unset (en_US.UTF-8: °F and mph; de_DE.UTF-8: °C and km/h)."),
        ("LC_MESSAGES", "Chat language when the 'language' setting and LC_ALL are unset."),
        ("LANG", "Chat language when the 'language' setting, LC_ALL and LC_MESSAGES are unset; the weather's units when 'units', LC_ALL and LC_MEASUREMENT are."),
        ("LC_CTYPE", "With LC_ALL and LANG: a UTF-8 locale draws rating bars with Unicode blocks, any other with '#'."),
        ("VISUAL", "The editor 'susi config edit' opens, and 'susi feedback SKILL' when no text is given on a terminal: a program and its arguments, split on spaces, never run through a shell."),
        ("EDITOR", "The editor when VISUAL is unset (then 'editor' or 'vi' from PATH)."),
    ]

    /// What each exit status means for susi.
    public static func meaning(of code: ExitCode) -> String {
        switch code {
        case .success: return "Success. Help, version and an empty result are successes too."
        case .failure: return "The command failed for a reason not listed below."
        case .usage: return "The command line was wrong: unknown command or option, missing or invalid value, or an answer was needed but prompting is impossible."
        case .dataError: return "Input data was malformed: a bad skill file, a damaged credential file or database, or a server response that could not be read; or the request clashes with what is stored (the account exists already, the skill was already reported)."
        case .noInput: return "An input file is missing or unreadable, or what the command names does not exist: a skill, a device, an account or stored login, your feedback, an answer to rate."
        case .unavailable: return "A service is unavailable: the server answered with an error or lacks the call asked for, the backend cannot do this (importing into a server), or the speaker cannot be reached."
        case .software: return "An internal error in susi. Please report it."
        case .cannotCreate: return "susi cannot write one of its own files: the file or its folder is read-only, or not yours."
        case .ioError: return "Reading or writing a file failed: the disk is full, or an I/O error. The file is not damaged by it."
        case .tempFail: return "A temporary failure such as a timeout or a database locked by another susi: try again later."
        case .noPermission: return "Not permitted: not logged in, the token was rejected, a wrong passphrase, or one of susi's files is a symbolic link or open to others."
        case .config: return "The configuration is invalid: the config file does not parse or holds a bad value."
        case .interrupted: return "Interrupted with Ctrl-C."
        }
    }

    /// The files several parts of susi write (each module's own are
    /// beside it), where they resolve now, and what they hold.
    /// `runtimeDirectory` is XDG_RUNTIME_DIR, where the unlock agent's socket is.
    public static func files(_ paths: Paths, runtimeDirectory: String? = nil) -> [(path: String, description: String)] {
        let runtime = runtimeDirectory.flatMap { $0.hasPrefix("/") ? $0 : nil }
        return [
            (paths.configFile, "Settings (no secrets). Written atomically, mode 0600. Never overwritten when it cannot be read."),
            (paths.databaseFile, "The embedded SUSI's database: accounts, skills, ratings, feedback, devices, chat history. SQLite keeps its -wal and -shm files beside it."),
            (paths.credentialsFile, "Encrypted credentials (tokens), mode 0600, with a .lock file beside it for writers."),
            (paths.credentialsFile + ".corrupt-*", "A damaged credential file moved aside by 'susi login --reset-credentials' (never deleted)."),
            (paths.keyFile, "The machine key, when it (not a passphrase) protects the credentials."),
            (paths.dataDirectory + "/agent-folder",
             "Without XDG_RUNTIME_DIR: the private folder (0700, random name in $TMPDIR or /tmp) where the unlock agent's socket is; mode 0600."),
            (paths.sessionFile, "The current session: server, identity and expiry; never a token."),
            (Session.lockFile(paths), "Empty; locked while a login, switch, key change or logout updates the session and credentials."),
            (paths.cacheDirectory + "/completion/", "Names Tab offers, since completion never asks the network: a SUSI server's skills (saved by 'susi skills list') and the embedded SUSI's skill names (read again when its database changes). Safe to delete."),
            (paths.cacheDirectory + "/plugin-specs.json", "External commands' --susi-spec answers (susi-NAME on PATH), by path, size and modification time; mode 0600, safe to delete."),
            (paths.onboardHintFile, "Empty; that the one-line pointer to 'susi onboard' was shown, so it is shown once."),
            ((runtime ?? "$XDG_RUNTIME_DIR") + "/susi/agent-*.sock",
             "The socket of the agent 'susi login unlock' starts (mode 0600, folder 0700), one per credential file; removed when it locks or expires."
                + (runtime == nil ? " XDG_RUNTIME_DIR is not set, so there is none." : "")),
        ]
    }
}

/// One line of `help environment` or `help files` that a module declares:
/// a variable's name or a file's path, what it means, and the entry it is
/// listed after (nil: after the others), so that listings keep one order.
public struct ReferenceEntry: Sendable, Equatable {
    public var name: String
    public var description: String
    public var after: String?

    public init(_ name: String, _ description: String, after: String? = nil) {
        self.name = name
        self.description = description
        self.after = after
    }
}
