import Testing
@testable import ShellModule

/// Which lines never reach the shell's history file.
@Suite struct ShellHistoryTests {
    @Test func linesThatCouldCarryASecretAreNeverKept() {
        for line in ["login", "login --email ada@example.org", "susi login", "--quiet login", "login passwd",
                     "passwd", "device setup --room Kitchen --wifi-ssid Home", "susi device setup",
                     "chat my password is hunter2", "config set x TOKEN123", "chat 'unterminated password",
                     "login key", "switch ada@example.org"] {
            #expect(ShellHistory.isSecret(line), "\(line)")
        }
    }

    /// The filter looks at the words as the line runs them: global options
    /// (and their values) before the command removed, quotes and escapes resolved.
    @Test func globalOptionsEscapesAndQuotesDoNotHideASecretLine() {
        for line in ["--server http://127.0.0.1:9 login --email a@b.c hunter2", "--color never login hunter3",
                     "chat my p\\assword is hunter4", "chat my pa'ss'word is x", "chat \"TOK\"EN abc",
                     "--passphrase-file f device setup", "susi --server=http://x.y login", "-q -v --color always passwd",
                     "'login' x", "lo\\gin x", "--offline --no-input switch ada@example.org", "susi --color never device setup"] {
            #expect(ShellHistory.isSecret(line), "\(line)")
        }
    }

    @Test func ordinaryLinesAreKept() {
        for line in ["skills list", "chat hello", "device list", "room set Kitchen", "config get language", "help login",
                     "--server http://127.0.0.1:9 skills list", "--color never chat hello"] {
            #expect(!ShellHistory.isSecret(line), "\(line)")
        }
    }
}
