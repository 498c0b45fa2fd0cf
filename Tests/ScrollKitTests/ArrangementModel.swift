// The layout tests' pieces: a box of a fixed ideal size, random rows and columns of boxes and spacers, and the
// reference model of a stack that fits (positions by plain arithmetic, written apart from StackArrangement).

import Motion
import SplitMix
@testable import ScrollKit

/// A view that wants `ideal` whatever it is offered.
@MainActor
final class Box: ViewNode {
    var ideal: Size
    init(_ width: Double, _ height: Double) {
        ideal = Size(width: width, height: height)
        super.init()
    }
    override func sizeThatFits(_ proposal: SizeProposal) -> Size { ideal }
}

/// One child of a random stack: a box, or a spacer.
enum StackPiece: Equatable {
    case box(Double, Double)
    case spacer
}

/// A random stack's pieces, its spacing and a container length that holds them (with room left over).
struct RandomStack {
    var pieces: [StackPiece]
    var spacing: Double
    var length: Double
    var crossLength: Double
    var alignmentFraction: Double

    init(_ rng: inout SplitMix64) {
        let n = 1 + rng.int(below: 8)
        pieces = (0..<n).map { _ in
            rng.int(below: 4) == 0 ? .spacer : .box((rng.uniform(1...80) * 2).rounded() / 2, (rng.uniform(1...60) * 2).rounded() / 2)
        }
        spacing = Double(rng.int(below: 5) * 2)
        let used = pieces.reduce(0.0) { if case .box(let w, _) = $1 { return $0 + w }; return $0 }
        length = used + spacing * Double(n - 1) + Double(rng.int(below: 200))
        crossLength = 60 + Double(rng.int(below: 40))
        alignmentFraction = [0, 0.5, 1][rng.int(below: 3)]
    }

    /// The views for the pieces (boxes along `axis`: width and height swapped for a column).
    @MainActor func views(along axis: LayoutAxis) -> [ViewNode] {
        pieces.map {
            switch $0 {
            case .spacer: return SpacerView()
            case .box(let main, let cross): return axis == .horizontal ? Box(main, cross) : Box(cross, main)
            }
        }
    }

    /// The model: each piece's frame (main position and length, cross position and length) in a left-to-right
    /// stack `length` long and `crossLength` across, aligned across by `alignmentFraction`.
    func expected() -> [(main: Double, mainLength: Double, cross: Double, crossLength: Double)] {
        let fixed = pieces.reduce(0.0) { if case .box(let w, _) = $1 { return $0 + w }; return $0 }
        let spacers = pieces.filter { $0 == .spacer }.count
        let gaps = spacing * Double(pieces.count - 1)
        let spacerLength = spacers == 0 ? 0 : (length - gaps - fixed) / Double(spacers)
        var at = 0.0
        return pieces.map { piece in
            let main: Double, cross: Double
            switch piece {
            case .spacer: (main, cross) = (spacerLength, 0)
            case .box(let w, let h): (main, cross) = (w, h)
            }
            defer { at += main + spacing }
            return (at, main, (crossLength - cross) * alignmentFraction, cross)
        }
    }
}

/// `frame`'s position along and across `axis`.
func mainCross(_ frame: Rect, _ axis: LayoutAxis) -> (main: Double, mainLength: Double, cross: Double, crossLength: Double) {
    axis == .horizontal ? (frame.minX, frame.width, frame.minY, frame.height) : (frame.minY, frame.height, frame.minX, frame.width)
}

func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
