import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// A generated bundle in a fresh temporary directory.
enum GeneratedBundle {
    static func write(_ spec: XCResultBundleSpec, name: String = "Tests.xcresult") throws -> String {
        try XCResultBundleWriter.write(spec, to: TemporaryFile.directory() + "/" + name)
    }
}
