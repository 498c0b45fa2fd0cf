import Foundation
import Testing

/// SDL_Surface's fields other than `pixels` and `userdata` are read-only (SDL_surface.h): SDL derives its
/// clip rectangle, blit maps and a software renderer's viewport from them. A presenter whose canvas changes
/// size makes a new surface (and the window host a renderer on it); it never rewrites a surface's size.
@Suite("SDL surfaces")
struct SurfaceContractTests {
    /// Every Swift source of the package's own modules.
    static func sources() throws -> [(path: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { ($0.path, try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test("no source assigns a read-only field of an SDL surface (w, h, pitch, format, flags, clip_rect, map, refcount, locked)")
    func noReadOnlyFieldWritten() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100)
        let assignment = try Regex(#"\.pointee\.(w|h|pitch|format|flags|clip_rect|map|refcount|locked|list_blitmap)\s*(=[^=]|\+=|-=)"#)
        var found: [String] = []
        for (path, text) in sources {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(assignment) {
                found.append("\(URL(fileURLWithPath: path).lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "read-only SDL_Surface fields written:\n\(found.joined(separator: "\n"))")
    }
}
