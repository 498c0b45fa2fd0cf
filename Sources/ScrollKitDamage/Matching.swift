// DamageState's matching: pairing this frame's calls with the last frame's that draw the same, as a multiset
// through a hash table of the old calls by summary, and comparing two calls.

#if canImport(Glibc)
import Glibc   // memcmp
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollKit

// Matching: which of this frame's calls draw what one of the last frame's drew (relative to their space),
// as a multiset, through a hash table of the old calls by summary.

extension DamageState {
    /// Whether old call `a` and new call `b` draw the same pixels (relative to their space). Batches of
    /// circles never do (they are large, change every frame where they are used, and are let go of).
    @inline(__always)   // called from matchCalls' buffer closures: a call out of them would copy `self`
    private func sameCall(_ a: UnsafePointer<DrawCommand>, _ b: UnsafePointer<DrawCommand>) -> Bool {
        guard a.pointee.hash == b.pointee.hash, !a.pointee.alwaysRedraw, !b.pointee.alwaysRedraw,
              a.pointee.space == b.pointee.space, a.pointee.keyTx == b.pointee.keyTx, a.pointee.keyTy == b.pointee.keyTy,
              sameRect(a.pointee.keyClip, b.pointee.keyClip) else { return false }
        // One op at a time, in place (copying the calls, or a tuple of both ops, costs more than comparing).
        switch a.pointee.op {
        case .circles: return false
        case .polyline(let ra, let ca, let wa):
            guard case .polyline(let rb, let cb, let wb) = b.pointee.op else { return false }
            return ca == cb && wa == wb && previousPoints[ra] == points[rb]
        case .text(_, let ba, let ra, let sa, let aa):
            guard case .text(_, let bb, let rb, let sb, let ab) = b.pointee.op else { return false }
            return ra == rb && sa == sb && aa == ab && Self.sameBytes(previousTextBytes, ba, textBytes, bb)
        case .layout(let ia, let oa):
            guard case .layout(let ib, let ob) = b.pointee.op else { return false }
            return oa == ob && previousLayout(ia) == layout(ib)
        case .image(let ia, let ra, let pa, let sa, let wa):
            guard case .image(let ib, let rb, let pb, let sb, let wb) = b.pointee.op else { return false }
            return ra == rb && pa == pb && sa == sb && wa == wb && previousImages[Int(ia)] == images[Int(ib)]
        default: return a.pointee.op == b.pointee.op
        }
    }

    private static func sameBytes(_ a: [UInt8], _ ra: Range<Int>, _ b: [UInt8], _ rb: Range<Int>) -> Bool {
        guard ra.count == rb.count else { return false }
        guard !ra.isEmpty else { return true }
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                memcmp(pa.baseAddress! + ra.lowerBound, pb.baseAddress! + rb.lowerBound, ra.count) == 0
            }
        }
    }

    /// Matches this frame's calls with the last frame's as a multiset (`matchOf`: the old call each new
    /// one matched, or -1; `used`: the old calls matched).
    /// one matched, or -1; `used`: the old calls matched).
    mutating func matchCalls() {
        let new = commands, old = previous
        // A table of the old calls by summary, each chain in call order. The scratch is taken out of `self`
        // while it is filled (written through buffers, with no uniqueness check per element).
        var size = 16
        while size < 2 * old.count { size *= 2 }
        let mask = size - 1
        var buckets: [Int32] = [], chain: [Int32] = [], used: [Bool] = [], matchOf: [Int32] = []
        swap(&buckets, &self.buckets); swap(&chain, &self.chain); swap(&used, &self.used); swap(&matchOf, &self.matchOf)
        buckets.removeAll(keepingCapacity: true)
        buckets.append(contentsOf: repeatElement(-1, count: size))
        chain.removeAll(keepingCapacity: true)
        chain.append(contentsOf: repeatElement(-1, count: old.count))
        used.removeAll(keepingCapacity: true)
        used.append(contentsOf: repeatElement(false, count: old.count))
        matchOf.removeAll(keepingCapacity: true)
        matchOf.append(contentsOf: repeatElement(-1, count: new.count))
        old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
        buckets.withUnsafeMutableBufferPointer { buckets in
        chain.withUnsafeMutableBufferPointer { chain in
        used.withUnsafeMutableBufferPointer { used in
        matchOf.withUnsafeMutableBufferPointer { matchOf in
            var i = old.count - 1
            while i >= 0 {
                let b = Int(truncatingIfNeeded: old[i].hash) & mask
                chain[i] = buckets[b]
                buckets[b] = Int32(i)
                i -= 1
            }
            guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return }
            // Calls taken over from the last frame are theirs.
            for r in reused {
                for n in 0..<r.count {
                    matchOf[r.new + n] = Int32(r.old + n)
                    used[r.old + n] = true
                }
            }
            for j in 0..<new.count where matchOf[j] < 0 {
                let hash = new[j].hash
                var k = buckets[Int(truncatingIfNeeded: hash) & mask]
                while k >= 0 {
                    // The summaries first: the full comparison only when they agree.
                    if !used[Int(k)], old[Int(k)].hash == hash, sameCall(oldBase + Int(k), newBase + j) {
                        used[Int(k)] = true
                        matchOf[j] = k
                        break
                    }
                    k = chain[Int(k)]
                }
            }
        }}}}}}
        swap(&buckets, &self.buckets); swap(&chain, &self.chain); swap(&used, &self.used); swap(&matchOf, &self.matchOf)
    }

}
