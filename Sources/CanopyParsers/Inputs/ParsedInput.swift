import CanopyModel

/// What one input file contributed: tests, screens, audit issues, metadata and diagnostics.
public struct ParsedInput: Sendable, Equatable {
    public var file: InputFile
    public var tests: [TestCase]
    public var screens: [Screen]
    public var auditIssues: [AuditIssue]
    /// Run metadata the file carries (xcresult summary: devices, start and finish time).
    public var metadata: RunMetadata
    public var diagnostics: [Diagnostic]
    /// Attachments of tests another input lists (`xcresulttool export attachments`), joined to
    /// them by `RunAssembler`.
    public var attachments: [ExportedAttachment]
    /// Step logs of tests another input lists (`xcresulttool get test-results activities`),
    /// joined to their failing attempts by `RunAssembler`.
    public var steps: [ExportedSteps]

    public init(
        file: InputFile, tests: [TestCase] = [], screens: [Screen] = [], auditIssues: [AuditIssue] = [],
        metadata: RunMetadata = RunMetadata(), diagnostics: [Diagnostic] = [], attachments: [ExportedAttachment] = [],
        steps: [ExportedSteps] = []
    ) {
        self.file = file
        self.tests = tests
        self.screens = screens
        self.auditIssues = auditIssues
        self.metadata = metadata
        self.diagnostics = diagnostics
        self.attachments = attachments
        self.steps = steps
    }
}

/// A parser for one input format.
public protocol ReportParser: Sendable {
    /// The format this parser reads.
    var format: InputFormat { get }
    /// Reads the file at `path`. Throws `ParserError` naming the file and the place it broke.
    func parse(fileAt path: String) throws(ParserError) -> ParsedInput
}
