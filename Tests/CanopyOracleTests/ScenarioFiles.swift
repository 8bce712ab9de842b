import Foundation

/// Writes a scenario's inputs and configuration in the producers' real shapes (docs/input-formats.md).
struct ScenarioFiles {
    let scenario: Scenario
    let root: String

    var configPath: String { root + "/canopy.yml" }
    func runDirectory(_ index: Int) -> String { root + String(format: "/run-%02d", index) }

    /// Writes canopy.yml and every run's directory; fills in the quarantine entries' lines.
    func write() throws -> Scenario {
        var scenario = scenario
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var lines = ["# The oracle's scenario \(scenario.seed)"]
        if scenario.quarantine.isEmpty {
            lines.append("quarantine: []")
        } else {
            lines.append("quarantine:")
            for index in scenario.quarantine.indices {
                let entry = scenario.quarantine[index]
                scenario.quarantine[index].line = lines.count + 1
                if let test = entry.test {
                    lines.append("  - test: \"\(test)\"")
                } else if let identifier = entry.identifier {
                    lines.append("  - identifier: \"\(identifier)\"")
                    if let type = entry.auditType { lines.append("    auditType: \(type)") }
                }
                lines.append("    reason: \"\(entry.reason)\"")
                lines.append("    expires: \(entry.expires)")
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: configPath, atomically: true, encoding: .utf8)
        for run in scenario.runs { try write(run: run, of: scenario) }
        return scenario
    }

    private func write(run: OracleRun, of scenario: Scenario) throws {
        let directory = runDirectory(run.index)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let tests = scenario.tests.filter { !$0.runs[run.index].isEmpty }
        let plain = tests.filter { $0.device == nil }
        let onDevices = tests.filter { $0.device != nil }
        let plainText: String
        switch run.plainShape {
        case .xcresult: plainText = xcresultJSON(plain, run: run.index, devices: false)
        default: plainText = xcbeautify(plain, run: run.index)
        }
        if run.unreadable == .only || run.unreadable == .besideReadable {
            // Cut inside a testcase: truncated XML, never a readable report.
            let xml = xcbeautify(plain, run: run.index)
            let cut = String(xml.prefix(max(40, xml.utf8.count / 2)))
            try cut.write(toFile: directory + "/cut.xml", atomically: true, encoding: .utf8)
            if run.unreadable == .only { return }
        }
        let plainName = run.plainShape == .xcresult ? "/tests-plain.json" : "/junit-plain.xml"
        try plainText.write(toFile: directory + plainName, atomically: true, encoding: .utf8)
        if !onDevices.isEmpty {
            if run.deviceShape == .xcresult {
                try xcresultJSON(onDevices, run: run.index, devices: true).write(
                    toFile: directory + "/tests-devices.json", atomically: true, encoding: .utf8)
            } else {
                try trainer(onDevices, run: run.index).write(
                    toFile: directory + "/junit-devices.xml", atomically: true, encoding: .utf8)
            }
        }
        try writeMetrics(run: run.index)
        if scenario.withAudits {
            let issues = scenario.audits.filter { $0.firstRun <= run.index }.map { issue -> [String: Any] in
                [
                    "auditType": issue.auditType, "compactDescription": issue.compactDescription,
                    "detailedDescription": "The oracle's \(issue.auditType) finding.",
                    "element": ["identifier": issue.identifier, "label": "Oracle", "elementType": "button"],
                ]
            }
            let document: [String: Any] = ["screen": "OracleHome", "issues": issues]
            try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(
                to: URL(fileURLWithPath: directory + "/audit.json"))
        }
        if run.withSnapshots {
            var random = OracleRandom(seed: scenario.seed &+ UInt64(run.index))
            let children = (0..<random.int(3...6)).map { index -> [String: Any] in
                [
                    "elementType": "button", "identifier": random.chance(0.7) ? "Oracle.Home.Button\(index)" : "",
                    "label": "Button \(index)", "isEnabled": true, "isSelected": false, "hasFocus": false,
                    "frame": ["x": 16, "y": 100 + 60 * index, "width": 200, "height": 44],
                    "children": [[String: Any]](),
                ]
            }
            let document: [String: Any] = [
                "name": "OracleHome",
                "root": [
                    "elementType": "application", "identifier": "", "label": "Oracle",
                    "frame": ["x": 0, "y": 0, "width": 393, "height": 852], "children": children,
                ],
            ]
            try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(
                to: URL(fileURLWithPath: directory + "/snapshots.json"))
        }
    }

    // MARK: - xcbeautify JUnit

    /// xcbeautify's `--report junit`: a suite per class, a failed assertion as an untimed testcase,
    /// a retry as another testcase of the same name.
    func xcbeautify(_ tests: [OracleTest], run: Int) -> String {
        var out = "<testsuites name=\"All tests\" tests=\"\(tests.count)\" failures=\"\(failures(tests, run))\">\n"
        for (suite, members) in grouped(tests) {
            out +=
                "    <testsuite name=\"\(xml(suite))\" tests=\"\(members.count)\" failures=\"\(failures(members, run))\">\n"
            for test in members {
                for attempt in test.runs[run] {
                    let head = "        <testcase classname=\"\(xml(test.className))\" name=\"\(xml(test.name))()\""
                    switch attempt {
                    case .passed(let seconds):
                        out += head + " time=\"\(String(format: "%.3f", seconds))\">\n        </testcase>\n"
                    case .failed(let message):
                        out += head + ">\n            <failure message=\"\(xml(location(test) + " - " + message))\">\n"
                        out += "            </failure>\n        </testcase>\n"
                    case .skipped:
                        out += head + ">\n            <skipped message=\"Oracle sandbox unavailable\">\n"
                        out += "            </skipped>\n        </testcase>\n"
                    }
                }
            }
            out += "    </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    // MARK: - fastlane trainer JUnit

    /// trainer (Xcode 16/26): single quotes, bundle → class suites, a testcase per repetition with its
    /// `<properties>` after the failure, and the bundle suite's `device`/`Configuration` LAST.
    func trainer(_ tests: [OracleTest], run: Int) -> String {
        var out = "<?xml version='1.0' encoding='UTF-8'?>\n"
        out +=
            "<testsuites name='\(Scenario.deviceBundle).xctest' tests='\(tests.count)' failures='\(failures(tests, run))'>\n"
        for device in Scenario.devices {
            let onDevice = tests.filter { $0.device == device }
            guard !onDevice.isEmpty else { continue }
            out +=
                "  <testsuite name='\(Scenario.deviceBundle).xctest' tests='\(onDevice.count)' failures='\(failures(onDevice, run))'>\n"
            for (suite, members) in grouped(onDevice) {
                out +=
                    "    <testsuite name='\(xml(suite))' tests='\(members.count)' failures='\(failures(members, run))'>\n"
                for test in members {
                    for (number, attempt) in test.runs[run].enumerated() {
                        let repetition = number == 0 ? "First Run" : "Retry \(number)"
                        switch attempt {
                        case .passed(let seconds):
                            out +=
                                "      <testcase classname='\(xml(test.className))' name='\(xml(test.name))' time='\(seconds)'>\n"
                        case .failed(let message):
                            out +=
                                "      <testcase classname='\(xml(test.className))' name='\(xml(test.name))' time='1.5'>\n"
                            out += "        <failure message='\(xml(message))'/>\n"
                        case .skipped:
                            out +=
                                "      <testcase classname='\(xml(test.className))' name='\(xml(test.name))' time='0.0'>\n"
                            out += "        <skipped/>\n"
                        }
                        out += "        <properties>\n          <property name='repetition' value='\(repetition)'/>\n"
                        out += "        </properties>\n      </testcase>\n"
                    }
                }
                out += "    </testsuite>\n"
            }
            out += "    <properties>\n      <property name='device' value='\(xml(device))'/>\n"
            out += "      <property name='Configuration' value='\(Scenario.configuration)'/>\n    </properties>\n"
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    // MARK: - xcresulttool get test-results tests

    /// `xcrun xcresulttool get test-results tests --format json`: bundle → suite → test case, then
    /// `Device` nodes (with `devices`), then `Repetition` nodes when there were retries.
    func xcresultJSON(_ tests: [OracleTest], run: Int, devices: Bool) -> String {
        func attemptNodes(_ attempts: [AttemptResult], location: String) -> (result: String, children: [[String: Any]])
        {
            let result = rollUp(attempts)
            if attempts.count == 1 { return (result, messages(attempts[0], location: location)) }
            let children = attempts.enumerated().map { number, attempt -> [String: Any] in
                var node: [String: Any] = [
                    "nodeType": "Repetition", "name": number == 0 ? "First Run" : "Retry \(number)",
                    "result": rollUp([attempt]),
                ]
                if case .passed(let seconds) = attempt { node["durationInSeconds"] = seconds }
                let inner = messages(attempt, location: location)
                if !inner.isEmpty { node["children"] = inner }
                return node
            }
            return (result, children)
        }
        var suites: [[String: Any]] = []
        for (suite, members) in grouped(tests) {
            let shortSuite = String(suite.split(separator: ".").last ?? "")
            var cases: [[String: Any]] = []
            var names: [String] = []
            for test in members where !names.contains(test.name) { names.append(test.name) }
            for name in names {
                let same = members.filter { $0.name == name }
                var node: [String: Any] = [
                    "nodeType": "Test Case", "name": name + "()", "nodeIdentifier": shortSuite + "/" + name + "()",
                ]
                if devices {
                    var deviceNodes: [[String: Any]] = []
                    for test in same {
                        let (result, children) = attemptNodes(test.runs[run], location: location(test))
                        let device = test.device ?? ""
                        var deviceNode: [String: Any] = [
                            "nodeType": "Device", "name": deviceName(device), "nodeIdentifier": deviceID(device),
                            "result": result,
                        ]
                        if !children.isEmpty { deviceNode["children"] = children }
                        deviceNodes.append(deviceNode)
                    }
                    node["result"] = rollUpResults(deviceNodes.compactMap { $0["result"] as? String })
                    node["children"] = deviceNodes
                } else {
                    let (result, children) = attemptNodes(same[0].runs[run], location: location(same[0]))
                    node["result"] = result
                    if case .passed(let seconds) = same[0].runs[run].last { node["durationInSeconds"] = seconds }
                    if !children.isEmpty { node["children"] = children }
                }
                cases.append(node)
            }
            suites.append([
                "nodeType": "Test Suite", "name": shortSuite, "nodeIdentifier": shortSuite,
                "result": rollUpResults(cases.compactMap { $0["result"] as? String }), "children": cases,
            ])
        }
        let bundle: [String: Any] = [
            "nodeType": "UI test bundle", "name": devices ? Scenario.deviceBundle : Scenario.plainBundle,
            "result": rollUpResults(suites.compactMap { $0["result"] as? String }), "children": suites,
        ]
        var plan: [String: Any] = [
            "nodeType": "Test Plan", "name": "OraclePlan", "result": bundle["result"] ?? "Passed",
        ]
        var document: [String: Any] = [:]
        if devices {
            plan["children"] = [
                [
                    "nodeType": "Test Plan Configuration", "name": Scenario.configuration, "nodeIdentifier": "1",
                    "children": [bundle],
                ]
            ]
            document["testPlanConfigurations"] = [
                ["configurationId": "1", "configurationName": Scenario.configuration]
            ]
            document["devices"] = Scenario.devices.map { device -> [String: Any] in
                [
                    "deviceId": deviceID(device), "deviceName": deviceName(device), "architecture": "arm64",
                    "modelName": deviceName(device), "osVersion": "18.2", "platform": "iOS Simulator",
                ]
            }
        } else {
            plan["children"] = [bundle]
            document["testPlanConfigurations"] = [[String: Any]]()
            document["devices"] = [[String: Any]]()
        }
        document["testNodes"] = [plan]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private func messages(_ attempt: AttemptResult, location: String) -> [[String: Any]] {
        switch attempt {
        case .passed: return []
        case .failed(let message):
            return [
                [
                    "nodeType": "Failure Message", "name": location + ": " + message, "result": "Failed",
                ]
            ]
        case .skipped: return [["nodeType": "Failure Message", "name": "Test skipped - Oracle sandbox unavailable"]]
        }
    }

    private func rollUp(_ attempts: [AttemptResult]) -> String {
        if attempts.allSatisfy({ $0 == .skipped }) { return "Skipped" }
        if attempts.contains(where: { if case .passed = $0 { return true } else { return false } }) { return "Passed" }
        return "Failed"
    }

    private func rollUpResults(_ results: [String]) -> String {
        if results.contains("Failed") { return "Failed" }
        if results.allSatisfy({ $0 == "Skipped" }) { return "Skipped" }
        return "Passed"
    }

    private func deviceName(_ device: String) -> String {
        device.hasSuffix(" (18.2)") ? String(device.dropLast(" (18.2)".count)) : device
    }

    private func deviceID(_ device: String) -> String {
        "00008120-" + String(format: "%04X", (Scenario.devices.firstIndex(of: device) ?? 9) + 0xA000)
    }

    private func location(_ test: OracleTest) -> String { "\(test.suite).swift:\(10 + test.name.count)" }

    private func failures(_ tests: [OracleTest], _ run: Int) -> Int {
        tests.filter { $0.runs[run].contains { if case .failed = $0 { return true } else { return false } } }.count
    }

    /// Tests by class, in the order the classes first appear.
    private func grouped(_ tests: [OracleTest]) -> [(String, [OracleTest])] {
        var order: [String] = []
        var members: [String: [OracleTest]] = [:]
        for test in tests {
            if members[test.className] == nil { order.append(test.className) }
            members[test.className, default: []].append(test)
        }
        return order.map { ($0, members[$0] ?? []) }
    }

    private func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
