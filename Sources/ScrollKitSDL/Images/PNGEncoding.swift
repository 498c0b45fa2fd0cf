// PNGEncoding: a surface encoded as PNG bytes in memory (SDL2_image through a growable SDL_RWops), so the file
// itself is written by CheckedFile, every byte checked: SDL2_image ignores the result of its writes and of
// closing the file, and a full disk left truncated PNGs behind.

import CSDL2
import CSDL2_image

/// The bytes an `SDL_RWops` is given, in a growable buffer (the RWops' `data1`).
private final class MemorySink {
    var bytes: [UInt8] = []
    var position = 0
}

private func sink(_ context: UnsafeMutablePointer<SDL_RWops>?) -> MemorySink? {
    guard let data = context?.pointee.hidden.unknown.data1 else { return nil }
    return Unmanaged<MemorySink>.fromOpaque(data).takeUnretainedValue()
}

enum PNGEncoding {
    /// `surface` as a PNG file's bytes.
    /// - Throws: `SDLError` naming `path` when SDL2_image cannot encode it.
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>, path: String) throws -> [UInt8] {
        guard let rw = SDL_AllocRW() else { throw SDLError("cannot encode PNG '\(path)'", path: path) }
        let memory = MemorySink()
        let retained = Unmanaged.passRetained(memory)
        defer {
            SDL_FreeRW(rw)
            retained.release()
        }
        rw.pointee.hidden.unknown.data1 = retained.toOpaque()
        rw.pointee.size = { context in Sint64(sink(context)?.bytes.count ?? -1) }
        rw.pointee.seek = { context, offset, whence in
            guard let memory = sink(context) else { return -1 }
            let base: Int
            switch whence {
            case RW_SEEK_SET: base = 0
            case RW_SEEK_CUR: base = memory.position
            case RW_SEEK_END: base = memory.bytes.count
            default: return -1
            }
            let (target, overflow) = base.addingReportingOverflow(Int(truncatingIfNeeded: offset))
            guard !overflow, target >= 0 else { return -1 }
            memory.position = target
            return Sint64(target)
        }
        rw.pointee.read = { _, _, _, _ in 0 }
        rw.pointee.write = { context, pointer, size, count in
            guard let memory = sink(context), let pointer else { return 0 }
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow, total > 0 else { return 0 }
            let source = UnsafeRawBufferPointer(start: pointer, count: total)
            if memory.position > memory.bytes.count {
                memory.bytes.append(contentsOf: repeatElement(0, count: memory.position - memory.bytes.count))
            }
            let overlap = min(total, memory.bytes.count - memory.position)
            if overlap > 0 {
                memory.bytes.replaceSubrange(memory.position..<(memory.position + overlap), with: source[0..<overlap])
            }
            memory.bytes.append(contentsOf: source[overlap...])
            memory.position += total
            return count
        }
        rw.pointee.close = { _ in 0 }   // freed above, not by SDL2_image (freedst 0)
        guard IMG_SavePNG_RW(surface, rw, 0) == 0, !memory.bytes.isEmpty else {
            throw SDLError("cannot encode PNG '\(path)'", path: path)
        }
        return memory.bytes
    }
}
