import CanopyAnalysis
import CanopyModel
import CanopyParsers
import CanopyRender

/// `canopy inspect`: parse inputs and describe what was understood.
public struct Inspector {
    public enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    public struct Outcome: Sendable {
        /// What to print on standard output.
        public var output: String
        /// Errors to print on standard error; non-empty means exit code 2.
        public var errors: [ParserError]
        /// The run that was assembled; returned so the caller decides when it is released.
        public var run: Run
    }

    public var registry: ParserRegistry

    public init(registry: ParserRegistry = ParserRegistry()) {
        self.registry = registry
    }

    /// Reads `arguments` (files, directories, globs) and renders what was understood.
    public func inspect(_ arguments: [String], format: Format, summary: Bool) throws -> Outcome {
        let paths: [String]
        do {
            paths = try InputExpander.expand(arguments)
        } catch {
            throw PipelineError.inputs([error])
        }
        if paths.isEmpty {
            throw PipelineError.usage("no report files found in \(arguments.joined(separator: ", ")) (looked for *.xml, *.json, *.junit)")
        }
        var parsed: [ParsedInput] = []
        var errors: [ParserError] = []
        for result in registry.parseAll(paths) {
            switch result {
            case .success(let input): parsed.append(input)
            case .failure(let error): errors.append(error)
            }
        }
        let run = RunAssembler.assemble(parsed)
        let failed = errors.map { (path: $0.path, error: $0.description) }
        let output: String
        switch format {
        case .text:
            output = InspectionTextRenderer().render(run: run, failedFiles: failed, summary: summary)
        case .json:
            output = try JSONOutput.encode(InspectionDocument(run: run, failedFiles: failed, summary: summary)) + "\n"
        }
        return Outcome(output: output, errors: errors, run: run)
    }

    /// Reads `arguments` (files, directories, globs) as one run and prints its `canopy.report/1`
    /// JSON: identifier tree, coverage, failure categories and clusters.
    public func report(_ arguments: [String], configuration: AnalysisConfiguration = AnalysisConfiguration()) throws -> Outcome {
        let paths: [String]
        do {
            paths = try InputExpander.expand(arguments)
        } catch {
            throw PipelineError.inputs([error])
        }
        if paths.isEmpty {
            throw PipelineError.usage("no report files found in \(arguments.joined(separator: ", ")) (looked for *.xml, *.json, *.junit)")
        }
        var parsed: [ParsedInput] = []
        var errors: [ParserError] = []
        for result in registry.parseAll(paths) {
            switch result {
            case .success(let input): parsed.append(input)
            case .failure(let error): errors.append(error)
            }
        }
        let report = ReportBuilder.build(run: RunAssembler.assemble(parsed), configuration: configuration)
        return Outcome(output: try JSONOutput.encode(report) + "\n", errors: errors)
    }
}
