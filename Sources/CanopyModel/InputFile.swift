/// One input file that contributed to a run.
package struct InputFile: Sendable, Equatable, Hashable, Codable {
    package var path: String
    package var format: InputFormat
    /// The producer recognised inside the format (`xcbeautify`, `surefire`, `xcode26`), when known.
    package var producer: String?
    package var bytes: Int

    package init(path: String, format: InputFormat, producer: String? = nil, bytes: Int) {
        self.path = path
        self.format = format
        self.producer = producer
        self.bytes = bytes
    }
}
