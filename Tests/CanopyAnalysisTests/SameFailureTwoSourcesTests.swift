import CanopyAnalysis
import CanopyModel
import CanopyParsers
import Foundation
import Testing

/// One failure read from a run's JUnit (trainer, which writes the location into the message) and
/// from its xcresulttool JSON (which gives it in a `Source Code Reference`) is one cause: one cluster.
@Suite("The same failure from JUnit and xcresult JSON")
struct SameFailureTwoSourcesTests {
    private func write(_ text: String, _ name: String) throws -> String {
        let directory = NSTemporaryDirectory() + "canopy-analysis-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func junit(_ message: String) -> String {
        """
        <?xml version='1.0' encoding='UTF-8'?>
        <testsuites name='SearchApp' tests='1' failures='1'>
          <testsuite name='SearchAppUITests' tests='1' failures='1'>
            <testsuite name='SearchAppUITests.SearchTests' tests='1' failures='1'>
              <testcase classname='SearchAppUITests.SearchTests' name='testSearchShowsResults' time='4.25'>
                <failure message='\(message)'>
                </failure>
                <properties>
                  <property name='repetition' value='First Run'/>
                </properties>
              </testcase>
            </testsuite>
          </testsuite>
        </testsuites>
        """
    }

    private let xcresult = """
        {"devices":[{"deviceId":"A1","deviceName":"iPhone 16 Pro","modelName":"iPhone 16 Pro","osVersion":"18.2","platform":"iOS Simulator","architecture":"arm64"}],
         "testNodes":[{"nodeType":"Test Plan","name":"SearchApp","children":[
          {"nodeType":"UI test bundle","name":"SearchAppUITests","children":[
           {"nodeType":"Test Suite","name":"SearchTests","nodeIdentifier":"SearchTests","children":[
            {"nodeType":"Test Case","name":"testSearchShowsResults()","nodeIdentifier":"SearchTests/testSearchShowsResults()","result":"Failed","duration":"4s",
             "children":[{"nodeType":"Failure Message","name":"XCTAssertTrue failed","result":"Failed",
               "children":[{"nodeType":"Source Code Reference","name":"SearchTests.swift:58"}]}]}]}]}]}]}
        """

    @Test(
        "one cluster, one location",
        arguments: [
            "SearchTests.swift:58: XCTAssertTrue failed",
            "XCTAssertTrue failed (/Users/ci/SearchApp/SearchAppUITests/SearchTests.swift:58)",
            "XCTAssertTrue failed (/Users/ci/SearchApp/SearchAppUITests/SearchTests.swift#CharacterRangeLen=0&amp;EndingLineNumber=58&amp;StartingLineNumber=58)",
        ])
    func oneCluster(_ message: String) throws {
        let registry = ParserRegistry()
        let junit = try registry.parse(fileAt: try write(junit(message), "junit.xml"))
        let json = try registry.parse(fileAt: try write(xcresult, "tests.json"))
        let run = RunAssembler.assemble([junit, json])
        let report = ReportBuilder.build(run: run)
        #expect(report.failures.count == 2)
        #expect(report.clusters.count == 1, "\(report.clusters.map(\.normalizedMessage))")
        #expect(report.clusters.first?.count == 2)
        #expect(Set(report.failures.compactMap { $0.location?.line }) == [58])
        #expect(report.failures.allSatisfy { $0.location?.file.hasSuffix("SearchTests.swift") == true })
    }
}
