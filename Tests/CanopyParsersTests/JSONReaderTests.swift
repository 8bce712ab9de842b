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

@Suite("JSONReader numbers")
struct JSONReaderNumberTests {
    @Test(
        "every number RFC 8259 allows is read; past a Double's range it is infinite, for the range checks",
        arguments: [
            ("1e309", Double.infinity), ("-1e309", -Double.infinity), ("1E+400", Double.infinity),
            ("123456789e305", Double.infinity), ("1e-400", 0), ("-0", -0.0), ("0.5e-3", 0.0005),
            (
                "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
                Double.infinity
            ),
        ])
    func readsAnyValidNumber(_ text: String, _ expected: Double) throws {
        let value = try JSONReader.parse(Array("[\(text)]".utf8))
        #expect(value == .array([.number(expected)]))
    }

    @Test(
        "text that is not a JSON number is an error naming its column",
        arguments: ["01", "1.", "1e", "1e+", "--1", "1-2", "1.5.2", "-"])
    func rejectsInvalidNumbers(_ text: String) {
        do {
            _ = try JSONReader.parse(Array("[\(text)]".utf8))
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message.contains("invalid number"), "\(error.message)")
            #expect(error.column == 2)
        }
    }
}
