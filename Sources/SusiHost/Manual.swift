import Foundation
import SusiBasics
import SusiCLI
import SusiCore

/// The man pages: `susi.1` and one page per top-level command, rendered by
/// SusiCLI's `ManualRenderer` from the same tree and help topics that
/// `susi help` prints. The committed copies in `man/` are written by the
/// hidden `susi __generate-manual DIR`, which the `generate-manual` package
/// plugin runs; a test fails when they are stale.
enum Manual {
    /// The command that regenerates `man/`, named in the staleness test's message.
    static let regenerate = "swift package --allow-writing-to-package-directory generate-manual"

    /// The pages' date (`.Dd`). Fixed, so regenerating gives the same bytes;
    /// change it with a release.
    static let date = "December 1, 2026"

    /// The files section's closing note (also in `susi help files`).
    static let installedNote = """
        Installed with susi ('make install'): the program in PREFIX/bin, the bundled skills in \
        PREFIX/share/susi/models, these man pages in PREFIX/share/man/man1 ('man susi', 'man susi-chat', ...) \
        and the completion scripts for bash, zsh and fish.
        """

    /// The default locations, as the man pages show them.
    static var defaultPaths: Paths {
        Paths(configDirectory: "~/.config/susi", dataDirectory: "~/.local/share/susi",
              stateDirectory: "~/.local/state/susi", cacheDirectory: "~/.cache/susi")
    }

    /// Every page, rendered from the program's tree (external commands are
    /// never part of it).
    static func pages() -> [ManualPage] {
        let program = SusiApp.program
        let topics = HelpTopics.all(root: program.root)
        func page(_ name: String) -> HelpPage {
            topics.first { $0.name == name }!.page([:])
        }
        let sections = ManualRenderer<Context>.Sections(
            environment: page("environment"),
            files: HelpTopics.filesPage(defaultPaths, intro: "The default locations. SUSI_HOME moves all of them under one folder, the XDG_* variables move each kind (see ENVIRONMENT); 'susi help files' shows where they are now. Folders are created with mode 0700."),
            exitStatus: page("exit-codes"))
        return ManualRenderer(root: program.root, globalOptions: program.globalOptions, sections: sections,
                              date: date, system: "susi " + SusiVersion.current).pages()
    }

    /// `susi __generate-manual DIR`: writes every page into DIR and removes
    /// pages there that the tree no longer has. Hidden: a tool for the plugin.
    static let directoryArgument = ArgumentKey.required("directory", "The folder to write the pages into.", completion: .directory)

    static var command: Command {
        Command(
            name: "__generate-manual",
            abstract: "Write the man pages into a folder (for the generate-manual plugin).",
            discussion: "Writes susi.1 and one page per command into DIRECTORY, creating it, and removes susi*.1 pages there that no command has any more. Run through '\(regenerate)'.",
            examples: [Example("susi __generate-manual man", "Regenerate the committed pages.")],
            arguments: [directoryArgument.spec],
            isHidden: true,
            run: { invocation, context in
                let directory = invocation.values[directoryArgument]
                try write(pages(), to: directory, context: context)
            })
    }

    static func write(_ pages: [ManualPage], to directory: String, context: Context) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let names = Set(pages.map(\.fileName))
            for entry in try FileManager.default.contentsOfDirectory(atPath: directory)
            where entry.hasPrefix("susi") && entry.hasSuffix(".1") && !names.contains(entry) {
                try FileManager.default.removeItem(atPath: directory + "/" + entry)
                context.io.stderr.line("removed \(directory)/\(entry)")
            }
            for page in pages {
                try AtomicFile.write(Array(page.text.utf8), to: directory + "/" + page.fileName, mode: 0o644)
            }
        } catch let error as ReportableError {
            throw error
        } catch {
            throw CommandError(.cannotCreate, "Cannot write the man pages into \(directory): \(error.localizedDescription)",
                               hint: "Give a folder you can write to.")
        }
        context.io.stdout.line("Wrote \(pages.count) man pages to \(directory).")
    }
}
