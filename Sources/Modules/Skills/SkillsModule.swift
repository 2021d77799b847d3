import SusiCLI
import SusiCommands
import SusiCore

/// `susi skills`: browse, test and manage skills.
public enum SkillsModule: CommandModule {
    /// The skill a subcommand is about (info, try, report, bookmark).
    static let skillArgument = ArgumentKey.required("skill", "The skill.", completion: .dynamic(Completions.skills))

    public static var command: Command {
        Command(
            name: "skills",
            aliases: ["skill"],
            abstract: "Work with SUSI skills.",
            discussion: "Skills are plain text files in the SUSI skill language. 'susi skills test' checks a skill's own examples, for skill authors.",
            examples: [
                Example("susi skills list --search joke", "Find skills."),
                Example("susi skills search weather", "Find skills, best match first."),
                Example("susi skills info time", "What a skill does, its examples and ratings."),
                Example("susi skills rate time 5", "Five stars for the time skill."),
                Example("susi skills test my_skill.txt", "Check every !example / !expect pair of a skill."),
            ],
            subcommands: [listCommand, searchCommand, infoCommand, tryCommand, groupsCommand, reportCommand,
                          bookmarkCommand, bookmarksCommand, testCommand, importCommand, removeCommand])
    }
}
