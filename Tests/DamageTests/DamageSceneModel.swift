import ScrollKit
import ScrollKitDamage
import SplitMix

// A random scene for the damage renderer's property test: a toolbar, a scrolled region of rows (some in call
// groups, in content coordinates), an indicator and overlays over it; and the random changes between frames.

/// What a frame draws; `mutate` changes it as an app's frames do (scrolls, edits, inserted rows, overlays).
@MainActor
struct DamageSceneModel {
    struct Row {
        var height: Double
        var color: RGBAColor
        var text: String
        var grouped: Bool
        var version: DrawingVersion
        var id: Int
        var dot: Bool
        var innerClip: Bool
    }

    static let region = Rect(x: 8, y: 24, width: 100, height: 60)
    var background = RGBAColor(hex: 0xF2F2F7)
    var title = "Inbox"
    var offset = Point(x: 0, y: 0)
    var rows: [Row] = []
    var hud: String? = "60 fps"
    var image: String? = "photo"
    var curve: [Point] = [Point(x: 112, y: 10), Point(x: 118, y: 40), Point(x: 114, y: 80)]
    var dots: [CircleFill] = []
    var invalidated: Rect?
    var nextID = 0

    init(rng: inout SplitMix64) {
        for _ in 0..<14 { rows.append(makeRow(&rng)) }
    }

    mutating func makeRow(_ rng: inout SplitMix64) -> Row {
        nextID += 1
        let words = ["Mail", "Notes", "Wi-Fi", "Maps", "Photos", "Music", "Clock"]
        return Row(height: [12, 16, 20, 13.5][rng.int(below: 4)],
                   color: RGBAColor(r: UInt8(rng.int(below: 256)), g: UInt8(rng.int(below: 256)), b: 200, a: 255),
                   text: words[rng.int(below: words.count)] + " \(rng.int(below: 100))",
                   grouped: rng.int(below: 3) != 0, version: DrawingVersion.next(), id: nextID, dot: rng.int(below: 4) == 0,
                   innerClip: rng.int(below: 6) == 0)
    }

    /// One frame's random changes.
    mutating func mutate(_ rng: inout SplitMix64) {
        invalidated = nil
        switch rng.int(below: 10) {
        case 0..<4: offset.y += Double(rng.int(below: 13) - 6)                 // whole points
        case 4: offset.y += [0.5, -0.5, 0.25, 1.75][rng.int(below: 4)]        // half and quarter points
        case 5: offset.y += Double(rng.int(below: 200) - 100)                   // a jump
        case 6: offset.x += Double(rng.int(below: 5) - 2)
        default: break
        }
        offset.y = min(max(offset.y, -20), 200)
        if rng.int(below: 3) == 0, !rows.isEmpty {                             // an edit (a new version)
            let i = rng.int(below: rows.count)
            rows[i].text += "!"
            rows[i].color.g &+= 40
            rows[i].version = DrawingVersion.next()
        }
        if rng.int(below: 6) == 0 { rows.insert(makeRow(&rng), at: rng.int(below: rows.count + 1)) }
        if rng.int(below: 7) == 0, rows.count > 4 { rows.remove(at: rng.int(below: rows.count)) }
        if rng.int(below: 4) == 0 { hud = rng.int(below: 5) == 0 ? nil : "\(rng.int(below: 120)) fps" }
        if rng.int(below: 8) == 0 { image = image == nil ? "photo" : nil }
        if rng.int(below: 5) == 0 { title = ["Inbox", "Sent", "All Mail"][rng.int(below: 3)] }
        if rng.int(below: 4) == 0 { curve[1].y = Double(20 + rng.int(below: 50)) }
        if rng.int(below: 3) == 0 {
            dots = (0..<rng.int(below: 4)).map { _ in
                CircleFill(center: Point(x: rng.uniform(0...120), y: rng.uniform(0...90)), radius: rng.uniform(0.5...5),
                           color: RGBAColor(r: 255, g: 80, b: 0, a: 160))
            }
        }
        if rng.int(below: 10) == 0 { invalidated = Rect(x: 20, y: 30, width: 20, height: 10) }
    }

    /// Draws the frame in `canvas`.
    func draw(in canvas: any DrawingCanvas) {
        canvas.clear(background)
        canvas.fill(Rect(x: 0, y: 0, width: 120, height: 20), color: RGBAColor(hex: 0xFBFBFD))
        canvas.drawText(title, in: Rect(x: 4, y: 0, width: 80, height: 16), style: TextStyle(size: 8, color: .black),
                        alignment: .leading)
        let region = Self.region
        canvas.pushClip(region)
        canvas.fill(region, color: .white)
        let tracking = canvas.damageTracking
        let origin = tracking?.beginScrolledContent(origin: Point(x: region.minX - offset.x, y: region.minY - offset.y))
            ?? Point(x: region.minX - offset.x, y: region.minY - offset.y)
        var y = 0.0
        for row in rows {
            let frame = Rect(x: origin.x, y: origin.y + y, width: region.width, height: row.height)
            y += row.height
            if row.grouped {
                canvas.callGroup(id: CallGroupID(row.id), key: CallGroupKey(frame: frame, version: row.version)) {
                    Self.drawRow(row, frame: frame, in: $0)
                }
            } else {
                Self.drawRow(row, frame: frame, in: canvas)
            }
        }
        tracking?.endScrolledContent()
        // The indicator: drawn over the content, on screen.
        let knob = region.minY + min(max(offset.y, 0), 200) / 200 * (region.height - 12)
        canvas.fillRoundedRect(Rect(x: region.maxX - 4, y: knob, width: 3, height: 12), radius: 1.5,
                               color: RGBAColor(r: 0, g: 0, b: 0, a: 90))
        canvas.popClip()
        canvas.drawPolyline(curve, color: RGBAColor(hex: 0x0A7AFF), width: 1.5)
        if let hud {
            canvas.fillRoundedRect(Rect(x: 60, y: 70, width: 50, height: 16), radius: 4, color: RGBAColor(r: 0, g: 0, b: 0, a: 150))
            canvas.drawText(hud, in: Rect(x: 62, y: 70, width: 46, height: 16), style: TextStyle(size: 9, color: .white),
                            alignment: .center)
        }
        if let image { canvas.drawImage(ImageRef(image), in: Rect(x: 90, y: 2, width: 16, height: 16), opacity: 0.8) }
        if !dots.isEmpty { canvas.fillCircles(dots) }
        if let invalidated { tracking?.invalidate(invalidated) }
    }

    static func drawRow(_ row: Row, frame: Rect, in canvas: any DrawingCanvas) {
        canvas.fill(frame, color: row.color)
        canvas.fill(Rect(x: frame.minX + 6, y: frame.maxY - 1, width: frame.width - 6, height: 1),
                    color: RGBAColor(hex: 0xC6C6C8))
        if row.innerClip { canvas.pushClip(frame.insetBy(dx: 2, dy: 2)) }
        canvas.drawText(row.text, in: Rect(x: frame.minX + 6, y: frame.minY, width: 70, height: frame.height),
                        style: TextStyle(size: 9, color: .black), alignment: .leading)
        if row.innerClip { canvas.popClip() }
        if row.dot { canvas.fillCircle(center: Point(x: frame.maxX - 10, y: frame.midY), radius: 3, color: .black) }
        canvas.drawLine(from: Point(x: frame.maxX - 20, y: frame.minY + 3), to: Point(x: frame.maxX - 16, y: frame.midY),
                        color: RGBAColor(hex: 0xBDBDC2), width: 1)
    }
}
