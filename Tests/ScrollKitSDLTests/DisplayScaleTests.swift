import Testing
@testable import ScrollKitSDL

/// The X11 desktop scale: SCROLLKIT_SCALE, then GDK_SCALE, then Xft.dpi / 96 (resource text as `xrdb -query`
/// prints it, which is what RESOURCE_MANAGER holds).
@Suite struct DisplayScaleTests {
    static let gnome150 = "Xcursor.size:\t24\nXcursor.theme:\tAdwaita\nXft.antialias:\t1\nXft.dpi:\t144\nXft.hinting:\t1\n"

    @Test("the first setting that is present wins, in the documented order")
    func order() {
        #expect(DisplayScale.resolve(environment: ["SCROLLKIT_SCALE": "1.25", "GDK_SCALE": "2"], resources: Self.gnome150)
                == DisplayScale(scale: 1.25, source: "SCROLLKIT_SCALE"))
        #expect(DisplayScale.resolve(environment: ["GDK_SCALE": "2"], resources: Self.gnome150)
                == DisplayScale(scale: 2, source: "GDK_SCALE"))
        #expect(DisplayScale.resolve(environment: [:], resources: Self.gnome150) == DisplayScale(scale: 1.5, source: "Xft.dpi"))
        #expect(DisplayScale.resolve(environment: [:], resources: nil) == DisplayScale(scale: 1, source: "default"))
        #expect(DisplayScale.resolve(environment: [:], resources: "Xcursor.size: 24\n") == DisplayScale(scale: 1, source: "default"))
    }

    @Test("fractional desktop scales from Xft.dpi: 120, 144 and 168 dpi are 1.25, 1.5 and 1.75",
          arguments: [(96.0, 1.0), (120, 1.25), (144, 1.5), (168, 1.75), (192, 2), (110, 1.15)])
    func fractional(dpi: Double, scale: Double) {
        let r = DisplayScale.resolve(environment: [:], resources: "Xft.dpi: \(dpi)\n")
        #expect(r.scale == scale && r.source == "Xft.dpi")
    }

    @Test("a bad value is ignored with a warning naming it, and the next setting is used",
          arguments: ["abc", "0", "-1", "nan", "inf", "12", "0.2"])
    func badValues(value: String) {
        let r = DisplayScale.resolve(environment: ["SCROLLKIT_SCALE": value, "GDK_SCALE": "2"], resources: nil)
        #expect(r.scale == 2 && r.source == "GDK_SCALE")
        #expect(r.warning == "SCROLLKIT_SCALE=\(value) is not a scale between 0.5 and 4: ignored")
        let dpi = DisplayScale.resolve(environment: [:], resources: "Xft.dpi:\t\(value)\n")
        #expect(dpi.scale == 1)
    }

    @Test("the last Xft.dpi in the database wins, as in xrdb; other resources are not read as it")
    func lastWins() {
        #expect(DisplayScale.xftDPI("Xft.dpi: 96\nXft.dpi: 192\n") == 192)
        #expect(DisplayScale.xftDPI("Xft.dpix: 200\nmyapp.Xft.dpi: 300\n") == nil)
    }
}
