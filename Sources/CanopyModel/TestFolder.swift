/// Folds test executions that share an identity into one `TestCase` with ordered attempts.
///
/// Parsers and the run assembler feed executions in reading order; the folder keeps first-seen
/// order of tests and appends attempts in the order they arrive.
///
/// Tests are indexed by a 64-bit FNV-1a hash of the identity's key fields instead of the key
/// string, so no `TestIdentity.key` is built or SipHashed per testcase read. A hash hit is
/// confirmed by comparing the fields; a true collision falls back to an index by key string.
package struct TestFolder: Sendable {
    private var index: [UInt64: Int] = [:]
    private var collisions: [String: Int] = [:]
    package private(set) var tests: [TestCase] = []

    package init(capacity: Int = 0) {
        reserveCapacity(capacity)
    }

    /// Prepares room for `capacity` tests.
    package mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > tests.count else { return }
        index.reserveCapacity(capacity)
        tests.reserveCapacity(capacity)
    }

    /// Adds the attempts of `test` to the test with the same identity, or appends it as a new test.
    /// - Returns: the test's position.
    @discardableResult
    package mutating func add(_ test: consuming TestCase) -> Int {
        add(test, hash: TestFolder.hash(test.identity))
    }

    @discardableResult
    private mutating func add(_ test: consuming TestCase, hash: UInt64) -> Int {
        if let position = position(of: test.identity, hash: hash) {
            merge(test, into: position)
            return position
        }
        insert(test, hash: hash)
        return tests.count - 1
    }

    /// Adds the attempts of every test of `other`, in its order (as `add` would have, one by one).
    package mutating func add(contentsOf other: consuming TestFolder) {
        // The hashes `other` indexed its tests by, so that no identity is hashed again.
        var hashes = [UInt64?](repeating: nil, count: other.tests.count)
        for (hash, position) in other.index { hashes[position] = hash }
        var moved = other.tests
        other = TestFolder()
        // No reservation: called once per suite, an exact one would regrow the storage every time.
        for position in moved.indices {
            add(moved[position], hash: hashes[position] ?? TestFolder.hash(moved[position].identity))
        }
        moved.removeAll()
    }

    /// Changes the identity of every test with `body`, in place, folding together the tests that
    /// then share an identity (the first one's position kept, attempts in order).
    package mutating func rewriteIdentities(_ body: (inout TestIdentity) -> Void) {
        index.removeAll(keepingCapacity: true)
        collisions.removeAll()
        var kept = 0
        for read in tests.indices {
            body(&tests[read].identity)
            let hash = TestFolder.hash(tests[read].identity)
            if let position = position(of: tests[read].identity, hash: hash) {
                let test = tests[read]
                merge(test, into: position)
                continue
            }
            if kept != read { tests.swapAt(kept, read) }
            if index[hash] == nil {
                index[hash] = kept
            } else {
                collisions[tests[kept].identity.key] = kept
            }
            kept += 1
        }
        tests.removeSubrange(kept...)
    }

    /// Position of the test with this identity, if present.
    package func position(of identity: TestIdentity) -> Int? {
        position(of: identity, hash: TestFolder.hash(identity))
    }

    private func position(of identity: TestIdentity, hash: UInt64) -> Int? {
        if let position = index[hash], TestFolder.sameTest(tests[position].identity, identity) { return position }
        return collisions.isEmpty ? nil : collisions[identity.key]
    }

    /// Mutates the test at `position` in place.
    package mutating func update(at position: Int, _ body: (inout TestCase) -> Void) {
        body(&tests[position])
    }

    private mutating func insert(_ test: consuming TestCase, hash: UInt64) {
        if index[hash] == nil {
            index[hash] = tests.count
        } else {
            collisions[test.identity.key] = tests.count
        }
        tests.append(test)
    }

    private mutating func merge(_ test: TestCase, into position: Int) {
        tests[position].attempts.append(contentsOf: test.attempts)
        if tests[position].location == nil { tests[position].location = test.location }
        if tests[position].identity.bundle == nil { tests[position].identity.bundle = test.identity.bundle }
        for tag in test.tags where !tests[position].tags.contains(tag) { tests[position].tags.append(tag) }
    }

    private static func sameTest(_ lhs: TestIdentity, _ rhs: TestIdentity) -> Bool {
        lhs.className == rhs.className
            && lhs.name.utf8.dropLast(trailingParentheses(lhs.name)).elementsEqual(
                rhs.name.utf8.dropLast(trailingParentheses(rhs.name)))
            && (lhs.arguments ?? "") == (rhs.arguments ?? "") && (lhs.device ?? "") == (rhs.device ?? "")
            && (lhs.configuration ?? "") == (rhs.configuration ?? "")
    }

    /// 2 when `name` ends with `()` (which `TestIdentity.normalizedName` drops), else 0; counted
    /// on the bytes so that hashing and comparing never allocate a trimmed copy.
    private static func trailingParentheses(_ name: String) -> Int {
        name.utf8.last == UInt8(ascii: ")") && name.utf8.dropLast().last == UInt8(ascii: "(") ? 2 : 0
    }

    /// FNV-1a over the fields that make up `TestIdentity.key`, with separators.
    static func hash(_ identity: TestIdentity) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String?, dropLast: Int = 0) {
            if var text {
                text.withUTF8 { bytes in
                    for byte in bytes.dropLast(dropLast) {
                        hash ^= UInt64(byte)
                        hash &*= 0x0000_0100_0000_01b3
                    }
                }
            }
            hash ^= 0x1f
            hash &*= 0x0000_0100_0000_01b3
        }
        mix(identity.className)
        mix(identity.name, dropLast: trailingParentheses(identity.name))
        mix(identity.arguments.flatMap { $0.isEmpty ? nil : $0 })
        mix(identity.device.flatMap { $0.isEmpty ? nil : $0 })
        mix(identity.configuration.flatMap { $0.isEmpty ? nil : $0 })
        return hash
    }
}
