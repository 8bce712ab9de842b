import CanopyModel

/// Joins the parsed inputs of one run into a `Run`.
///
/// Tests with the same identity across files fold into one test (a retry written to a second
/// report file is still an attempt of the same test), screens and audit issues are concatenated,
/// metadata is merged with the explicit metadata winning.
public enum RunAssembler {
    public static func assemble(_ inputs: [ParsedInput], metadata: RunMetadata = RunMetadata()) -> Run {
        var run = Run(metadata: metadata)
        // Each parser already folded its own file; only tests spread over several files need
        // folding again (measured: re-folding 90k tests cost ~10% of `canopy inspect`).
        let testFiles = inputs.filter { !$0.tests.isEmpty }
        var folder = TestFolder(capacity: testFiles.count > 1 ? testFiles.reduce(0) { $0 + $1.tests.count } : 0)
        for input in inputs {
            if testFiles.count > 1 { for test in input.tests { folder.add(test) } }
            run.screens += input.screens
            run.auditIssues += input.auditIssues
            run.inputs.append(input.file)
            run.diagnostics += input.diagnostics
            run.metadata = run.metadata.merging(input.metadata)
        }
        run.tests = testFiles.count > 1 ? folder.tests : (testFiles.first?.tests ?? [])
        return run
    }
}
