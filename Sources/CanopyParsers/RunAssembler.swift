import CanopyModel

/// Joins the parsed inputs of one run into a `Run`.
///
/// Tests with the same identity across files fold into one test (a retry written to a second
/// report file is still an attempt of the same test), screens and audit issues are concatenated,
/// metadata is merged with the explicit metadata winning.
public enum RunAssembler {
    public static func assemble(_ inputs: [ParsedInput], metadata: RunMetadata = RunMetadata()) -> Run {
        var folder = TestFolder()
        var run = Run(metadata: metadata)
        for input in inputs {
            for test in input.tests { folder.add(test) }
            run.screens += input.screens
            run.auditIssues += input.auditIssues
            run.inputs.append(input.file)
            run.diagnostics += input.diagnostics
            run.metadata = run.metadata.merging(input.metadata)
        }
        run.tests = folder.tests
        return run
    }
}
