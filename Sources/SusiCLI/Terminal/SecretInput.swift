#if canImport(Glibc)
import Glibc
#endif
import SusiBasics

/// Reads a secret (password, passphrase) from the terminal with echo off.
///
/// The terminal's settings are restored on every way out: a normal answer,
/// end of input, an error and Ctrl-C (which is caught as an event while the
/// prompt is up, so the process never dies with echo still off). The answer
/// is bytes, so the caller can wipe it; it never goes through readline, so
/// it never reaches a history file.
public enum SecretInput {
    /// Asks `prompt` on stderr and reads one line of at most
    /// `InputSource.secretLimit` bytes; `what` names it in errors ("The
    /// password"). Scripted (test) input is read as a line, since there is
    /// no terminal to switch.
    public static func read(_ prompt: String, io: IOStreams, what: String = "The secret") throws -> [UInt8] {
        ProcessSecrets.hold()
        io.stdout.flush()
        io.stderr.write(prompt)
        io.stderr.flush()
        if io.stdin.isScripted {
            guard let line = try io.stdin.readLineBytes(limit: InputSource.secretLimit, what: what) else {
                io.stderr.line()
                throw CommandError(.usage, "No answer: input ended.")
            }
            return line
        }
        return try readFromTerminal(io: io, what: what)
    }

    /// A secret as text: refused (65, the secret never shown) unless it is
    /// valid UTF-8 without NUL, since a lossy conversion would let different
    /// bytes stand for the same password.
    public static func text(_ bytes: [UInt8], what: String) throws -> String {
        try InputSource.text(bytes, what: what)
    }

    private static func readFromTerminal(io: IOStreams, what: String) throws -> [UInt8] {
        var saved = termios()
        let haveTerminal = tcgetattr(0, &saved) == 0
        if haveTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK)
            quiet.c_lflag |= tcflag_t(ECHONL | ICANON)
            tcsetattr(0, TCSAFLUSH, &quiet)
        }
        Interrupts.install()
        defer {
            if haveTerminal { tcsetattr(0, TCSAFLUSH, &saved) }
            Interrupts.uninstall()
        }
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(0, &byte, 1)
            if count < 0 && errno == EINTR {
                if Interrupts.take() {
                    wipe(&answer)
                    io.stderr.line()
                    throw CommandError(.interrupted, "Cancelled.")
                }
                continue
            }
            if count <= 0 {
                if answer.isEmpty {
                    io.stderr.line()
                    throw CommandError(.usage, "No answer: input ended.")
                }
                break
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            guard answer.count < InputSource.secretLimit else {
                // The rest of the line is discarded when the terminal is restored (TCSAFLUSH).
                wipe(&answer)
                io.stderr.line()
                throw InputError(.tooLong(limit: InputSource.secretLimit), what)
            }
            answer.append(byte)
        }
        // With echo off the terminal shows no newline unless ECHONL took effect.
        if !haveTerminal { io.stderr.line() }
        return answer
    }

    /// Overwrites the bytes before releasing them.
    public static func wipe(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = 0 }
        bytes.removeAll()
    }
}
