import Foundation
import Testing

/// `Int(x)` on a `Double` traps when `x` is not finite or does not fit; so does `Int64(x)`,
/// `UInt64(x)` and the other integer initialisers without a label. A number that came from an
/// input is checked by `InputRange` where it is parsed, and converted only through it
/// (`InputRange.milliseconds`, `InputRange.count`) or with `Int(exactly:)`.
///
/// This test finds every unlabelled integer initialiser in `Sources/` and holds each file to the
/// number listed here, each with the reason those conversions cannot trap. A new conversion fails
/// the test until it is rewritten (`Int(exactly:)`, `InputRange`) or listed with its reason.
@Suite("Integer conversions in Sources/")
struct IntegerConversionScanTests {
    /// The files allowed unlabelled integer initialisers: how many, and why none traps.
    static let allowed: [String: (count: Int, reason: String)] = [
        "CanopyAnalysis/Failures/FNV1a.swift": (1, "UInt64 of a byte"),
        "CanopyPipeline/Context/ShardLegs.swift": (
            2, "Int of a shard name: parses a String, nil when no number"
        ),
        "CanopyAnalysis/Identifiers/ElementIndex.swift": (2, "Int of a byte, as a table index"),
        "CanopyAnalysis/Identifiers/IdentifierExtractor.swift": (2, "Int32 of a byte, for memchr"),
        "CanopyAnalysis/Identifiers/IdentifierScheme.swift": (1, "UInt8 of an ASCII UTF-16 unit, checked just before"),
        "CanopyAnalysis/Identifiers/RequiredLiterals.swift": (1, "Int32 of a byte, for memchr"),
        "CanopyConfig/ISO8601Time.swift": (1, "Int of a digit byte minus '0'"),
        "CanopyConfig/Platform.swift": (
            11,
            "mode_t of permissions masked to 0o7777; widenings of stat's mode, uid, gid, link count and size, which fit the wider type on Linux and macOS"
        ),
        "CanopyConfig/LockedFile.swift": (1, "Int of the constant lock wait in seconds (30)"),
        "CanopySource/Platform.swift": (
            6, "Int of stat's mode bits, the S_IF* constants and the file size: each fits an Int on Linux and macOS"
        ),
        "CanopyConfig/ConfigFileEditor.swift": (
            1, "Int32 of a temporary file's pid: parses a String, nil when out of range"
        ),
        "CanopyHistory/Postgres/PostgresColumnArrays.swift": (
            11,
            "Int32/Int64 of constants, of array, string and blob lengths (bounded by the input limits) and of Ints for the wire"
        ),
        "CanopyHistory/Postgres/PostgresHistoryStore+ConnectionLoss.swift": (
            2, "UInt64 of waits in seconds the retry policy sets (positive, under a minute)"
        ),
        "CanopyHistory/Postgres/PostgresHistoryStore+Writing.swift": (1, "UInt64 of a small retry counter"),
        "CanopyHistory/Postgres/PostgresRetryPolicy.swift": (1, "Int of the policy's window for a message"),
        "CanopyHistory/Records/AttemptRecord.swift": (
            4, "Int32 of test and attempt indices (at most the 250,000-test limit) and back"
        ),
        "CanopyHistory/SQLite/SQLiteHistoryStore+Migrating.swift": (
            2, "Int parsing a migration's digits: nil, never a trap; Int of the busy timeout the code sets"
        ),
        "CanopyHistory/SQLite/SQLiteHistoryStore+Writing.swift": (
            3, "UInt64 of a retry counter; Int of a row id (Int64) and of a C parameter count"
        ),
        "CanopyHistory/Records/RowReferences.swift": (
            1, "Int of microseconds of a duration within InputRange.duration (at most 30 days)"
        ),
        "CanopyHistory/SQLite/SQLiteHistoryStore.swift": (1, "Int of the busy timeout the code sets"),
        "CanopyHistory/SQLite/SQLiteRowBinder.swift": (
            4,
            "Int64 of an Int; Int32 of a length capped by a buffer's; Int of an Int32; Int32 of a blob's length "
                + "(packed measurements: at most 10,000 values of 8 bytes)"
        ),
        "CanopyHistory/Records/TestMetricRows.swift": (
            2, "UInt64 of a byte and of a bit offset below 8, unpacking doubles"
        ),
        "CanopyModel/ElementTypeCaseName.swift": (1, "Int parsing a key: nil, never a trap"),
        "CanopyModel/InputRange.swift": (
            3, "Int of Int32.max; Int of a count and of milliseconds after their range checks"
        ),
        "CanopyModel/TestFolder.swift": (1, "UInt64 of a byte"),
        "CanopyParsers/Audits/AuditClassifier.swift": (1, "UInt64 parsing a key: nil, never a trap"),
        "CanopyParsers/Inputs/ParserError.swift": (2, "Int32 of an errno code"),
        "CanopyParsers/JSON/JSONReader.swift": (1, "UInt32 of a hex digit"),
        "CanopyParsers/JSON/JSONStreamReader.swift": (1, "UInt64 of a file offset the reader was at (not negative)"),
        "CanopyParsers/JSON/JSONValue.swift": (1, "Int of a whole number checked below 1e15 just before"),
        "CanopyParsers/JUnit/JUnitAttachmentLines.swift": (1, "Int32 of a byte, for memchr"),
        "CanopyParsers/JUnit/JUnitEventBuilder.swift": (2, "Int parsing attribute text: nil, never a trap"),
        "CanopyParsers/JUnit/XMLByteSanitizer.swift": (2, "UInt32 parsing a character reference: nil, never a trap"),
        "CanopyParsers/JUnit/XMLStreamReader.swift": (
            12, "libxml2's and fstat's C integers widened, and Int32 of chunk sizes (bounded)"
        ),
        "CanopyParsers/Platform.swift": (1, "Int of glob's path count"),
        "CanopyParsers/Text/FailureText.swift": (2, "Int of a digit byte; Int parsing digits: nil, never a trap"),
        "CanopyParsers/XCResultJSON/XCResultFailureText.swift": (1, "Int parsing digits: nil, never a trap"),
        "CanopyParsers/XCResultJSON/XCResultTestsParser.swift": (
            1, "Int of InputRange.maximumDuration in days, a constant"
        ),
        "CanopyPipeline/Dashboard/DashboardBuilder+Sections.swift": (
            4,
            "Int of a frame's coordinates, which InputRange.coordinate bounds to ±1,000,000 when the snapshot is parsed"
        ),
        "CanopyPipeline/Platform.swift": (
            3, "Int of getrusage's maximum resident size; UInt32 of the RENAME_SWAP flag constant"
        ),
        "CanopyPipeline/Output/OutputStage.swift": (1, "Int32 parsing a staging directory's pid: nil, never a trap"),
        "CanopyPipeline/Support/Progress.swift": (1, "Int of a fraction from 0 to 1 of a 24-character bar"),
        "CanopyRender/HTML/HTMLText.swift": (2, "Int of a nibble, as a table index"),
        "CanopyRender/HTML/HTMLTreeView.swift": (2, "Int of a cell's width, a share of the page's fixed layout width"),
        "CanopyRender/JSON/JSONByteSink.swift": (3, "UInt8 of a decimal digit; Int of a nibble, as a table index"),
        "CanopySource/Owners/CodeOwnersParser.swift": (1, "Int parsing an approvals count: nil, never a trap"),
    ]

    /// An integer initialiser whose first argument has no label (`Int(x)`, `UInt64(x)`); labelled
    /// ones (`exactly:`, `truncatingIfNeeded:`, `clamping:`, `bitPattern:`, `ascii:`) never trap
    /// on their argument's value.
    static var conversion: Regex<Substring> {
        #/\b(?:U?Int(?:8|16|32|64)?)\((?!\s*(?:ascii|exactly|truncatingIfNeeded|clamping|bitPattern)\s*:)/#
    }

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The number of conversions in each file of `Sources/` that has any, outside comments.
    static func scan() throws -> [String: Int] {
        var found: [String: Int] = [:]
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: sources.path + "/" + relative, encoding: .utf8)
            var count = 0
            // Only lines naming an integer type go through the pattern (Swift's Regex is slow).
            for line in text.split(separator: "\n")
            where line.contains("Int") && !line.drop(while: { $0 == " " }).hasPrefix("//") {
                count += line.matches(of: conversion).count
            }
            if count > 0 { found[relative] = count }
        }
        return found
    }

    @Test("the pattern finds unlabelled conversions and leaves labelled ones")
    func pattern() {
        #expect("let ms = Int(seconds * 1000)".matches(of: Self.conversion).count == 1)
        #expect("x = UInt64(value) + Int32(y)".matches(of: Self.conversion).count == 2)
        #expect(
            "Int(exactly: x) ?? Int64(truncatingIfNeeded: y) ?? UInt8(ascii: \"a\")".matches(of: Self.conversion)
                .isEmpty)
        #expect("let point = Point(x); let n = MyInt(y)".matches(of: Self.conversion).isEmpty)
    }

    @Test("every unlabelled integer conversion in Sources/ is listed with the reason it cannot trap")
    func everyConversionIsListed() throws {
        let found = try Self.scan()
        #expect(found.count > 20, "the scan found too little under \(Self.sources.path)")
        for (file, count) in found.sorted(by: { $0.key < $1.key }) {
            let allowed = Self.allowed[file]?.count ?? 0
            #expect(
                count <= allowed,
                "\(file): \(count) unlabelled integer conversion(s), \(allowed) listed. Convert an input's number through InputRange or with Int(exactly:); list a conversion that cannot trap in IntegerConversionScanTests.allowed with its reason."
            )
        }
        for (file, entry) in Self.allowed where (found[file] ?? 0) < entry.count {
            Issue.record(
                "\(file): \(entry.count) conversion(s) listed, \(found[file] ?? 0) found; lower the count (\(entry.reason))"
            )
        }
    }
}
