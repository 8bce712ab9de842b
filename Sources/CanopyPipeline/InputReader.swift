import CanopyModel
import CanopyParsers

/// The inputs of one command: plain paths detected by content, or paths given with a flag that
/// says what they must be (`--junit`, `--xcresult`, `--snapshots`, `--audits`).
public struct InputSelection: Sendable, Equatable {
    public var paths: [String]
    public var junit: [String]
    public var xcresult: [String]
    public var snapshots: [String]
    public var audits: [String]

    public init(paths: [String] = [], junit: [String] = [], xcresult: [String] = [], snapshots: [String] = [], audits: [String] = []) {
        self.paths = paths
        self.junit = junit
        self.xcresult = xcresult
        self.snapshots = snapshots
        self.audits = audits
    }

    public var isEmpty: Bool { paths.isEmpty && junit.isEmpty && xcresult.isEmpty && snapshots.isEmpty && audits.isEmpty }

    /// Each argument with the formats it may have (nil = any).
    var expectations: [(argument: String, flag: String?, formats: Set<InputFormat>?)] {
        paths.map { ($0, nil, nil) } + junit.map { ($0, "--junit", [.junitXML]) }
            + xcresult.map { ($0, "--xcresult", [.xcresultTests, .xcresultSummary]) }
            + snapshots.map { ($0, "--snapshots", [.elementSnapshot, .a11yUITestsSnapshot]) }
            + audits.map { ($0, "--audits", [.auditJSON, .appiumAudit]) }
    }
}

/// Expands and parses the inputs of a command, in parallel across files.
public struct InputReader: Sendable {
    public var registry: ParserRegistry

    public init(registry: ParserRegistry = ParserRegistry()) {
        self.registry = registry
    }

    /// Parses every input; files that fail are returned as errors beside what did parse.
    public func read(_ selection: InputSelection, progress: Progress? = nil) throws -> (parsed: [ParsedInput], errors: [ParserError]) {
        var files: [(path: String, flag: String?, formats: Set<InputFormat>?)] = []
        var expansionErrors: [ParserError] = []
        for expectation in selection.expectations {
            do {
                for path in try InputExpander.expand([expectation.argument]) {
                    files.append((path, expectation.flag, expectation.formats))
                }
            } catch {
                expansionErrors.append(error)
            }
        }
        if files.isEmpty && expansionErrors.isEmpty {
            let given = selection.expectations.map(\.argument).joined(separator: ", ")
            throw PipelineError.usage("no report files found in \(given) (a directory is searched for *.xml, *.json and *.junit)")
        }
        progress?.start(files: files.count)
        var parsed: [ParsedInput] = []
        var errors = expansionErrors
        let results = registry.parseAll(files.map(\.path)) { path, bytes in progress?.parsed(path, bytes: bytes) }
        progress?.finish()
        for (file, result) in zip(files, results) {
            switch result {
            case .success(let input):
                if let formats = file.formats, !formats.contains(input.file.format), let flag = file.flag {
                    errors.append(.unknownFormat(path: file.path, found: "\(input.file.format.displayName), given with \(flag)"))
                } else {
                    parsed.append(input)
                }
            case .failure(let error):
                errors.append(error)
            }
        }
        return (parsed, errors)
    }

    /// Parses every input and throws if any failed: nothing may be stored from a bad input.
    public func readAll(_ selection: InputSelection, progress: Progress? = nil) throws -> [ParsedInput] {
        let (parsed, errors) = try read(selection, progress: progress)
        if !errors.isEmpty { throw PipelineError.inputs(errors) }
        return parsed
    }
}
