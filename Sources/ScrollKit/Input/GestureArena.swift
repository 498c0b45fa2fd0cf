// GestureArena: where the recognizers a pointer's down reached compete for that pointer (Flutter's
// GestureArena rules, with UIKit's failure requirements and simultaneous recognition).

import Motion

/// One pointer: the mouse, or one finger of one touchscreen. Every pointer has an arena of its own.
public struct PointerID: Sendable, Hashable, CustomStringConvertible {
    /// The touchscreen (``InputEvent/touchDown(device:id:location:time:)``'s `device`); -1 for the mouse.
    public var device: Int
    /// The finger (its `id`); 0 for the mouse.
    public var id: Int

    /// A pointer of `device` (-1: the mouse) and finger `id`.
    public init(device: Int, id: Int) {
        self.device = device
        self.id = id
    }

    /// The mouse (and any pointer-event stream a host sends as one pointer).
    public static let mouse = PointerID(device: -1, id: 0)

    /// Whether this is a finger (not the mouse).
    public var isTouch: Bool { device >= 0 }

    public var description: String { isTouch ? "finger \(device):\(id)" : "mouse" }
}

/// The arena of one pointer: the recognizers on the down's hit path (innermost first) compete; one place
/// decides who gets the pointer. The rules are Flutter's `GestureArenaManager`'s, with UIKit's
/// `require(toFail:)` and simultaneous recognition on top:
///
/// - Members join while the arena is **open** (during the down). A claim made while it is open is kept
///   (the *eager winner*) and honoured when it **closes** (after the down). A closed arena with one member
///   left gives it the pointer.
/// - A claim on a closed arena wins at once: every other member is rejected — except those that recognize
///   simultaneously with the winner (``GestureRecognizer/recognizeSimultaneously(with:)``), which stay and
///   are accepted when they claim.
/// - A member that gives up leaves; if one is left in a closed arena it wins.
/// - A claim of a member that requires another to fail (``GestureRecognizer/require(toFail:)``) waits while
///   that other is still in the arena: it wins when the other gives up, and is rejected if the other wins.
/// - On the pointer's up the arena is **swept** unless **held**: with nobody decided, the first member
///   (the innermost) wins and the rest are rejected. A held arena is swept when it is released.
///
/// Cost: O(members) per resolution; no allocation after the members joined.
@MainActor
final class GestureArena {
    let pointer: PointerID
    private(set) var members: [GestureRecognizer] = []
    private(set) var isOpen = true
    private(set) var isHeld = false
    private var sweepPending = false
    private var eagerWinner: GestureRecognizer?
    /// The winner, once one is decided (``GestureRecognizer``s that recognize with it simultaneously are
    /// accepted beside it).
    private(set) var winner: GestureRecognizer?
    /// Claims waiting for the members they require to fail.
    private var waiting: [GestureRecognizer] = []
    /// The pointer went up (the arena stays while it is held and undecided).
    var isUp = false
    /// The pointer's velocity, sampled by the router at each of its events (the one tracker of a pointer).
    var trackerX = VelocityTracker()
    var trackerY = VelocityTracker()
    /// Whether the arena is over: a winner was chosen, or every member left.
    var isResolved: Bool { winner != nil || (!isOpen && members.isEmpty) }

    init(pointer: PointerID) { self.pointer = pointer }

    /// Adds `member` (ignored once closed or when it is already in).
    func add(_ member: GestureRecognizer) {
        guard isOpen, !members.contains(where: { $0 === member }) else { return }
        members.append(member)
    }

    /// Closes the arena after the down: an eager claim wins now, a lone member wins.
    func close() {
        guard isOpen else { return }
        isOpen = false
        if let eager = eagerWinner {
            eagerWinner = nil
            claim(eager)
        } else {
            tryToResolve()
        }
    }

    /// `member` claims the pointer.
    func claim(_ member: GestureRecognizer) {
        guard members.contains(where: { $0 === member }) else { return }
        if let winner {
            // Decided: a simultaneous member is accepted beside the winner; anyone else was rejected already.
            if winner !== member, member.recognizesSimultaneously(with: winner) { member.arenaAccepted(pointer) }
            return
        }
        if isOpen {
            if eagerWinner == nil { eagerWinner = member }
            return
        }
        if blocker(of: member) != nil {
            if !waiting.contains(where: { $0 === member }) { waiting.append(member) }
            return
        }
        resolve(in: member)
    }

    /// `member` gives up the pointer (it failed, or it was cancelled).
    func reject(_ member: GestureRecognizer) {
        // A decided arena's winner keeps it (as a resolved Flutter arena ignores later resolutions).
        guard winner !== member, let i = members.firstIndex(where: { $0 === member }) else { return }
        members.remove(at: i)
        waiting.removeAll { $0 === member }
        if eagerWinner === member { eagerWinner = nil }
        member.arenaRejected(self)
        guard winner == nil, !isOpen else { return }
        // A waiting claim whose blockers are all gone wins now.
        if let next = waiting.first(where: { blocker(of: $0) == nil }) {
            waiting.removeAll { $0 === next }
            resolve(in: next)
            return
        }
        tryToResolve()
    }

    /// Keeps the arena from being swept at the pointer's up (a double tap waiting for its second tap).
    func hold() {
        isHeld = true
    }

    /// Lets a held arena go: if its sweep was due, it happens now.
    func release() {
        isHeld = false
        if sweepPending { sweep() }
    }

    /// The pointer's up: with nobody decided, the first member wins (unless the arena is held).
    func sweep() {
        guard !isOpen, winner == nil else { return }
        if isHeld { sweepPending = true; return }
        sweepPending = false
        guard let first = members.first(where: { blocker(of: $0) == nil }) ?? members.first else { return }
        resolve(in: first, acceptingFirst: true)
    }

    /// Ends the arena: every member left is rejected (the pointer went away).
    func cancelAll() {
        let left = members
        members.removeAll()
        waiting.removeAll()
        eagerWinner = nil
        winner = nil
        isOpen = false
        for m in left { m.arenaRejected(self) }
    }

    /// A member still in the arena that `member` requires to fail, if any.
    private func blocker(of member: GestureRecognizer) -> GestureRecognizer? {
        for other in member.failureRequirements {
            if let o = other.value, o !== member, members.contains(where: { $0 === o }) { return o }
        }
        return nil
    }

    private func tryToResolve() {
        guard !isOpen, winner == nil, members.count == 1 else { return }
        let only = members[0]
        if blocker(of: only) == nil { resolve(in: only) }
    }

    /// The winner is told first at a sweep, last otherwise (as Flutter's `sweep` and `_resolveInFavorOf`).
    private func resolve(in member: GestureRecognizer, acceptingFirst: Bool = false) {
        winner = member
        waiting.removeAll()
        if acceptingFirst { member.arenaAccepted(pointer) }
        // The others leave, except those recognizing simultaneously with the winner.
        var k = 0
        while k < members.count {
            let m = members[k]
            if m !== member && !m.recognizesSimultaneously(with: member) {
                members.remove(at: k)
                m.arenaRejected(self)
            } else {
                k += 1
            }
        }
        if !acceptingFirst { member.arenaAccepted(pointer) }
    }
}
