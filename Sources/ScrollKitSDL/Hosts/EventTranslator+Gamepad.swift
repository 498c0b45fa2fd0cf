// EventTranslator's game controllers: SDL's game controller buttons (SDL_CONTROLLERBUTTONDOWN/UP) as
// GamepadButton events, the left stick (SDL_CONTROLLERAXISMOTION) as stick events, and opening controllers as
// they are plugged in (SDL_CONTROLLERDEVICEADDED).

import CSDL2
import ScrollKit

extension EventTranslator {
    /// Starts SDL's game controller subsystem, so that controllers plugged in (and those present, which SDL
    /// announces as added) send events. Returns whether it runs. A window host calls it as it starts.
    @discardableResult
    public static func startGameControllers() -> Bool {
        SDL_WasInit(SDL_INIT_GAMECONTROLLER) != 0 || SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0
    }

    /// The ScrollKit button for an SDL game controller button, or nil (the guide button, paddles, the touchpad).
    public static func gamepadButton(_ button: SDL_GameControllerButton) -> GamepadButton? {
        switch button {
        case SDL_CONTROLLER_BUTTON_DPAD_UP: return .dpadUp
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return .dpadDown
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return .dpadLeft
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return .dpadRight
        case SDL_CONTROLLER_BUTTON_A: return .a
        case SDL_CONTROLLER_BUTTON_B: return .b
        case SDL_CONTROLLER_BUTTON_X: return .x
        case SDL_CONTROLLER_BUTTON_Y: return .y
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return .leftShoulder
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return .rightShoulder
        case SDL_CONTROLLER_BUTTON_START: return .start
        case SDL_CONTROLLER_BUTTON_BACK: return .back
        default: return nil
        }
    }

    /// An axis value of SDL's (-32768…32767) as -1…1.
    static func axisValue(_ raw: Int16) -> Double {
        max(-1, Double(raw) / 32767)
    }

    /// The meaning of a game controller event (nil for other events and for what ScrollKit ignores).
    mutating func gamepadEvent(_ event: SDL_Event, time: Double) -> HostEvent? {
        switch SDL_EventType(event.type) {
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let button = Self.gamepadButton(SDL_GameControllerButton(Int32(event.cbutton.button))) else { return nil }
            return .input(.gamepad(button, pressed: event.cbutton.state == UInt8(SDL_PRESSED), time: time))
        case SDL_CONTROLLERAXISMOTION:
            let axis = SDL_GameControllerAxis(Int32(event.caxis.axis))
            switch axis {
            case SDL_CONTROLLER_AXIS_LEFTX: stick.x = Self.axisValue(event.caxis.value)
            case SDL_CONTROLLER_AXIS_LEFTY: stick.y = Self.axisValue(event.caxis.value)
            default: return nil
            }
            return .input(.gamepadStick(x: stick.x, y: stick.y, time: time))
        case SDL_CONTROLLERDEVICEADDED:
            // Open it: SDL sends a controller's events only while it is open (SDL closes it when it goes).
            if SDL_IsGameController(event.cdevice.which) == SDL_TRUE { _ = SDL_GameControllerOpen(event.cdevice.which) }
            return nil
        case SDL_CONTROLLERDEVICEREMOVED:
            if let controller = SDL_GameControllerFromInstanceID(event.cdevice.which) { SDL_GameControllerClose(controller) }
            stick = (0, 0)
            return .input(.gamepadStick(x: 0, y: 0, time: time))
        default:
            return nil
        }
    }
}
