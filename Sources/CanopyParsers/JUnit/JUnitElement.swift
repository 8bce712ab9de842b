import Foundation

/// The JUnit vocabulary, recognised from libxml2's element names without allocating.
enum JUnitElement {
    case testsuites, testsuite, testcase
    case failure, error, skipped
    case rerunFailure, rerunError, flakyFailure, flakyError
    case systemOut, systemErr, stackTrace
    case properties, property
    case other

    static func classify(_ name: UnsafePointer<UInt8>) -> JUnitElement {
        @inline(__always) func equals(_ literal: StaticString) -> Bool {
            strcmp(
                UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
                UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
        }
        switch name.pointee {
        case UInt8(ascii: "t"):
            if equals("testcase") { return .testcase }
            if equals("testsuite") { return .testsuite }
            if equals("testsuites") { return .testsuites }
        case UInt8(ascii: "s"):
            if equals("system-out") { return .systemOut }
            if equals("system-err") { return .systemErr }
            if equals("skipped") { return .skipped }
            if equals("stackTrace") { return .stackTrace }
        case UInt8(ascii: "f"):
            if equals("failure") { return .failure }
            if equals("flakyFailure") { return .flakyFailure }
            if equals("flakyError") { return .flakyError }
        case UInt8(ascii: "e"):
            if equals("error") { return .error }
        case UInt8(ascii: "r"):
            if equals("rerunFailure") { return .rerunFailure }
            if equals("rerunError") { return .rerunError }
        case UInt8(ascii: "p"):
            if equals("property") { return .property }
            if equals("properties") { return .properties }
        default:
            break
        }
        return .other
    }
}

/// Byte-level attribute name comparison.
@inline(__always)
func attributeNameEquals(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
    strcmp(
        UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
}
