import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// TEMPORARY: the default `list` scene until ScrollKit's ListView lands (issue 4), which replaces it.
    static let placeholderList = SceneEntry(
        name: "list",
        summary: "A column of coloured rows (a placeholder until the real list view lands)."
    ) { context throws(CLIError) in
        PlaceholderScene(size: context.size)
    }
}

/// TEMPORARY placeholder scene: a title bar and 1000 coloured rows, 60 points tall, drawn through
/// the real renderer. Scrolling is deliberately simple: the rows follow a drag 1:1 (no fling, no
/// rubber band), a wheel step moves 40 points, keys step by a row or a page, scripted scrolls
/// move linearly over their duration (the curve is ignored). Everything is clamped to the content.
/// Escape asks to quit.
@MainActor
final class PlaceholderScene: DemoScene {
    static let rowCount = 1000
    static let rowHeight = 60.0
    static let titleHeight = 44.0
    static let wheelStep = 40.0

    private var size: Size
    private var offset = 0.0
    private var phase = TracePhase.idle
    private var velocity = 0.0
    private var drag: (startPointer: Double, startOffset: Double)?
    private var animation: (from: Double, to: Double, start: Double?, duration: Double)?
    private var quit = false
    private var visible: Range<Int> = 0..<0
    private var configuredThisFrame = 0
    private var lastEventTime = 0.0

    /// Rows become visible (are "configured") in the first `update`.
    init(size: Size) {
        self.size = size
    }

    // MARK: Geometry

    private var viewport: Rect {
        Rect(x: 0, y: Self.titleHeight, width: max(0, size.width), height: max(0, size.height - Self.titleHeight))
    }
    private var contentHeight: Double { Double(Self.rowCount) * Self.rowHeight }
    private var maxOffset: Double { max(0, contentHeight - viewport.height) }

    private func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), maxOffset)
    }

    private func updateVisible() {
        let height = viewport.height
        guard height > 0 else { visible = 0..<0; return }
        let first = max(0, Int((offset / Self.rowHeight).rounded(.down)))
        let last = min(Self.rowCount - 1, Int(((offset + height) / Self.rowHeight).rounded(.up)) - 1)
        let range = first <= last ? first..<(last + 1) : 0..<0
        configuredThisFrame += range.filter { !visible.contains($0) }.count
        visible = range
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        self.size = size
        offset = clamp(offset)
    }

    func handle(_ event: InputEvent) {
        lastEventTime = event.time
        switch event {
        case .pointerDown(let p, _):
            guard viewport.contains(p) else { return }
            animation = nil
            drag = (p.y, offset)
            phase = .tracking
        case .pointerMove(let p, _):
            guard let drag else { return }
            offset = clamp(drag.startOffset - (p.y - drag.startPointer))
            phase = .dragging
        case .pointerUp:
            drag = nil
            phase = .idle
        case .wheel(_, let dy, _, _):
            animation = nil
            offset = clamp(offset - dy * Self.wheelStep)
        case .key(let key, _):
            switch key {
            case .escape: quit = true
            case .up: move(to: offset - Self.rowHeight)
            case .down: move(to: offset + Self.rowHeight)
            case .pageUp: move(to: offset - max(0, viewport.height - Self.rowHeight))
            case .pageDown, .space: move(to: offset + max(0, viewport.height - Self.rowHeight))
            case .home: move(to: 0)
            case .end: move(to: maxOffset)
            default: break
            }
        case .character:
            break
        }
    }

    private func move(to target: Double) {
        animation = (offset, clamp(target), nil, 0.2)
    }

    func update(_ tick: FrameTick) {
        configuredThisFrame = 0
        velocity = 0
        if var animation {
            let start = animation.start ?? tick.timestamp
            animation.start = start
            let progress = animation.duration > 0 ? min(1, max(0, (tick.targetTimestamp - start) / animation.duration)) : 1
            offset = clamp(animation.from + (animation.to - animation.from) * progress)
            if progress >= 1 {
                self.animation = nil
                phase = drag == nil ? .idle : phase
            } else {
                self.animation = animation
                velocity = (animation.to - animation.from) / animation.duration
                phase = .animating
            }
        }
        updateVisible()
    }

    func draw(in canvas: Canvas) {
        canvas.clear(Color(hex: 0xF4F4F6))
        let area = viewport
        canvas.pushClip(area)
        for index in visible {
            let y = area.minY + Double(index) * Self.rowHeight - offset
            let row = Rect(x: 0, y: y, width: area.width, height: Self.rowHeight)
            canvas.fill(row, color: Color(hue: Double(index % 24) / 24, saturation: 0.35, value: 0.95))
            canvas.drawText("Row \(index)", in: row.insetBy(dx: 16, dy: 0), style: TextStyle(size: 18, color: Color(hex: 0x202124)), alignment: .leading)
            canvas.fill(Rect(x: 0, y: row.maxY - 1, width: area.width, height: 1), color: Color(hex: 0x000000, alpha: 30))
        }
        canvas.popClip()
        let title = Rect(x: 0, y: 0, width: max(0, size.width), height: min(Self.titleHeight, max(0, size.height)))
        canvas.fill(title, color: Color(hex: 0x263238))
        canvas.drawText("ScrollKit — placeholder list (temporary)", in: title.insetBy(dx: 16, dy: 0),
                        style: TextStyle(size: 18, weight: .bold, color: .white), alignment: .leading)
    }

    var needsFrames: Bool { animation != nil || drag != nil }
    var wantsQuit: Bool { quit }

    // MARK: DemoScene

    var traceSample: TraceSample {
        TraceSample(
            offset: Point(x: 0, y: offset),
            velocity: Point(x: 0, y: velocity),
            phase: phase,
            viewportSize: viewport.size,
            contentSize: Size(width: viewport.width, height: contentHeight),
            firstVisible: visible.isEmpty ? -1 : visible.lowerBound,
            lastVisible: visible.isEmpty ? -1 : visible.upperBound - 1,
            configured: configuredThisFrame,
            selected: -1)
    }

    func scroll(to offset: Point, duration: Double, curve: String?) {
        drag = nil
        animation = (self.offset, clamp(offset.y), nil, duration)
    }

    func scrollToEnd(duration: Double, curve: String?) {
        scroll(to: Point(x: 0, y: maxOffset), duration: duration, curve: curve)
    }

    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: String?) {
        let item = Double(min(max(index, 0), Self.rowCount - 1)) * Self.rowHeight
        let target: Double
        switch position {
        case .start: target = item
        case .center: target = item + Self.rowHeight / 2 - viewport.height / 2
        case .end: target = item + Self.rowHeight - viewport.height
        }
        scroll(to: Point(x: 0, y: target), duration: duration, curve: curve)
    }
}
