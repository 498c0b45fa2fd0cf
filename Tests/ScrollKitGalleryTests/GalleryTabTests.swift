import Motion
import ScrollKit
import Testing
@testable import ScrollKitGallery

/// The gallery's tab bar is the library's ``TabBar`` in the window's view tree: clicks reach the tab drawn
/// under the pointer on narrow windows too, and keyboard focus reaches the tabs.
@MainActor @Suite struct GalleryTabTests {
    let window = Size(width: 800, height: 600)
    func tick(_ k: Int) -> FrameTick { FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60) }
    func makeShell(_ factory: ProbeFactory) throws -> GalleryShell { try GalleryShellTests().makeShell(factory) }

    /// Too narrow for every segment: the bar's ``TabBar`` keeps the least width and follows the selection, so
    /// the selected tab is always whole on screen and a click hits the tab drawn under it (through the shell).
    @Test(arguments: [300.0, 420, 480, 640])
    func narrowTabBarScrollsToTheSelection(width: Double) throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory)
        shell.hostDidResize(to: Size(width: width, height: 400))
        let l = GalleryTabBar.layout(count: shell.tabs.count, width: width)
        let tabs = shell.tabBar.tabs
        #expect(tabs.frame == l.track && tabs.tabWidth == l.segmentWidth)
        #expect(l.segmentWidth >= GalleryTabBar.minSegmentWidth)
        var time = 0.0
        for selected in shell.tabs.indices {
            shell.handle(.text(selected == 9 ? "0" : String(selected + 1), time: time))
            for k in 0..<30 { shell.update(tick(k + Int(time) * 100)) }
            let r = tabs.convert(tabs.tabFrame(Double(selected)), to: nil)
            #expect(r.minX >= l.track.minX + 3 - 1e-9 && r.maxX <= l.track.maxX - 3 + 1e-9, "tab \(selected) whole")
            // A visible neighbour is clicked where it is drawn.
            if let other = [selected + 1, selected - 1].first(where: { shell.tabs.indices.contains($0) }) {
                let o = tabs.convert(tabs.tabFrame(Double(other)), to: nil)
                if o.midX > l.track.minX + 3 && o.midX < l.track.maxX - 3 {
                    shell.handle(.pointerDown(location: Point(x: o.midX, y: o.midY), time: time + 0.1))
                    shell.handle(.pointerUp(location: Point(x: o.midX, y: o.midY), time: time + 0.15))
                    #expect(shell.selectedIndex == other, "tab \(other) from \(selected)")
                }
            }
            time += 1
        }
    }

    /// Keyboard focus reaches the tabs: Tab focuses the selected tab (the ring shows; a scene with nothing to
    /// focus keeps it there), Ctrl-Tab goes to the next scene and focuses its tab; ← → move the focus, Return
    /// or Space open the focused tab; any other key goes back to the scene.
    @Test func keyboardFocusReachesTheTabs() throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory)
        shell.handle(.key(.tab, time: 0))
        #expect(shell.selectedIndex == 0 && shell.tabBar.tabs.focusedTab == 0)
        shell.handle(.key(.tab, time: 0))
        #expect(shell.selectedIndex == 0 && shell.tabBar.tabs.focusedTab == 0)
        shell.handle(.key(.tab, modifiers: .control, time: 0))
        #expect(shell.selectedIndex == 1 && shell.tabBar.tabs.focusedTab == 1)
        let canvas = RecordingCanvas(size: window)
        shell.draw(in: canvas)
        let ring = canvas.commands.contains { if case .strokeRect(_, let c, _) = $0 { c == .white } else { false } }
        #expect(ring)
        shell.handle(.key(.right, time: 0.1))
        shell.handle(.key(.right, time: 0.2))
        #expect(shell.tabBar.tabs.focusedTab == 3 && shell.selectedIndex == 1)
        shell.handle(.key(.enter, time: 0.3))
        #expect(shell.selectedIndex == 3)
        shell.handle(.key(.left, time: 0.4))
        shell.handle(.key(.space, time: 0.5))
        #expect(shell.selectedIndex == 2)
        let picker = try #require(factory.made["picker"])
        picker.events.removeAll()
        shell.handle(.key(.down, time: 0.6))
        #expect(shell.tabBar.tabs.focusedTab == nil && picker.events == [.key(.down, time: 0.6)])
        shell.handle(.key(.right, time: 0.7))
        #expect(picker.events.last == .key(.right, time: 0.7) && shell.selectedIndex == 2)
    }
}
