import CanopyModel

/// What one input file contributed: tests, screens, audit issues, metadata and diagnostics.
package struct ParsedInput: Sendable, Equatable, Codable {
    package var file: InputFile
    package var tests: [TestCase]
    package var screens: [Screen]
    package var auditIssues: [AuditIssue]
    /// Run metadata the file carries (xcresult summary: devices, start and finish time).
    package var metadata: RunMetadata
    /// The one test-plan configuration the producer names for the whole file (an `.xcresult`
    /// of one configuration, whose tests carry none), when it names one.
    package var configuration: String?
    /// The tests the file says the run had (an xcresult summary's `totalTestCount`), when it says.
    package var declaredTests: Int?
    package var diagnostics: [Diagnostic]
    /// Attachments of tests another input lists (`xcresulttool export attachments`), joined to
    /// them by `RunAssembler`.
    package var attachments: [ExportedAttachment]
    /// Step logs of tests another input lists (`xcresulttool get test-results activities`),
    /// joined to their failing attempts by `RunAssembler`.
    package var steps: [ExportedSteps]
    /// XCTMetrics of tests another input lists (`xcresulttool get test-results metrics`), joined
    /// to their attempts by `RunAssembler`.
    package var metrics: [ExportedMetrics]

    package init(
        file: InputFile, tests: [TestCase] = [], screens: [Screen] = [], auditIssues: [AuditIssue] = [],
        metadata: RunMetadata = RunMetadata(), diagnostics: [Diagnostic] = [], attachments: [ExportedAttachment] = [],
        steps: [ExportedSteps] = [], configuration: String? = nil, metrics: [ExportedMetrics] = []
    ) {
        self.metrics = metrics
        self.configuration = configuration
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
