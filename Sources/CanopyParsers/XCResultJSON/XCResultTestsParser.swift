import CanopyModel

/// Reads `xcrun xcresulttool get test-results tests --format json` (Xcode 16 and 26;
/// `docs/input-formats.md`, "xcresulttool JSON").
///
/// Walks Test Plan → configurations → bundles → suites → test cases. Under a test case,
/// `Device`, `Test Plan Configuration`, `Arguments` and `Test Case Run` nodes split it into
/// separate tests (a test on two devices is two tests), and `Repetition` nodes become its attempts
/// in order. The roll-up `result` of a retried test is never read in place of its repetitions.
///
/// The file is streamed (`JSONStreamReader`): a node whose subtree fits in `lookahead` bytes (a
/// test case, typically) is read whole, a larger one member by member with its children walked
/// one at a time, so memory grows with the tests, not the bytes. Key order is not stable between
/// dumps: when `devices` follows `testNodes`, a first pass skips over `testNodes` to read the rest
/// of the document and a second walks it. A file of more than `attemptLimit` attempts is refused.
package struct XCResultTestsParser: ReportParser {
    /// Attempts (repetitions, or test case runs without any) read before the file is refused:
    /// the same bound as a JUnit file's `<testcase>` elements, retries included.
    package var attemptLimit: Int
    /// Bytes looked ahead for a node's end: a node shorter than this is parsed whole.
    var lookahead: Int
    /// Bytes read from the file at a time.
    var chunkSize: Int

    package init(attemptLimit: Int = JUnitLimits.testcasesPerFile) {
        self.init(attemptLimit: attemptLimit, lookahead: 16 * 1024, chunkSize: JSONStreamReader.chunkSize)
    }

    init(attemptLimit: Int = JUnitLimits.testcasesPerFile, lookahead: Int, chunkSize: Int) {
        self.attemptLimit = attemptLimit
        self.lookahead = lookahead
        self.chunkSize = chunkSize
    }

    package var format: InputFormat { .xcresultTests }

    package func parse(fileAt path: String) throws(ParserError) -> ParsedInput {
        try parseReportingWindow(fileAt: path).input
    }

    /// `parse(fileAt:)`, and the most bytes of the file held at once.
    func parseReportingWindow(fileAt path: String) throws(ParserError) -> (input: ParsedInput, windowBytes: Int) {
        let reader = try JSONStreamReader(path: path, chunkSize: chunkSize)
        guard let first = try reader.peek() else {
            throw reader.malformed("unexpected end of data, a value was expected")
        }
        guard first == UInt8(ascii: "{") else {
            let root = try reader.readValue(depth: 0)
            try reader.expectEnd()
            throw .invalidValue(path: path, jsonPath: "$", message: "expected an object, found \(root.typeName)")
        }
        var stream = Stream(reader: reader, path: path, attemptLimit: attemptLimit, lookahead: lookahead)
        var devices: [XCResultDevice]?
        var configurations: [String] = []
        var deferredNodes: Int?
        do throws(ParserError) {
            try reader.beginObject()
            var firstKey = true
            while let key = try reader.nextKey(first: &firstKey) {
                switch key {
                case "testNodes":
                    guard try reader.peek() == UInt8(ascii: "[") else {
                        let found = try reader.readValue(depth: 1)
                        throw .invalidValue(
                            path: path, jsonPath: "$.testNodes",
                            message: "expected an array of test nodes, found \(found.typeName)")
                    }
                    if let devices {
                        try stream.walkTestNodes(devices: devices)
                    } else {
                        deferredNodes = reader.offset
                        try reader.skipValue()
                    }
                case "devices":
                    devices = XCResultDevice.list(try reader.readValue(depth: 1))
                case "testPlanConfigurations":
                    configurations = (try reader.readValue(depth: 1).array ?? []).compactMap {
                        $0["configurationName"]?.text
                    }
                case "schema":
                    var document = JSONObject()
                    document.keys.append(key)
                    document.values.append(try reader.readValue(depth: 1))
                    try JSONDocument.refuseOwnDocument(.object(document), path: path)
                default:
                    _ = try reader.readValue(depth: 1)
                }
            }
            try reader.expectEnd()
        } catch {
            // `testNodes` was skipped, not checked: a failure in it comes first.
            if let deferredNodes {
                try reader.seek(to: deferredNodes)
                try stream.walkTestNodes(devices: devices ?? [])
            }
            throw error
        }
        if let deferredNodes {
            try reader.seek(to: deferredNodes)
            try stream.walkTestNodes(devices: devices ?? [])
        }
        guard var walker = stream.walker else {
            throw .invalidValue(
                path: path, jsonPath: "$.testNodes", message: "expected an array of test nodes, found nothing")
        }
        if let first = walker.firstRejectedDuration {
            walker.diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(walker.rejectedDurations) duration(s) unreadable, negative or over \(Int(InputRange.maximumDuration / 86_400)) days, read as unknown; the first: \(first.member) \(first.value) at \(first.jsonPath)",
                    file: path, line: reader.locate(first.nodeOffset).line))
        }
        var metadata = RunMetadata()
        let known = devices ?? []
        if known.count == 1, let device = known.first {
            metadata.device = device.name
            metadata.osVersion = device.osVersion
        }
        let file = InputFile(path: path, format: .xcresultTests, producer: walker.producer, bytes: reader.fileSize)
        let input = ParsedInput(
            file: file, tests: walker.folder.tests, metadata: metadata,
            diagnostics: reader.repairWarnings() + walker.diagnostics,
            configuration: configurations.count == 1 ? configurations.first : nil)
        return (input, reader.windowBytes)
    }

    /// Walks `testNodes` from the reader into a `XCResultNodeWalker`.
    private struct Stream {
        let reader: JSONStreamReader
        let path: String
        let attemptLimit: Int
        let lookahead: Int
        var walker: XCResultNodeWalker?

        init(reader: JSONStreamReader, path: String, attemptLimit: Int, lookahead: Int) {
            self.reader = reader
            self.path = path
            self.attemptLimit = attemptLimit
            self.lookahead = lookahead
        }

        /// Walks the array at the reader, each top-level node in turn.
        mutating func walkTestNodes(devices: [XCResultDevice]) throws(ParserError) {
            var walker = XCResultNodeWalker(path: path, devices: devices)
            try reader.beginArray()
            var first = true
            var index = 0
            while try reader.nextItem(first: &first) {
                try node(into: &walker, context: XCResultNodeContext(), jsonPath: "$.testNodes[\(index)]", depth: 2)
                index += 1
            }
            self.walker = walker
        }

        /// Walks the node at the reader: whole when it ends within `lookahead` bytes (or is not an
        /// object), else member by member, its children one at a time once its context is known.
        private func node(
            into walker: inout XCResultNodeWalker, context: XCResultNodeContext, jsonPath: String, depth: Int
        ) throws(ParserError) {
            let start = reader.offset
            walker.nodeOffset = start
            var extent: JSONStreamReader.Extent?
            if try reader.peek() == UInt8(ascii: "{") { extent = try reader.extent(lookahead: lookahead) }
            if extent != .longer {
                let node = try reader.readValue(depth: depth, known: extent)
                walker.walk(node, context: context, jsonPath: jsonPath)
                try checkLimit(walker, at: start)
                return
            }
            guard depth < JSONReader.maximumDepth else {
                throw reader.malformed("nesting deeper than \(JSONReader.maximumDepth) levels")
            }
            var members = JSONObject()
            var walkedChildren = false
            try reader.beginObject()
            var firstKey = true
            while let key = try reader.nextKey(first: &firstKey) {
                if key == "children", !walkedChildren, try reader.peek() == UInt8(ascii: "["),
                    let type = members["nodeType"]?.text, XCResultNodeWalker.streams(type, members: members)
                {
                    walkedChildren = true
                    walker.nodeOffset = start
                    guard
                        case .descend(let inner) = walker.enter(
                            type, .object(members), context: context, jsonPath: jsonPath)
                    else {
                        _ = try reader.readValue(depth: depth)
                        continue
                    }
                    try reader.beginArray()
                    var firstItem = true
                    var index = 0
                    while try reader.nextItem(first: &firstItem) {
                        try node(
                            into: &walker, context: inner, jsonPath: "\(jsonPath).children[\(index)]", depth: depth + 2)
                        index += 1
                    }
                } else {
                    let value = try reader.readValue(depth: depth)
                    if !walkedChildren {
                        members.keys.append(key)
                        members.values.append(value)
                    }
                }
            }
            if !walkedChildren {
                walker.nodeOffset = start
                walker.walk(.object(members), context: context, jsonPath: jsonPath)
                try checkLimit(walker, at: start)
            }
        }

        /// Refuses the file once more than `attemptLimit` attempts were read, naming the line of
        /// the node that passed it.
        private func checkLimit(_ walker: XCResultNodeWalker, at offset: Int) throws(ParserError) {
            guard walker.attempts > attemptLimit else { return }
            throw .overLimit(
                path: path, line: reader.locate(offset).line,
                message:
                    "more than \(attemptLimit) test attempts, the one past the limit in the test node at byte offset \(offset) (limit: \(attemptLimit) attempts per xcresult tests JSON, retries included, as for a JUnit file's testcases)"
            )
        }
    }
}
