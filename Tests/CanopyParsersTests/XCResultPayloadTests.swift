import CanopyBundleFixtures
import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyParsers

@Suite("XCResult payloads: Data/ and zstd")
struct XCResultPayloadTests {
    private func bundleWithPayload(_ bytes: [UInt8]?, name: String = "data.0~abc") throws -> (
        store: XCResultPayloadStore, bundle: String
    ) {
        let bundle = try GeneratedBundle.write(XCResultBundleSamples.merged)
        if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: bundle + "/Data/" + name)) }
        return (XCResultPayloadStore(bundle: bundle), bundle)
    }

    @Test func aPayloadDecompresses() throws {
        let (store, _) = try bundleWithPayload(XCResultBundleWriter.compress(XCResultBundleWriter.redPNG))
        #expect(try store.payload("0~abc", limit: 1024) == XCResultBundleWriter.redPNG)
        #expect(try store.payload("data.0~abc", limit: 1024) == XCResultBundleWriter.redPNG)
    }

    @Test(arguments: ["../Info.plist", "0~../../etc/passwd", "/etc/passwd", "..", "", ".hidden", "0~a/b"])
    func idsThatEscapeDataAreRefused(_ id: String) throws {
        let (store, bundle) = try bundleWithPayload(nil)
        let error = try #require(throws: ParserError.self) { try store.payload(id, limit: 1024) }
        #expect(error.path == bundle)
        #expect(error.description.contains("outside Data/") || error.description.contains("is missing"), "\(error)")
    }

    @Test func symbolicLinksAreNeverFollowed() throws {
        let (store, bundle) = try bundleWithPayload(nil)
        let outside = try TemporaryFile.write(
            Data(XCResultBundleWriter.compress(Array("secret".utf8))), name: "secret.zst")
        try FileManager.default.createSymbolicLink(atPath: bundle + "/Data/data.0~link", withDestinationPath: outside)
        let error = try #require(throws: ParserError.self) { try store.payload("0~link", limit: 1024) }
        #expect(error.description.contains("a symbolic link"), "\(error)")
        // A Data/ that is itself a link out of the bundle.
        let other = try GeneratedBundle.write(XCResultBundleSamples.merged)
        try FileManager.default.removeItem(atPath: other + "/Data")
        try FileManager.default.createSymbolicLink(atPath: other + "/Data", withDestinationPath: bundle + "/Data")
        let linked = try #require(throws: ParserError.self) {
            try XCResultPayloadStore(bundle: other).payload("0~link", limit: 1024)
        }
        #expect(linked.description.contains("Data/ is a symbolic link"), "\(linked)")
    }

    @Test func corruptAndTruncatedFrames() throws {
        let frame = XCResultBundleWriter.compress(Array(repeating: 7, count: 100_000))
        let (truncated, _) = try bundleWithPayload(Array(frame.prefix(frame.count / 2)))
        let cut = try #require(throws: ParserError.self) { try truncated.payload("0~abc", limit: 1 << 20) }
        #expect(cut.description.contains("cut short"), "\(cut)")
        var damaged = frame
        damaged[damaged.count / 2] ^= 0xFF
        damaged[damaged.count - 2] ^= 0xFF
        let (corrupt, _) = try bundleWithPayload(damaged)
        let bad = try #require(throws: ParserError.self) { try corrupt.payload("0~abc", limit: 1 << 20) }
        #expect(bad.description.contains("Data/data.0~abc"), "\(bad)")
        let (plain, _) = try bundleWithPayload(XCResultBundleWriter.redPNG)
        let notZstd = try #require(throws: ParserError.self) { try plain.payload("0~abc", limit: 1 << 20) }
        #expect(notZstd.description.contains("no zstd magic number"), "\(notZstd)")
    }

    @Test func aZstdBombStopsAtTheLimit() throws {
        // 16 MiB of zeros compress to under 1 KiB; read with a 1 MiB limit.
        let bomb = XCResultBundleWriter.compress([UInt8](repeating: 0, count: 16 << 20), level: 19)
        #expect(bomb.count < 4 * 1024)
        let (store, _) = try bundleWithPayload(bomb)
        #expect(try store.payload("0~abc", limit: 1 << 20) == nil, "stopped at the limit")
        let file = try store.file(for: "0~abc")
        #expect(throws: ZstdFrameError.tooLarge(limit: 1 << 20)) {
            try ZstdFrameReader.decompress(fileAt: file, limit: 1 << 20)
        }
        #expect(try store.payload("0~abc", limit: 16 << 20)?.count == 16 << 20)
    }
}
