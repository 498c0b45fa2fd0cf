// ViewNode's reduced-motion setting: the app-wide switch the host hands down (as it hands down the layout
// direction), the MotionPolicy the library's views build their Animated values with, and its per-view reading.

import Motion

/// Reduced motion, as UIKit's `UIAccessibility.isReduceMotionEnabled` and GNOME's `enable-animations`.
///
/// ScrollKit reads no environment: ScrollKitSDL's host sets ``isReduceMotionEnabled`` when it starts (from
/// `SCROLLKIT_REDUCE_MOTION`, else GNOME's `org.gnome.desktop.interface enable-animations`; `HostOptions`
/// overrides; the headless host leaves it off unless asked, so its runs stay reproducible). While it is on,
/// the library's views play their motions through ``motionPolicy`` (see ``MotionRole``): pushes, pops and sheets
/// presented or dismissed by code cross-fade in 0.2 s; timed scrolls, scrolls to an item, key paging, timed zooms,
/// the keyboard's slide and a tab bar's pill jump; a bounce back onto an edge or a snap runs on a spring twice as
/// fast; drags, flings, wheel glides and the settles after a release are unchanged. An app's own motions follow
/// it the same way:
///
/// ```swift
/// fade = Animated(TimedSimulation(from: 0, to: 1, duration: 0.4), pacing: motionPolicy.pacing(for: .travel))
/// if ViewNode.isReduceMotionEnabled { /* skip a decorative animation */ }
/// ```
extension ViewNode {
    /// Whether motion is reduced app-wide. Set by the host when it starts; an app may set it (a setting of its
    /// own). Motions under way keep their pacing; the next ones follow the new value.
    public static var isReduceMotionEnabled = false

    /// The policy the views build their motions with: ``MotionPolicy/reduced`` while ``isReduceMotionEnabled``,
    /// else ``MotionPolicy/standard``.
    public static var motionPolicy: MotionPolicy {
        isReduceMotionEnabled ? .reduced : .standard
    }

    /// The policy this view builds its motions with (``ViewNode/motionPolicy``, the app-wide one).
    public var motionPolicy: MotionPolicy { ViewNode.motionPolicy }
}
