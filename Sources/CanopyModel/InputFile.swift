/// One input file that contributed to a run.
package struct InputFile: Sendable, Equatable, Hashable, Codable {
    package var path: String
    package var format: InputFormat
    /// The producer recognised inside the format (`xcbeautify`, `surefire`, `xcode26`), when known.
    package var producer: String?
    package var bytes: Int
    /// The destination the command line gave the file (`--destination NAME`, or `NAME=PATH`):
    /// the device its tests ran on where the producer does not say. Nil when none was given.
    package var destination: String?

    package init(path: String, format: InputFormat, producer: String? = nil, bytes: Int, destination: String? = nil) {
        self.path = path
        self.format = format
        self.producer = producer
        self.bytes = bytes
        self.destination = destination
    }
}
