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

    @Test func ordinaryLinesAreKept() {
        for line in ["skills list", "chat hello", "device list", "room set Kitchen", "config get language", "help login"] {
            #expect(!ShellHistory.isSecret(line), "\(line)")
        }
    }
}
