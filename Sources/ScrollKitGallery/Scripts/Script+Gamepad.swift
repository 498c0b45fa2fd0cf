// Script events for a game controller and a rotary encoder: `gamepad` (a button down or up) and `rotary` (notches
// turned, positive clockwise).

import ScrollKit

extension Script {
    /// The button names a `gamepad` event accepts, in the documented order (`GamepadButton`'s raw values).
    static let gamepadButtonNames = GamepadButton.allCases.map(\.rawValue)
    /// The most notches one `rotary` event may turn, either way.
    static let maxRotarySteps = 1_000
}

extension EventReader {
    /// `{"type": "gamepad", "button": "dpadUp|…|back", "state": "down|up"}`.
    func gamepadAction() throws(ScriptError) -> ScriptAction {
        let name = try string("button")
        guard let button = GamepadButton(rawValue: name) else {
            throw fail("\"button\" must be one of \(Script.gamepadButtonNames.joined(separator: ", ")) (got \"\(excerpt(name))\")")
        }
        let state = try string("state")
        guard state == "down" || state == "up" else {
            throw fail("\"state\" must be down or up (got \"\(excerpt(state))\")")
        }
        return .gamepad(button, pressed: state == "down")
    }

    /// `{"type": "rotary", "steps": N}`: a whole, non-zero number of notches (positive is clockwise, forward).
    func rotaryAction() throws(ScriptError) -> ScriptAction {
        let limit = Double(Script.maxRotarySteps)
        let steps = try wholeNumber("steps", min: -limit, max: limit)
        guard steps != 0 else { throw fail("\"steps\" must not be 0 (positive turns clockwise, negative counter-clockwise)") }
        return .rotary(steps: steps)
    }
}
