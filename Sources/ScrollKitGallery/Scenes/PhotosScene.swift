// PhotosScene: a list of `--items` rows, each an ImageLabelCell with a landscape thumbnail, and PhotoRows,
// its data source that prefetches images one screen ahead.

import Motion
import ScrollKit
import ScrollKitAssets
import ScrollKitSDL

extension SceneEntry {
    /// A list of `--items` rows, each an `ImageLabelCell` with one of the twelve landscapes of
    /// `Assets/Images` (CC0): images decoded off the main thread, prefetched one screen ahead.
    static let photos = SceneEntry(name: "photos") { context throws(CLIError) in
        PhotosScene(context: context)
    }
}

/// The photos scene: `--items` rows, 72 points tall, each a 56-point thumbnail of one of the twelve
/// landscapes in `Assets/Images`, its title and a subtitle, in an `ImageLabelCell`.
///
/// The images come from `ImageLibrary.shared` (the host canvas's library): decoded on its worker thread at
/// 56 × 56 points × the pixel scale, shown as a soft placeholder until they arrive, and prefetched for the
/// rows one screen ahead through `ListDataSourcePrefetching`. Headless runs are deterministic: the host
/// waits for each frame's decodes before the next frame (`HeadlessHost.settlesImageDecodes`), so frame 0
/// shows placeholders and frame 1 on the images.
@MainActor
final class PhotosScene: ListBackedScene {
    static let rowHeight = 72.0
    static let thumbnailSize = Size(width: 56, height: 56)
    static let names = ["Dusk over the bay", "Violet evening", "Clear noon", "Moonlit sound", "Desert glow",
                        "Spring lake", "Harbour lights", "Still water", "Afterglow", "Night swim",
                        "Amber coast", "Morning haze"]

    let list: ListView
    let rows: PhotoRows
    private var quit = false

    init(context: SceneContext) {
        ImageLibrary.shared.addSearchDirectory(BundledAssets.path(BundledAssets.imagesFolder))
        rows = PhotoRows(count: context.options.items)
        list = ListView(frame: Rect(origin: .zero, size: context.size), dataSource: rows)
        list.backgroundColor = .white
    }

    func hostDidResize(to size: Size) { list.frame = Rect(origin: .zero, size: size) }
    func handle(_ event: InputEvent) { list.handle(event) }
    func update(_ tick: FrameTick) { list.step(tick) }
    func draw(in canvas: DrawingCanvas) { list.draw(in: canvas) }
    var needsFrames: Bool { list.isAnimating }
    var wantsQuit: Bool { quit }

    var traceSample: TraceSample {
        var sample = TraceSample.neutral
        sample.offset = list.scrollView.contentOffset
        sample.velocity = list.scrollView.velocity
        sample.phase = list.scrollView.phase
        sample.viewportSize = list.frame.size
        sample.contentSize = list.scrollView.contentSize
        let visible = list.visibleCells
        sample.firstVisible = visible.first?.index ?? -1
        sample.lastVisible = visible.last?.index ?? -1
        return sample
    }

    var mainList: ListView { list }
    var defaultScrollCurve: TimingCurve { .smoothstep }

    func coversOpaquely(_ size: Size) -> Bool { true }
}

/// The photos scene's rows: image `scene-(i mod 12)`, prefetched one screen ahead.
@MainActor
final class PhotoRows: ListDataSourcePrefetching {
    let count: Int
    init(count: Int) { self.count = max(0, count) }

    var numberOfItems: Int { count }
    var fixedItemSize: Double? { SceneStyle.grownRowHeight(PhotosScene.rowHeight, textHeight: 39) }

    static func image(for index: Int) -> ImageRef {
        ImageRef(imageNames[index % imageNames.count])
    }
    static let imageNames = (0..<12).map { "scene-" + ($0 < 10 ? "0" : "") + String($0) }
    static let subtitles = (0..<12).map { "Landscape \($0 + 1) of 12 · 384 × 384 PNG, CC0" }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ImageLabelCell.self, for: index)
        cell.image = Self.image(for: index)
        cell.imageSize = PhotosScene.thumbnailSize
        cell.contentInsets = Insets(top: 8, left: 16, bottom: 8, right: 16)
        cell.title = PhotosScene.names[index % PhotosScene.names.count]
        cell.subtitle = Self.subtitles[index % Self.subtitles.count]   // made once: configuring a row allocates nothing
        return cell
    }

    func prefetchItems(at indices: Range<Int>) {
        for i in indices {
            ImageLibrary.shared.prefetch(Self.image(for: i), size: PhotosScene.thumbnailSize)
        }
    }
}
