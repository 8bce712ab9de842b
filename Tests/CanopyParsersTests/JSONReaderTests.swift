import Testing

@testable import CanopyParsers

@Suite("JSONReader")
struct JSONReaderTests {
    @Test func readsValuesAndEscapes() throws {
        let value = try JSONReader.parse(Array(#"{"a": [1, -2.5e1, true, null], "b": "x\"\u00e9\n\ud83d\ude00"}"#.utf8))
        #expect(value["a"] == .array([.number(1), .number(-25), .bool(true), .null]))
        #expect(value["b"] == .string("x\"é\n😀"))
    }

    @Test(arguments: [
        (#"{"a": 1,"#, 1, 9, true),
        ("{\n  \"a\": tru", 2, 11, true),
        ("{\n  \"a\": 1 \"b\"", 2, 10, false),
        ("[1, 2] 3", 1, 8, false),
    ])
    func reportsLineAndColumn(text: String, line: Int, column: Int, truncated: Bool) {
        do {
            _ = try JSONReader.parse(Array(text.utf8))
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.truncated == truncated)
        }
    }

    @Test func deepNestingFailsInsteadOfCrashing() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReadFailure.self) { try JSONReader.parse(Array(text.utf8)) }
    }
}
