import CanopyModel
import Foundation

/// Reads an Xcode 16+ `.xcresult` bundle directly (`docs/xcresult-bundles.md`, "What is read"): its `database.sqlite3`,
/// opened read-only, and its `Data/` payloads; no Xcode needed.
///
/// Names tests as `XCResultTestsParser` does from the same bundle's `get test-results tests`
/// JSON: the testable is the bundle, the test case's `identifier` (`Suite/test()`,
/// `Module/Suite/test()`) gives class and name; the device and the configuration are part of a
/// test's identity when the plan ran on several; a parameterised run's arguments are. Every
/// `TestCaseRuns` row is one attempt, in run order then repetition order. Failing attempts get
/// their steps and attachments; with `AttachmentScope.all`, so do passing ones that attached files.
package struct XCResultBundleParser: ReportParser {
    /// Whose attachments are read (with their steps): failing attempts' by default.
    package var attachments: AttachmentScope
    /// Whether attempts get their steps and attachments. Without them (`canopy inspect
    /// --summary`), the outcomes, failures and totals are the same, and no step log is read.
    package var readsSteps: Bool

    package init(attachments: AttachmentScope = .failing, readsSteps: Bool = true) {
        self.attachments = attachments
        self.readsSteps = readsSteps
    }

    package var format: InputFormat { .xcresultBundle }

    /// Whether `path` is an `.xcresult` bundle to read with this parser: a directory whose name
    /// ends in `.xcresult`.
    package static func isBundle(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.lowercased().hasSuffix(".xcresult")
            && FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    package func parse(fileAt path: String) throws(ParserError) -> ParsedInput {
        let bundle = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: bundle, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .invalidBundle(path: bundle, message: "an .xcresult bundle is a directory, and this is not one")
        }
        var diagnostics = XCResultBundleInfo.diagnostics(bundle: bundle)
        let database = try XCResultBundleDatabase(bundle: bundle)
        var input = try database.read { db in
            try XCResultBundleReading(db: db, bundle: bundle, attachments: attachments, readsSteps: readsSteps).read()
        }
        diagnostics += input.diagnostics
        input.diagnostics = diagnostics
        return input
    }
}
