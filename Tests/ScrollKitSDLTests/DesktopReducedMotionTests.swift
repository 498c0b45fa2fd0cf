// DesktopReducedMotion: SCROLLKIT_REDUCE_MOTION's values, `gsettings get`'s answers read from the real tool (on a
// private keyfile backend, so the machine's own setting is never touched), the order of the sources, and the
// headless host, which reads neither the environment nor the desktop.

import Foundation
import Testing
import ScrollKit
@testable import ScrollKitSDL

@Suite("Desktop reduced motion", .serialized)
struct DesktopReducedMotionTests {
    @Test(arguments: [("1", true), ("0", false), ("true", true), ("FALSE", false), (" yes\n", true), ("off", false),
                      ("On", true), ("no", false)])
    func environmentValues(value: String, expected: Bool) {
        #expect(DesktopReducedMotion.parse(value) == expected)
        let (reduce, warning) = DesktopReducedMotion.fromEnvironment(["SCROLLKIT_REDUCE_MOTION": value])
        #expect(reduce == expected && warning == nil)
    }

    @Test("garbage is ignored with one warning line; unset or empty says nothing")
    func environmentGarbage() {
        for value in ["2", "maybe", "-1", "1.0", "nan", "\u{0}"] {
            #expect(DesktopReducedMotion.parse(value) == nil)
            let (reduce, warning) = DesktopReducedMotion.fromEnvironment(["SCROLLKIT_REDUCE_MOTION": value])
            #expect(reduce == nil)
            #expect(warning?.hasPrefix("warning: SCROLLKIT_REDUCE_MOTION=") == true)
            #expect(warning?.contains("\n") == false || value.contains("\n"))
        }
        #expect(DesktopReducedMotion.fromEnvironment([:]) == (nil, nil))
        #expect(DesktopReducedMotion.fromEnvironment(["SCROLLKIT_REDUCE_MOTION": "  "]) == (nil, nil))
    }

    @Test("gsettings' answers: true (animations on) is not reduced, false is; anything else is no answer")
    func gsettingsStrings() {
        #expect(DesktopReducedMotion.parseGSettings("true\n") == false)
        #expect(DesktopReducedMotion.parseGSettings("false\n") == true)
        #expect(DesktopReducedMotion.parseGSettings("false") == true)
        for junk in ["", "No such schema “org.gnome.desktop.interface”\n", "'false'", "1", "True"] {
            #expect(DesktopReducedMotion.parseGSettings(junk) == nil)
        }
    }

    @Test("the real gsettings, on a private keyfile backend: its default and a value set to false read back")
    func realGSettings() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sk-gsettings-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["env", "GSETTINGS_BACKEND=keyfile", "XDG_CONFIG_HOME=\(dir.path)", "gsettings"]
        let key = ["org.gnome.desktop.interface", "enable-animations"]
        guard let first = DesktopSettings.run(env + ["get"] + key, timeout: 5) else {
            return   // no gsettings or no GNOME schemas here: nothing to read (the host then falls back to off)
        }
        #expect(DesktopReducedMotion.parseGSettings(first) == false, "default: \(first)")
        #expect(DesktopSettings.run(env + ["set"] + key + ["false"], timeout: 5) != nil)
        let second = try #require(DesktopSettings.run(env + ["get"] + key, timeout: 5))
        #expect(DesktopReducedMotion.parseGSettings(second) == true, "after set false: \(second)")
        // A missing tool or a failing one is no answer, quickly.
        #expect(DesktopSettings.run(["/nonexistent/gsettings"], timeout: 1) == nil)
        #expect(DesktopSettings.run(["sh", "-c", "exit 3"], timeout: 1) == nil)
        let start = Date()
        #expect(DesktopSettings.run(["sleep", "5"], timeout: 0.2) == nil)
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @MainActor
    @Test("order: the options, then the environment, then the desktop; the headless host reads only its options")
    func sources() throws {
        defer { ViewNode.isReduceMotionEnabled = false }
        var options = HostOptions(size: Size(width: 64, height: 48))
        let on = ["SCROLLKIT_REDUCE_MOTION": "1"], off = ["SCROLLKIT_REDUCE_MOTION": "0"]
        #expect(DesktopReducedMotion.resolve(options: options, environment: on, readsDesktop: false) == true)
        #expect(DesktopReducedMotion.resolve(options: options, environment: off, readsDesktop: false) == false)
        #expect(DesktopReducedMotion.resolve(options: options, environment: [:], readsDesktop: false) == false)
        options.reduceMotion = false
        #expect(DesktopReducedMotion.resolve(options: options, environment: on, readsDesktop: false) == false)
        options.reduceMotion = true
        #expect(DesktopReducedMotion.resolve(options: options, environment: off, readsDesktop: false) == true)
        // Headless: off unless its options ask, whatever was set before.
        ViewNode.isReduceMotionEnabled = true
        options.reduceMotion = nil
        _ = try HeadlessHost(options: options)
        #expect(ViewNode.isReduceMotionEnabled == false)
        options.reduceMotion = true
        _ = try HeadlessHost(options: options)
        #expect(ViewNode.isReduceMotionEnabled == true)
    }
}
