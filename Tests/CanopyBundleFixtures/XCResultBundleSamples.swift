/// Bundles of every shape the reader owes a test (`docs/xcresult-bundles.md`), as specs.
public enum XCResultBundleSamples {
    public typealias Spec = XCResultBundleSpec

    /// A login failure in XCUITest's wording (`docs/input-formats.md`), with the steps that led to it.
    public static func loginFailureRun(screenshot: [UInt8] = XCResultBundleWriter.redPNG) -> Spec.Run {
        Spec.Run(
            "Failure", duration: 6, repetition: 1, repetitions: 3,
            issues: [
                Spec.Issue(
                    "Failed to tap \"Login.Submit\" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '\"Login.Submit\" IN identifiers'`, given input App element pid: 44723",
                    file: "/Users/ci/App/AppUITests/LoginTests.swift", line: 42)
            ],
            activities: [
                Spec.Activity("Start Test at 2025-11-25 10:00:00.000", offset: 0),
                Spec.Activity("Set Up", offset: 0.1, children: [Spec.Activity("Open com.example.app", offset: 0.2)]),
                Spec.Activity("Type \"ci@example.com\" into \"Login.Email\" TextField", offset: 1.5),
                Spec.Activity(
                    "Tap \"Login.Submit\" Button", offset: 2.5, failed: true,
                    children: [
                        Spec.Activity("Wait for com.example.app to idle", offset: 2.6),
                        Spec.Activity("Find the \"Login.Submit\" Button", offset: 2.7, failed: true),
                    ],
                    attachments: [
                        Spec.Attachment(
                            name: "Screenshot 2025-11-25 at 10.00.03", payload: screenshot, failureAssociated: true)
                    ]),
                Spec.Activity("Tear Down", offset: 5.5),
            ])
    }

    /// A failure whose message names no identifier; the steps before it do.
    public static func podcastFailureRun() -> Spec.Run {
        Spec.Run(
            "Failure", duration: 4,
            issues: [
                Spec.Issue(
                    "XCTAssertTrue failed - Episode list did not appear",
                    file: "/Users/ci/App/AppUITests/PodcastTests.swift", line: 18)
            ],
            activities: [
                Spec.Activity("Tap \"Podcast-42-row\" Cell", offset: 1),
                Spec.Activity("Wait for com.example.app to idle", offset: 2),
                Spec.Activity(
                    "Assertion Failure: PodcastTests.swift:18: XCTAssertTrue failed - Episode list did not appear",
                    offset: 3, failed: true,
                    attachments: [
                        Spec.Attachment(
                            name: "Screenshot", payload: XCResultBundleWriter.greenPNG, failureAssociated: true),
                        Spec.Attachment(
                            name: "App UI hierarchy", uniformTypeIdentifier: "public.plain-text",
                            payload: Array("Application 'App'\n  Cell 'Podcast-42-row'".utf8)),
                    ]),
            ])
    }

    static func loginSuite(device: Int) -> Spec.Suite {
        let retried: [Spec.Run] =
            device == 0
            ? [loginFailureRun(), Spec.Run("Success", duration: 0.012, repetition: 2, repetitions: 3)]
            : [
                Spec.Run(
                    "Failure", duration: 7.25, repetition: 1, repetitions: 2,
                    issues: [
                        Spec.Issue(
                            "XCTAssertTrue failed - Login button not hittable", file: "LoginTests.swift", line: 42)
                    ]),
                Spec.Run(
                    "Failure", duration: 65, repetition: 2, repetitions: 2,
                    issues: [
                        Spec.Issue(
                            "XCTAssertTrue failed - Login button not hittable", file: "LoginTests.swift", line: 42)
                    ]),
            ]
        return Spec.Suite(
            name: "LoginTests",
            cases: [
                Spec.Case(name: "testLogin()", identifier: "LoginTests/testLogin()", runs: retried),
                Spec.Case(
                    name: "testLogout()", identifier: "LoginTests/testLogout()",
                    runs: [Spec.Run("Success", duration: 3.5)]),
                Spec.Case(
                    name: "testBiometricLogin()", identifier: "LoginTests/testBiometricLogin()",
                    runs: [Spec.Run("Skipped", duration: 0.1, skipReason: "Face ID is not enrolled on the simulator")]),
                Spec.Case(
                    name: "testLegacyBanner()", identifier: "LoginTests/testLegacyBanner()",
                    runs: [
                        Spec.Run(
                            "Expected Failure", duration: 0.4, expectedFailureReason: "banner removed in 4.2 (FB1234)")
                    ]),
            ])
    }

    /// Swift Testing: a nested suite and a parameterised test.
    static var cartSuite: Spec.Suite {
        Spec.Suite(
            name: "Cart", identifier: "ShopTests/CartTests",
            suites: [
                Spec.Suite(
                    name: "Discounts", identifier: "ShopTests/CartTests/Discounts",
                    cases: [
                        Spec.Case(
                            name: "Coupons apply once", identifier: "ShopTests/CartTests/Discounts/couponsApplyOnce()",
                            runs: [Spec.Run("Success", duration: 0.003)])
                    ])
            ],
            cases: [
                Spec.Case(
                    name: "Adding items updates the total", identifier: "ShopTests/CartTests/addingItems(count:)",
                    runs: [
                        Spec.Run("Success", duration: 0.001, arguments: ["1"]),
                        Spec.Run(
                            "Failure", duration: 0.002, arguments: ["5"],
                            issues: [
                                Spec.Issue(
                                    "Expectation failed: (cart.total → 4.99) == 5.0", type: "Expectation Failure",
                                    file: "/Users/ci/Shop/Tests/CartTests.swift", line: 27)
                            ]),
                        Spec.Run("Success", duration: 0.001, arguments: ["10"]),
                    ])
            ])
    }

    /// Retries, two devices, skips, an expected failure, steps with identifiers, screenshots, a
    /// Swift Testing bundle with nested suites and a parameterised test.
    public static var twoDevices: Spec {
        Spec(
            devices: [.iPhone16Pro, .iPadAir],
            planRuns: [0, 1].map { device in
                var testables = [Spec.Testable(name: "AppUITests", suites: [loginSuite(device: device)])]
                if device == 0 {
                    testables[0].suites.append(
                        Spec.Suite(
                            name: "PodcastTests",
                            cases: [
                                Spec.Case(
                                    name: "testOpenEpisode()", identifier: "PodcastTests/testOpenEpisode()",
                                    runs: [podcastFailureRun()])
                            ]))
                }
                testables.append(Spec.Testable(name: "ShopTests", kind: "Unit", suites: [cartSuite]))
                return Spec.PlanRun(device: device, testables: testables)
            })
    }

    /// `twoDevices` where a passing test kept a screenshot (a scheme's "Keep screenshots: always",
    /// or `XCTAttachment` with `lifetime = .keepAlways`), in a nested step: read with `--attachments all`.
    public static var passingScreenshot: Spec {
        var spec = twoDevices
        // Valid PNG bytes after IEND make it a third image, distinct from the red and the green.
        let image = XCResultBundleWriter.redPNG + Array("signed out".utf8)
        spec.planRuns[0].testables[0].suites[0].cases[1].runs = [
            Spec.Run(
                "Success", duration: 3.5,
                activities: [
                    Spec.Activity(
                        "Tap \"Login.Logout\" Button", offset: 0.5,
                        children: [
                            Spec.Activity(
                                "Wait for com.example.app to idle", offset: 0.6,
                                attachments: [Spec.Attachment(name: "Signed out", payload: image)])
                        ])
                ])
        ]
        return spec
    }

    /// One device, one configuration: `xcresulttool merge` of two runs of the same tests.
    public static var merged: Spec {
        let first = Spec.Testable(
            name: "AppUITests",
            suites: [
                Spec.Suite(
                    name: "SearchTests",
                    cases: [
                        Spec.Case(
                            name: "testSearch()", identifier: "SearchTests/testSearch()",
                            runs: [
                                Spec.Run(
                                    "Failure", duration: 2,
                                    issues: [
                                        Spec.Issue(
                                            "Failed to get matching snapshots: Timed out while evaluating UI query.",
                                            file: "SearchTests.swift", line: 9)
                                    ])
                            ]),
                        Spec.Case(
                            name: "testFilter()", identifier: "SearchTests/testFilter()",
                            runs: [Spec.Run("Success", duration: 1)]),
                    ])
            ])
        var second = first
        second.suites[0].cases[0].runs = [Spec.Run("Success", duration: 1.5)]
        return Spec(planRuns: [Spec.PlanRun(testables: [first]), Spec.PlanRun(testables: [second])])
    }

    /// Two configurations of one plan on one device.
    public static var configurations: Spec {
        let testable = Spec.Testable(
            name: "ShopUITests",
            suites: [
                Spec.Suite(
                    name: "CheckoutTests",
                    cases: [
                        Spec.Case(
                            name: "testPay()", identifier: "CheckoutTests/testPay()",
                            runs: [Spec.Run("Success", duration: 3)])
                    ])
            ])
        return Spec(
            configurations: ["English", "German"],
            planRuns: [
                Spec.PlanRun(configuration: 0, testables: [testable]),
                Spec.PlanRun(configuration: 1, testables: [testable]),
            ])
    }

    /// A bundle whose build failed: build issues, no test rows.
    public static var buildFailure: Spec {
        Spec(
            planRuns: [],
            buildIssues: [
                "Cannot find 'LoginView' in scope",
                "Value of type 'Session' has no member 'token'",
            ])
    }

    /// A bundle straight out of `xcodebuild`, before anything opened it: no `database.sqlite3`.
    public static var withoutDatabase: Spec {
        var spec = merged
        spec.writesDatabase = false
        return spec
    }

    /// A single passing test with one screenshot whose payload id is `payloadId`.
    public static func attachment(payloadId: String?, payload: [UInt8] = XCResultBundleWriter.redPNG) -> Spec {
        let run = Spec.Run(
            "Failure", duration: 1, issues: [Spec.Issue("XCTAssertTrue failed", file: "A.swift", line: 1)],
            activities: [
                Spec.Activity(
                    "Tap \"A.B\" Button", offset: 0, failed: true,
                    attachments: [
                        Spec.Attachment(
                            name: "Screenshot", payload: payload, failureAssociated: true, payloadIdOverride: payloadId)
                    ])
            ])
        return Spec(planRuns: [
            Spec.PlanRun(testables: [
                Spec.Testable(
                    name: "AppUITests",
                    suites: [
                        Spec.Suite(
                            name: "ATests",
                            cases: [
                                Spec.Case(name: "testA()", identifier: "ATests/testA()", runs: [run])
                            ])
                    ])
            ])
        ])
    }
}
