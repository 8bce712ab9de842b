/// One failure, error or issue reported for an attempt.
public struct Failure: Sendable, Equatable, Hashable, Codable {
    /// The message as reported, with location decorations removed (`XCTAssertTrue failed - …`).
    public var message: String
    /// The producer's failure type, when it gives one (`AssertionError`, `Uncategorized`).
    public var type: String?
    /// The longer text: element body, stack trace. Bounded by the parser.
    public var detail: String?
    /// Where in the test's source the failure happened, when the producer says.
    public var location: SourceLocation?
    /// Whether this came from an error element (an exception) rather than a failed assertion.
    public var isError: Bool

    public init(message: String, type: String? = nil, detail: String? = nil, location: SourceLocation? = nil, isError: Bool = false) {
        self.message = message
        self.type = type
        self.detail = detail
        self.location = location
        self.isError = isError
    }
}
