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

    private enum CodingKeys: String, CodingKey {
        case file, tests, screens, auditIssues, metadata, configuration, declaredTests, diagnostics, attachments,
            steps, metrics
    }

    /// Decodes a shard's payload; the lists later canopy versions added (attachments, steps,
    /// metrics) are empty when a payload written before them has none, so that a leg sent by an
    /// older canopy still merges.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(InputFile.self, forKey: .file)
        tests = try container.decode([TestCase].self, forKey: .tests)
        screens = try container.decode([Screen].self, forKey: .screens)
        auditIssues = try container.decode([AuditIssue].self, forKey: .auditIssues)
        metadata = try container.decode(RunMetadata.self, forKey: .metadata)
        configuration = try container.decodeIfPresent(String.self, forKey: .configuration)
        declaredTests = try container.decodeIfPresent(Int.self, forKey: .declaredTests)
        diagnostics = try container.decode([Diagnostic].self, forKey: .diagnostics)
        attachments = try container.decodeIfPresent([ExportedAttachment].self, forKey: .attachments) ?? []
        steps = try container.decodeIfPresent([ExportedSteps].self, forKey: .steps) ?? []
        metrics = try container.decodeIfPresent([ExportedMetrics].self, forKey: .metrics) ?? []
    }
}
