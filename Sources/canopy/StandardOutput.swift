import CanopyPipeline

/// Writes lines to standard output, each on one line that no CI runner reads as a command (test
/// names and messages are the report writer's text: `String.oneLine`); only the annotations Canopy
/// made itself go `asWorkflowCommands`.
func emit(_ lines: [String], asWorkflowCommands: Bool = false) {
    guard !lines.isEmpty else { return }
    let text = asWorkflowCommands ? lines : lines.map(\.oneLine)
    StandardStream.output(text.joined(separator: "\n") + "\n")
}

/// Writes lines to standard error (which CI runners read for commands too), as `emit` does.
func warn(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    StandardStream.error(lines.map(\.oneLine).joined(separator: "\n") + "\n")
}
