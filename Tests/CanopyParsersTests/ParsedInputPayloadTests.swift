import CanopyModel
import CanopyParsers
import Foundation
import Testing

/// A shard's payload (`ParsedInput` as JSON) written by a canopy from before a list was added
/// still decodes: a leg sent by an older canopy merges with one sent by this one.
@Suite("A parsed input's payload from an earlier canopy")
struct ParsedInputPayloadTests {
    @Test("a payload without attachments, steps or metrics decodes with those lists empty")
    func olderPayloadDecodes() throws {
        let input = ParsedInput(
            file: InputFile(path: "junit.xml", format: .junitXML, bytes: 10),
            tests: [
                TestCase(
                    identity: TestIdentity(className: "AppUITests.LoginTests", name: "testLogin"),
                    attempts: [Attempt(outcome: .passed)])
            ])
        var object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(input)) as? [String: Any])
        #expect(object["metrics"] != nil && object["steps"] != nil && object["attachments"] != nil)
        for key in ["metrics", "steps", "attachments"] { object.removeValue(forKey: key) }
        let older = try JSONSerialization.data(withJSONObject: object)
        let decoded = try JSONDecoder().decode(ParsedInput.self, from: older)
        #expect(decoded == input)
        // A payload missing what every version wrote is still an error.
        object.removeValue(forKey: "tests")
        let broken = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ParsedInput.self, from: broken) }
    }
}
