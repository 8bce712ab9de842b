import Testing

@testable import CanopySource

@Suite struct SourceErrorTests {
    @Test func codeOwnersErrorNamesFileAndLine() {
        let error = SourceError.codeOwners(path: ".github/CODEOWNERS", line: 7, reason: "unclosed section header")
        #expect(error.description.hasPrefix(".github/CODEOWNERS:7: unclosed section header"))
    }
}
