import SusiCLI
import SusiCore

/// `susi skills`: browse, test and manage skills.
public enum SkillsModule: CommandModule {
    public static var command: Command {
        Command(
            name: "skills",
            aliases: ["skill"],
            abstract: "Work with SUSI skills.",
            discussion: "Skills are plain text files in the SUSI skill language. 'susi skills test' checks a skill's own examples, for skill authors.",
            examples: [
                Example("susi skills test my_skill.txt", "Check every !example / !expect pair of a skill."),
            ],
            subcommands: [testCommand])
    }
}
