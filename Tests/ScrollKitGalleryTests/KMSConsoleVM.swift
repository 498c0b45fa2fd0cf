// KMSConsoleVM: the harness of the KMS console tests: the guest's script, QEMU's monitor (screendumps, keys),
// PPM files, waiting on files the guest leaves.

import Foundation
import ScrollKitSDL
import ScrollKitTestSupport
import ScrollKitTesting

/// scripts/kms-vm.sh's VM as the KMS tests drive it: one boot, the guest's script in phases the host starts by
/// leaving files in the shared directory (the guest's /tmp/vm).
enum KMSConsoleVM {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var vmScript: URL { root.appendingPathComponent("scripts/kms-vm.sh") }
    static var qmpScript: URL { root.appendingPathComponent("scripts/kms-qmp.py") }

    /// The typing phase's key repeat (SCROLLKIT_KEY_REPEAT): 400 ms, then 10 a second.
    static let repeatDelay = 0.4, repeatRate = 10.0

    /// The guest's side, in phases (each waits for the host's file):
    /// 1. the list scene on the card with its stats and trace; the DRM clients while it runs; a second
    ///    instance; a switch to VT 2 (`vt2`: the DRM clients then) and back (`vt1`); SIGTERM (`stop`), its
    ///    peak memory before it, the clients after;
    /// 2. the contacts scene on a German keyboard (`XKB_DEFAULT_LAYOUT=de`) with its trace, until `stop3`.
    /// Files go to /tmp/vm (the host's `dir`).
    static func guestScript(demo: String) -> String {
        """
        mount -t debugfs none /sys/kernel/debug 2>/dev/null
        V=/tmp/vm
        C=/sys/kernel/debug/dri/0/clients
        await_file() { i=0; while [ ! -e "$1" ] && [ $i -lt 3000 ]; do sleep 0.1; i=$((i+1)); done; }
        cut -d' ' -f1 /proc/uptime > $V/launched
        '\(demo)' --scene list --stats --trace $V/trace.csv > $V/demo.out 2> $V/demo.err &
        PID=$!
        touch $V/started
        i=0; while [ ! -e $V/stop ] && [ $i -lt 3000 ]; do
          if [ ! -e $V/second.rc ] && grep -q scrollkit $C 2>/dev/null; then
            cat $C > $V/clients-during 2>&1
            '\(demo)' --scene list --frames 1 > $V/second.out 2> $V/second.err; echo $? > $V/second.rc
          fi
          if [ -e $V/vt2 ] && [ ! -e $V/vt2.done ]; then /bin/busybox chvt 2; sleep 1; cat $C > $V/clients-vt2 2>&1; touch $V/vt2.done; fi
          if [ -e $V/vt1 ] && [ ! -e $V/vt1.done ]; then /bin/busybox chvt 1; touch $V/vt1.done; fi
          sleep 0.1; i=$((i+1))
        done
        [ -e $V/clients-during ] || cat $C > $V/clients-during 2>&1
        grep VmHWM /proc/$PID/status > $V/demo.hwm
        kill -TERM $PID
        wait $PID; echo $? > $V/demo.rc
        cat $C > $V/clients-after 2>&1
        touch $V/exited
        XKB_DEFAULT_LAYOUT=de SCROLLKIT_KEY_REPEAT=\(Int(repeatDelay * 1000)),\(Int(repeatRate)) '\(demo)' --scene contacts --trace $V/typing.csv > $V/typing.out 2> $V/typing.err &
        PID=$!
        touch $V/typing.started
        await_file $V/stop3
        kill -TERM $PID
        wait $PID; echo $? > $V/typing.rc
        touch $V/typing.exited
        await_file $V/stop4
        """
    }

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

    static func text(_ dir: URL, _ name: String) -> String {
        (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    static func has(_ dir: URL, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path)
    }

    static func touch(_ dir: URL, _ name: String) {
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: nil)
    }

    /// Waits until the scanout equals `expected` (at most 0.1 % of the pixels off by more than 8 per channel);
    /// the last difference seen when it never does.
    static func waitForScanout(_ dir: URL, _ expected: RGBAImage, name: String, seconds: Double, while running: () -> Bool) -> (Bool, String) {
        var last = "no screendump"
        let ok = waitFor(seconds) {
            guard running(), let dump = screendump(dir, name) else { return !running() }
            let d = dump.difference(from: expected)
            last = d.description
            return !d.sizeMismatch && d.differingFraction <= 0.001
        }
        return (ok && running(), last)
    }

    /// The master column of the kernel's DRM client list for `command` (`y`/`n`), nil when it is not listed.
    static func master(_ clients: String, command: String) -> String? {
        for line in clients.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 5, fields[0].hasPrefix(command) { return String(fields[3]) }
        }
        return nil
    }
}
