// swift-tools-version: 6.1
import PackageDescription

// The layers, each importing only those below it:
//   scrollkit-demo (the command line) → ScrollKitGallery → ScrollKitSDL → ScrollKitDamage → ScrollKit → Motion
// ScrollKit uses three plain C system libraries: libunibreak (CUnibreak: UAX #14 line-break rules), FriBidi
// (CFriBidi: UAX #9) and ICU's break iterator (CICUBreak: dictionary word breaks for Thai, Lao, Khmer, Burmese).
// ScrollKitSDL also uses the system libraries (CSDL2, CSDL2_ttf, CSDL2_image), the pixel kernels
// (CScrollKitPixels) and the shipped assets (ScrollKitAssets, the top-level Assets/ folder).
// pkg-config for SDL on Linux adds `-D_REENTRANT` to the C flags, which SwiftPM refuses with a warning
// ("prohibited flag(s)") for every target that imports SDL, in this package and in every package that
// depends on it. Debian and Ubuntu put SDL's headers under /usr/include/SDL2, which the shims include as
// <SDL2/SDL.h> from the default include path, and the module maps link the libraries by name: no
// pkg-config needed there. Elsewhere (macOS with Homebrew, other prefixes) pkg-config finds them.
#if os(Linux)
let pkgConfig: (sdl2: String?, ttf: String?, image: String?, unibreak: String?) = (nil, nil, nil, nil)
#else
let pkgConfig: (sdl2: String?, ttf: String?, image: String?, unibreak: String?) =
    ("sdl2", "SDL2_ttf", "SDL2_image", "libunibreak")
#endif

let package = Package(
    name: "ScrollKit",
    products: [
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "ScrollKit", targets: ["ScrollKit"]),
        .library(name: "ScrollKitDamage", targets: ["ScrollKitDamage"]),
        .library(name: "ScrollKitSDL", targets: ["ScrollKitSDL"]),
        .library(name: "ScrollKitGallery", targets: ["ScrollKitGallery"]),
        // For test targets only (apps do not link it): an app under test on a virtual clock, gestures as
        // devices make them, golden images.
        .library(name: "ScrollKitTesting", targets: ["ScrollKitTesting"]),
        // No C module is a product: SDL stays inside ScrollKitSDL, whose public API names no SDL type. An app
        // running ScrollKit inside its own SDL loop hands its renderer, window and events to `SDLBridge`
        // through ScrollKitSDL's own types (`SDLRendererHandle`, `SDLWindowHandle`, `SDLEvent`).
        // No product for the gallery's command line (`scrollkit-demo`, an executable target: the root package
        // builds and runs it by name): SwiftPM resolves every package dependency that any product of a
        // dependency uses, so an executable product would make every user's package resolve
        // swift-argument-parser. The ScrollKitGallery library (for Benchmarks/ and Fuzz/) uses no package.
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `make docs`: the API reference (DocC). No target uses it, so a package that depends on ScrollKit
        // never resolves it (nor swift-property-based, which only a test target uses).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries: SDL2 and its two companions, with shims for the macros Swift cannot import.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: pkgConfig.sdl2,
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        .systemLibrary(
            name: "CSDL2_ttf",
            pkgConfig: pkgConfig.ttf,
            providers: [.apt(["libsdl2-ttf-dev"]), .brew(["sdl2_ttf"])]
        ),
        .systemLibrary(
            name: "CSDL2_image",
            pkgConfig: pkgConfig.image,
            providers: [.apt(["libsdl2-image-dev"]), .brew(["sdl2_image"])]
        ),
        // libunibreak: Unicode line-break opportunities (UAX #14) for ScrollKit's TextLayout. Plain C,
        // no I/O, no SDL: the pure layer may use it.
        .systemLibrary(
            name: "CUnibreak",
            pkgConfig: pkgConfig.unibreak,
            providers: [.apt(["libunibreak-dev"]), .brew(["libunibreak"])]
        ),

        // FriBidi (UAX #9) and ICU's dictionary line breaks (Thai, Lao, Khmer, Burmese) for ScrollKit's
        // TextLayout: plain C, no I/O (ICU's dictionaries are compiled into libicudata).
        .systemLibrary(name: "CFriBidi", pkgConfig: pkgConfig.unibreak == nil ? nil : "fribidi",
                       providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
        // ICU through a C wrapper of its own (ICU's headers would clash with the toolchain's copy in Foundation).
        .target(name: "CICUBreak", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // HarfBuzz, FreeType and fontconfig for ScrollKitSDL's shaped text (pkg-config for FreeType's
        // include folder, which is not on the default path).
        .systemLibrary(name: "CFontStack", pkgConfig: "freetype2",
                       providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev"]),
                                   .brew(["harfbuzz", "freetype", "fontconfig"])]),

        // The software pixel kernels (SSE2, AVX2 chosen once at run time): plain C, no SDL.
        .target(name: "CScrollKitPixels"),

        // Frames shown through X11's Present extension on a connection of ScrollKit's own (xcb, MIT-SHM
        // pixmaps, XFixes update regions, RandR mode timings): plain C, no SDL. Debian: libxcb-present-dev,
        // libxcb-shm0-dev, libxcb-xfixes0-dev, libxcb-randr0-dev. Without their headers it compiles to
        // stubs that report "no Present" (the window host then keeps its timer).
        .target(
            name: "CScrollKitX11",
            linkerSettings: [
                .linkedLibrary("xcb", .when(platforms: [.linux])),
                .linkedLibrary("xcb-present", .when(platforms: [.linux])),
                .linkedLibrary("xcb-shm", .when(platforms: [.linux])),
                .linkedLibrary("xcb-xfixes", .when(platforms: [.linux])),
                .linkedLibrary("xcb-randr", .when(platforms: [.linux])),
            ]
        ),

        // Frames shown on SDL's Wayland surface from wl_shm buffers, paced by frame callbacks and stamped by
        // wp_presentation feedback, on an event queue of ScrollKit's own: plain C, no SDL. The protocol glue
        // is generated by wayland-scanner and checked in (protocol/). Debian: libwayland-dev,
        // wayland-protocols. Without <wayland-client.h> it compiles to stubs that report "no Wayland".
        .target(
            name: "CScrollKitWayland",
            linkerSettings: [.linkedLibrary("wayland-client", .when(platforms: [.linux]))]
        ),

        // Frames on a bare Linux console through KMS: dumb buffers, page flips and their events, DRM master,
        // and the console's evdev input (libdrm; CDRM only carries its include path, pkg-config "libdrm"), VT
        // switches, and the keyboard's layout (xkbcommon).
        // Debian: libdrm-dev. Without libdrm's headers it compiles to stubs that report "built without libdrm".
        .systemLibrary(name: "CDRM", pkgConfig: pkgConfig.unibreak == nil ? "libdrm" : nil,
                       providers: [.apt(["libdrm-dev"])]),
        // The console's keymaps and typed text: xkbcommon (CXKBCommon only carries its include path). Debian:
        // libxkbcommon-dev. Without its header the keymap calls compile to stubs (keys by code, no typed text).
        .systemLibrary(name: "CXKBCommon", pkgConfig: pkgConfig.unibreak == nil ? "xkbcommon" : nil,
                       providers: [.apt(["libxkbcommon-dev"])]),
        .target(
            name: "CScrollKitKMS",
            dependencies: ["CDRM", "CXKBCommon"],
            linkerSettings: [.linkedLibrary("drm", .when(platforms: [.linux])),
                             .linkedLibrary("xkbcommon", .when(platforms: [.linux]))]
        ),

        // Accessibility: the view tree on AT-SPI2 through ATK and atk-bridge (GTK's own path), GLib's main context
        // served from the window host's loop. CATK and CDBus only carry the include paths (pkg-config "atk" and
        // "dbus-1"; atk-bridge-2.0's pkg-config adds a -pthread SwiftPM refuses). Debian: libatk1.0-dev,
        // libatk-bridge2.0-dev, libdbus-1-dev. Without ATK's headers it compiles to stubs (no bridge).
        .systemLibrary(name: "CATK", pkgConfig: pkgConfig.unibreak == nil ? "atk" : nil,
                       providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: pkgConfig.unibreak == nil ? "dbus-1" : nil,
                       providers: [.apt(["libdbus-1-dev"])]),
        .target(
            name: "CScrollKitA11y",
            dependencies: ["CATK", "CDBus"],
            linkerSettings: [
                .linkedLibrary("atk-bridge-2.0", .when(platforms: [.linux])),
                .linkedLibrary("atk-1.0", .when(platforms: [.linux])),
                .linkedLibrary("gobject-2.0", .when(platforms: [.linux])),
                .linkedLibrary("glib-2.0", .when(platforms: [.linux])),
                .linkedLibrary("dbus-1", .when(platforms: [.linux])),
            ]
        ),

        // The fonts, images and photo tiles ScrollKit ships, each with its licence (Assets/README.md lists them).
        .target(
            name: "ScrollKitAssets",
            path: "Assets",
            exclude: ["README.md"],
            sources: ["ScrollKitAssets.swift"],
            resources: [.copy("Fonts"), .copy("Images"), .copy("Reader"), .copy("Photo"), .copy("Contacts")]
        ),

        // Pure layers: no SDL, no clock (ScrollKit's text layout takes its break rules from libunibreak).
        .target(name: "Motion"),
        .target(name: "ScrollKit", dependencies: ["Motion", "CUnibreak", "CFriBidi", "CICUBreak"]),
        // The damage renderer: draws frames by damage on any backend canvas that keeps its pixels (pure Swift).
        .target(name: "ScrollKitDamage", dependencies: ["ScrollKit"]),

        // The platform.
        .target(
            name: "ScrollKitSDL",
            dependencies: ["ScrollKit", "ScrollKitDamage", "Motion", "CSDL2", "CSDL2_ttf", "CSDL2_image",
                           "CScrollKitPixels", "CScrollKitX11", "CScrollKitWayland", "CScrollKitKMS", "ScrollKitAssets", "CFontStack",
                           "CScrollKitA11y"]
        ),

        // The testing library: TestApp, gestures, golden images (Swift Testing for its expectations).
        .target(name: "ScrollKitTesting", dependencies: ["ScrollKitSDL", "ScrollKit", "Motion", "CScrollKitPixels", "SplitMix"]),

        // SplitMix64, the one seeded generator: the gallery's `--seed` runs, ScrollKitTesting's soaks and every
        // seeded test draw from it. Not in any library product's closure but the gallery's and ScrollKitTesting's.
        .target(name: "SplitMix"),

        // The demo gallery: scenes, shell, HUD, the runs the command line asks for, script player, trace
        // writer, soak runner.
        .target(
            name: "ScrollKitGallery",
            dependencies: ["ScrollKitSDL", "ScrollKit", "Motion", "ScrollKitAssets", "SplitMix"]
        ),
        // `scrollkit-demo`: the gallery's command line (swift-argument-parser) and entry point.
        .executableTarget(
            name: "scrollkit-demo",
            dependencies: [
                "ScrollKitGallery", "ScrollKitSDL", "ScrollKit", "Motion",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ScrollKitDemo"
        ),

        // Helpers shared by the test targets: golden images, an offscreen canvas.
        .target(
            name: "ScrollKitTestSupport",
            dependencies: ["ScrollKitSDL", "ScrollKitTesting", "ScrollKit", "CSDL2"],
            path: "Tests/ScrollKitTestSupport"
        ),

        // The independent oracles of the motion tests (RK4 integrations of the ODEs): pure Swift, no SDL.
        .target(name: "TestOracles", path: "Tests/TestOracles"),

        // SwiftUI's type names, for the name-clash compile test on machines without SwiftUI.
        .target(name: "SwiftUINames", path: "Tests/SwiftUINames"),

        .testTarget(name: "MotionTests", dependencies: ["Motion", "TestOracles", "SplitMix"]),
        .testTarget(name: "ScrollKitTests", dependencies: ["ScrollKit", "Motion", "TestOracles", "SplitMix"],
                    exclude: ["Resources"]),
        // The damage renderer against a pure-Swift rasteriser: no SDL in this target.
        .testTarget(name: "DamageTests", dependencies: ["ScrollKitDamage", "ScrollKit", "SplitMix"]),
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "ScrollKit", "Motion", "SplitMix",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ScrollKitSDLTests",
            dependencies: ["ScrollKitSDL", "ScrollKitTesting", "ScrollKit", "Motion", "CScrollKitPixels", "ScrollKitTestSupport",
                           "SplitMix"],
            exclude: ["Golden"]
        ),
        // ScrollKitTesting's own tests: only the public API, as a user's test target has.
        .testTarget(name: "ScrollKitTestingTests", dependencies: ["ScrollKitTesting", "ScrollKitSDL", "ScrollKit", "Motion"],
                    exclude: ["Baselines"]),
        .testTarget(name: "NameClashTests", dependencies: ["ScrollKitSDL", "SwiftUINames"]),
        .testTarget(
            name: "ScrollKitGalleryTests",
            // scrollkit-demo: its command line, and the process tests run the built executable.
            dependencies: ["ScrollKitGallery", "scrollkit-demo", "ScrollKitSDL", "ScrollKitTesting", "ScrollKitTestSupport", "ScrollKitAssets",
                           "SplitMix"],
            exclude: ["Golden"]
        ),
    ]
)
