// `scrollkit-demo`: the gallery of ScrollKit scenes, in a window or headless. The scenes and runs live in the
// ScrollKitGallery library, the command line (swift-argument-parser) beside this file; this is the entry point.
import ScrollKitGallery
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

exit(DemoCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
