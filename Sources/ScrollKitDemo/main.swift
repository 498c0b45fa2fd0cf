// `scrollkit-demo`: the gallery of ScrollKit scenes, in a window or headless. Everything lives in the
// ScrollKitGallery library; this is only the process's entry point.
import ScrollKitGallery
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

exit(DemoCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
