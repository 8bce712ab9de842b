import Foundation

/// Runs the dashboard's self-test (`#canopy-selftest`) in a real headless Chromium.
///
/// The browser is `CANOPY_TEST_CHROMIUM` when set (CI: `.ci/run` installs Debian's `chromium`),
/// otherwise `chromium` or `chromium-browser` on PATH; without one the browser tests are skipped.
enum Chromium {
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CANOPY_TEST_CHROMIUM"], !path.isEmpty { return path }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    static let skipMessage =
        "no headless Chromium: set CANOPY_TEST_CHROMIUM or install `chromium` (apt-get install chromium) to run the browser tests"

    /// The verdict the page writes into `<pre id="canopy-selftest">`.
    struct Verdict: Decodable {
        var tti: Double
        var rows: Int
        var checks: [String: Bool]
        var errors: [String]?
        var violations: [String]?
        var alerts: [String]?
        var resources: [String]?
        var exception: String?
        var searchRows: Int?
        var filterRows: Int?
        var dom: Int?
    }

    enum Failure: Error, CustomStringConvertible {
        case noVerdict(String)
        var description: String {
            switch self {
            case .noVerdict(let output): "the page wrote no self-test verdict; chromium said: \(output.suffix(2000))"
            }
        }
    }

    /// Writes `html` to a temporary file, loads it from a `file://` URL with the self-test hash and
    /// returns the verdict.
    static func selfTest(html: String, name: String) throws -> Verdict {
        try selfTests(html: html, name: name).page
    }

    /// The verdict the destinations view's script writes into `<pre id="canopy-selftest-destinations">`:
    /// when the matrix's first page was drawn (`tti`, from navigation start) and its checks.
    struct MatrixVerdict: Decodable {
        var tti: Double
        var rows: Int
        var shown: Int?
        var checks: [String: Bool]
        var exception: String?
    }

    /// The page's verdict and, when the page has the destinations view, the matrix's.
    static func selfTests(html: String, name: String) throws -> (page: Verdict, matrix: MatrixVerdict?) {
        let (dom, stderr) = try load(html: html, name: name, hash: "canopy-selftest")
        let page = try verdict(Verdict.self, id: "canopy-selftest", in: dom, stderr: stderr)
        guard dom.contains("<pre id=\"canopy-selftest-destinations\"") else { return (page, nil) }
        return (page, try verdict(MatrixVerdict.self, id: "canopy-selftest-destinations", in: dom, stderr: stderr))
    }

    private static func verdict<T: Decodable>(_ type: T.Type, id: String, in dom: String, stderr: String) throws -> T {
        guard let start = dom.range(of: "<pre id=\"\(id)\" aria-hidden=\"true\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
            start.upperBound < end.lowerBound
        else { throw Failure.noVerdict(stderr) }
        let json = dom[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// The page's DOM once its scripts ran, loaded from a `file://` URL ending in `#hash`, and
    /// what the browser printed on standard error.
    static func load(html: String, name: String, hash: String) throws -> (dom: String, stderr: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "canopy-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(name).html")
        try Data(html.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "chromium")
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-extensions",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--virtual-time-budget=5000",
            "--dump-dom",
            file.absoluteString + "#" + hash,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // A hung browser must not hang the test run: stop it after two minutes.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        defer { watchdog.cancel() }
        // Read before waiting: the DOM of a 100k-test page is bigger than a pipe buffer.
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (dom, stderr)
    }
}
