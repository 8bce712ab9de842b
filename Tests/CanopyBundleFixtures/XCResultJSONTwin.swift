import Foundation

/// Writes the run of an `XCResultBundleSpec` as `xcrun xcresulttool get test-results tests
/// --format json` prints it from that bundle (Xcode 26 shape, `docs/input-formats.md`): the JSON twin of a
/// generated bundle.
///
/// A test case splits into `Device` nodes when the plan ran on several devices, into `Arguments`
/// nodes for a parameterised test, and into `Repetition` nodes ("First Run", "Retry 1") when one
/// group holds several runs; several configurations split the plan into `Test Plan Configuration`s.
public enum XCResultJSONTwin {
    public static func json(_ spec: XCResultBundleSpec) throws -> Data {
        let devices: [[String: Any]] = spec.devices.map {
            [
                "deviceId": $0.identifier, "deviceName": $0.name, "modelName": $0.modelName, "osVersion": $0.osVersion,
                "architecture": "arm64", "platform": "iOS Simulator",
            ]
        }
        let configurations: [[String: Any]] = spec.configurations.enumerated().map {
            ["configurationId": "\($0.offset + 1)", "configurationName": $0.element]
        }
        var planChildren: [[String: Any]] = []
        if spec.configurations.count > 1 {
            for (index, name) in spec.configurations.enumerated() {
                let runs = spec.planRuns.filter { $0.configuration == index }
                planChildren.append([
                    "nodeType": "Test Plan Configuration", "name": name, "nodeIdentifier": "\(index + 1)",
                    "children": bundles(runs, spec: spec),
                ])
            }
        } else {
            planChildren = bundles(spec.planRuns, spec: spec)
        }
        let root: [String: Any] = [
            "testPlanConfigurations": configurations, "devices": devices,
            "testNodes": [["nodeType": "Test Plan", "name": "AppTestPlan", "children": planChildren]],
        ]
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
    }

    /// The `Repetition` node name of a run, as the bundle reader labels its attempt.
    public static func label(_ run: XCResultBundleSpec.Run, position: Int) -> String {
        guard run.repetitions > 1 else { return position == 0 ? "First Run" : "Retry \(position)" }
        if run.mode == "RunRetryOnFailure" { return run.repetition == 1 ? "First Run" : "Retry \(run.repetition - 1)" }
        return "Repetition \(run.repetition)"
    }

    private struct Placed {
        var device: Int
        var run: XCResultBundleSpec.Run
    }

    private static func bundles(_ planRuns: [XCResultBundleSpec.PlanRun], spec: XCResultBundleSpec) -> [[String: Any]] {
        var order: [String] = []
        var suitesByTestable: [String: [(suite: XCResultBundleSpec.Suite, device: Int)]] = [:]
        for planRun in planRuns {
            for testable in planRun.testables {
                if suitesByTestable[testable.name] == nil { order.append(testable.name) }
                suitesByTestable[testable.name, default: []] += testable.suites.map { ($0, planRun.device) }
            }
        }
        return order.map { name in
            let placed = suitesByTestable[name] ?? []
            return ["nodeType": "UI test bundle", "name": name, "children": suiteNodes(placed, spec: spec)]
        }
    }

    /// Suites of the same identifier from several plan runs become one node.
    private static func suiteNodes(_ suites: [(suite: XCResultBundleSpec.Suite, device: Int)], spec: XCResultBundleSpec)
        -> [[String: Any]]
    {
        var order: [String] = []
        var byIdentifier: [String: [(suite: XCResultBundleSpec.Suite, device: Int)]] = [:]
        for entry in suites {
            if byIdentifier[entry.suite.identifier] == nil { order.append(entry.suite.identifier) }
            byIdentifier[entry.suite.identifier, default: []].append(entry)
        }
        return order.compactMap { identifier -> [String: Any]? in
            guard let entries = byIdentifier[identifier], let first = entries.first else { return nil }
            let children = suiteNodes(
                entries.flatMap { entry in entry.suite.suites.map { ($0, entry.device) } }, spec: spec)
            var caseOrder: [String] = []
            var cases: [String: (name: String, placed: [Placed])] = [:]
            for entry in entries {
                for testCase in entry.suite.cases {
                    if cases[testCase.identifier] == nil { caseOrder.append(testCase.identifier) }
                    cases[testCase.identifier, default: (testCase.name, [])].placed += testCase.runs.map {
                        Placed(device: entry.device, run: $0)
                    }
                }
            }
            let caseNodes = caseOrder.compactMap { id in
                cases[id].map { caseNode(name: $0.name, identifier: id, placed: $0.placed, spec: spec) }
            }
            return [
                "nodeType": "Test Suite", "name": first.suite.name, "nodeIdentifier": identifier,
                "children": children + caseNodes,
            ]
        }
    }

    private static func caseNode(name: String, identifier: String, placed: [Placed], spec: XCResultBundleSpec)
        -> [String: Any]
    {
        var children: [[String: Any]] = []
        if spec.devices.count > 1 {
            var deviceOrder: [Int] = []
            for entry in placed where !deviceOrder.contains(entry.device) { deviceOrder.append(entry.device) }
            for device in deviceOrder {
                let runs = placed.filter { $0.device == device }.map(\.run)
                let split = argumentSplit(runs)
                var node: [String: Any] = [
                    "nodeType": "Device", "name": spec.devices[device].name,
                    "nodeIdentifier": spec.devices[device].identifier,
                    "result": result(runs),
                ]
                if let split { node["children"] = split } else { node = merge(node, runs) }
                children.append(node)
            }
        } else if let split = argumentSplit(placed.map(\.run)) {
            children = split
        }
        var node: [String: Any] = [
            "nodeType": "Test Case", "name": name, "nodeIdentifier": identifier, "result": result(placed.map(\.run)),
        ]
        if children.isEmpty { node = merge(node, placed.map(\.run)) } else { node["children"] = children }
        return node
    }

    /// `Arguments` nodes when the runs are parameterised.
    private static func argumentSplit(_ runs: [XCResultBundleSpec.Run]) -> [[String: Any]]? {
        guard runs.contains(where: { !$0.arguments.isEmpty }) else { return nil }
        var order: [String] = []
        for run in runs where !order.contains(run.arguments.joined(separator: ", ")) {
            order.append(run.arguments.joined(separator: ", "))
        }
        return order.map { arguments in
            let group = runs.filter { $0.arguments.joined(separator: ", ") == arguments }
            return merge(["nodeType": "Arguments", "name": arguments, "result": result(group)], group)
        }
    }

    /// The node itself as the one attempt, or `Repetition` children for several.
    private static func merge(_ node: [String: Any], _ runs: [XCResultBundleSpec.Run]) -> [String: Any] {
        var node = node
        if runs.count == 1, let run = runs.first {
            node["result"] = jsonResult(run.result)
            node["durationInSeconds"] = run.duration
            node["children"] = messages(run)
        } else {
            node["children"] = runs.enumerated().map { position, run -> [String: Any] in
                [
                    "nodeType": "Repetition", "name": label(run, position: position), "result": jsonResult(run.result),
                    "durationInSeconds": run.duration, "children": messages(run),
                ]
            }
        }
        return node
    }

    private static func messages(_ run: XCResultBundleSpec.Run) -> [[String: Any]] {
        if let reason = run.skipReason { return [["nodeType": "Failure Message", "name": "Test skipped - " + reason]] }
        if let reason = run.expectedFailureReason { return [["nodeType": "Failure Message", "name": reason]] }
        return run.issues.map { issue in
            var node: [String: Any] = ["nodeType": "Failure Message", "name": issue.message, "result": "Failed"]
            if let file = issue.file {
                node["children"] = [
                    ["nodeType": "Source Code Reference", "name": file + (issue.line.map { ":\($0)" } ?? "")]
                ]
            }
            return node
        }
    }

    private static func jsonResult(_ result: String) -> String {
        switch result {
        case "Success": "Passed"
        case "Failure": "Failed"
        default: result
        }
    }

    private static func result(_ runs: [XCResultBundleSpec.Run]) -> String {
        if runs.contains(where: { $0.result == "Success" || $0.result == "Expected Failure" }) { return "Passed" }
        if runs.contains(where: { $0.result == "Failure" }) { return "Failed" }
        return "Skipped"
    }
}
