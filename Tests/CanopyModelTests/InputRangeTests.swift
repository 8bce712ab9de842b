import Foundation
import Testing

@testable import CanopyModel

@Suite("Input ranges")
struct InputRangeTests {
    @Test(
        "durations: finite, not negative, at most 30 days; -0 reads as 0",
        arguments: [
            (0.0, 0.0), (-0.0, 0.0), (7.5e-05, 7.5e-05), (2_592_000, 2_592_000), (5e-324, 5e-324),
            (2_592_000.5, nil), (1e16, nil), (-1e308, nil), (1e308, nil), (-5, nil), (.nan, nil), (.infinity, nil),
            (-.infinity, nil),
        ] as [(Double, Double?)])
    func duration(_ value: Double, _ expected: Double?) {
        let read = InputRange.duration(value)
        #expect(read == expected)
        if let read { #expect(read.sign == .plus) }
    }

    @Test(
        "counts: whole numbers from 0 to 2^31-1",
        arguments: [
            (0.0, 0), (250_000, 250_000), (2_147_483_647, 2_147_483_647), (2_147_483_648, nil), (1e300, nil), (-1, nil),
            (1.5, nil), (.nan, nil), (.infinity, nil), (99_999_999_999_999_999_999, nil),
        ] as [(Double, Int?)])
    func count(_ value: Double, _ expected: Int?) {
        #expect(InputRange.count(value) == expected)
    }

    @Test("integer counts: the same range")
    func integerCount() {
        #expect(InputRange.count(0) == 0)
        #expect(InputRange.count(Int(Int32.max)) == Int(Int32.max))
        #expect(InputRange.count(Int(Int32.max) + 1) == nil)
        #expect(InputRange.count(-1) == nil)
        #expect(InputRange.count(Int.max) == nil)
    }

    @Test("dates: from 2000 to 2100, checked before a Date is built from seconds")
    func dates() {
        let reference = Date(timeIntervalSinceReferenceDate: 0)
        #expect(InputRange.date(seconds: 786_000_000, since: reference) != nil)
        #expect(InputRange.date(seconds: 1e300, since: reference) == nil)
        #expect(InputRange.date(seconds: -1e300, since: reference) == nil)
        #expect(InputRange.date(seconds: .nan, since: reference) == nil)
        // 9999-12-31, as a start time in JUnit `timestamp` would give it.
        #expect(InputRange.date(Date(timeIntervalSince1970: 253_402_214_400)) == nil)
        #expect(InputRange.date(Date(timeIntervalSince1970: 0)) == nil)
        #expect(InputRange.date(InputRange.earliestDate) == InputRange.earliestDate)
        #expect(InputRange.date(InputRange.latestDate) == InputRange.latestDate)
    }

    @Test("milliseconds never trap: nil outside the duration range")
    func milliseconds() {
        #expect(InputRange.milliseconds(1.2345) == 1_235)
        #expect(InputRange.milliseconds(2_592_000) == 2_592_000_000)
        for value in [1e16, -1e308, 1e308, .nan, .infinity, -.infinity, -0.001] {
            #expect(InputRange.milliseconds(value) == nil)
        }
    }

    @Test(
        "coordinates: finite, at most 1,000,000 points either way; -0 reads as 0",
        arguments: [
            (0.0, 0.0), (-0.0, 0.0), (393, 393), (-20, -20), (1_000_000, 1_000_000), (-1_000_000, -1_000_000),
            (5e-324, 5e-324),
            (1_000_000.5, nil), (1e16, nil), (-1e308, nil), (.nan, nil), (.infinity, nil),
        ] as [(Double, Double?)])
    func coordinate(_ value: Double, _ expected: Double?) {
        let read = InputRange.coordinate(value)
        #expect(read == expected)
        if read == 0 { #expect(read?.sign == .plus) }
    }
}
