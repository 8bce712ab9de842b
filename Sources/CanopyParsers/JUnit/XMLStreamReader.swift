import CLibXML2
import CanopyModel
import Foundation

// The only file that touches libxml2 (XMLByteSanitizer.swift only rewrites bytes before it). It
// drives libxml2's SAX2 push parser over a file read in chunks and hands element events to an
// `XMLStreamHandler` as borrowed byte buffers.
//
// Why SAX2 and not xmlTextReader: a SAX2 walk of a log-heavy JUnit file is markedly faster than
// an xmlTextReader walk (`bench/xmlreader_walk.c` times both). Why a push parser: we read the
// file ourselves in fixed chunks, so memory stays bounded whatever the file size.
//
// Safety: entity declarations stop the parse (no XXE, no billion laughs, no quadratic blowup), no
// external entity or DTD is ever loaded (XML_PARSE_NONET, no DTDLOAD, and a process-wide entity
// loader that refuses everything), and only the five predefined entities resolve.

/// A borrowed view of one element's attributes, valid only during the `startElement` call.
struct XMLAttributes {
    fileprivate let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The attribute's local name as a NUL-terminated byte pointer.
    func name(at index: Int) -> UnsafePointer<UInt8> {
        // Each attribute is five pointers: localname, prefix, URI, value start, value end.
        base![index * 5]!
    }

    /// The attribute's raw value bytes as libxml2 hands them over.
    func value(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = base![index * 5 + 3]!
        let end = base![index * 5 + 4]!
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    /// The attribute's value as a string, fully decoded.
    ///
    /// Without entity substitution (which Canopy keeps off for safety) libxml2's SAX2 decodes
    /// every predefined entity in an attribute value except `&amp;`, which it hands over as
    /// `&#38;`; this undoes that one re-escaping. Values without `&` (nearly all) pay one scan.
    func string(at index: Int) -> String {
        let bytes = value(at: index)
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&#38;", with: "&")
    }

    /// The attribute's value as `string(at:)`; of a value longer than `limit` bytes only the first
    /// `limit` are decoded, cut on a scalar boundary and followed by a marker naming the bytes cut,
    /// so a 200 MB attribute never becomes a 200 MB string.
    func string(at index: Int, limit: Int) -> String {
        let bytes = value(at: index)
        guard bytes.count > limit else { return string(at: index) }
        var end = max(0, limit)
        while end > 0, UTF8.isContinuation(bytes[end]) { end -= 1 }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        if text.contains("&#38;") { text = text.replacingOccurrences(of: "&#38;", with: "&") }
        return text + " … " + String.cutNote(bytes: bytes.count - end)
    }
}

/// Streams one XML file through libxml2's SAX2 push parser.
final class XMLStreamReader {
    private let path: String
    /// Not retained per event: the caller keeps the handler alive for the whole `read`, and an
    /// `unowned` reference would cost a strong retain on every SAX callback.
    private unowned(unsafe) let handler: any XMLStreamHandler
    private var context: xmlParserCtxtPtr?
    private var failure: XMLStreamFailure?
    private var stopRequest: XMLStreamFailure? {
        didSet { stopped = stopRequest != nil }
    }
    /// `stopRequest != nil`, as a plain flag checked on every event.
    private var stopped = false
    /// The sanitiser used when `sanitize` is on; counts what it replaced.
    private var sanitizer = XMLByteSanitizer()
    /// Whether the file began with an `<?xml …?>` declaration.
    private(set) var hasXMLDeclaration = false
    /// Whether a DOCTYPE was seen (ignored).
    private(set) var sawDoctype = false
    /// Bytes read from the file.
    private(set) var bytesRead = 0
    /// How many pieces of the file were handed to libxml2.
    private(set) var chunksParsed = 0
    /// Told the byte count of each piece read from the file, as it is read.
    var onRead: ((Int) -> Void)?
    /// Whether libxml2 currently has the text callbacks installed.
    private var charactersInstalled = true
    /// How many invalid characters the sanitiser replaced.
    var replacedCharacters: Int { sanitizer.replaced }

    init(path: String, handler: any XMLStreamHandler) {
        XMLStreamReader.initializeOnce
        self.path = path
        self.handler = handler
    }

    /// libxml2's global set-up, done once per process: initialise the parser and refuse every
    /// external entity load, whatever the options of a given context.
    private static let initializeOnce: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()

    /// The current line of the parser, 1-based.
    var currentLine: Int { Int(context.map { xmlSAX2GetLineNumber($0) } ?? 0) }

    /// The current column of the parser, 1-based.
    var currentColumn: Int { Int(context.map { xmlSAX2GetColumnNumber($0) } ?? 0) }

    /// Asks the parser to stop after the current event; `read` then throws `failure`.
    func stop(with failure: XMLStreamFailure) {
        if stopRequest == nil { stopRequest = failure }
        if let context { xmlStopParser(context) }
    }

    /// Reads the whole file, delivering events to the handler.
    ///
    /// - Parameter sanitize: replace characters XML 1.0 forbids (raw control bytes, their
    ///   character references, invalid UTF-8) with `?` before libxml2 sees them.
    /// - Throws: `XMLStreamFailure` with the line and column where reading stopped.
    func read(sanitize: Bool, chunkSize: Int = 256 * 1024) throws(XMLStreamFailure) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw XMLStreamFailure(kind: .io, message: "cannot open file: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var status = stat()
        let fileSize = fstat(fd, &status) == 0 ? Int(status.st_size) : 0

        var handlerStruct = XMLStreamReader.makeSAXHandler()
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard let ctxt = xmlCreatePushParserCtxt(&handlerStruct, userData, nil, 0, path) else {
            throw XMLStreamFailure(kind: .io, message: "libxml2 could not create a parser context")
        }
        context = ctxt
        defer {
            xmlFreeParserCtxt(ctxt)
            context = nil
        }
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue)
        xmlCtxtUseOptions(ctxt, options)

        var capacity = chunkSize
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var first = true
        while true {
            let count = Platform.read(fd, into: buffer, count: capacity)
            if count < 0 {
                throw XMLStreamFailure(kind: .io, message: "read failed: \(String(cString: strerror(errno)))")
            }
            bytesRead += count
            if count > 0 { onRead?(count) }
            if first {
                first = false
                hasXMLDeclaration = XMLStreamReader.startsWithDeclaration(
                    UnsafeBufferPointer(start: buffer, count: count))
                handler.documentWillStart(hasXMLDeclaration: hasXMLDeclaration, fileSize: fileSize)
            }
            let terminate: Int32 = count == 0 ? 1 : 0
            chunksParsed += 1
            var status: Int32
            if sanitize {
                let cleaned = sanitizer.clean(UnsafeBufferPointer(start: buffer, count: count), final: count == 0)
                status = cleaned.withUnsafeBufferPointer { clean in
                    clean.withMemoryRebound(to: CChar.self) {
                        xmlParseChunk(ctxt, $0.baseAddress, Int32(clean.count), terminate)
                    }
                }
            } else {
                status = buffer.withMemoryRebound(to: CChar.self, capacity: count) {
                    xmlParseChunk(ctxt, $0, Int32(count), terminate)
                }
            }
            if let stopRequest { throw stopRequest }
            if status != 0 || ctxt.pointee.wellFormed == 0 {
                if count == 0, ctxt.pointee.nameNr > 0 {
                    // At end of input the push parser reports "Extra content at the end of the
                    // document" (or whatever token was cut) for a truncated file; the open-element
                    // stack says what really happened.
                    throw truncation(ctxt, detail: failure?.message)
                }
                throw failure ?? lastError(ctxt)
            }
            if count == 0 { break }
            // While libxml2 2.9's push parser waits for the end of a tag, it scans all its pending
            // input again for every chunk it is given, so a tag much larger than a chunk would
            // take quadratic time. Reading as much as is pending makes the rescans a geometric
            // series: linear in the tag's length.
            if let input = ctxt.pointee.input, let cur = input.pointee.cur, let end = input.pointee.end {
                let pending = end - cur
                if pending > capacity {
                    buffer.deallocate()
                    capacity = min(pending, Self.largestChunk)
                    buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                }
            }
        }
    }

    /// The largest piece of the file handed to libxml2 at once (pieces grow past `chunkSize` only
    /// while a tag larger than a piece is pending).
    static let largestChunk = 256 << 20

    private func truncation(_ ctxt: xmlParserCtxtPtr, detail: String?) -> XMLStreamFailure {
        let open = Int(ctxt.pointee.nameNr)
        let innermost = ctxt.pointee.name.map { String(cString: $0) } ?? "?"
        let enclosing = open > 1 ? " and \(open - 1) enclosing element(s)" : ""
        var message = "Premature end of data: the file ends inside <\(innermost)>\(enclosing), which are never closed"
        if let detail, !detail.hasPrefix("Extra content at the end") { message += " (libxml2: \(detail))" }
        return XMLStreamFailure(kind: .malformed, message: message, line: currentLine, column: currentColumn)
    }

    private func lastError(_ ctxt: xmlParserCtxtPtr) -> XMLStreamFailure {
        if let error = xmlCtxtGetLastError(ctxt) {
            return XMLStreamReader.failure(from: error.pointee)
        }
        return XMLStreamFailure(
            kind: .malformed, message: "the XML is not well-formed", line: currentLine, column: currentColumn)
    }

    private static func failure(from error: xmlError) -> XMLStreamFailure {
        var message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        // One line, as a diagnostic is: libxml2 puts the bytes of an encoding error on a second
        // ("Input is not proper UTF-8, indicate encoding !\nBytes: 0xE9 0x3C …").
        message = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
        let code = xmlParserErrors(UInt32(error.code))
        let kind: XMLStreamFailure.Kind
        switch code {
        case XML_ERR_INVALID_CHAR, XML_ERR_INVALID_CHARREF, XML_ERR_INVALID_ENCODING, XML_ERR_INVALID_DEC_CHARREF,
            XML_ERR_INVALID_HEX_CHARREF:
            kind = .invalidCharacters
        default:
            kind = .malformed
        }
        return XMLStreamFailure(kind: kind, message: message, line: Int(error.line), column: Int(error.int2))
    }

    private static func startsWithDeclaration(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let declaration: [UInt8] = Array("<?xml".utf8)
        guard bytes.count - index >= declaration.count else { return false }
        for offset in 0..<declaration.count where bytes[index + offset] != declaration[offset] { return false }
        return true
    }

    // MARK: - SAX2 callbacks

    /// Installs or removes the text callbacks in the context's SAX handler. Most text of a JUnit
    /// file is the captured output of passing tests, which Canopy drops; without a callback
    /// libxml2 still scans the text but makes no call per run of characters and entity, so the
    /// dropped text costs no callback and no retain and release.
    @inline(__always)
    private func deliverCharacters(_ wanted: Bool) {
        guard wanted != charactersInstalled, let sax = context?.pointee.sax else { return }
        charactersInstalled = wanted
        let callback = wanted ? XMLStreamReader.charactersCallback : nil
        sax.pointee.characters = callback
        sax.pointee.cdataBlock = callback
        // Equal to `characters`, so libxml2 skips its blank-text check and hands blanks over too.
        sax.pointee.ignorableWhitespace = callback
    }

    private static let charactersCallback: charactersSAXFunc = { ctx, bytes, length in
        XMLStreamReader.withReader(ctx) { reader in
            guard !reader.stopped, let bytes else { return }
            reader.handler.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
    }

    /// Runs `body` with the reader behind a callback's context pointer, without retaining it
    /// (the reader is alive for the whole parse).
    @inline(__always)
    private static func withReader(_ ctx: UnsafeMutableRawPointer?, _ body: (XMLStreamReader) -> Void) {
        Unmanaged<XMLStreamReader>.fromOpaque(ctx!)._withUnsafeGuaranteedRef(body)
    }

    private static func makeSAXHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { ctx, localname, _, _, _, _, attributeCount, _, attributes in
            XMLStreamReader.withReader(ctx) { reader in
                guard !reader.stopped, let localname else { return }
                reader.deliverCharacters(
                    reader.handler.startElement(
                        localname, attributes: XMLAttributes(base: attributes, count: Int(attributeCount)),
                        line: reader.currentLine))
            }
        }
        sax.endElementNs = { ctx, localname, _, _ in
            XMLStreamReader.withReader(ctx) { reader in
                guard !reader.stopped, let localname else { return }
                reader.deliverCharacters(reader.handler.endElement(localname))
            }
        }
        sax.characters = charactersCallback
        sax.cdataBlock = charactersCallback
        sax.ignorableWhitespace = charactersCallback
        sax.getEntity = { _, name in
            // Only the five predefined entities (&lt; &gt; &amp; &quot; &apos;) ever resolve.
            xmlGetPredefinedEntity(name)
        }
        sax.entityDecl = { ctx, name, _, _, _, _ in
            let reader = Unmanaged<XMLStreamReader>.fromOpaque(ctx!).takeUnretainedValue()
            let entity = name.map { String(cString: $0) } ?? "?"
            reader.stop(
                with: XMLStreamFailure(
                    kind: .entityDeclaration,
                    message:
                        "the document declares the entity '\(entity)'; Canopy refuses DTD entities (external entities and entity expansion are an attack vector, and no test reporter writes them)",
                    line: reader.currentLine, column: reader.currentColumn))
        }
        sax.internalSubset = { ctx, _, _, _ in
            XMLStreamReader.withReader(ctx) { $0.sawDoctype = true }
        }
        sax.serror = { ctx, error in
            guard let ctx, let error else { return }
            let reader = Unmanaged<XMLStreamReader>.fromOpaque(ctx).takeUnretainedValue()
            if error.pointee.level == XML_ERR_FATAL, reader.failure == nil {
                reader.failure = XMLStreamReader.failure(from: error.pointee)
            }
        }
        return sax
    }
}
