import SusiCLI
import SusiCore
import SusiPorts

/// Reading and checking a password the way `susi login` does, for every
/// command that logs in (`susi login` and `susi onboard`'s account step).
public enum LoginPassword {
    /// One line from stdin when `fromStdin`, else asked with echo off; at
    /// most `InputSource.secretLimit` bytes, and valid UTF-8 without NUL (65
    /// otherwise): decoding lossily would let different bytes log in as the
    /// same password.
    public static func read(fromStdin: Bool, _ context: Context, prompt: String) throws -> String {
        var bytes: [UInt8]
        ProcessSecrets.hold()
        if fromStdin {
            guard let line = try context.stdin.readLineBytes(limit: InputSource.secretLimit,
                                                             what: "The password on standard input"), !line.isEmpty else {
                throw UsageError("--password-stdin found no password: put it on the first line of standard input.")
            }
            bytes = line
        } else {
            bytes = try context.secret(prompt, orPass: "--password-stdin", for: "The password")
        }
        defer { SecretInput.wipe(&bytes) }
        return try SecretInput.text(bytes, what: "The password")
    }

    /// A new account's password against the server's rules, refused before
    /// anything is created.
    public static func checkForSignUp(_ password: String, email: String) throws {
        do {
            try ServiceRules.checkPassword(password, email: email)
        } catch let error as ServiceError {
            throw ServiceError(error.kind, error.message, hint: "Nothing was created; choose a password that meets them.")
        }
    }
}
