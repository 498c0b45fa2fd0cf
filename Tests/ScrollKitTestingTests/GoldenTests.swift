// Golden images through TestApp: a frame matches its own golden, a changed frame fails with a message that
// says how much differs and where the actual and difference images were written.

import Foundation
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing

@MainActor
@Suite("Golden images", .serialized)
struct GoldenTests {
    private func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollkit-golden-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("a frame matches the golden written from it; a scrolled frame fails readably, with side files")
    func mismatchIsReadable() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let list = ListView(frame: .zero, dataSource: PlainRows())
        let app = try TestApp(root: list, size: Size(width: 200, height: 300))
        let golden = dir + "/list.png"
        #expect(try GoldenImage.check(app.screenshot(), against: golden, update: true) == .written(golden: golden))
        #expect(try GoldenImage.check(app.screenshot(), against: golden, update: false).problem == nil)

        app.drag(from: Point(x: 100, y: 250), to: Point(x: 100, y: 100), duration: 0.3)
        try app.settle()
        let result = try GoldenImage.check(app.screenshot(), against: golden, update: false)
        guard case .mismatch(let difference, let actualPath, let diffPath) = result else {
            Issue.record("a scrolled frame matched the unscrolled golden: \(result)")
            return
        }
        #expect(difference.differingPixels > 1000 && !difference.sizeMismatch)
        let problem = try #require(result.problem)
        #expect(problem.contains("pixels differ") && problem.contains(actualPath) && problem.contains(diffPath))
        #expect(FileManager.default.fileExists(atPath: actualPath) && FileManager.default.fileExists(atPath: diffPath))
        let diff = try PNGWriter.read(path: diffPath)
        #expect(diff.width == 200 && diff.height == 300)
    }
}

@MainActor
private final class PlainRows: ListDataSource {
    var numberOfItems: Int { 200 }
    var fixedItemSize: Double? { 44 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Item \(index)"
        return cell
    }
}
