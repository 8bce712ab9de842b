/// Evidence gathered while reading, used to name the producer of a JUnit file.
struct DialectSignals {
    var surefire = false
    var pytest = false
    var gotestsum = false
    var trainer = false
    var trainerLegacy = false
    var xcresultparser = false
    var xcbeautify = false
    var xcbeautifyMessages = false
    var xcpretty = false

    /// Adds the evidence `other` found.
    mutating func merge(_ other: DialectSignals) {
        surefire = surefire || other.surefire
        pytest = pytest || other.pytest
        gotestsum = gotestsum || other.gotestsum
        trainer = trainer || other.trainer
        trainerLegacy = trainerLegacy || other.trainerLegacy
        xcresultparser = xcresultparser || other.xcresultparser
        xcbeautify = xcbeautify || other.xcbeautify
        xcbeautifyMessages = xcbeautifyMessages || other.xcbeautifyMessages
        xcpretty = xcpretty || other.xcpretty
    }

    /// The producer's name, most specific evidence first.
    func producer(root: JUnitElement?, hasXMLDeclaration: Bool) -> String {
        if surefire { return "surefire" }
        if pytest { return "pytest" }
        if gotestsum { return "gotestsum" }
        if trainer { return "trainer" }
        if trainerLegacy { return "trainer-legacy" }
        if xcresultparser { return "xcresultparser" }
        if !hasXMLDeclaration && root == .testsuites && (xcbeautify || xcbeautifyMessages) { return "xcbeautify" }
        if xcpretty { return "xcpretty" }
        return "junit"
    }
}
