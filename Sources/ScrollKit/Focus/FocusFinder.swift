// FocusFinder: which rectangle a D-pad move from a source rectangle goes to, by Android's rule (the beam, then
// the weighted distance 13·major² + minor²).

/// The spatial rule of a D-pad move, after Android's `FocusFinder`: a candidate must lie in the move's direction;
/// one overlapping the source's *beam* (its extent across the move) beats one outside it, unless the one outside
/// is nearer along the move than the beam's candidate's far edge (and never for left and right, where the beam
/// always wins); otherwise the smaller weighted distance `13 · major² + minor²` wins (major: the gap along the
/// move, from the source's leading edge to the candidate's near edge; minor: the offset of the centres across it).
public enum FocusFinder {
    /// Whether `rect` lies in `move`'s direction from `source` (left: its right edge is left of the source's
    /// right edge, or touches the source's left edge, and it starts left of the source). Next and previous:
    /// never (they go in order).
    public static func isCandidate(_ source: Rect, _ rect: Rect, _ move: FocusMove) -> Bool {
        switch move {
        case .left: return (source.maxX > rect.maxX || source.minX >= rect.maxX) && source.minX > rect.minX
        case .right: return (source.minX < rect.minX || source.maxX <= rect.minX) && source.maxX < rect.maxX
        case .up: return (source.maxY > rect.maxY || source.minY >= rect.maxY) && source.minY > rect.minY
        case .down: return (source.minY < rect.minY || source.maxY <= rect.minY) && source.maxY < rect.maxY
        case .next, .previous: return false
        }
    }

    /// Whether `rect` overlaps the source's beam: its extent across the move.
    public static func beamsOverlap(_ source: Rect, _ rect: Rect, _ move: FocusMove) -> Bool {
        switch move {
        case .left, .right: return rect.maxY > source.minY && rect.minY < source.maxY
        case .up, .down: return rect.maxX > source.minX && rect.minX < source.maxX
        case .next, .previous: return false
        }
    }

    /// The gap along the move from the source's leading edge to `rect`'s near edge (0 when they overlap).
    public static func majorAxisDistance(_ source: Rect, _ rect: Rect, _ move: FocusMove) -> Double {
        switch move {
        case .left: return max(0, source.minX - rect.maxX)
        case .right: return max(0, rect.minX - source.maxX)
        case .up: return max(0, source.minY - rect.maxY)
        case .down: return max(0, rect.minY - source.maxY)
        case .next, .previous: return 0
        }
    }

    /// The distance along the move from the source's leading edge to `rect`'s far edge (at least 1).
    public static func majorAxisDistanceToFarEdge(_ source: Rect, _ rect: Rect, _ move: FocusMove) -> Double {
        switch move {
        case .left: return max(1, source.minX - rect.minX)
        case .right: return max(1, rect.maxX - source.maxX)
        case .up: return max(1, source.minY - rect.minY)
        case .down: return max(1, rect.maxY - source.maxY)
        case .next, .previous: return 1
        }
    }

    /// The offset across the move between the centres.
    public static func minorAxisDistance(_ source: Rect, _ rect: Rect, _ move: FocusMove) -> Double {
        switch move {
        case .left, .right: return abs(source.midY - rect.midY)
        case .up, .down: return abs(source.midX - rect.midX)
        case .next, .previous: return 0
        }
    }

    /// `13 · major² + minor²`: the gap along the move weighs thirteen times the offset across it (squared).
    public static func weightedDistance(_ source: Rect, _ rect: Rect, _ move: FocusMove) -> Double {
        let major = majorAxisDistance(source, rect, move), minor = minorAxisDistance(source, rect, move)
        return 13 * major * major + minor * minor
    }

    /// Whether `rect1`, in the source's beam, beats `rect2` outside it.
    static func beamBeats(_ source: Rect, _ rect1: Rect, _ rect2: Rect, _ move: FocusMove) -> Bool {
        let in1 = beamsOverlap(source, rect1, move), in2 = beamsOverlap(source, rect2, move)
        if in2 || !in1 { return false }
        // rect2 is not in the direction at all (it overlaps the source along the move): the beam wins.
        if !isAhead(source, rect2, move) { return true }
        if move == .left || move == .right { return true }
        return majorAxisDistance(source, rect1, move) < majorAxisDistanceToFarEdge(source, rect2, move)
    }

    /// Whether `rect` lies wholly past the source's leading edge (Android's `isToDirectionOf`).
    static func isAhead(_ source: Rect, _ rect: Rect, _ move: FocusMove) -> Bool {
        switch move {
        case .left: return source.minX >= rect.maxX
        case .right: return source.maxX <= rect.minX
        case .up: return source.minY >= rect.maxY
        case .down: return source.maxY <= rect.minY
        case .next, .previous: return false
        }
    }

    /// Whether a move from `source` prefers `candidate` to `best` (Android's `isBetterCandidate`).
    public static func isBetter(_ candidate: Rect, than best: Rect, from source: Rect, _ move: FocusMove) -> Bool {
        guard isCandidate(source, candidate, move) else { return false }
        if !isCandidate(source, best, move) || beamBeats(source, candidate, best, move) { return true }
        if beamBeats(source, best, candidate, move) { return false }
        return weightedDistance(source, candidate, move) < weightedDistance(source, best, move)
    }

    /// The indices of `rects` in the order a move from `source` prefers them (the best first); rectangles that
    /// are not candidates are left out. Stable: of two equal ones the earlier stays first.
    public static func ranked(_ rects: [Rect], from source: Rect, _ move: FocusMove) -> [Int] {
        var remaining = rects.indices.filter { isCandidate(source, rects[$0], move) }
        var result: [Int] = []
        result.reserveCapacity(remaining.count)
        while !remaining.isEmpty {
            var best = 0
            for k in 1..<remaining.count where isBetter(rects[remaining[k]], than: rects[remaining[best]], from: source, move) {
                best = k
            }
            result.append(remaining.remove(at: best))
        }
        return result
    }
}
