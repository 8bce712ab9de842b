import CanopyModel

/// The JSON document `canopy inspect --format json` prints (schema `canopy.inspect/1`, described
/// in the README): what Canopy understood of each input.
public struct InspectionDocument: Encodable, Sendable {
    public struct File: Encodable, Sendable {
        public var path: String
        public var format: String?
        public var producer: String?
        public var bytes: Int?
        public var error: String?
    }

    public struct Test: Encodable, Sendable {
        public var key: String
        public var bundle: String?
        public var className: String
        public var name: String
        public var arguments: String?
        public var device: String?
        public var configuration: String?
        public var outcome: TestOutcome
        public var duration: Double?
        public var location: SourceLocation?
        public var attempts: [Attempt]
    }

    public struct ScreenSummary: Encodable, Sendable {
        public var name: String
        public var source: String
        public var kind: Screen.Kind
        public var test: String?
        public var elements: Int
        public var identifiedElements: Int
    }

    public var schema = "canopy.inspect/1"
    public var files: [File]
    public var totals: RunTotals
    public var tests: [Test]?
    public var screens: [ScreenSummary]?
    public var auditIssues: [AuditIssue]?
    public var diagnostics: [Diagnostic]

    /// Builds the document; `summary` leaves out tests, screens and audit issues.
    public init(run: Run, failedFiles: [(path: String, error: String)], summary: Bool) {
        files = run.inputs.map { File(path: $0.path, format: $0.format.rawValue, producer: $0.producer, bytes: $0.bytes) }
            + failedFiles.map { File(path: $0.path, error: $0.error) }
        totals = run.totals
        diagnostics = run.diagnostics
        guard !summary else { return }
        tests = run.tests.map { test in
            Test(
                key: test.identity.key, bundle: test.identity.bundle, className: test.identity.className,
                name: test.identity.name, arguments: test.identity.arguments, device: test.identity.device,
                configuration: test.identity.configuration, outcome: test.outcome, duration: test.duration,
                location: test.location, attempts: test.attempts)
        }
        screens = run.screens.map { screen in
            var elements = 0
            var identified = 0
            screen.forEachElement { element in
                elements += 1
                if element.nonEmptyIdentifier != nil { identified += 1 }
            }
            return ScreenSummary(
                name: screen.name, source: screen.source, kind: screen.kind, test: screen.test, elements: elements,
                identifiedElements: identified)
        }
        auditIssues = run.auditIssues
    }
}
