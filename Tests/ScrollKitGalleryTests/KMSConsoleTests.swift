// KMSConsoleTests: the demo on a bare Linux console, in a QEMU VM (scripts/kms-vm.sh: TCG, bochs-drm, virtio
// keyboard and tablet, this machine's root over 9p): frames through KMS, keys through the console's evdev and
// its keymap, VT switches, console manners.

import Foundation
import ScrollKitSDL
import ScrollKitTestSupport
import ScrollKitTesting
import Testing

/// The demo on `/dev/dri/card0` of a VM with no X and no Wayland, watched from outside through QEMU's monitor:
/// its scanout (`screendump`, which knows nothing of ScrollKit) against the headless twin's screenshot of the
/// same scene and size, keys sent as the VM's keyboard against the headless twin given the same keys, text
/// typed on a German keyboard against the layout, and the DRM master as the kernel's debugfs lists it. One
/// boot for all of it (KMSConsoleVM's phases): TCG is slow (the first frame at 1280×800 takes seconds there).
@Suite(.serialized) struct KMSConsoleTests {
    typealias VM = KMSConsoleVM

    @Test("on a bare console (no X, no Wayland) the demo shows its frames through KMS: --stats says source kms paced by timer (bochs has no vblanks), the scanout equals the headless screenshot, keys on the console's keyboard (Down, PageDown) reach the list and the scanout settles where the headless twin given the same keys does, a switch to VT 2 gives the display and DRM master away and the switch back shows the frame again, a second instance gets one error line, SIGTERM leaves no DRM master, and keys on a German keyboard type their layout's text (Shift, AltGr, Caps Lock, a held key repeating) into the contacts search field",
          .enabled(if: VM.missing == nil, "\(VM.missing ?? "")"), .timeLimit(.minutes(10)))
    func demoOnTheConsole() throws {
        let demo = try #require(DemoProcess.executable, "scrollkit-demo not built")
        let dir = try DemoProcess.temporaryDirectory("kms")
        defer { try? FileManager.default.removeItem(at: dir) }

        // The oracles: the headless twin at the card's preferred mode (bochs: 1280×800), settled, and the same
        // scene given the same keys: three Downs (in the list scene they move focus, the router's rule for
        // arrows where the tree has focusables, as in a window), then two PageDowns two seconds apart (a page
        // each, animated; the second after the first has settled, so the end does not depend on timing).
        let expectedPNG = dir.appendingPathComponent("expected.png")
        let headless = try DemoProcess.run(["--headless", "--scene", "list", "--size", "1280x800", "--frames", "120",
                                            "--screenshot", expectedPNG.path])
        #expect(headless.status == 0, "\(headless.stderr)")
        let expected = try PNGWriter.read(path: expectedPNG.path)
        let keys = dir.appendingPathComponent("keys.json")
        try #"""
            {"events": [{"t": 0.5, "type": "key", "key": "Down"}, {"t": 0.7, "type": "key", "key": "Down"},
                        {"t": 0.9, "type": "key", "key": "Down"}, {"t": 1.5, "type": "key", "key": "PageDown"},
                        {"t": 3.5, "type": "key", "key": "PageDown"}]}
            """#.write(to: keys, atomically: true, encoding: .utf8)
        let headlessTrace = dir.appendingPathComponent("headless-trace.csv")
        let keyedPNG = dir.appendingPathComponent("keyed.png")
        let keyed = try DemoProcess.run(["--headless", "--scene", "list", "--size", "1280x800", "--frames", "480",
                                         "--script", keys.path, "--trace", headlessTrace.path, "--screenshot", keyedPNG.path])
        #expect(keyed.status == 0, "\(keyed.stderr)")
        let keyedFrame = try PNGWriter.read(path: keyedPNG.path)
        #expect(keyedFrame.difference(from: expected).differingFraction > 0.01, "the keys changed nothing headless")
        let twin = try TraceTable(path: headlessTrace.path)
        let twinLast = twin.numbers(twin.rows.count - 1)

        // The VM, running the guest's script; the host watches through QMP.
        try VM.guestScript(demo: demo.path).write(to: dir.appendingPathComponent("guest.sh"), atomically: true, encoding: .utf8)
        let vm = Process()
        vm.executableURL = URL(fileURLWithPath: "/bin/bash")
        vm.arguments = [VM.vmScript.path, "--dir", dir.path, "--timeout", "480", "--", "sh /tmp/vm/guest.sh"]
        vm.currentDirectoryURL = VM.root
        let log = dir.appendingPathComponent("vm.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        vm.standardOutput = try FileHandle(forWritingTo: log)
        vm.standardError = vm.standardOutput
        try vm.run()
        defer { if vm.isRunning { vm.terminate() } }
        func has(_ name: String) -> Bool { VM.has(dir, name) }
        func text(_ name: String) -> String { VM.text(dir, name) }

        #expect(VM.waitFor(300) { has("started") || !vm.isRunning }, "the guest never started the demo: \(text("serial.log"))")
        // The scanout settles on the demo's frame: equal to the headless screenshot (a channel tolerance of 8
        // for the rounding of SDL's blits; at most 0.1 % of the pixels off).
        let startedAt = Date()
        let (settled, difference) = VM.waitForScanout(dir, expected, name: "scanout.ppm", seconds: 180) { vm.isRunning }
        #expect(settled, "the scanout never showed the headless frame: \(difference); demo: \(text("demo.err"))")
        print("KMSConsoleTests: the scanout showed the settled frame \(String(format: "%.1f", Date().timeIntervalSince(startedAt))) s after the guest launched the demo")

        if settled {
            // The same keys on the VM's keyboard: the scanout settles on the headless twin's last frame.
            for _ in 0..<3 { _ = VM.qmp(dir, ["key", "down"]); Thread.sleep(forTimeInterval: 0.2) }
            Thread.sleep(forTimeInterval: 0.6)
            _ = VM.qmp(dir, ["key", "pgdn"])
            Thread.sleep(forTimeInterval: 2)
            _ = VM.qmp(dir, ["key", "pgdn"])
            let (scrolled, after) = VM.waitForScanout(dir, keyedFrame, name: "scrolled.ppm", seconds: 90) { vm.isRunning }
            #expect(scrolled, "after the keys the scanout never showed the headless twin's frame: \(after)")

            // A switch to VT 2 gives the display away (the text console shows, the demo is no DRM master); the
            // switch back shows the demo's frame again.
            VM.touch(dir, "vt2")
            #expect(VM.waitFor(60) { has("vt2.done") || !vm.isRunning }, "the guest never switched to VT 2")
            if let away = VM.screendump(dir, "vt2.ppm") {
                #expect(away.difference(from: keyedFrame).differingFraction > 0.05, "VT 2 still shows the demo's frame")
            }
            #expect(VM.master(text("clients-vt2"), command: "scrollkit") == "n", "on VT 2 the demo is still DRM master: \(text("clients-vt2"))")
            VM.touch(dir, "vt1")
            #expect(VM.waitFor(60) { has("vt1.done") || !vm.isRunning }, "the guest never switched back to VT 1")
            let (back, backDifference) = VM.waitForScanout(dir, keyedFrame, name: "back.ppm", seconds: 60) { vm.isRunning }
            #expect(back, "back on VT 1 the scanout never showed the demo's frame again: \(backDifference)")
        }
        VM.touch(dir, "stop")
        #expect(VM.waitFor(120) { has("exited") || !vm.isRunning }, "the demo did not end on SIGTERM")
        // The console is back: the scanout is no longer the demo's frame.
        let console = VM.screendump(dir, "after.ppm")
        if let console {
            #expect(console.difference(from: expected).differingFraction > 0.01, "the demo's frame is still on screen after it ended")
        }

        // Typing on a German keyboard into the contacts scene's search field (focused from the start): Shift+Y
        // (the key right of T, where the German layout has Z), O, AltGr+Q (@ on a German keyboard), Caps Lock
        // then [ (Ü's key; Caps Lock upper-cases it), Caps Lock again, then X held for 1.5 s: the first x, then
        // repeats at SCROLLKIT_KEY_REPEAT's delay and rate.
        #expect(VM.waitFor(60) { has("typing.started") || !vm.isRunning }, "the guest never started the typing phase")
        var previous: RGBAImage?
        let ready = VM.waitFor(180) {   // the scene's frame: not the text console's, and the same twice in a row
            guard vm.isRunning, let dump = VM.screendump(dir, "contacts.ppm") else { return !vm.isRunning }
            defer { previous = dump }
            let notConsole = console.map { dump.difference(from: $0).differingFraction > 0.05 } ?? true
            return notConsole && previous.map { dump.difference(from: $0).differingFraction <= 0.001 } == true
        } && vm.isRunning
        #expect(ready, "the contacts scene never showed; \(text("typing.err"))")
        let hold = 1.5
        if ready {
            for chord in [["shift", "y"], ["o"], ["alt_r", "q"], ["caps_lock"], ["bracket_left"], ["caps_lock"]] {
                _ = VM.qmp(dir, ["chord"] + chord)
                Thread.sleep(forTimeInterval: 0.3)
            }
            _ = VM.qmp(dir, ["hold", "x", String(hold)])
            Thread.sleep(forTimeInterval: 1)
        }
        VM.touch(dir, "stop3")
        #expect(VM.waitFor(120) { has("typing.exited") || !vm.isRunning }, "the typing phase did not end")
        VM.touch(dir, "stop4")
        _ = VM.waitFor(120) { !vm.isRunning }

        let out = text("demo.out")
        let line = out.split(separator: "\n").first { $0.hasPrefix("vblank: ") } ?? ""
        #expect(line.hasPrefix("vblank: source kms, paced by timer, refresh "), "\(out)\n\(text("demo.err"))")
        #expect(line.contains("bochs-drm on /dev/dri/card0 reports no vblanks"), "\(line)")
        #expect(text("demo.rc").trimmingCharacters(in: .whitespacesAndNewlines) == "0", "SIGTERM: exit \(text("demo.rc")); \(text("demo.err"))")
        #expect(!text("demo.err").contains("error") && !text("demo.err").contains("keymap"), "\(text("demo.err"))")
        print("KMSConsoleTests: peak memory of the demo on KMS: \(text("demo.hwm").trimmingCharacters(in: .whitespacesAndNewlines))")
        // A second instance on the same card: one error line, exit 2.
        #expect(text("second.rc").trimmingCharacters(in: .whitespacesAndNewlines) == "2", "second instance: \(text("second.rc")) \(text("second.err"))")
        let secondLines = text("second.err").split(separator: "\n")
        #expect(secondLines.count == 1 && secondLines.first?.hasPrefix("error: ") == true
                    && secondLines.first?.contains("/dev/dri/card0 is in use") == true, "\(text("second.err"))")
        // The kernel's list of DRM clients: the demo is master while it runs, and gone after SIGTERM.
        #expect(VM.master(text("clients-during"), command: "scrollkit") == "y", "\(text("clients-during"))")
        #expect(!text("clients-after").contains("scrollkit"), "\(text("clients-after"))")
        // The keys reached the list: the run's last trace row is where the headless twin ends after the same keys.
        let trace = try TraceTable(path: dir.appendingPathComponent("trace.csv").path)
        let last = trace.numbers(trace.rows.count - 1)
        #expect((twinLast["offsetY"] ?? 0) > 0, "the headless twin did not scroll: \(twinLast)")
        #expect(last["offsetY"] == twinLast["offsetY"] && last["focusRow"] == twinLast["focusRow"],
                "console: offsetY \(last["offsetY"] ?? -1) focusRow \(last["focusRow"] ?? -1); headless: offsetY \(twinLast["offsetY"] ?? -1) focusRow \(twinLast["focusRow"] ?? -1)")

        // The typed text: "Zo@Ü", then x and its repeats: 1 + (hold - delay) × rate of them, give or take
        // the VM's timing (TCG on a loaded machine), never the kernel's own repeats on top (which would double it).
        #expect(text("typing.rc").trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(text("typing.err"))")
        let typing = try TraceTable(path: dir.appendingPathComponent("typing.csv").path)
        let typed = typing.text(typing.rows.count - 1, "focusText") ?? ""
        #expect(typed.hasPrefix("Zo@Ü"), "typed \(typed.debugDescription); \(text("typing.err"))")
        let xs = typed.drop { $0 != "x" }
        let repeats = (hold - VM.repeatDelay) * VM.repeatRate
        #expect(xs.allSatisfy { $0 == "x" } && Double(xs.count) >= 1 + repeats * 0.5 && Double(xs.count) <= 2 + repeats * 1.2,
                "\(xs.count) x typed holding X \(hold) s (expected about \(1 + Int(repeats)))")
    }
}
