import CanopyModel
import Testing

/// `TestKey`: one string form, composed and read back in one place.
@Suite("TestKey")
struct TestKeyTests {
    @Test("the string form names each known part once, with its separator")
    func stringForm() {
        #expect(TestKey(className: "A.B", name: "testLogin()").description == "A.B/testLogin")
        #expect(TestKey(className: "A.B", name: "testLogin").description == "A.B/testLogin")
        #expect(
            TestKey(
                className: "S", name: "adds(count:)", arguments: "5", device: "iPad (18.2)", configuration: "German"
            )
            .description == "S/adds(count:)(5)@iPad (18.2)#German")
        #expect(TestKey(className: "S", name: "t", arguments: "", device: "", configuration: "").description == "S/t")
        #expect(TestKey(className: "S", name: "t", configuration: "Dark").description == "S/t#Dark")
        let identity = TestIdentity(
            bundle: "App", className: "App.S", name: "t()", arguments: "1", device: "iPhone", configuration: "C")
        #expect(TestKey(identity).description == identity.key)
        #expect(TestKey(identity).test == identity.testKey)
        #expect(identity.key == "App.S/t(1)@iPhone#C")
    }

    /// Names, arguments and destinations may hold `/`, `@`, `#` and `(`: read back with what the
    /// row names, the key splits where it was composed.
    @Test(
        "a stored key reads back to the same key, whatever its name holds",
        arguments: [
            TestKey(
                className: "A", name: "mail a@b #1", arguments: "x@y", device: "iPhone @ home", configuration: "De#1"),
            TestKey(className: "A", name: "works with @mentions", device: "iPhone 16 Pro (18.2)"),
            TestKey(className: "ShopTests.CartTests", name: "addingItems(count:)", arguments: "5"),
            TestKey(className: "A", name: "issue #42", configuration: "Landscape Right"),
            TestKey(className: "A", name: "t", device: "iPhone 17 Pro (26.2)", configuration: "Dark Appearance"),
            TestKey(className: "github.com", name: "org/pkg/TestSplit/sub", device: "linux"),
        ])
    func readsBack(_ key: TestKey) {
        let read = TestKey(stored: key.description, device: key.device, configuration: key.configuration)
        #expect(read == key)
        #expect(read.description == key.description)
        #expect(read.device == key.device && read.configuration == key.configuration)
        #expect(read.test == key.test)
        #expect(read.className == key.className)
        #expect(read.nameWithArguments == key.nameWithArguments)
        #expect(read.withoutDestination == key.withoutDestination)
        #expect(read.withoutDestination.description == key.test)
    }

    @Test("a key that does not end with the device or configuration given names no destination")
    func mismatchedParts() {
        let other = TestKey(stored: "A/t@Other", device: "iPhone", configuration: nil)
        #expect(other.device == nil && other.test == "A/t@Other")
        let missing = TestKey(stored: "A/t#Dark", device: "iPhone", configuration: "Dark")
        #expect(missing.device == nil && missing.configuration == nil)
        let device = TestKey(stored: "A/t@iPhone#Dark", device: "iPhone", configuration: nil)
        #expect(device.device == "iPhone" && device.configuration == "Dark" && device.test == "A/t")
    }

    /// A key known only as a string (a failure's, a quarantine entry's): the destination begins
    /// at its last `@`, so a name holding `@` keeps it.
    @Test("a key read with nothing known splits at its last @")
    func unknownParts() {
        let key = TestKey(stored: "S/mail a@b(x)@iPhone 16 (18.2)#German")
        #expect(key.test == "S/mail a@b(x)" && key.device == "iPhone 16 (18.2)" && key.configuration == "German")
        #expect(key.className == "S" && key.nameWithArguments == "mail a@b(x)")
        let plain = TestKey(stored: "S/issue #42")
        #expect(plain.test == "S/issue #42" && plain.device == nil && plain.configuration == nil)
    }

    @Test("keys are equal, hashed and ordered by their string form")
    func equality() {
        let built = TestKey(className: "S", name: "adds(count:)", arguments: "5")
        let read = TestKey(stored: "S/adds(count:)(5)")
        #expect(built == read)
        #expect(Set([built, read]).count == 1)
        #expect(TestKey(className: "A", name: "t()") == TestKey(className: "A", name: "t"))
        #expect(TestKey(className: "A", name: "a") < TestKey(className: "A", name: "b"))
        #expect(TestKey(className: "A", name: "t", device: "x") != TestKey(className: "A", name: "t"))
    }
}
