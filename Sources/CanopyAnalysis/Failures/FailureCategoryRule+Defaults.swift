/// The built-in failure categories: data, the defaults of canopy.yml's `categories` that a team
/// extends with its own (their `description` and `fix` are printed as given, like a team's), so
/// this is the one file `EnglishInOneLayerTests` does not scan.
extension FailureCategoryRule {
    /// The name of the catch-all category.
    package static let otherName = "other"

    /// The catch-all, always last.
    package static let other = FailureCategoryRule(
        name: otherName, pattern: "(?s).*", description: "Nothing more specific matched",
        fix: "Read the message and the test's output; add a category in canopy.yml if this kind recurs")

    /// What the cause `FailedTestCause.unknown` means, where a cause says what it means: the
    /// description of a failed test's cause when it has no failure message to categorise.
    package static let unknownDescription = "failed without a failure message"

    /// What xcodebuild writes when a test bundle's process crashed and was relaunched mid-run
    /// (docs/input-formats.md, "XCUITest failure wordings"): a crash record of the test it names.
    package static let restartAfterCrash = "Restarting after unexpected exit, crash, or test timeout"

    /// The default XCUITest taxonomy, in the order it is tried (the wordings of
    /// `docs/input-formats.md`, "XCUITest failure wordings").
    ///
    /// Order matters: the runner's own failures come first so they are never blamed on the app,
    /// crashes before the queries they interrupted, timeouts before "not found".
    package static let defaults: [FailureCategoryRule] = [
        FailureCategoryRule(
            name: "testRunnerInfrastructure",
            pattern:
                #"Lost connection to (?:the )?test manager|test runner hung|never finished bootstrapping|Test crashed with signal|Test operation failure|Failed to (?:load|initiali[sz]e) test bundle|Failed to install or launch the test runner|testmanagerd|Session-level issue"#,
            infrastructure: true, description: "The test runner, test manager or simulator failed; not the app",
            fix: "Re-run the job; if it recurs, erase or recreate the simulator and check the runner's disk and memory"),
        FailureCategoryRule(
            name: "appCrashed",
            pattern:
                #"Lost connection to the application|Restarting after unexpected exit, crash|crashed in|App crashed|terminated unexpectedly|EXC_BAD_ACCESS|EXC_CRASH|Fatal error:"#,
            description: "The app under test crashed or the connection to it was lost",
            fix:
                "Read the crash log in the result bundle and fix the crash; the failing line is only where the test noticed"
        ),
        FailureCategoryRule(
            name: "launchTerminate",
            pattern:
                #"Failed to (?:launch|terminate|activate)|Application \S+ is not running|Unable to (?:launch|terminate)|launch progress|Failed to get background assertion"#,
            description: "The app could not be launched, activated or terminated",
            fix:
                "Check the bundle identifier and launch arguments, and that the previous test left the app running or closed"
        ),
        FailureCategoryRule(
            name: "invalidQuery",
            pattern:
                #"Invalid query|exceeds maximum length of \d+ characters|Unable to parse the format string|Invalid predicate"#,
            description: "The UI query itself is invalid (identifier over 128 characters, bad predicate)",
            fix: "Fix the query: shorten the identifier or correct the predicate's format string"),
        FailureCategoryRule(
            name: "uiQueryTimeout",
            pattern:
                #"Timed out while evaluating UI query|idle notification not received|animations complete notification not received|Timed out waiting for .*(?:idle|quiesce)"#,
            description: "A UI query or the app's idle wait timed out",
            fix:
                "Stop endless animations or timers on the screen, or wait for a specific element instead of the app going idle"
        ),
        FailureCategoryRule(
            name: "multipleMatches",
            pattern: #"Multiple matching elements found|Find single matching element"#,
            description: "A query matched several elements: duplicate identifiers or labels",
            fix: "Give each element its own identifier, or narrow the query (firstMatch, a parent element)"),
        FailureCategoryRule(
            name: "elementNotFound",
            pattern:
                #"No matches found|No match found|does not exist|Unable to find|could not be found|Failed to find"#,
            description: "The element a query asked for was not on screen",
            fix:
                "Wait for it (waitForExistence), check that the identifier in the app matches the test, and that the screen was reached"
        ),
        FailureCategoryRule(
            // Before notHittable: Xcode reports it as "Failed to synthesize event: Neither element …".
            name: "keyboardFocus",
            pattern: #"has keyboard focus|keyboard focus|Keyboard is not visible"#,
            description: "Typing into an element that has no keyboard focus",
            fix: "Tap the field before typing and wait for the keyboard; check nothing covers the field"),
        FailureCategoryRule(
            name: "notHittable",
            pattern:
                #"Failed to scroll to visible|Failed to compute hit point|not hittable|Failed to synthesize event"#,
            description: "The element exists but cannot be tapped (covered, off screen, disabled)",
            fix: "Scroll it into view, wait for overlays and animations to finish, or check it is enabled"),
        FailureCategoryRule(
            name: "expectationTimeout",
            pattern:
                #"Asynchronous wait failed|Exceeded timeout of|unfulfilled expectations?|waitForExistence|Timed out waiting for .* to (?:exist|appear|disappear|be hittable)"#,
            description: "An XCTest expectation or wait timed out",
            fix:
                "Wait for the condition the test needs rather than a fixed time, or raise the timeout if the work is really slow"
        ),
        FailureCategoryRule(
            name: "snapshotMismatch",
            pattern:
                #"Snapshot does not match reference|No reference was found on disk|does not match reference snapshot|Snapshots contain a different number of items"#,
            description: "A screenshot or accessibility snapshot differs from its reference",
            fix: "Compare the images; re-record the reference if the change is intended, else fix the layout"),
        FailureCategoryRule(
            name: "accessibilityAudit",
            pattern:
                #"Accessibility (?:Failure|Warning)|Contrast (?:nearly )?(?:failed|passed)|Dynamic Type font sizes|Text clipped|Element has no description|Potentially inaccessible text|Hit region is too small|accessibility audit"#,
            description: "An accessibility audit or A11yUITests check failed",
            fix: "Fix the element the audit names (contrast, label, size); the audit's description says what it expects"
        ),
        FailureCategoryRule(
            name: "network",
            pattern:
                #"NSURLErrorDomain|Internet connection appears to be offline|Could not connect to the server|network connection was lost|request timed out|ECONNREFUSED|SSL error|HTTP (?:status )?[45]\d\d"#,
            description: "A network request failed",
            fix: "Stub the network in UI tests, or check the test backend was reachable from the runner"),
        FailureCategoryRule(
            // `XCTFail("…")` reads "failed - …", without the word XCTFail.
            name: "assertion",
            pattern:
                #"XCTAssert|XCTFail|XCTUnwrap|Expectation failed|is not equal to|AssertionError|Assertion failed|#expect|#require|(?:^|[:-] )failed - "#,
            description: "A test assertion failed",
            fix: "Compare the expected and actual values in the message with the app's behaviour at the failing line"),
    ]
}
