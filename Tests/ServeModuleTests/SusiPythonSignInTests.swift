import Foundation
import SusiPorts
import SusiTestKit
import Testing

/// The speaker's software logs in through susi_python (fossasia/susi_python,
/// susi_python/main.py): `sign_in(email, password, room_name)` logs in, then
/// `add_device` reads `devices` and `session.identity.name` from
/// /aaa/listUserSettings.json (as the reference server answered until 2019)
/// and posts /aaa/addNewDevice.json. The package is not shipped here, so the
/// script below restates those calls (written for this test, not copied);
/// its `geocoder` is a stand-in module, so `geocoder.ip('me')`, an internet
/// look-up, never runs. Everything talks to `susi serve` on 127.0.0.1.
@Suite("susi_python's sign_in against susi serve",
       .enabled(if: PythonRequests.available, "needs python3 with requests (python3-requests)"))
struct SusiPythonSignInTests {
    /// sign_in and add_device as susi_python makes them.
    static let signIn = #"""
    import sys
    import uuid

    import requests
    import geocoder  # the stand-in next to this script

    api, email, password, room = sys.argv[1:5]

    def add_device(token, room_name):
        number = uuid.getnode()
        macid = ':'.join(('%012X' % number)[i:i + 2] for i in range(0, 12, 2))
        info = requests.get(api + '/aaa/listUserSettings.json?', {'access_token': token}).json()
        existing = info['devices']  # KeyError('devices') when the server leaves them out
        name = info['session']['identity']['name']
        place = geocoder.ip('me')
        form = {'macid': macid, 'name': name, 'room': str(room_name),
                'latitude': place.lat, 'longitude': place.lng, 'access_token': token}
        for key in existing:
            if key == macid:
                print('Device already configured')
                return
            answer = requests.post(api + '/aaa/addNewDevice.json?', form)
            print('added', macid, answer.status_code)

    def sign_in(email, password, room_name=None):
        answer = requests.get(api + '/aaa/login.json?type=access-token', {'login': email, 'password': password})
        if answer.status_code == 200:
            token = answer.json().get('access_token')
            if token is not None:
                add_device(token, room_name)

    sign_in(email, password, room)
    """#

    /// `geocoder.ip('me')` without the internet: a fixed place, and a note that it was asked.
    static let geocoder = #"""
    import os

    class _Place:
        lat = 52.52
        lng = 13.405

    def ip(location):
        with open(os.path.join(os.path.dirname(__file__), 'geocoder-asked'), 'a') as note:
            note.write(location + '\n')
        return _Place()
    """#

    @Test func signInWithARoomRegistersTheSpeaker() throws {
        let served = try ServedSUSI()
        let email = "speaker-owner@example.com", password = "Secret#123"
        try served.service.signUp(email: email, password: password)
        let token = try served.service.login(email: email, password: password, validFor: nil).token
        // susi_python posts once per device already listed: the account has one.
        try served.service.addDevice(Device(macAddress: "02:00:00:00:00:01", name: "Phone", room: "Hallway"), token: token)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("susi-python-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.signIn.write(toFile: folder + "/sign_in.py", atomically: true, encoding: .utf8)
        try Self.geocoder.write(toFile: folder + "/geocoder.py", atomically: true, encoding: .utf8)

        let python = try #require(PythonRequests.executable)
        let result = try Self.run(python, [folder + "/sign_in.py", served.url, email, password, "Living Room"], in: folder,
                                  environment: ["PYTHONPATH": folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("KeyError"), "\(result.stderr)")
        #expect(result.stdout.contains("added "), "\(result.stdout)")
        let asked = try String(contentsOfFile: folder + "/geocoder-asked", encoding: .utf8)
        #expect(asked == "me\n", "the stand-in answered geocoder.ip('me') once")

        let devices = try served.service.devices(token: token)
        #expect(devices.count == 2)
        let speaker = try #require(devices.first { $0.macAddress != "02:00:00:00:00:01" })
        #expect(speaker.room == "Living Room")
        #expect(speaker.name == email)
        #expect(speaker.latitude == 52.52)
        #expect(speaker.longitude == 13.405)
    }

    struct Finished {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `python` in `folder`; `clean`: with only these variables and no proxy settings.
    static func run(_ python: String, _ arguments: [String], in folder: String, environment: [String: String],
                    clean: Bool = true) throws -> Finished {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = clean
            ? ["PATH": "/usr/bin:/bin", "HOME": folder, "NO_PROXY": "*", "no_proxy": "*", "LANG": "C.UTF-8"].merging(environment) { _, new in new }
            : environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Finished(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                        stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A python3 on the PATH that has requests (Debian's python3-requests, or
/// any other installation): its real executable, or nil.
enum PythonRequests {
    static let executable: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for directory in paths where FileManager.default.isExecutableFile(atPath: directory + "/python3") {
            // A shim (pyenv) needs the caller's environment once, to name the real interpreter.
            let asked = try? SusiPythonSignInTests.run(directory + "/python3", ["-c", "import sys, requests; print(sys.executable)"],
                                                      in: FileManager.default.temporaryDirectory.path,
                                                      environment: ProcessInfo.processInfo.environment, clean: false)
            if let asked, asked.status == 0 {
                let path = asked.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }()
    static var available: Bool { executable != nil }
}
