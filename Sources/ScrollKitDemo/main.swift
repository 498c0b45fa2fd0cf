// `scrollkit-demo`: the gallery of ScrollKit scenes, in a window or headless. The scenes and runs live in the
// ScrollKitGallery library, the command line (swift-argument-parser) beside this file; this is the entry point.
import ScrollKitGallery
import ScrollKitSDL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

AccessibilityBridge.applicationName = "scrollkit-demo"   // the accessible application's name (AT-SPI)
exit(DemoCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
