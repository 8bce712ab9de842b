/// A test as its producer identified it: the parts of its key (`TestKey`, what makes two reported
/// test executions the same test) and the bundle and name as written.
///
/// Retries, repetitions and rerun elements of one key fold into attempts of one `TestCase`.
/// The `bundle` (test bundle, module or outer suite path) is kept for display but is not part of
/// the key, because producers disagree on it: xcbeautify names the class suite, trainer nests
/// bundle → class, xcpretty repeats suites. A device or configuration the run's keys name is part
/// of the key: the same test on two devices is two tests.
package struct TestIdentity: Sendable, Equatable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The test bundle, module or enclosing suite path, when the producer says (`AppUITests`).
    package var bundle: String?
    /// The class or suite that declares the test (`AppUITests.LoginTests`), or the suite name when
    /// the producer gives no class.
    package var className: String
    /// The test name as written (`testLogin()`, `login works`).
    package var name: String
    /// The arguments of a parameterised test, as written (`"iPad", 2`).
    package var arguments: String?
    /// The device the test ran on (`iPhone 16 Pro (18.2)`).
    package var device: String?
    /// The test plan configuration (`Default`, `German`).
    package var configuration: String?

    package init(
        bundle: String? = nil, className: String, name: String, arguments: String? = nil,
        device: String? = nil, configuration: String? = nil
    ) {
        self.bundle = bundle
        self.className = className
        self.name = name
        self.arguments = arguments
        self.device = device
        self.configuration = configuration
    }

    /// The name without a trailing `()`, so `testLogin()` and `testLogin` are one test.
    package var normalizedName: String {
        name.hasSuffix("()") ? String(name.dropLast(2)) : name
    }

    /// `TestKey`'s string form: `Class/name(args)@device#configuration`.
    package var key: String { TestKey(self).description }

    /// The key without device and configuration (`TestKey.test`): the same test across devices.
    package var testKey: String { TestKey(self).test }

    /// The length of `testKey` in UTF-8 bytes, counted without building it: `key` begins with
    /// `testKey`, so its first this many bytes are the test key.
    package var testKeyUTF8Count: Int {
        var count = className.utf8.count + 1 + name.utf8.count
        if name.hasSuffix("()") { count -= 2 }
        if let arguments, !arguments.isEmpty { count += arguments.utf8.count + 2 }
        return count
    }

    package var description: String { key }

    package static func < (lhs: TestIdentity, rhs: TestIdentity) -> Bool { lhs.key < rhs.key }
}
