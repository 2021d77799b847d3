import ChatModule
import ConfigModule
import DeviceModule
import FeedbackModule
import ListenModule
import LoginModule
import OnboardModule
import RateModule
import RoomModule
import ServeModule
import ShellModule
import SkillsModule
import VoiceModule
import SusiCore

/// The one list of command modules. Adding a module means adding it here
/// and to Package.swift; nothing is discovered at run time.
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
        VoiceModule.self,
        ListenModule.self,
        ShellModule.self,
        OnboardModule.self,
    ]
}
