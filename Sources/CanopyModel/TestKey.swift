/// What makes two reported results the same test (`docs/identity-and-verdicts.md`): its class,
/// its name without a trailing `()`, its arguments, and its device and configuration when the run
/// names them in its keys. Two results with the same key are attempts of one test; results with
/// different keys are different tests.
///
/// Its one string form, `Class/name(arguments)@device#configuration` (`description`), is the key
/// history stores (`test_names.test_key`) and every list, gate and quarantine entry names a test
/// by; a part the key does not name is left out with its separator. Keys are equal, hashed and
/// ordered by that form.
///
/// `init(stored:device:configuration:)` and `init(stored:)` read the form back: the one place a
/// stored key is split. The form does not say where a class ends in a name that holds a `/`, nor
/// where a name ends and its arguments begin (`addingItems(count:)(5)`): read back, the class is
/// what comes before the first `/`, and the arguments stay part of `name` (`nameWithArguments` is
/// the same either way).
package struct TestKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `Class/name(arguments)`: the test on whatever destination.
    package let test: String
    /// The class or suite that declares the test (`AppUITests.LoginTests`).
    package let className: String
    /// The test's name without a trailing `()` (`testLogin`, `login works`).
    package let name: String
    /// The arguments of a parameterised test (`"iPad", 2`); nil when read back from a stored key.
    package let arguments: String?
    /// The device, when the key names one (`iPhone 16 Pro (18.2)`).
    package let device: String?
    /// The test-plan configuration, when the key names one (`German`).
    package let configuration: String?
    /// `Class/name(arguments)@device#configuration`.
    package let description: String

    /// The key of the test `name` of `className`; empty parts are not named.
    package init(
        className: String, name: String, arguments: String? = nil, device: String? = nil,
        configuration: String? = nil
    ) {
        let name = name.hasSuffix("()") ? String(name.dropLast(2)) : name
        let arguments = arguments.flatMap { $0.isEmpty ? nil : $0 }
        var test = className + "/" + name
        if let arguments { test += "(" + arguments + ")" }
        self.init(
            test: test, className: className, name: name, arguments: arguments, device: device,
            configuration: configuration)
    }

    /// The key of a test as a producer identified it (its bundle is not part of it).
    package init(_ identity: TestIdentity) {
        self.init(
            className: identity.className, name: identity.name, arguments: identity.arguments,
            device: identity.device, configuration: identity.configuration)
    }

    private init(
        test: String, className: String, name: String, arguments: String?, device: String?, configuration: String?
    ) {
        let device = device.flatMap { $0.isEmpty ? nil : $0 }
        let configuration = configuration.flatMap { $0.isEmpty ? nil : $0 }
        var description = test
        if let device { description += "@" + device }
        if let configuration { description += "#" + configuration }
        self.test = test
        self.className = className
        self.name = name
        self.arguments = arguments
        self.device = device
        self.configuration = configuration
        self.description = description
    }

    /// The same test on any destination: the key without device and configuration.
    package var withoutDestination: TestKey {
        TestKey(test: test, className: className, name: name, arguments: arguments, device: nil, configuration: nil)
    }

    /// `name(arguments)`, or the name alone.
    package var nameWithArguments: String {
        guard let arguments else { return name }
        return name + "(" + arguments + ")"
    }

    /// The key `stored` (`description`), given the device and configuration it names: a stored
    /// test row's, nil for none. A key that does not end with them names no destination.
    package init(stored: String, device: String?, configuration: String?) {
        let device = device.flatMap { $0.isEmpty ? nil : $0 }
        let configuration = configuration.flatMap { $0.isEmpty ? nil : $0 }
        let key = Substring(stored)
        if let configuration {
            if let rest = Self.cut("#" + configuration, from: key) {
                if let device, let test = Self.cut("@" + device, from: rest) {
                    self.init(test: test, device: device, configuration: configuration)
                    return
                }
                if device == nil {
                    self.init(test: rest, device: nil, configuration: configuration)
                    return
                }
            }
        } else if let device, let found = Self.destination(of: key, device: device) {
            self.init(test: key[..<found.start], device: device, configuration: found.configuration)
            return
        }
        self.init(test: key, device: nil, configuration: nil)
    }

    /// The key `stored` when what it names is not known (a failure's key, a quarantine entry's
    /// test): its destination begins at its last `@`, its configuration at the first `#` after
    /// that. A key without `@` names no destination.
    package init(stored: String) {
        let key = Substring(stored)
        guard let at = key.lastIndex(of: "@") else {
            self.init(test: key, device: nil, configuration: nil)
            return
        }
        let destination = key[key.index(after: at)...]
        if let hash = destination.firstIndex(of: "#") {
            self.init(
                test: key[..<at], device: String(destination[..<hash]),
                configuration: String(destination[destination.index(after: hash)...]))
        } else {
            self.init(test: key[..<at], device: String(destination), configuration: nil)
        }
    }

    /// A key whose test part is `test` (`Class/name…`): the class is what comes before its first
    /// `/`, the name (arguments included) what follows.
    private init(test: Substring, device: String?, configuration: String?) {
        let className: Substring
        let name: Substring
        if let slash = test.firstIndex(of: "/") {
            className = test[..<slash]
            name = test[test.index(after: slash)...]
        } else {
            className = test
            name = ""
        }
        self.init(
            test: String(test), className: String(className), name: String(name), arguments: nil, device: device,
            configuration: configuration)
    }

    /// `text` without `suffix`, when it ends with it (compared as bytes).
    private static func cut(_ suffix: String, from text: Substring) -> Substring? {
        let count = suffix.utf8.count
        guard text.utf8.count >= count, text.utf8.suffix(count).elementsEqual(suffix.utf8) else { return nil }
        return text[..<text.utf8.index(text.endIndex, offsetBy: -count)]
    }

    /// Where `@device` ends `key` or is followed by `#configuration`: the last such place.
    private static func destination(of key: Substring, device: String) -> (
        start: Substring.Index, configuration: String?
    )? {
        // Most keys end with their device: compared as bytes, with no search.
        if let test = cut("@" + device, from: key) { return (test.endIndex, nil) }
        let marker = Array(("@" + device).utf8)
        let bytes = key.utf8
        var position = bytes.endIndex
        while position > bytes.startIndex {
            position = bytes.index(before: position)
            guard bytes[position] == UInt8(ascii: "@") else { continue }
            let after = bytes[position...]
            guard after.starts(with: marker) else { continue }
            let end = bytes.index(position, offsetBy: marker.count)
            if end == bytes.endIndex { return (position, nil) }
            if bytes[end] == UInt8(ascii: "#") {
                return (position, String(key[bytes.index(after: end)...]))
            }
        }
        return nil
    }

    package static func == (lhs: TestKey, rhs: TestKey) -> Bool { lhs.description == rhs.description }

    package func hash(into hasher: inout Hasher) { hasher.combine(description) }

    package static func < (lhs: TestKey, rhs: TestKey) -> Bool { lhs.description < rhs.description }
}
