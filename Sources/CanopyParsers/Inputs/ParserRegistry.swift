import CanopyModel

/// Maps each format to its parser and reads files in parallel.
package struct ParserRegistry: Sendable {
    /// Bytes of captured output kept per attempt and stream.
    package var outputLimit: Int
    /// Whose attachments the parsers keep: failing attempts' by default.
    package var attachments: AttachmentScope
    /// Whether attempts get what only an attempt's view shows: JUnit's captured output
    /// (`JUnitXMLParser.keepsOutput`), a bundle's step logs and attachments
    /// (`XCResultBundleParser.readsSteps`). A reader that needs only tests, outcomes, totals and
    /// diagnostics (`canopy inspect --summary`) reads without them; those are the same either way.
    package var readsAttemptDetails: Bool

    package init(
        outputLimit: Int = 16 * 1024, attachments: AttachmentScope = .failing, readsAttemptDetails: Bool = true
    ) {
        self.outputLimit = outputLimit
        self.attachments = attachments
        self.readsAttemptDetails = readsAttemptDetails
    }

    /// The parser for `format`, or nil when this build cannot read it yet. `onRead` hears of each
    /// piece of a streamed file (JUnit XML) as it is read; the others are read whole.
    package func parser(for format: InputFormat, onRead: (@Sendable (Int) -> Void)? = nil) -> (any ReportParser)? {
        switch format {
        case .junitXML:
            JUnitXMLParser(
                outputLimit: outputLimit, attachments: attachments, onRead: onRead, keepsOutput: readsAttemptDetails)
        case .xcresultTests: XCResultTestsParser()
        case .xcresultSummary: XCResultSummaryParser()
        case .xcresultBundle: XCResultBundleParser(attachments: attachments, readsSteps: readsAttemptDetails)
        case .xcresultAttachments: XCResultAttachmentManifestParser()
        case .xcresultActivities: XCResultActivitiesParser()
        case .xcresultTestDetails: XCResultTestDetailsParser()
        case .xcresultInsights: XCResultNonResultParser(format: format)
        case .xcresultMetrics: XCResultMetricsParser()
        case .xcresultBuildResults: XCResultBuildResultsParser()
        case .elementSnapshot: ElementSnapshotParser()
        case .a11yUITestsSnapshot: A11yUITestsSnapshotParser()
        case .auditJSON: AuditJSONParser()
        case .appiumAudit: AppiumAuditParser()
        }
    }

    /// Detects the format of `path` (an `.xcresult` bundle by its directory, a file by its
    /// content) and parses it.
    package func parse(fileAt path: String, onRead: (@Sendable (Int) -> Void)? = nil) throws(ParserError) -> ParsedInput
    {
        let format =
            try XCResultBundleParser.isBundle(path) ? InputFormat.xcresultBundle : InputDetector.detect(path: path)
        guard let parser = parser(for: format, onRead: onRead) else {
            throw .unknownFormat(path: path, found: "\(format.displayName), which this build does not read yet")
        }
        return try parser.parse(fileAt: path)
    }
}
