import CanopyModel
import Foundation

/// Walks xcresulttool test nodes, folding test cases into `TestCase`s with ordered attempts.
///
/// A node is walked whole (`walk`), or, when its children are read one at a time from a stream
/// (`XCResultTestsParser`), entered (`enter`) and its children walked in turn: both give the same
/// tests and diagnostics in the same order.
struct XCResultNodeWalker {
    let path: String
    let devices: [XCResultDevice]
    var folder = TestFolder()
    var diagnostics: [Diagnostic] = []
    /// Attempts read so far (one per `Repetition`, or per test case run without repetitions).
    private(set) var attempts = 0
    /// The file offset of the node being walked, for the line of a warning about it.
    var nodeOffset = 0
    /// Durations out of `InputRange.duration`'s range, read as unknown, and the first of them.
    private(set) var rejectedDurations = 0
    /// The first rejected duration: its member, its value as written and its JSON path.
    private(set) var firstRejectedDuration: (member: String, value: String, jsonPath: String, nodeOffset: Int)?
    private var sawFirstRun = false
    private var sawRetry = false

    init(path: String, devices: [XCResultDevice]) {
        self.path = path
        self.devices = devices
    }

    /// `xcode26` when repetitions are named "First Run", `xcode16` when only "Retry N".
    var producer: String? {
        if sawFirstRun { return "xcode26" }
        if sawRetry { return "xcode16" }
        return nil
    }

    /// The node types whose children a walk does not read (a test case reads its repetitions'
    /// and failure messages' itself).
    static let unreadChildren = Set(UnreadNodeType.allCases.map(\.rawValue))

    /// The `nodeType` values of `unreadChildren`.
    enum UnreadNodeType: String, CaseIterable {
        case failureMessage = "Failure Message"
        case sourceCodeReference = "Source Code Reference"
        case attachment = "Attachment"
        case expression = "Expression"
        case testValue = "Test Value"
        case runtimeWarning = "Runtime Warning"
        case repetition = "Repetition"
    }

    /// The `nodeType` of a test case.
    enum NodeType: String {
        case testCase = "Test Case"
    }

    /// The name Xcode 26 gives a test's first repetition (`Retry N` the later ones).
    enum RepetitionName: String {
        case firstRun = "First Run"
    }

    /// What a node's type makes of it and its children.
    enum Step {
        /// A test case: its subtree is read whole into tests.
        case testCase
        /// A container: its children are walked with this context.
        case descend(XCResultNodeContext)
        /// A node whose children are not read (a failure message, an attachment…).
        case skip
    }

    /// Whether the children of a node of `type` can be walked one at a time once `members` (the
    /// node's members before its `children`) are known: a container whose context those members
    /// settle.
    static func streams(_ type: String, members: JSONObject) -> Bool {
        if type == "Test Case" || unreadChildren.contains(type) { return false }
        switch type {
        case "Device":
            return members["name"] != nil && members["nodeIdentifier"] != nil
        case "Unit test bundle", "UI test bundle", "Test Suite", "Test Plan Configuration", "Arguments":
            return members["name"] != nil
        default:
            return true
        }
    }

    /// Enters a node of `type` (`node` holds at least its members before `children`): the
    /// context its children are walked with, or what else to do with it.
    mutating func enter(_ type: String, _ node: JSONValue, context: XCResultNodeContext, jsonPath: String) -> Step {
        let name = node["name"]?.string ?? ""
        var context = context
        switch type {
        case "Test Case":
            return .testCase
        case "Unit test bundle", "UI test bundle":
            context.bundle = name
        case "Test Suite":
            context.suites.append(name)
        case "Test Plan Configuration", "Device", "Arguments", "Test Case Run", "Test Plan":
            apply(type, node, to: &context)
        case _ where Self.unreadChildren.contains(type):
            return .skip
        default:
            diagnostics.append(
                Diagnostic(.note, "\(jsonPath): unknown nodeType \"\(type)\"; its children are read", file: path))
        }
        return .descend(context)
    }

    /// The warning for a node that is not an object or has no `nodeType`; nil for a node to enter.
    mutating func checkNode(_ node: JSONValue, jsonPath: String) -> String? {
        guard node.object != nil else {
            diagnostics.append(
                Diagnostic(
                    .warning, "\(jsonPath): expected a test node object, found \(node.typeName); skipped", file: path))
            return nil
        }
        guard let type = node["nodeType"]?.text else {
            diagnostics.append(Diagnostic(.warning, "\(jsonPath): a test node without nodeType; skipped", file: path))
            return nil
        }
        return type
    }

    mutating func walk(_ node: JSONValue, context: XCResultNodeContext, jsonPath: String) {
        guard let type = checkNode(node, jsonPath: jsonPath) else { return }
        switch enter(type, node, context: context, jsonPath: jsonPath) {
        case .testCase:
            addTestCase(node, context: context, jsonPath: jsonPath)
        case .skip:
            return
        case .descend(let inner):
            for (index, child) in (node["children"]?.array ?? []).enumerated() {
                walk(child, context: inner, jsonPath: "\(jsonPath).children[\(index)]")
            }
        }
    }

    private func apply(_ type: String, _ node: JSONValue, to context: inout XCResultNodeContext) {
        let name = node["name"]?.string ?? ""
        switch type {
        case "Test Plan Configuration": context.configuration = name
        case "Device":
            let id = node["nodeIdentifier"]?.text
            let known = devices.first { $0.id != nil && $0.id == id } ?? devices.first { $0.name == name }
            context.device = known?.displayName ?? name
        case "Arguments": context.arguments = name
        default: break
        }
    }

    private mutating func addTestCase(_ node: JSONValue, context: XCResultNodeContext, jsonPath: String) {
        let name = node["name"]?.string ?? ""
        var identity = Self.identity(name: name, nodeIdentifier: node["nodeIdentifier"]?.text, context: context)
        let tags = (node["tags"]?.array ?? []).compactMap(\.text)
        var runs: [(context: XCResultNodeContext, attempts: [Attempt])] = []
        collectRuns(node, context: context, jsonPath: jsonPath, into: &runs)
        for run in runs {
            identity.configuration = run.context.configuration
            identity.device = run.context.device
            identity.arguments = run.context.arguments
            folder.add(TestCase(identity: identity, attempts: run.attempts, tags: tags))
        }
    }

    /// Appends one attempt per `Repetition` (or one for the node itself when it has none), grouped
    /// by the device, configuration and arguments they ran with.
    private mutating func collectRuns(
        _ node: JSONValue, context: XCResultNodeContext, jsonPath: String,
        into runs: inout [(context: XCResultNodeContext, attempts: [Attempt])]
    ) {
        let children = node["children"]?.array ?? []
        var splitting = false
        for (index, child) in children.enumerated() {
            let type = child["nodeType"]?.text ?? ""
            let childPath = "\(jsonPath).children[\(index)]"
            switch type {
            case "Device", "Test Plan Configuration", "Arguments", "Test Case Run":
                splitting = true
                var inner = context
                apply(type, child, to: &inner)
                collectRuns(child, context: inner, jsonPath: childPath, into: &runs)
            case "Repetition":
                splitting = true
                let label = child["name"]?.string
                if label == RepetitionName.firstRun.rawValue { sawFirstRun = true }
                if label?.hasPrefix("Retry") == true { sawRetry = true }
                let repetition = attempt(child, label: label, jsonPath: childPath)
                append(repetition, context: context, to: &runs)
            default:
                break
            }
        }
        if !splitting {
            let single = attempt(node, label: nil, jsonPath: jsonPath)
            append(single, context: context, to: &runs)
        }
    }

    private func append(
        _ attempt: Attempt, context: XCResultNodeContext,
        to runs: inout [(context: XCResultNodeContext, attempts: [Attempt])]
    ) {
        if let index = runs.firstIndex(where: { $0.context.runKey == context.runKey }) {
            runs[index].attempts.append(attempt)
        } else {
            runs.append((context, [attempt]))
        }
    }

    private mutating func attempt(_ node: JSONValue, label: String?, jsonPath: String) -> Attempt {
        attempts += 1
        var messages: [(text: String, location: SourceLocation?)] = []
        for child in node["children"]?.array ?? [] where child["nodeType"]?.text == "Failure Message" {
            messages.append(XCResultFailureText.decode(child))
        }
        let result = node["result"]?.text
        var outcome: Outcome
        switch result {
        case "Passed": outcome = .passed
        case "Failed": outcome = .failed
        case "Skipped": outcome = .skipped
        case "Expected Failure": outcome = .expectedFailure
        default: outcome = messages.isEmpty ? .passed : .failed
        }
        let seconds = duration(of: node, jsonPath: jsonPath)
        var attempt = Attempt(outcome: outcome, duration: seconds, label: label, origin: SourceLocation(file: path))
        switch outcome {
        case .skipped:
            attempt.skipReason = messages.first.map { XCResultFailureText.skipReason($0.text) } ?? node["details"]?.text
        case .expectedFailure:
            attempt.skipReason = messages.first?.text ?? node["details"]?.text
        case .failed, .error:
            attempt.failures = messages.map { Failure(message: $0.text, location: $0.location) }
        case .passed:
            break
        }
        return attempt
    }

    /// The node's `durationInSeconds`, else its `duration` text (`1m 5s`), when within
    /// `InputRange.duration`'s range. A number outside it (negative, absurd), or a text with digits
    /// that gives none in it, is unknown and counted for a warning; a text without digits
    /// (a producer's placeholder) is unknown silently.
    private mutating func duration(of node: JSONValue, jsonPath: String) -> Double? {
        if let seconds = node["durationInSeconds"]?.number {
            if let duration = InputRange.duration(seconds) { return duration }
            reject("durationInSeconds", "\(seconds)", at: jsonPath)
            return nil
        }
        guard let text = node["duration"]?.text else { return nil }
        if let seconds = DurationText.seconds(xcresult: text), let duration = InputRange.duration(seconds) {
            return duration
        }
        if text.utf8.contains(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            reject("duration", "\"\(text)\"", at: jsonPath)
        }
        return nil
    }

    private mutating func reject(_ member: String, _ value: String, at jsonPath: String) {
        rejectedDurations += 1
        if firstRejectedDuration == nil { firstRejectedDuration = (member, value, jsonPath, nodeOffset) }
    }

    /// className and name from the `nodeIdentifier` (`Module/Suite/test()`, `Outer/Inner/test()` or
    /// `Class/test()`), which is stable where Swift Testing's display `name` is not. The bundle
    /// always leads the class name, once, for XCTest and Swift Testing alike and however deeply
    /// suites nest: the same `Outer/Inner/works()` in two bundles is two tests.
    static func identity(name: String, nodeIdentifier: String?, context: XCResultNodeContext) -> TestIdentity {
        var path = context.suites
        var testName = name
        // Split on the ASCII `/` byte: no Unicode-aware string search per test.
        let slash = UInt8(ascii: "/")
        if let nodeIdentifier, nodeIdentifier.utf8.contains(slash) {
            path = nodeIdentifier.utf8.split(separator: slash, omittingEmptySubsequences: false).map {
                String(Substring($0))
            }
            testName = path.removeLast()
        }
        return TestIdentity(
            bundle: context.bundle, className: qualifiedClassName(path, bundle: context.bundle), name: testName)
    }

    /// The suite path joined with `.`, led by the bundle unless it leads already (`AppTests/Suite`
    /// or `AppTests.Suite`).
    static func qualifiedClassName(_ path: [String], bundle: String?) -> String {
        let className = path.joined(separator: ".")
        guard let bundle, !bundle.isEmpty else { return className }
        if className.isEmpty { return bundle }
        if className == bundle { return className }
        let (name, lead) = (className.utf8, bundle.utf8)
        if name.count > lead.count, name.starts(with: lead),
            name[name.index(name.startIndex, offsetBy: lead.count)] == UInt8(ascii: ".")
        {
            return className
        }
        return bundle + "." + className
    }
}
