// The demo on a real AT-SPI bus, read by pyatspi as a screen reader or UI test tool would (scripts/atspi-probe.py
// inside dbus-run-session, the window under a private Xvfb): names, roles, counts, actions, focus events.

import Foundation
import Testing
@testable import ScrollKitGallery

@Suite(.serialized) @MainActor struct AccessibilityBusTests {
    /// What the probe needs: a private session bus, the AT-SPI bus, pyatspi, Xvfb and xdotool (`make deps`
    /// installs them all; without them the suite is skipped with this reason).
    nonisolated static let toolsPresent: Bool = {
        let files = ["/usr/bin/dbus-run-session", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3", "/usr/bin/xdotool"]
        guard files.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        check.arguments = ["-c", "import pyatspi"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    nonisolated static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs the probe against the demo with `--items items` and returns its JSON report.
    func probe(items: Int) throws -> [String: Any] {
        let x = try Xvfb()
        let demo = try #require(DemoProcess.executable, "scrollkit-demo was not built")
        let scratch = try DemoProcess.temporaryDirectory("atspi")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runtime = scratch.appendingPathComponent("run"), config = scratch.appendingPathComponent("config")
        let reportFile = scratch.appendingPathComponent("report.json")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "/usr/bin/python3", Self.packageRoot.appendingPathComponent("scripts/atspi-probe.py").path,
                             demo.path, "--items", "\(items)", "--tabs", "3", "--report", reportFile.path]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = x.display
        // The bus's settings (IsEnabled, through dconf) go to a scratch home, not the user's.
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CONFIG_HOME"] = config.path
        environment["SDL_VIDEODRIVER"] = nil
        environment["SCROLLKIT_ACCESSIBILITY"] = nil
        process.environment = environment
        // Not a pipe: services the session bus starts inherit its output and may outlive it.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let data = try Data(contentsOf: reportFile)
        let line = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("{") },
                                "the probe wrote no report")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let errors = report["errors"] as? [String] ?? []
        #expect(errors.isEmpty, "\(errors)")
        return report
    }

    @Test("pyatspi finds scrollkit-demo; the list scene's list has its --items count and visible items named by their row titles; clicking the Grid page tab switches the scene; each Tab press moves focus with a focus event",
          .enabled(if: toolsPresent, "needs dbus-run-session, at-spi2-core, python3-pyatspi, Xvfb and xdotool (make deps installs them)"))
    func screenReaderWalk() throws {
        let items = 10_000
        let report = try probe(items: items)
        #expect(report["app"] as? String == "scrollkit-demo")
        let frame = try #require(report["frame"] as? [String: Any])
        #expect(frame["role"] as? String == "frame")
        #expect(frame["name"] as? String == "ScrollKit Gallery")
        // Screen coordinates: the frame is where X says the window is.
        if let window = report["x_window"] as? [Int] { #expect(frame["extents"] as? [Int] == window) }

        let list = try #require(report["list"] as? [String: Any])
        #expect(list["count"] as? Int == items)
        let showing = try #require(list["showing"] as? [[String: Any]])
        let rows = RowSource(count: items, rowHeight: ListScene.rowHeight)
        #expect(showing.count >= 5)
        for item in showing {
            let index = try #require(item["index"] as? Int)
            #expect(item["role"] as? String == "list item")
            #expect(item["name"] as? String == rows.title(ofRow: index))
            // Rows are ListScene.rowHeight tall, one under the other from the list's top.
            let e = try #require(item["extents"] as? [Int]), l = try #require(list["extents"] as? [Int])
            #expect(e[1] == l[1] + index * Int(ListScene.rowHeight) && e[3] == Int(ListScene.rowHeight))
        }
        let last = try #require(list["last"] as? [String: Any])
        #expect(last["name"] as? String == rows.title(ofRow: items - 1))   // off screen, still named
        #expect(!(last["states"] as? [String] ?? []).contains("showing"))

        let tabs = try #require(report["tabs"] as? [String])
        #expect(tabs.prefix(5) == ["List", "Paging", "Picker", "Sprites", "Curves"] && tabs.contains("Grid"))
        #expect(report["grid_actions"] as? [String] == ["click"])
        let grid = try #require(report["after_grid"] as? [String: Any])
        #expect(grid["selected"] as? Bool == true)
        #expect(grid["table"] as? Bool == true && grid["list_left"] as? Bool == false)
        #expect(grid["table_count"] as? Int == items && grid["cell_role"] as? String == "table cell")

        let presses = try #require(report["tab_presses"] as? [[[String: Any]]])
        #expect(presses.count == 3)
        var focused: [String] = []
        for events in presses {
            let focus = events.filter { ($0["type"] as? String)?.hasPrefix("focus") == true }
            #expect(focus.count == 1, "one focus event per Tab press: \(events)")
            focused.append(focus.first?["name"] as? String ?? "")
        }
        #expect(Set(focused).count == 3 && !focused.contains(""), "focus moved to a new, named element each time: \(focused)")
    }
}
