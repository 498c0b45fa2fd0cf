// The demo on a real AT-SPI bus, read by pyatspi as a screen reader or UI test tool would (scripts/atspi-probe.py
// inside dbus-run-session, the window under a private Xvfb): names, roles, counts, actions, focus events, and
// typing into the contacts search field through EditableText and with xdotool (text and caret events).

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

    /// The probe's report for `--items 10000`, run once for the suite's tests.
    static var report: [String: Any]?
    static let items = 10_000

    func sharedReport() throws -> [String: Any] {
        if let report = Self.report { return report }
        let made = try probe(items: Self.items)
        Self.report = made
        return made
    }

    /// Runs the probe against the demo with `--items items` and returns its JSON report.
    func probe(items: Int) throws -> [String: Any] {
        try run(script: "scripts/atspi-probe.py", ["--items", "\(items)", "--tabs", "3"])
    }

    /// Runs `script` (an AT-SPI client in scripts/) against the demo with `arguments` and returns its JSON report.
    func run(script: String, _ arguments: [String]) throws -> [String: Any] {
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
        process.arguments = ["--", "/usr/bin/python3", Self.packageRoot.appendingPathComponent(script).path, demo.path]
            + arguments + ["--report", reportFile.path]
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
        let items = Self.items
        let report = try sharedReport()
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

    @Test("a screen reader activates Reset all settings and finds an alert with focus on its Cancel button; Escape dismisses it and the app runs on",
          .enabled(if: toolsPresent, "needs dbus-run-session, at-spi2-core, python3-pyatspi, Xvfb and xdotool (make deps installs them)"))
    func resetAlert() throws {
        let report = try sharedReport()
        #expect((report["errors"] as? [String] ?? []).isEmpty, "\(report["errors"] ?? "")")
        let settings = try #require(report["settings"] as? [String: Any])
        let alert = try #require(settings["alert"] as? [String: Any])
        #expect(alert["name"] as? String == "Reset all settings?")
        #expect((alert["description"] as? String ?? "").contains("cannot be undone"))
        #expect(alert["buttons"] as? [String] == ["Cancel", "Reset"])
        #expect(alert["focused"] as? String == "Cancel" && alert["focused_role"] as? String == "push button")
        #expect(settings["dismissed"] as? Bool == true && settings["alive"] as? Bool == true)
    }

    @Test("typing into the contacts search field through EditableText and with xdotool: the list filters as the contacts search rule says (Python oracle), getText and caretOffset read back in code points, text-changed:insert/delete and text-caret-moved come with their offsets, lengths and text, Ctrl+Z undoes an AT-SPI edit",
          .enabled(if: toolsPresent, "needs dbus-run-session, at-spi2-core, python3-pyatspi, Xvfb and xdotool (make deps installs them)"))
    func typingIntoTheSearchField() throws {
        let report = try sharedReport()
        let contacts = try #require(report["contacts"] as? [String: Any])
        let field = try #require(contacts["field"] as? [String: Any])
        let states = field["states"] as? [String] ?? []
        #expect(["editable", "focusable", "focused", "single line", "enabled"].allSatisfy(states.contains), "\(states)")

        /// The insert, delete and caret events, as (type, offset, length, text).
        func textEvents(_ step: [String: Any]) -> [String] {
            (step["events"] as? [[String: Any]] ?? []).map { e in
                let type = (e["type"] as? String ?? "").replacingOccurrences(of: "object:", with: "")
                if type == "text-caret-moved" { return "caret \(e["detail1"] as? Int ?? -1)" }
                return "\(type) \(e["detail1"] as? Int ?? -1) \(e["detail2"] as? Int ?? -1) \(e["data"] as? String ?? "")"
            }
        }
        /// The list shows exactly the people the rule finds, with a header per section shown.
        func expectFiltered(_ step: [String: Any], query: String) {
            let oracle = step["oracle"] as? Int ?? -1, people = step["people"] as? [String] ?? []
            let headings = step["headings"] as? [String] ?? []
            #expect(step["query"] as? String == query && oracle > 0)
            let seen = "\(query): \(step.filter { $0.key != "events" })"
            #expect(people.count == oracle, "\(seen)")
            #expect(step["count"] as? Int == oracle + headings.count && !headings.isEmpty, "\(seen)")
        }

        // insertText(0, "nguy") through EditableText.
        let inserted = try #require(contacts["inserted"] as? [String: Any])
        expectFiltered(inserted, query: "nguy")
        #expect(inserted["text"] as? String == "nguy" && inserted["caret"] as? Int == 4 && inserted["characters"] as? Int == 4)
        #expect(textEvents(inserted) == ["text-changed:insert 0 4 nguy", "caret 4"])

        // "en" typed with xdotool: an insert and a caret move per key.
        let typed = try #require(contacts["typed"] as? [String: Any])
        expectFiltered(typed, query: "nguyen")
        #expect(typed["text"] as? String == "nguyen" && typed["caret"] as? Int == 6)
        #expect(textEvents(typed) == ["text-changed:insert 4 1 e", "caret 5", "text-changed:insert 5 1 n", "caret 6"])

        // setTextContents("") then insertText(0, "müller", 7 bytes): 6 code points, offsets in code points.
        let muller = try #require(contacts["muller"] as? [String: Any])
        expectFiltered(muller, query: "müller")
        #expect(muller["characters"] as? Int == 6 && muller["caret"] as? Int == 6)
        // The two edits come as a deletion and an insertion; the caret's moves between them only when they fell
        // in different frames (the bridge reports each frame's difference).
        #expect(textEvents(muller).filter { !$0.hasPrefix("caret") } == ["text-changed:delete 0 6 nguyen", "text-changed:insert 0 6 müller"])
        #expect(textEvents(muller).filter { $0.hasPrefix("caret") }.allSatisfy { $0 == "caret 0" || $0 == "caret 6" })
        let word = try #require(muller["word"] as? [Any])   // getTextAtOffset(2, WORD_START)
        #expect(word.count == 3 && word[0] as? String == "müller" && word[1] as? Int == 0 && word[2] as? Int == 6)
        #expect(muller["selection"] as? [Int] == [0, 3])
        // Character 1's box lies inside the field, and the point at its centre hits it.
        let box = try #require(muller["box"] as? [Int]), f = try #require(field["extents"] as? [Int])
        #expect(box[2] > 0 && box[3] > 0 && box[0] >= f[0] && box[1] >= f[1]
                && box[0] + box[2] <= f[0] + f[2] && box[1] + box[3] <= f[1] + f[3], "\(box) in \(f)")
        #expect(muller["at_point"] as? Int == 1)

        // Ctrl+Z undid the AT-SPI insertion: the whole book again.
        let undone = try #require(contacts["undone"] as? [String: Any])
        let before = try #require(contacts["before"] as? [String: Any])
        #expect(undone["text"] as? String == "" && undone["count"] as? Int == before["count"] as? Int)
        // 👩‍💻 (U+1F469 U+200D U+1F4BB) is 3 code points, not its 5 UTF-16 units.
        let emoji = try #require(contacts["emoji"] as? [String: Any])
        #expect(emoji["characters"] as? Int == 3 && emoji["caret"] as? Int == 3)
    }

    @Test("a hostile client (scripts/atspi-hostile.py) calls every method of every interface of a sample of every scene's elements with NaN, ±inf, ±1e300, offsets of ±10^9, uint32 granularities, reversed ranges, unknown indices and long inserts: the demo keeps running, no call times out, and it still answers GetName",
          .enabled(if: toolsPresent, "needs dbus-run-session, at-spi2-core, python3-pyatspi, Xvfb and xdotool (make deps installs them)"))
    func hostileClient() throws {
        // The script's default inserts: 10^6 characters, and "a" with 10^5 combining marks; and U+FFFF, U+FDD0 and
        // U+10FFFF in every string argument. A debug build answers the slowest of them in about 0.6 s.
        let report = try run(script: "scripts/atspi-hostile.py",
                             ["--items", "1000", "--per-scene", "4", "--noncharacters", "--timeout", "10"])
        let scenes = try #require(report["scenes"] as? [[String: Any]])
        #expect(scenes.count >= 14, "every tab of the gallery: \(scenes.map { $0["scene"] ?? "" })")
        for scene in scenes { #expect(scene["running"] as? Bool == true && scene["round_trip"] is Double, "\(scene)") }
        #expect((report["calls"] as? Int ?? 0) > 5_000)
        #expect((report["timeouts"] as? [Any])?.isEmpty == true, "\(report["timeouts"] ?? "")")
        #expect(report["running"] as? Bool == true)
        let roundTrip = try #require(report["final_round_trip"] as? Double)
        #expect(roundTrip < 2, "GetName took \(roundTrip) s after the run")
    }
}
