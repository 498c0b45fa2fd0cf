import Testing
import Motion

@Suite struct ParsingTests {
    @Test("every named curve parses from its name", arguments: TimingCurve.allNamed)
    func roundTrip(curve: TimingCurve) throws {
        #expect(try TimingCurve(parsing: curve.name) == curve)
        #expect(try TimingCurve(parsing: "  \(curve.name.uppercased())\t") == curve)
        #expect(curve.description == curve.name)
    }

    @Test("the UIKit ScrollTimingFunction's names are aliases", arguments: [
        ("linear", TimingCurve.linear),
        ("quadIn", .easeInQuad), ("quadOut", .easeOutQuad), ("quadInOut", .easeInOutQuad),
        ("cubicIn", .easeInCubic), ("cubicOut", .easeOutCubic), ("cubicInOut", .easeInOutCubic),
        ("quartIn", .easeInQuart), ("quartOut", .easeOutQuart), ("quartInOut", .easeInOutQuart),
        ("quintIn", .easeInQuint), ("quintOut", .easeOutQuint), ("quintInOut", .easeInOutQuint),
        ("sineIn", .easeInSine), ("sineOut", .easeOutSine), ("sineInOut", .easeInOutSine),
        ("expoIn", .easeInExpo), ("expoOut", .easeOutExpo), ("expoInOut", .easeInOutExpo),
        ("circleIn", .easeInCirc), ("circleOut", .easeOutCirc), ("circleInOut", .easeInOutCirc),
        ("bounceOut", .easeOutBounce), ("backInOut", .easeInOutBack),
        ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
    ])
    func aliases(alias: String, curve: TimingCurve) throws {
        #expect(try TimingCurve(parsing: alias) == curve)
    }

    @Test("aliases are not listed in allNamed")
    func noAliasesInAllNamed() {
        let names = Set(TimingCurve.allNamed.map(\.name))
        #expect(!names.contains("quadIn") && !names.contains("circleInOut") && !names.contains("ease-in"))
    }

    @Test("cubic-bezier strings", arguments: [
        ("cubic-bezier(0.25,0.1,0.25,1)", 0.25, 0.1, 0.25, 1.0),
        ("cubic-bezier( 0.42 , 0 , 1 , 1 )", 0.42, 0, 1, 1),
        ("cubicBezier(0.68,-0.55,0.265,1.55)", 0.68, -0.55, 0.265, 1.55),
        ("CUBIC-BEZIER(0,0,.58,1)", 0, 0, 0.58, 1),
        ("cubic-bezier(1e-1, 2E-1, 0.5, 1)", 0.1, 0.2, 0.5, 1),
    ])
    func bezier(text: String, x1: Double, y1: Double, x2: Double, y2: Double) throws {
        let curve = try TimingCurve(parsing: text)
        #expect(curve == .cubicBezier(x1, y1, x2, y2))
        #expect(try TimingCurve(parsing: curve.name) == curve)
    }

    @Test("canonical names of parameterised curves")
    func parameterisedNames() throws {
        #expect(TimingCurve.cubicBezier(0.25, 0.1, 0.25, 1).name == "cubic-bezier(0.25,0.1,0.25,1)")
        #expect(TimingCurve.spring(dampingRatio: 0.8, response: 0.4).name == "spring(0.8,0.4)")
        let spring = try TimingCurve(parsing: "spring(0.8, 0.4)")
        #expect(spring == .spring(dampingRatio: 0.8, response: 0.4))
        #expect(try TimingCurve(parsing: spring.name) == spring)
    }

    @Test("an unknown name lists every valid one")
    func unknownName() {
        #expect {
            try TimingCurve(parsing: "easeOutWobble")
        } throws: { error in
            guard let error = error as? TimingCurveError else { return false }
            let text = error.description
            return text.contains("easeOutWobble") && !text.contains("\n")
                && TimingCurve.allNamed.allSatisfy { text.contains($0.name) }
                && text.contains("cubic-bezier(x1, y1, x2, y2)") && text.contains("spring(")
        }
    }

    @Test("malformed parameterised curves say what was expected", arguments: [
        ("cubic-bezier(0.25,0.1,0.25)", "3 values instead of 4"),
        ("cubic-bezier(0.25,0.1,0.25,1,2)", "5 values instead of 4"),
        ("cubic-bezier()", "1 value instead of 4"),
        ("cubic-bezier(0.25,0.1,0.25,1", "missing \")\""),
        ("cubic-bezier(a,0.1,0.25,1)", "\"a\" is not a finite number"),
        ("cubic-bezier(0.25,,0.25,1)", "\"\" is not a finite number"),
        ("cubic-bezier(nan,0.1,0.25,1)", "\"nan\" is not a finite number"),
        ("cubic-bezier(0.25,inf,0.25,1)", "\"inf\" is not a finite number"),
        ("cubic-bezier(1.5,0,1,1)", "x1 = 1.5"),
        ("cubic-bezier(0,0,-0.1,1)", "x2 = -0.1"),
        ("spring(0.8)", "1 value instead of 2"),
        ("spring(0,0.4)", "dampingRatio = 0"),
        ("spring(0.8,-1)", "response = -1"),
    ])
    func malformed(text: String, fragment: String) {
        #expect {
            try TimingCurve(parsing: text)
        } throws: { error in
            guard let error = error as? TimingCurveError else { return false }
            let expected = text.hasPrefix("spring") ? "spring(dampingRatio, response)" : "cubic-bezier(x1, y1, x2, y2)"
            return error.description.contains(fragment) && error.description.contains(expected)
                && error.input == text && !error.description.contains("\n")
        }
    }

    @Test("empty and whitespace text is an unknown name", arguments: ["", "   ", "(", "ease in"])
    func empty(text: String) {
        #expect(throws: TimingCurveError.self) { try TimingCurve(parsing: text) }
    }
}
