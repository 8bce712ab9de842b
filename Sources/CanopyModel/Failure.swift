/// One failure, error or issue reported for an attempt.
package struct Failure: Sendable, Equatable, Hashable, Codable {
    /// The message as reported, with location decorations removed (`XCTAssertTrue failed - …`).
    package var message: String
    /// The producer's failure type, when it gives one (`AssertionError`, `Uncategorized`).
    package var type: String?
    /// The longer text: element body, stack trace. Bounded by the parser.
    package var detail: String?
    /// Where in the test's source the failure happened, when the producer says.
    package var location: SourceLocation?
    /// Whether this came from an error element (an exception) rather than a failed assertion.
    package var isError: Bool

    package init(
        message: String, type: String? = nil, detail: String? = nil, location: SourceLocation? = nil,
        isError: Bool = false
    ) {
        self.message = message
        self.type = type
        self.detail = detail
        self.location = location
        self.isError = isError
    }
}
