// swift-tools-version:6.1
import PackageDescription

/// Upcoming features on every target (house style, after Hummingbird).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Canopy",
    platforms: [.macOS(.v14)],
    products: [
        // The one product: the command line. The modules share `package` access; none of them is
        // a library face with a stable API.
        .executable(name: "canopy", targets: ["canopy"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // NIOCore's `ByteBuffer`, which CanopyHistory writes PostgreSQL's binary arrays into; already
        // built as a dependency of postgres-nio.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        // The package's one SHA-256 (content hashes of inputs, CSP hashes of the dashboard's
        // scripts); already built as a dependency of postgres-nio.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // CanopySource reads the app's and UI tests' Swift sources with SwiftParser (no regular
        // expressions over Swift).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .target(name: "CanopyModel", swiftSettings: swiftSettings),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libzstd, for the zstd frames of an `.xcresult` bundle's `Data/` payloads.
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        .target(
            name: "CanopyParsers",
            dependencies: [
                "CanopyModel", "CLibXML2", "CZstd",
                // An `.xcresult` bundle's `database.sqlite3`, opened read-only.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "CanopyAnalysis", dependencies: ["CanopyModel"], swiftSettings: swiftSettings),
        // The app's and UI tests' Swift sources: identifier declarations and CODEOWNERS.
        .target(
            name: "CanopySource",
            dependencies: [
                "CanopyModel",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                // Content hashes of the source-index cache.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CanopyHistory",
            dependencies: [
                "CanopyModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for binding a run's rows without boxing each value (see
                // SQLiteHistoryStore+Writing.swift).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CanopyRender",
            dependencies: ["CanopyModel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // `Config/canopy.yml`: loading and validation. Its own module (not part of CanopyPipeline)
        // so that `make fuzz` can fuzz it without NIO, BoringSSL and GRDB in the sanitizer build.
        .target(
            name: "CanopyConfig",
            dependencies: ["CanopyModel", "CanopyAnalysis", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CanopyPipeline",
            dependencies: [
                "CanopyModel", "CanopyParsers", "CanopyAnalysis", "CanopyHistory", "CanopyRender", "CanopyConfig",
                "CanopySource",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The command line (swift-argument-parser): `Canopy.invoke` parses and runs a command with
        // an environment and a console of its own, in `canopy` or in the CLI tests' process.
        .target(
            name: "CanopyCLI",
            dependencies: [
                "CanopyPipeline", "CanopyModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings,
            // `buildCommit` for `canopy --version`, read from `.git` at each build.
            plugins: ["CanopyBuildInfo"]
        ),
        // The process: `main.swift` calls `Canopy.invoke` and exits with its code.
        .executableTarget(name: "canopy", dependencies: ["CanopyCLI", "CanopyPipeline"], swiftSettings: swiftSettings),
        .plugin(name: "CanopyBuildInfo", capability: .buildTool()),
        .executableTarget(
            name: "CanopyBench",
            dependencies: [
                "CanopyParsers", "CanopyAnalysis", "CanopyHistory", "CanopyModel", "CanopyBundleFixtures",
                // `Platform.peakResidentBytes`, the one reading of `getrusage`.
                "CanopyPipeline",
            ],
            path: "Benchmarks/CanopyBench",
            swiftSettings: swiftSettings
        ),
        // `make fuzz` only (bench/fuzz.sh): the libFuzzer entry point, built with
        // -sanitize=fuzzer,address -DCANOPY_FUZZ; in an ordinary build an executable that does nothing.
        .executableTarget(
            name: "CanopyFuzz",
            // Not CanopyPipeline: its dependencies (NIO) would make the sanitizer build take tens of
            // minutes; CanopyConfig brings only Yams, CanopyParsers GRDB and libzstd, CanopySource
            // swift-syntax and swift-crypto.
            dependencies: ["CanopyParsers", "CanopyAnalysis", "CanopyModel", "CanopyConfig", "CanopySource"],
            path: "Fuzz/CanopyFuzz",
            swiftSettings: swiftSettings
        ),
        // Generated `.xcresult` bundles in the real schema (GRDB, libzstd) and their JSON twins, for
        // the parser, CLI and bench tests.
        .target(
            name: "CanopyBundleFixtures",
            dependencies: ["CZstd", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/CanopyBundleFixtures",
            swiftSettings: swiftSettings
        ),
        // `PostgresHistoryStore.administer`, which the store and pipeline tests use to create and drop
        // a database each; built for the tests only, never into `canopy`.
        .target(
            name: "CanopyHistoryTestSupport",
            dependencies: [
                "CanopyHistory",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/CanopyHistoryTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "CanopyModelTests", dependencies: ["CanopyModel"], swiftSettings: swiftSettings),
        .testTarget(
            name: "CanopyParsersTests",
            dependencies: [
                "CanopyParsers", "CanopyModel", "CanopyBundleFixtures", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(
            name: "CanopyAnalysisTests", dependencies: ["CanopyAnalysis", "CanopyModel", "CanopyParsers"],
            resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(
            name: "CanopyHistoryTests",
            dependencies: [
                "CanopyHistory", "CanopyHistoryTestSupport", "CanopyAnalysis", "CanopyModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Read from the source tree (`#filePath`), as the golden files are.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "CanopyRenderTests", dependencies: ["CanopyRender", "CanopyModel"], resources: [.copy("Golden")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "CanopyPipelineTests",
            dependencies: [
                "CanopyPipeline", "CanopyConfig", "CanopyModel", "CanopyParsers", "CanopyAnalysis", "CanopyHistory",
                "CanopyRender", "CanopyBundleFixtures", "CanopyHistoryTestSupport", "CanopySource",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "CanopySourceTests",
            dependencies: ["CanopySource", "CanopyParsers", "CanopyAnalysis", "CanopyModel"],
            resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(
            name: "CanopyConfigTests", dependencies: ["CanopyConfig", "CanopyAnalysis", "CanopyModel"],
            swiftSettings: swiftSettings),
        // The commands run in the test process (`CLIRunner.run`, through CanopyCLI); `canopy` is a
        // dependency so that the binary the end-to-end tests spawn (`CLIRunner.spawn`) is built first.
        .testTarget(
            name: "CLITests", dependencies: ["canopy", "CanopyCLI", "CanopyPipeline", "CanopyBundleFixtures"],
            // The differential reader the JUnit tests run with python3, and the quarantine suggest
            // golden files, read from the source tree.
            exclude: ["differential.py", "QuarantineSuggest"], swiftSettings: swiftSettings),
        // The oracle: seeded scenarios with ground truth, the built `canopy` run on each and the
        // invariants checked over everything it writes; `canopy` is a dependency so it is built first.
        .testTarget(
            name: "CanopyOracleTests", dependencies: ["canopy", "CanopyBundleFixtures"], swiftSettings: swiftSettings),
    ]
)
