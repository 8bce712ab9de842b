extension FailureCategoryRule {
    /// The default XCUITest taxonomy, in the order it is tried (FORMATS.md §5 wordings).
    ///
    /// Order matters: the runner's own failures come first so they are never blamed on the app,
    /// crashes before the queries they interrupted, timeouts before "not found".
    public static let defaults: [FailureCategoryRule] = [
        FailureCategoryRule(
            name: "testRunnerInfrastructure",
            pattern: #"Lost connection to (?:the )?test manager|test runner hung|never finished bootstrapping|Test crashed with signal|Test operation failure|Failed to (?:load|initiali[sz]e) test bundle|Failed to install or launch the test runner|testmanagerd|Session-level issue"#,
            infrastructure: true, description: "The test runner, test manager or simulator failed; not the app"),
        FailureCategoryRule(
            name: "appCrashed",
            pattern: #"Lost connection to the application|Restarting after unexpected exit, crash|crashed in|App crashed|terminated unexpectedly|EXC_BAD_ACCESS|EXC_CRASH|Fatal error:"#,
            description: "The app under test crashed or the connection to it was lost"),
        FailureCategoryRule(
            name: "launchTerminate",
            pattern: #"Failed to (?:launch|terminate|activate)|Application \S+ is not running|Unable to (?:launch|terminate)|launch progress|Failed to get background assertion"#,
            description: "The app could not be launched, activated or terminated"),
        FailureCategoryRule(
            name: "invalidQuery",
            pattern: #"Invalid query|exceeds maximum length of \d+ characters|Unable to parse the format string|Invalid predicate"#,
            description: "The UI query itself is invalid (identifier over 128 characters, bad predicate)"),
        FailureCategoryRule(
            name: "uiQueryTimeout",
            pattern: #"Timed out while evaluating UI query|idle notification not received|animations complete notification not received|Timed out waiting for .*(?:idle|quiesce)"#,
            description: "A UI query or the app's idle wait timed out"),
        FailureCategoryRule(
            name: "multipleMatches",
            pattern: #"Multiple matching elements found|Find single matching element"#,
            description: "A query matched several elements: duplicate identifiers or labels"),
        FailureCategoryRule(
            name: "elementNotFound",
            pattern: #"No matches found|No match found|does not exist|Unable to find|could not be found|Failed to find"#,
            description: "The element a query asked for was not on screen"),
        FailureCategoryRule(
            // Before notHittable: Xcode reports it as "Failed to synthesize event: Neither element …".
            name: "keyboardFocus",
            pattern: #"has keyboard focus|keyboard focus|Keyboard is not visible"#,
            description: "Typing into an element that has no keyboard focus"),
        FailureCategoryRule(
            name: "notHittable",
            pattern: #"Failed to scroll to visible|Failed to compute hit point|not hittable|Failed to synthesize event"#,
            description: "The element exists but cannot be tapped (covered, off screen, disabled)"),
        FailureCategoryRule(
            name: "expectationTimeout",
            pattern: #"Asynchronous wait failed|Exceeded timeout of|unfulfilled expectations?|waitForExistence|Timed out waiting for .* to (?:exist|appear|disappear|be hittable)"#,
            description: "An XCTest expectation or wait timed out"),
        FailureCategoryRule(
            name: "snapshotMismatch",
            pattern: #"Snapshot does not match reference|No reference was found on disk|does not match reference snapshot|Snapshots contain a different number of items"#,
            description: "A screenshot or accessibility snapshot differs from its reference"),
        FailureCategoryRule(
            name: "accessibilityAudit",
            pattern: #"Accessibility (?:Failure|Warning)|Contrast (?:nearly )?(?:failed|passed)|Dynamic Type font sizes|Text clipped|Element has no description|Potentially inaccessible text|Hit region is too small|accessibility audit"#,
            description: "An accessibility audit or A11yUITests check failed"),
        FailureCategoryRule(
            name: "network",
            pattern: #"NSURLErrorDomain|Internet connection appears to be offline|Could not connect to the server|network connection was lost|request timed out|ECONNREFUSED|SSL error|HTTP (?:status )?[45]\d\d"#,
            description: "A network request failed"),
        FailureCategoryRule(
            // `XCTFail("…")` reads "failed - …", without the word XCTFail.
            name: "assertion",
            pattern: #"XCTAssert|XCTFail|XCTUnwrap|Expectation failed|is not equal to|AssertionError|Assertion failed|#expect|#require|(?:^|[:-] )failed - "#,
            description: "A test assertion failed"),
    ]
}
