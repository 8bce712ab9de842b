import Foundation
import Testing

@testable import CanopyPipeline

/// Annotations name files relative to the checkout, however the producer named them.
@Suite struct SourcePathResolverTests {
    /// A checkout with sources, a duplicate file name, and build products that must not count.
    private func checkout() throws -> String {
        let root = NSTemporaryDirectory() + "canopy-checkout-" + UUID().uuidString
        for file in [
            "App/UITests/LoginUITests.swift", "App/UITests/Checkout/PaymentUITests.swift", "App/Sources/Helpers.swift",
            "Packages/Kit/Tests/Helpers.swift", ".build/checkouts/Dep/Sources/CartUITests.swift",
            "DerivedData/X/CartUITests.swift",
            "App/UITests/CartUITests.swift",
        ] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("// test\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    @Test func pathsFromTheBuildMachineAndBareNamesBecomeCheckoutRelative() throws {
        let root = try checkout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = SourcePathResolver(root: root + "/")
        // Inside the checkout.
        #expect(paths.relative(root + "/App/UITests/LoginUITests.swift") == "App/UITests/LoginUITests.swift")
        // Built on another machine (xcbeautify's absolute paths): the longest trailing part that exists.
        #expect(
            paths.relative("/Users/runner/work/app/app/App/UITests/Checkout/PaymentUITests.swift")
                == "App/UITests/Checkout/PaymentUITests.swift")
        #expect(paths.relative("./UITests/LoginUITests.swift") == "App/UITests/LoginUITests.swift")
        // `..` never leads out of the checkout.
        #expect(paths.relative("../../App/UITests/LoginUITests.swift") == "App/UITests/LoginUITests.swift")
        // xcresulttool's bare file names: found by name when exactly one source file has it;
        // copies under .build and DerivedData do not count.
        #expect(paths.relative("LoginUITests.swift") == "App/UITests/LoginUITests.swift")
        #expect(paths.relative("CartUITests.swift") == "App/UITests/CartUITests.swift")
        // Two files of that name, or none: left as written.
        #expect(paths.relative("Helpers.swift") == "Helpers.swift")
        #expect(paths.relative("Missing.swift") == "Missing.swift")
        #expect(paths.relative("/elsewhere/Missing.swift") == "/elsewhere/Missing.swift")
        #expect(paths.relative("") == "")
    }

    @Test func theCheckoutComesFromTheCIProvider() {
        func checkout(_ env: [String: String]) -> String {
            SourcePathResolver.checkout(CIEnvironment.detect(env), home: env["HOME"], currentDirectory: "/x")
        }
        #expect(
            checkout(["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/home/runner/work/a/a"]) == "/home/runner/work/a/a"
        )
        #expect(checkout(["GITLAB_CI": "true", "CI_PROJECT_DIR": "/builds/g/p"]) == "/builds/g/p")
        #expect(
            checkout(["CIRCLECI": "true", "CIRCLE_WORKING_DIRECTORY": "~/project", "HOME": "/home/circleci"])
                == "/home/circleci/project")
        #expect(checkout(["JENKINS_URL": "https://ci", "WORKSPACE": "ws"]) == "/x/ws")
        // Another provider's variable, or one set outside CI, is not the checkout.
        #expect(checkout(["WORKSPACE": "/elsewhere"]) == "/x")
        #expect(checkout(["GITHUB_ACTIONS": "true", "CI_PROJECT_DIR": "/builds/g/p"]) == "/x")
        #expect(checkout([:]) == "/x")
    }
}
