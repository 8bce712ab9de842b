import CanopyHistory
import CanopySource
import Foundation

/// How `canopy affected` names a test: its class as the results name it and its test bundle,
/// taken from the stored results and the sources, never from a snapshot or audit file's claim.
///
/// A test known only from a snapshot or audit file (`AppUITests.CheckoutTests/testSnapshot`)
/// takes the class the results give a class of that declared name (`CheckoutUITests.CheckoutTests`)
/// when they give exactly one. The bundle is the module of a class the results name with one,
/// else the top folder of the file declaring the class (`CheckoutUITests/CheckoutTests.swift`).
struct AffectedTestNames {
    /// The results' class names by declared name (`CheckoutTests`).
    private let resultClasses: [String: Set<String>]
    /// The UI-test classes' files by class name, the first declared.
    private let classFiles: [String: String]

    init(results: [StoredTestName], index: SourceIndex) {
        var classes: [String: Set<String>] = [:]
        for test in results {
            classes[TestClassDeclaration.declaredName(of: test.className), default: []].insert(test.className)
        }
        resultClasses = classes
        var files: [String: String] = [:]
        for testClass in index.testClasses where files[testClass.name] == nil { files[testClass.name] = testClass.file }
        classFiles = files
    }

    /// The class the results name `reported` by: itself when they name it so, else the one
    /// result class of the same declared name, else as reported.
    func resultClass(_ reported: String) -> String {
        let candidates = resultClasses[TestClassDeclaration.declaredName(of: reported)] ?? []
        if candidates.contains(reported) || candidates.count != 1 { return reported }
        return candidates.first ?? reported
    }

    /// The test's key across devices and configurations, in the results' naming: `Class/method`.
    func key(_ name: StoredTestName) -> String {
        resultClass(name.className) + "/" + Self.method(name.name)
    }

    /// `Bundle/Class/method` for `xcodebuild -only-testing:`; nil when neither the results nor
    /// the sources say which bundle holds the class.
    func onlyTesting(_ name: StoredTestName) -> String? {
        let className = resultClass(name.className)
        let declared = TestClassDeclaration.declaredName(of: className)
        let method = Self.method(name.name)
        let isResultClass = resultClasses[declared]?.contains(className) == true
        if isResultClass, className != declared {
            return "\(className.dropLast(declared.count + 1))/\(declared)/\(method)"
        }
        let folders = classFiles[declared].map { $0.split(separator: "/").dropLast() } ?? []
        guard let bundle = folders.first else { return nil }
        return "\(bundle)/\(declared)/\(method)"
    }

    /// A test name without its trailing `()`.
    static func method(_ name: String) -> String {
        name.hasSuffix("()") ? String(name.dropLast(2)) : name
    }
}
