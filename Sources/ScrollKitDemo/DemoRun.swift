/// One run of the demo: prepares files, then drives a host (wired when the hosts land).
@MainActor
struct DemoRun {
    let configuration: RunConfiguration

    /// Loads the script and checks every output path before anything starts.
    func prepare() throws(CLIError) -> Script? {
        var script: Script?
        if let path = configuration.scriptPath {
            let loaded = try Script.load(path: path)
            for (index, event) in loaded.events.enumerated() {
                if case .screenshot(let shot) = event.action {
                    do { try FileCheck.checkWritable(shot, what: "screenshot") } catch {
                        throw CLIError("\(path): event \(index): \(error.message)")
                    }
                }
            }
            script = loaded
        }
        if let shot = configuration.screenshotPath { try FileCheck.checkWritable(shot, what: "screenshot") }
        if let trace = configuration.tracePath { try FileCheck.checkWritable(trace, what: "trace") }
        return script
    }

    func run() throws(CLIError) {
        _ = try prepare()
        throw CLIError("not wired yet")
    }
}
