import Foundation

/// Paths to the fixtures under `Tests/CanopySourceTests/Fixtures/`.
enum Fixture {
    static let directory: String = {
        guard let path = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
            fatalError("Fixtures resource missing from the test bundle")
        }
        return path
    }()

    /// The fixture app's source tree.
    static var sampleApp: URL { URL(fileURLWithPath: directory + "/SampleApp") }

    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: directory + "/" + relative, encoding: .utf8)
    }
}
