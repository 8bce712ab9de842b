import CanopyModel

/// How errors and notes name an input format and a JSON value's type, and the list of what
/// Canopy accepts that "unknown format" errors give: an error's text, composed beside the error
/// type.
extension ParserError {
    /// A JSON value's type (`an array`), as errors and notes say what they found.
    static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    static func name(of format: InputFormat) -> String {
        switch format {
        case .junitXML:
            "JUnit XML (xcbeautify, xcpretty, trainer, xcresultparser, Surefire, pytest, gotestsum, Gradle, Jenkins)"
        case .xcresultTests: "xcresulttool `get test-results tests` JSON"
        case .xcresultSummary: "xcresulttool `get test-results summary` JSON"
        case .xcresultBundle: "an Xcode 16+ `.xcresult` bundle (its database.sqlite3)"
        case .xcresultAttachments: "xcresulttool `export attachments` manifest.json"
        case .xcresultActivities: "xcresulttool `get test-results activities` JSON"
        case .xcresultTestDetails: "xcresulttool `get test-results test-details` JSON"
        case .xcresultInsights: "xcresulttool `get test-results insights` JSON"
        case .xcresultMetrics: "xcresulttool `get test-results metrics` JSON"
        case .xcresultBuildResults: "xcresulttool `get build-results` JSON"
        case .elementSnapshot: "Canopy element-tree snapshot JSON (Config/schemas/element-snapshot.schema.json)"
        case .a11yUITestsSnapshot: "A11yUITests snapshot JSON"
        case .auditJSON: "Canopy accessibility audit JSON (Config/schemas/audit.schema.json)"
        case .appiumAudit: "Appium WebDriverAgent accessibility audit JSON"
        }
    }

    /// Every accepted format's name.
    static var acceptedFormats: String {
        InputFormat.allCases.map(\.displayName).joined(separator: "; ")
    }
}

extension InputFormat {
    /// How errors and notes name the format (`ParserError.name(of:)`).
    package var displayName: String { ParserError.name(of: self) }
}

extension JSONValue {
    /// The JSON type's name, for error messages (`ParserError.typeName(of:)`).
    var typeName: String { ParserError.typeName(of: self) }
}
