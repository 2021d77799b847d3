import ChatModule
import ConfigModule
import DeviceModule
import FeedbackModule
import ListenModule
import LoginModule
import OnboardModule
import RateModule
import RemindModule
import RoomModule
import ServeModule
import ShellModule
import SkillsModule
import VoiceModule
import SusiCore

/// The one list of command modules, in the order `susi --help` lists
/// them; nothing is discovered at run time. A module also needs its one
/// call in Package.swift, `module(...)`, which makes its targets and the
/// host's dependency on it (see docs/adding-a-command.md); the tests that
/// list commands read them here.
public enum Registry {
    public static let modules: [any CommandModule.Type] = [
        ChatModule.self,
        SkillsModule.self,
        RateModule.self,
        FeedbackModule.self,
        LoginModule.self,
        LogoutModule.self,
        ConfigModule.self,
        ServeModule.self,
        DeviceModule.self,
        RoomModule.self,
        RemindModule.self,
        TimerModule.self,
        AlarmModule.self,
        VoiceModule.self,
        ListenModule.self,
        ShellModule.self,
        OnboardModule.self,
    ]
}
