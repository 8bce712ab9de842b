import CanopyModel

/// The JSON document `canopy inspect --format json` prints (schema `canopy.inspect/2`, described
/// in the README): what Canopy understood of each input.
package struct InspectionDocument: Encodable, Sendable {
    package struct File: Encodable, Sendable {
        package var path: String
        package var format: String?
        package var producer: String?
        package var bytes: Int?
        /// `--destination`'s label for the file.
        package var destination: String?
        package var error: String?
    }

    package struct Test: Encodable, Sendable {
        package var key: String
        package var bundle: String?
        package var className: String
        package var name: String
        package var arguments: String?
        package var device: String?
        package var configuration: String?
        package var outcome: TestOutcome
        package var duration: Double?
        package var location: SourceLocation?
        package var attempts: [Attempt]
    }

    package struct ScreenSummary: Encodable, Sendable {
        package var name: String
        package var source: String
        package var kind: Screen.Kind
        package var test: String?
        package var elements: Int
        package var identifiedElements: Int
    }

    package var schema = "canopy.inspect/2"
    package var files: [File]
    package var totals: RunTotals
    package var tests: [Test]?
    package var screens: [ScreenSummary]?
    package var auditIssues: [AuditIssue]?
    package var diagnostics: [Diagnostic]

    /// Builds the document; `summary` leaves out tests, screens and audit issues.
    package init(run: Run, failedFiles: [(path: String, error: String)], summary: Bool) {
        files =
            run.inputs.map {
                File(
                    path: $0.path, format: $0.format.rawValue, producer: $0.producer, bytes: $0.bytes,
                    destination: $0.destination)
            }
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
