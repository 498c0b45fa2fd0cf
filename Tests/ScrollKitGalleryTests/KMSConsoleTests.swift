// KMSConsoleTests: the demo on a bare Linux console, in a QEMU VM (scripts/kms-vm.sh: TCG, bochs-drm, virtio
// keyboard and tablet, this machine's root over 9p): frames through KMS, keys through the console's evdev.

import Foundation
import ScrollKitSDL
import ScrollKitTestSupport
import Testing

/// The demo on `/dev/dri/card0` of a VM with no X and no Wayland, watched from outside through QEMU's monitor:
/// its scanout (`screendump`, which knows nothing of ScrollKit) against the headless twin's screenshot of the
/// same scene and size, keys sent as the VM's keyboard against the headless twin given the same keys, and
/// the DRM master as the kernel's debugfs lists it. One boot for all of it: TCG is slow (the first frame at
/// 1280×800 takes seconds there).
@Suite(.serialized) struct KMSConsoleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var vmScript: URL { root.appendingPathComponent("scripts/kms-vm.sh") }
    static var qmpScript: URL { root.appendingPathComponent("scripts/kms-qmp.py") }

    /// Why the VM cannot run here, or nil (QEMU, a kernel with its modules, busybox: `install-deps.sh --test`).
    static let missing: String? = {
        #if os(Linux)
        let fm = FileManager.default
        guard ["/usr/bin/qemu-system-x86_64", "/bin/busybox"].allSatisfy({ fm.isExecutableFile(atPath: $0) }) else {
            return "no qemu-system-x86_64 or busybox (scripts/install-deps.sh --test installs them)"
        }
        let kernels = (try? fm.contentsOfDirectory(atPath: "/lib/modules")) ?? []
        guard kernels.contains(where: { fm.fileExists(atPath: "/boot/vmlinuz-\($0)") }) else {
            return "no kernel in /boot with modules in /lib/modules (apt-get install linux-image-amd64)"
        }
        return nil
        #else
        return "the KMS VM runs on Linux only"
        #endif
    }()

    /// The guest's side: the demo on the card with its stats and trace, the DRM clients while it runs, a second
    /// instance, SIGTERM when the host says so, the clients after. Files go to /tmp/vm (the host's `dir`).
    static func guestScript(demo: String) -> String {
        """
        mount -t debugfs none /sys/kernel/debug 2>/dev/null
        V=/tmp/vm
        '\(demo)' --scene list --stats --trace $V/trace.csv > $V/demo.out 2> $V/demo.err &
        PID=$!
        echo $PID > $V/pid
        touch $V/started
        i=0; while [ ! -e $V/stop ] && [ $i -lt 3000 ]; do
          if [ ! -e $V/second.rc ] && grep -q scrollkit /sys/kernel/debug/dri/0/clients 2>/dev/null; then
            cat /sys/kernel/debug/dri/0/clients > $V/clients-during 2>&1
            '\(demo)' --scene list --frames 1 > $V/second.out 2> $V/second.err; echo $? > $V/second.rc
          fi
          sleep 0.1; i=$((i+1))
        done
        [ -e $V/clients-during ] || cat /sys/kernel/debug/dri/0/clients > $V/clients-during 2>&1
        kill -TERM $PID
        wait $PID; echo $? > $V/demo.rc
        cat /sys/kernel/debug/dri/0/clients > $V/clients-after 2>&1
        touch $V/exited
        i=0; while [ ! -e $V/stop2 ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done
        """
    }

    /// A binary PPM (P6, maxval 255) as RGBA.
    static func readPPM(_ url: URL) throws -> RGBAImage {
        let data = [UInt8](try Data(contentsOf: url))
        var fields: [String] = [], i = 0
        while fields.count < 4, i < data.count {
            while i < data.count, data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09 { i += 1 }
            var field = ""
            while i < data.count, !(data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09) { field.append(Character(UnicodeScalar(data[i]))); i += 1 }
            fields.append(field)
        }
        i += 1
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255",
              data.count - i >= w * h * 3 else { throw CLIErrorLike("not a P6 PPM: \(url.path)") }
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for p in 0..<(w * h) { for c in 0..<3 { rgba[4 * p + c] = data[i + 3 * p + c] } }
        return RGBAImage(width: w, height: h, rgba: rgba)
    }

    struct CLIErrorLike: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }

    static func qmp(_ dir: URL, _ arguments: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [qmpScript.path, dir.appendingPathComponent("qmp.sock").path] + arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    static func screendump(_ dir: URL, _ name: String) -> RGBAImage? {
        let url = dir.appendingPathComponent(name)
        guard qmp(dir, ["screendump", url.path]) else { return nil }
        return try? readPPM(url)
    }

    static func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.5)
        }
        return condition()
    }

    @Test("on a bare console (no X, no Wayland) the demo shows its frames through KMS: --stats says source kms paced by timer (bochs has no vblanks), the scanout equals the headless screenshot, keys on the console's keyboard (Down, PageDown) reach the list and the scanout settles where the headless twin given the same keys does, a second instance gets one error line, and SIGTERM leaves no DRM master",
          .enabled(if: missing == nil, "\(missing ?? "")"), .timeLimit(.minutes(10)))
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
        try Self.guestScript(demo: demo.path).write(to: dir.appendingPathComponent("guest.sh"), atomically: true, encoding: .utf8)
        let vm = Process()
        vm.executableURL = URL(fileURLWithPath: "/bin/bash")
        vm.arguments = [Self.vmScript.path, "--dir", dir.path, "--timeout", "420", "--", "sh /tmp/vm/guest.sh"]
        vm.currentDirectoryURL = Self.root
        let log = dir.appendingPathComponent("vm.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        vm.standardOutput = try FileHandle(forWritingTo: log)
        vm.standardError = vm.standardOutput
        try vm.run()
        defer { if vm.isRunning { vm.terminate() } }
        func has(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) }
        func text(_ name: String) -> String { (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? "" }

        #expect(Self.waitFor(300) { has("started") || !vm.isRunning }, "the guest never started the demo: \(text("serial.log"))")
        // The scanout settles on the demo's frame: equal to the headless screenshot (a channel tolerance of 8
        // for the rounding of SDL's blits; at most 0.1 % of the pixels off).
        var shown: RGBAImage?
        var lastDifference = "no screendump"
        let settled = Self.waitFor(180) {
            guard vm.isRunning, let dump = Self.screendump(dir, "scanout.ppm") else { return !vm.isRunning }
            let d = dump.difference(from: expected)
            lastDifference = d.description
            if !d.sizeMismatch, d.differingFraction <= 0.001 { shown = dump; return true }
            return false
        }
        #expect(settled && shown != nil, "the scanout never showed the headless frame: \(lastDifference); demo: \(text("demo.err"))")

        // The same keys on the VM's keyboard: the scanout settles on the headless twin's last frame.
        if shown != nil {
            for _ in 0..<3 { _ = Self.qmp(dir, ["key", "down"]); Thread.sleep(forTimeInterval: 0.2) }
            Thread.sleep(forTimeInterval: 0.6)
            _ = Self.qmp(dir, ["key", "pgdn"])
            Thread.sleep(forTimeInterval: 2)
            _ = Self.qmp(dir, ["key", "pgdn"])
            var difference = "no screendump"
            let scrolled = Self.waitFor(90) {
                guard let dump = Self.screendump(dir, "scrolled.ppm") else { return false }
                let d = dump.difference(from: keyedFrame)
                difference = d.description
                return !d.sizeMismatch && d.differingFraction <= 0.001
            }
            #expect(scrolled, "after the keys the scanout never showed the headless twin's frame: \(difference)")
        }
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("stop").path, contents: nil)
        #expect(Self.waitFor(120) { has("exited") || !vm.isRunning }, "the demo did not end on SIGTERM")
        // The console is back: the scanout is no longer the demo's frame.
        if let after = Self.screendump(dir, "after.ppm") {
            #expect(after.difference(from: expected).differingFraction > 0.01, "the demo's frame is still on screen after it ended")
        }
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("stop2").path, contents: nil)
        _ = Self.waitFor(120) { !vm.isRunning }

        let out = text("demo.out")
        let line = out.split(separator: "\n").first { $0.hasPrefix("vblank: ") } ?? ""
        #expect(line.hasPrefix("vblank: source kms, paced by timer, refresh "), "\(out)\n\(text("demo.err"))")
        #expect(line.contains("bochs-drm on /dev/dri/card0 reports no vblanks"), "\(line)")
        #expect(text("demo.rc").trimmingCharacters(in: .whitespacesAndNewlines) == "0", "SIGTERM: exit \(text("demo.rc")); \(text("demo.err"))")
        #expect(!text("demo.err").contains("error"), "\(text("demo.err"))")
        // A second instance on the same card: one error line, exit 2.
        #expect(text("second.rc").trimmingCharacters(in: .whitespacesAndNewlines) == "2", "second instance: \(text("second.rc")) \(text("second.err"))")
        let secondLines = text("second.err").split(separator: "\n")
        #expect(secondLines.count == 1 && secondLines.first?.hasPrefix("error: ") == true
                    && secondLines.first?.contains("/dev/dri/card0 is in use") == true, "\(text("second.err"))")
        // The kernel's list of DRM clients: the demo is master while it runs, and gone after SIGTERM.
        let during = text("clients-during").split(separator: "\n").filter { $0.contains("scrollkit") }
        #expect(during.contains { $0.split(separator: " ", omittingEmptySubsequences: true).contains("y") }, "\(text("clients-during"))")
        #expect(!text("clients-after").contains("scrollkit"), "\(text("clients-after"))")
        // The keys reached the list: the run's last trace row is where the headless twin ends after the same keys.
        let trace = try TraceTable(path: dir.appendingPathComponent("trace.csv").path)
        let last = trace.numbers(trace.rows.count - 1)
        #expect((twinLast["offsetY"] ?? 0) > 0, "the headless twin did not scroll: \(twinLast)")
        #expect(last["offsetY"] == twinLast["offsetY"] && last["focusRow"] == twinLast["focusRow"],
                "console: offsetY \(last["offsetY"] ?? -1) focusRow \(last["focusRow"] ?? -1); headless: offsetY \(twinLast["offsetY"] ?? -1) focusRow \(twinLast["focusRow"] ?? -1)")
    }
}
