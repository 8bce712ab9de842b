import CZstd
import Foundation

/// Decompresses one zstd file (an `.xcresult` bundle's `Data/` payload) in a stream with a
/// bounded output: input is read 128 KiB at a time and output is kept only up to `limit`, so a
/// frame that claims or expands to gigabytes ("a zstd bomb") stops at the limit and is never
/// allocated. The only code that touches libzstd.
enum ZstdFrameReader {
    static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
    private static let chunk = 128 * 1024

    /// The decompressed bytes of the zstd file at `path`, at most `limit` of them.
    /// - Throws: `ZstdFrameError` when the file is not zstd, is cut short or expands past `limit`.
    static func decompress(fileAt path: String, limit: Int) throws(ZstdFrameError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("cannot open the file") }
        defer { try? handle.close() }
        guard let context = ZSTD_createDCtx() else { throw .unreadable("libzstd could not allocate a context") }
        defer { ZSTD_freeDCtx(context) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: limit >= chunk ? chunk : max(limit, 0) + 1)
        var sawInput = false
        // What ZSTD_decompressStream last returned: 0 once a frame is complete.
        var pending = 1
        while true {
            let data: Data
            do {
                data = try handle.read(upToCount: chunk) ?? Data()
            } catch {
                throw .unreadable(ParserError.reason(reading: error))
            }
            if data.isEmpty { break }
            if !sawInput {
                guard data.count >= 4, Array(data.prefix(4)) == magic else { throw .corrupt("no zstd magic number") }
                sawInput = true
            }
            let input = [UInt8](data)
            var position = 0
            while position < input.count || pending != 0 {
                var produced = 0
                let result = input.withUnsafeBytes { source in
                    buffer.withUnsafeMutableBytes { target in
                        var inBuffer = ZSTD_inBuffer(src: source.baseAddress, size: input.count, pos: position)
                        var outBuffer = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                        let code = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
                        position = inBuffer.pos
                        produced = outBuffer.pos
                        return code
                    }
                }
                if ZSTD_isError(result) != 0 { throw .corrupt(String(cString: ZSTD_getErrorName(result))) }
                if output.count + produced > limit { throw .tooLarge(limit: limit) }
                output.append(contentsOf: buffer[0..<produced])
                pending = result
                // More input is needed: read the next chunk.
                if position == input.count && produced < buffer.count { break }
            }
        }
        guard sawInput else { throw .corrupt("an empty file") }
        if pending != 0 { throw .truncated }
        return output
    }
}
