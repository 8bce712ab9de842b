import Foundation
import Testing

extension QuarantineCommandTests {
    /// `canopy quarantine add` checks its test against the store: a test no stored run has is exit
    /// 2 with the nearest known names and the file unchanged, `()` is dropped from a spelled-out
    /// name, and `--allow-unknown` writes a test that has not run yet.
    @Suite("canopy quarantine add checks the test against history")
    struct Check {
        /// A store holding night 12 of the sample history, and a copy of Config/canopy.yml beside it.
        static func storeAndConfig() async throws -> (out: String, config: String) {
            let (out, config) = try QuarantineCommandTests().copyOfConfig()
            let ingest = try await CLIRunner.run([
                "ingest", "--quiet", "--out", out, "--config", config, "--run-key", "night-12", "--commit", "c12",
                "--branch", "main", "--started-at", "2026-11-12T02:00:00Z", CLIRunner.night(12),
            ])
            #expect(ingest.status == 0, "\(ingest.stderr)")
            return (out, config)
        }

        static func add(_ test: String, out: String, config: String, _ extra: [String] = []) async throws
            -> CLIRunner.Result
        {
            try await CLIRunner.run(
                ["quarantine", "add", test, "--reason", "r", "--until", "2099-12-31", "--config", config, "--out", out]
                    + extra)
        }

        @Test("a typo is exit 2 naming the nearest stored tests, and the file stays as it was")
        func typo() async throws {
            let (out, config) = try await Self.storeAndConfig()
            let before = try Data(contentsOf: URL(fileURLWithPath: config))
            for test in ["AppUITests.LoginTests/testLogn", "testLogn"] {
                let result = try await Self.add(test, out: out, config: config)
                #expect(result.status == 2)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("no stored test matches '\(test)'"), "\(result.stderr)")
                #expect(
                    result.stderr.contains("nearest: AppUITests.LoginTests/testLogin, "), "\(result.stderr)")
                #expect(result.stderr.contains("--allow-unknown"), "\(result.stderr)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == before)
            }
            let pattern = try await Self.add("AppUITests.NoSuchTests/*", out: out, config: config)
            #expect(pattern.status == 2)
            #expect(pattern.stderr.contains("no stored test matches 'AppUITests.NoSuchTests/*'"), "\(pattern.stderr)")
        }

        @Test("a name spelled with () is written as the stored key, and a pattern matching a test is taken")
        func normalised() async throws {
            let (out, config) = try await Self.storeAndConfig()
            let result = try await Self.add("AppUITests.SettingsTests/testDarkModeToggle()", out: out, config: config)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(": added test AppUITests.SettingsTests/testDarkModeToggle until"))
            let text = try String(contentsOfFile: config, encoding: .utf8)
            #expect(text.contains("- test: \"AppUITests.SettingsTests/testDarkModeToggle\"\n"), "\(text)")
            let pattern = try await Self.add("AppUITests.LoginTests/testLogin*", out: out, config: config)
            #expect(pattern.status == 0, "\(pattern.stderr)")
        }

        @Test("--allow-unknown writes a test that has not run yet; without a store it is required")
        func allowUnknown() async throws {
            let (out, config) = try await Self.storeAndConfig()
            let allowed = try await Self.add(
                "AppUITests.NewTests/testNew()", out: out, config: config, ["--allow-unknown"])
            #expect(allowed.status == 0, "\(allowed.stderr)")
            #expect(allowed.stdout.contains(": added test AppUITests.NewTests/testNew until"), "\(allowed.stdout)")

            let empty = try CLIRunner.temporaryDirectory()
            let before = try Data(contentsOf: URL(fileURLWithPath: config))
            let missing = try await Self.add("AppUITests.LoginTests/testLogin", out: empty, config: config)
            #expect(missing.status == 2)
            #expect(
                missing.stderr.contains("no history at \(empty)/history.sqlite to check the test"), "\(missing.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == before)
            #expect(!FileManager.default.fileExists(atPath: empty + "/history.sqlite"))
            // --store names the store as for the other commands.
            let named = try await Self.add(
                "AppUITests.LoginTests/testLogin", out: empty, config: config, ["--store", out + "/history.sqlite"])
            #expect(named.status == 0, "\(named.stderr)")
        }
    }
}
