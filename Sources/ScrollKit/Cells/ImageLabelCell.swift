/// A ready-made cell with a leading image (a thumbnail) before a title and optional subtitle: a
/// ``LabelCell`` whose text and separator start after the image, like UIKit's cell with an `imageView`.
///
/// The image is drawn through ``DrawingCanvas/drawImage(_:in:opacity:)`` at ``imageSize``, vertically
/// centred, ``LabelCell/contentInsets``.left from the leading edge. The canvas decides what shows while the
/// image is not ready: ScrollKitSDL's `SDLCanvas` never waits for a decode, drawing a soft rounded
/// placeholder until the image has been decoded (off the main thread, at exactly this size) and a crossed
/// placeholder for an image that cannot be loaded (reported once through `ImageLibrary.onFailure`).
/// To have images ready before their rows scroll in, make the data source a ``ListDataSourcePrefetching``
/// and prefetch at ``imageSize``.
///
/// ```swift
/// func cell(at index: Int, in list: ListView) -> ListCell {
///     let cell = list.dequeueCell(ImageLabelCell.self, for: index)
///     cell.image = ImageRef("photos/\(index % 12)")
///     cell.title = "Photo \(index)"
///     cell.subtitle = "Taken today"
///     return cell
/// }
/// ```
///
/// ## Bad input
/// A `nil` ``image`` leaves the image's place empty (the text still starts after it, so rows line up); an
/// ``imageSize`` with a NaN, infinite, zero or negative side draws no image and takes no room.
@MainActor
open class ImageLabelCell: LabelCell {
    /// The size thumbnails are drawn at unless set otherwise: 48 × 48 points.
    public static let defaultImageSize = Size(width: 48, height: 48)

    /// The image shown before the text, or `nil` for none.
    public var image: ImageRef?
    /// The size the image is drawn at, in points (the image is scaled into it; use images of this aspect).
    public var imageSize: Size = ImageLabelCell.defaultImageSize
    /// Space between the image and the text, in points.
    public var imageSpacing: Double = 12
    /// The image's opacity (0...1).
    public var imageOpacity: Double = 1

    public required init() { super.init() }

    /// Clears the image as well as the text.
    open override func prepareForReuse() {
        super.prepareForReuse()
        image = nil
    }

    /// The rectangle the image is drawn in for a cell frame `frame`, or nil when ``imageSize`` is unusable.
    public func imageRect(in frame: Rect) -> Rect? {
        let w = imageSize.width, h = imageSize.height
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        let x = isRightToLeft ? frame.maxX - contentInsets.left - w : frame.minX + contentInsets.left   // leading
        return Rect(x: x, y: frame.minY + (frame.height - h) / 2, width: w, height: h)
    }

    open override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard frame.width > 0, frame.height > 0 else { return }
        guard let rect = imageRect(in: frame) else {
            super.draw(in: canvas, frame: frame)
            return
        }
        // The text (and separator) start after the image: LabelCell draws with a wider leading inset.
        let insets = contentInsets
        contentInsets.left += rect.width + max(0, imageSpacing.isFinite ? imageSpacing : 0)
        super.draw(in: canvas, frame: frame)
        contentInsets = insets
        if let image { canvas.drawImage(image, in: rect, opacity: imageOpacity) }
    }
}
