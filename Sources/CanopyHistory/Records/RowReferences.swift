import CanopyModel

/// A test's identity as `test_names` keeps it: the key rows refer to by `name_id`, and its parts
/// (written only for a name the store does not hold yet).
struct TestName: Sendable {
    static let table = "test_names"
    static let columns = ["test_key", "base_key", "class_name", "name", "device", "configuration"]

    var key: String
    /// Nil for a key known without its identity (a failure of a test its run did not list): its
    /// parts are then the key itself.
    var identity: TestIdentity?

    /// The name of the test `identity`, whose key is `key` (built once by the caller).
    init(_ identity: TestIdentity, key: String) {
        self.key = key
        self.identity = identity
    }

    init(key: String) {
        self.key = key
    }

    func write<Sink: SQLRowSink>(to sink: inout Sink) {
        sink.text(key)
        if let identity {
            sink.text(key, utf8Prefix: identity.testKeyUTF8Count)
            sink.text(identity.className)
            sink.text(identity.name)
            sink.text(identity.device)
            sink.text(identity.configuration)
        } else {
            sink.text(key)
            sink.text("")
            sink.text(key)
            sink.null()
            sink.null()
        }
    }
}

/// The dictionary entries rows refer to by id: test names (`test_names`) and strings
/// (`strings`). Each store makes sure they exist and learns their ids (`RowIDs`) before it writes
/// the rows.
struct RowReferences: Sendable {
    var names: [TestName] = []
    var strings: [String] = []

    var isEmpty: Bool { names.isEmpty && strings.isEmpty }

    mutating func formUnion(_ other: RowReferences) {
        names += other.names
        strings += other.strings
    }
}

/// The ids rows are written with: their run's, and those of the names and strings they refer to.
struct RowIDs: Sendable {
    var run: Int
    var names: [String: Int] = [:]
    var strings: [String: Int] = [:]

    /// The entries of `references` without an id yet, each once, sorted (so concurrent writers
    /// adding the same entries take their locks in one order).
    func missing(_ references: RowReferences) -> RowReferences {
        var seen = Set<String>()
        let names = references.names.filter { self.names[$0.key] == nil && seen.insert($0.key).inserted }
        let strings = Set(references.strings.filter { self.strings[$0] == nil })
        return RowReferences(names: names.sorted { $0.key < $1.key }, strings: strings.sorted())
    }
}

/// How `tests.outcome` stores a test's outcome. Append only: stored codes never change meaning.
enum StoredOutcome {
    static let outcomes: [TestOutcome] = [.passed, .failed, .skipped, .flaky, .expectedFailure]

    static func code(_ outcome: TestOutcome) -> Int {
        switch outcome {
        case .passed: 0
        case .failed: 1
        case .skipped: 2
        case .flaky: 3
        case .expectedFailure: 4
        }
    }

    /// The outcome stored as `code`; nil for a code no version wrote.
    static func outcome(_ code: Int) -> TestOutcome? {
        outcomes.indices.contains(code) ? outcomes[code] : nil
    }
}

/// How `tests.duration_us` stores a duration: whole microseconds (`TestCase.duration`'s precision).
enum StoredDuration {
    /// `seconds` (within `InputRange.duration`, as every parsed duration is) in microseconds.
    static func microseconds(_ seconds: Double?) -> Int? {
        guard let seconds, let inRange = InputRange.duration(seconds) else { return nil }
        return Int((inRange * 1_000_000).rounded())
    }

    static func seconds(_ microseconds: Int?) -> Double? {
        microseconds.flatMap { HistoryRowDecoding.duration(Double($0) / 1_000_000) }
    }
}
