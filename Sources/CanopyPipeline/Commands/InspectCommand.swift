import CanopyAnalysis
import CanopyConfig
import CanopyModel
import CanopyParsers
import CanopyRender

/// `canopy inspect`: parse inputs and describe what was understood.
package struct InspectCommand {
    package enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    package struct Outcome: Sendable {
        /// What to print on standard output.
        package var output: String
        /// Errors to print on standard error; non-empty means exit code 2.
        package var errors: [ParserError]
        /// Notes for standard error: files skipped as another kind of document.
        package var notes: [String]
        /// The run that was assembled; returned so the caller decides when it is released.
        package var run: Run
    }

    package var reader: InputReader

    package init(reader: InputReader = InputReader()) {
        self.reader = reader
    }

    /// The analysis settings `--report` uses: `--config`, else `CANOPY_CONFIG`, else
    /// `Config/canopy.yml` when present, as the other commands read them.
    package static func analysisConfiguration(explicit: String?, environment: [String: String]) throws
        -> AnalysisConfiguration
    {
        do {
            return try ConfigurationLoader.load(explicit: explicit, environment: environment).analysis
        } catch let error as ConfigurationError {
            throw PipelineError.configuration(error)
        }
    }

    /// Reads the inputs (files, directories, globs; typed or detected) and renders what was understood.
    /// A `summary` prints no attempt, so inputs are read without what only attempts show: JUnit's
    /// captured output, a bundle's step logs and attachments.
    package func inspect(_ inputs: InputSelection, format: Format, summary: Bool) throws -> Outcome {
        var reader = reader
        if summary { reader.registry.readsAttemptDetails = false }
        let reading = try reader.read(inputs)
        let (parsed, errors) = (reading.parsed, reading.errors)
        let run = RunAssembler.assemble(parsed)
        let failed = errors.map { (path: $0.path, error: $0.description) }
        let output: String
        switch format {
        case .text:
            output = InspectionTextRenderer().render(run: run, failedFiles: failed, summary: summary)
        case .json:
            output = try JSONOutput.encode(InspectionDocument(run: run, failedFiles: failed, summary: summary)) + "\n"
        }
        return Outcome(output: output, errors: errors, notes: reading.skipNotes, run: run)
    }

    /// Reads the inputs as one run and prints its `canopy.report/3` JSON (identifier tree, coverage,
    /// failure categories and clusters), analysed with `configuration` as `canopy run` would.
    package func report(_ inputs: InputSelection, configuration: AnalysisConfiguration = AnalysisConfiguration()) throws
        -> Outcome
    {
        let reading = try reader.read(inputs)
        let run = RunAssembler.assemble(reading.parsed)
        let report = ReportBuilder.build(run: run, configuration: configuration)
        return Outcome(
            output: try JSONOutput.encode(report) + "\n", errors: reading.errors, notes: reading.skipNotes, run: run)
    }
}
