// StandardCell's layout: where a row's parts go in a frame, and the text layouts it keeps (per cell and in a
// bounded process-wide cache).

extension StandardCell {
    // MARK: Layout

    static func sanitised(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }

    /// The side the title's and the subtitle's lines are flush with: the row's leading side (the left, or the
    /// right in a right-to-left row), whatever the text's own direction, so an Arabic title lines up with an
    /// English subtitle in a left-to-right row, and the reverse.
    static func textAlignment(for direction: ReadingDirection) -> TextAlign {
        direction == .rightToLeft ? .right : .left
    }

    /// Where a text part's layout is drawn for its rectangle (``Parts/title``, ``Parts/subtitle``): the layout is
    /// as wide as the text's room, its lines flush with the row's leading side; the rectangle is their extent,
    /// at that side. So the layout starts at the rectangle's left, or ends at its right in a right-to-left row.
    static func textOrigin(of layout: TextLayout, in rect: Rect, direction: ReadingDirection) -> Point {
        let x = direction == .rightToLeft && layout.width.isFinite ? rect.maxX - layout.width : rect.minX
        return Point(x: x, y: rect.minY)
    }

    /// The cached layouts of one cell (or of one measurement).
    @MainActor
    struct LayoutSlots {
        var title = LayoutSlot()
        var subtitle = LayoutSlot()
        var value = LayoutSlot()
    }

    /// One text's layout and what it was made from.
    @MainActor
    struct LayoutSlot {
        var key: LayoutKey?
        var layout: TextLayout?

        /// The layout of `key`: the one held, the shared cache's, or a new one.
        mutating func resolve(_ key: LayoutKey, measurer: any TextMeasurer) -> TextLayout {
            var key = key
            key.textScale = ViewNode.textScale   // a layout made at another text scale is stale
            if let layout, self.key == key { return layout }
            let made = StandardCell.sharedLayout(for: key, measurer: measurer)
            self.key = key
            layout = made
            return made
        }
    }

    struct LayoutKey: Hashable {
        var text: String
        var style: TextStyle
        var width: Double
        var maxLines: Int
        var measurer: ObjectIdentifier
        /// The row's leading side (``textAlignment(for:)``) for the title and subtitle, whatever their script;
        /// `.leading` for the value text.
        var alignment: TextAlign = .leading
        /// The ``ViewNode/textScale`` it was laid out at.
        var textScale: Double = 1
    }

    /// Layouts by what they were made from, with their measurer held (so its identifier is not reused).
    private static var layoutCache: [LayoutKey: (layout: TextLayout, measurer: any TextMeasurer)] = [:]

    static func sharedLayout(for key: LayoutKey, measurer: any TextMeasurer) -> TextLayout {
        if let cached = layoutCache[key] { return cached.layout }
        let layout = TextLayout(key.text, style: key.style, width: key.width, maxLines: key.maxLines,
                                truncation: .tail, alignment: key.alignment, measurer: measurer)
        if layoutCache.count >= layoutCacheCapacity { layoutCache.removeAll(keepingCapacity: true) }
        layoutCache[key] = (layout, measurer)
        return layout
    }

    /// Empties the shared layout cache (layouts held by cells stay).
    public static func removeCachedLayouts() {
        layoutCache.removeAll()
    }

    /// The parts' frames in `frame`; `frame.height` infinite: as tall as the content (measuring). Right to left
    /// the parts are those of the left-to-right row reflected in the frame (the leading part on the right, the
    /// accessory on the left; ``Appearance/contentInsets``' `left` is the leading inset), and the title's and
    /// subtitle's lines are flush right (``textAlignment(for:)``, drawn at ``textOrigin(of:in:direction:)``).
    static func arrange(in frame: Rect, title: String, subtitle: String?, leading: Leading, accessory: Accessory,
                        checkmark: Bool, appearance look: Appearance, measurer: any TextMeasurer,
                        direction: ReadingDirection = .leftToRight, slots: inout LayoutSlots) -> Parts {
        let insets = Insets(top: sanitised(look.contentInsets.top), left: sanitised(look.contentInsets.left),
                            bottom: sanitised(look.contentInsets.bottom), right: sanitised(look.contentInsets.right))
        let width = frame.width.isFinite ? max(0, frame.width) : 0
        let measuring = frame.height == .infinity
        let height = measuring ? 0 : (frame.height.isFinite ? max(0, frame.height) : 0)
        let x = frame.minX.isFinite ? frame.minX : 0, y = frame.minY.isFinite ? frame.minY : 0
        let midY = y + height / 2
        var contentLeft = x + insets.left
        let contentRight = max(contentLeft, x + width - insets.right)
        var minimum = look.minimumHeight.isFinite ? max(0, look.minimumHeight) : 0

        // Leading part.
        var leadingRect: Rect?
        let ls = look.leadingSize
        if leading != .none, ls.width.isFinite, ls.height.isFinite, ls.width > 0, ls.height > 0 {
            leadingRect = Rect(x: contentLeft, y: midY - ls.height / 2, width: ls.width, height: ls.height)
            contentLeft += ls.width + sanitised(look.leadingSpacing)
            minimum = max(minimum, ls.height + insets.top + insets.bottom)
        }
        let textLeft = min(contentLeft, contentRight)

        // Accessory (no local function: a closure over these variables would box them in debug builds).
        var accessorySize: Size?
        if checkmark {
            accessorySize = Size(width: 14, height: 14)
        } else {
            switch accessory {
            case .none: slots.value = LayoutSlot()
            case .chevron: accessorySize = Size(width: 8, height: 14)
            case .checkmark: accessorySize = Size(width: 14, height: 14)
            case .toggle:
                accessorySize = switchSize
                minimum = max(minimum, switchSize.height + insets.top + insets.bottom)
            case .value(let text):
                if text.isEmpty {
                    slots.value = LayoutSlot()
                } else {
                    let fraction = look.maximumValueFraction.isFinite ? min(1, max(0, look.maximumValueFraction)) : 0.5
                    let limit = max(0, contentRight - textLeft) * fraction
                    let layout = slots.value.resolve(LayoutKey(text: text, style: look.valueStyle, width: limit, maxLines: 1,
                                                               measurer: ObjectIdentifier(measurer)), measurer: measurer)
                    accessorySize = layout.size
                }
            }
        }
        var accessoryRect: Rect?
        var textRight = contentRight
        if let size = accessorySize {
            let w = min(size.width, max(0, contentRight - textLeft))
            accessoryRect = Rect(x: contentRight - w, y: midY - size.height / 2, width: w, height: size.height)
            textRight = max(textLeft, contentRight - w - sanitised(look.accessorySpacing))
        }
        let textWidth = max(0, textRight - textLeft)

        // Text.
        var titleHeight = 0.0
        if title.isEmpty {
            slots.title = LayoutSlot()
        } else {
            let layout = slots.title.resolve(LayoutKey(text: title, style: look.titleStyle, width: textWidth, maxLines: 1,
                                                       measurer: ObjectIdentifier(measurer),
                                                       alignment: textAlignment(for: direction)), measurer: measurer)
            titleHeight = layout.size.height
        }
        var subtitleHeight = 0.0, lineCount = 0
        let gap = sanitised(look.subtitleSpacing)
        if let subtitle, !subtitle.isEmpty {
            var maxLines = look.subtitleMaxLines > 0 ? look.subtitleMaxLines : 0
            if !measuring {
                // Only the lines that fit the frame (at least one).
                let lineHeight = look.subtitleStyle.size.isFinite && look.subtitleStyle.size > 0
                    ? max(0, measurer.fontMetrics(for: look.subtitleStyle.atCurrentTextScale).lineHeight) : 0
                if lineHeight > 0, lineHeight.isFinite {
                    let room = height - insets.top - insets.bottom - titleHeight - (titleHeight > 0 ? gap : 0)
                    let fit = max(1, Int(min(1e6, max(0, (room + 1e-6) / lineHeight))))
                    maxLines = maxLines > 0 ? min(maxLines, fit) : fit
                }
            }
            let layout = slots.subtitle.resolve(LayoutKey(text: subtitle, style: look.subtitleStyle, width: textWidth,
                                                          maxLines: maxLines, measurer: ObjectIdentifier(measurer),
                                                          alignment: textAlignment(for: direction)),
                                                measurer: measurer)
            subtitleHeight = layout.size.height
            lineCount = layout.lines.count
        } else {
            slots.subtitle = LayoutSlot()
        }
        let blockHeight = titleHeight + (subtitleHeight > 0 ? (titleHeight > 0 ? gap : 0) + subtitleHeight : 0)
        let fitting = max(minimum, insets.top + blockHeight + insets.bottom)
        let top = max(y + insets.top, midY - blockHeight / 2)
        let titleRect = Rect(x: textLeft, y: top, width: slots.title.layout?.size.width ?? 0, height: titleHeight)
        var subtitleRect: Rect?
        if subtitleHeight > 0, let layout = slots.subtitle.layout {
            subtitleRect = Rect(x: textLeft, y: titleRect.maxY + (titleHeight > 0 ? gap : 0), width: layout.size.width,
                                height: subtitleHeight)
        }

        // Separator.
        var separatorRect: Rect?
        if look.separatorColor != nil, !measuring {
            let thickness = min(sanitised(look.separatorThickness), height)
            var start = textLeft
            if let inset = look.separatorLeadingInset { start = x + sanitised(inset) }
            let end = x + width - sanitised(look.separatorTrailingInset)
            if thickness > 0, end > start {
                separatorRect = Rect(x: start, y: y + height - thickness, width: end - start, height: thickness)
            }
        }
        var parts = Parts(leading: leadingRect, title: titleRect, subtitle: subtitleRect, accessory: accessoryRect,
                          separator: separatorRect, textWidth: textWidth, subtitleLineCount: lineCount, fittingHeight: fitting)
        if direction == .rightToLeft {
            parts = parts.mirrored(in: x, width)
        }
        return parts
    }
}

extension StandardCell.Parts {
    /// The parts reflected in the horizontal span `x ..< x + width` (a right-to-left row).
    func mirrored(in x: Double, _ width: Double) -> Self {
        func m(_ r: Rect) -> Rect { Rect(x: 2 * x + width - r.maxX, y: r.minY, width: r.width, height: r.height) }
        var p = self
        p.leading = leading.map(m)
        p.title = m(title)
        p.subtitle = subtitle.map(m)
        p.accessory = accessory.map(m)
        p.separator = separator.map(m)
        return p
    }
}
