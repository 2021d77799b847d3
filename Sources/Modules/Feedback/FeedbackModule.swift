import SusiCLI
import SusiCore

/// `susi feedback`: write, read and delete the written feedback on a skill,
/// as the skill screen of the SUSI apps does.
///
/// `susi feedback SKILL "text"` posts; the same command is `susi feedback
/// post`. The parser gives a subcommand name precedence over the first
/// argument, so `list`, `delete` and `post` always mean the subcommand, and
/// a skill of one of those names is reached through `susi feedback post`.
public enum FeedbackModule: CommandModule {
    public static var command: Command {
        let post = postCommand
        return Command(
            name: "feedback",
            abstract: "Post, list and delete written feedback on a skill.",
            discussion: """
            'susi feedback SKILL "text"' posts your feedback on a skill (the same as 'susi feedback \
            post'); posting again replaces your earlier feedback. Give the text as an argument, as \
            '-' to read it from standard input, or leave it out on a terminal to write it in \
            $VISUAL or $EDITOR. Posting and deleting need a login ('susi login'); anyone can list. \
            A skill named list, delete or post is reached with 'susi feedback post NAME'.
            """,
            examples: [
                Example("susi feedback time \"Handy, and it works offline.\"", "Post (or replace) your feedback."),
                Example("susi feedback time", "Write it in your editor."),
                Example("susi feedback list time --limit 3", "The three newest entries."),
                Example("susi feedback delete time", "Delete your own feedback."),
            ],
            arguments: post.arguments,
            subcommands: [post, listCommand, deleteCommand],
            run: post.run)
    }
}
