import CanopyModel
import CanopyRender
import Foundation

/// A realistic, fixed dashboard: the input of the golden files and the
/// browser tests.
enum DashboardSample {
    /// A failing pull-request run of a shopping app's UI tests with a 14-night trend.
    static func make() -> Dashboard {
        var dashboard = Dashboard(
            title: "Shopfront iOS UI tests", generatedAt: date(day: 21, hour: 3, minute: 12), headline: headline,
            links: DashboardLinks(
                buildURL: "https://github.com/example/shopfront/actions/runs/9182736450", commit: "4f2c9e1b7a30",
                commitURL: "https://github.com/example/shopfront/commit/4f2c9e1b7a30",
                branch: "feature/apple-pay-sheet",
                baseline: "main @ 1a2b3c4", dashboard: "https://ci.example.com/shopfront/9182736450/site/index.html"),
            gates: [
                DashboardGate(
                    name: "minimum identifier coverage", passed: true, detail: "coverage 78.4% ≥ minimum 75%"),
                DashboardGate(name: "maximum new failures", passed: false, detail: "3 new failures > maximum 0"),
                DashboardGate(name: "new audit errors", passed: false, detail: "1 new audit error > maximum 0"),
            ],
            newFailures: newFailures, identifierTree: tree, clusters: clusters, categories: categories,
            failuresByIdentifier: byIdentifier, flakyTests: flaky, accessibility: accessibility, tests: tests,
            trend: trend)
        dashboard.newlyBrokenOrFixed = newlyBrokenOrFixed
        dashboard.quarantine = [
            DashboardQuarantine(
                covers: "test ShopfrontUITests.SearchTests/testSearchSuggestions",
                reason: "suggestions race the keyboard (SHOP-88)", expires: "2026-12-31", matches: 1,
                location: "Config/canopy.yml:31 (quarantine[0])")
        ]
        return dashboard
    }

    static func date(day: Int, hour: Int = 2, minute: Int = 0) -> Date {
        // 2026-11-01T00:00:00Z
        let seconds: Int = (day - 1) * 86_400 + hour * 3_600 + minute * 60
        return Date(timeIntervalSince1970: 1_793_491_200 + Double(seconds))
    }

    static let headline = DashboardHeadline(
        status: .failed, tests: DashboardKPI(48, baseline: 46), passed: DashboardKPI(41, baseline: 43),
        failed: DashboardKPI(3, baseline: 0), passedOnRetry: DashboardKPI(2, baseline: 2),
        skipped: DashboardKPI(2, baseline: 1),
        passRate: DashboardKPI(0.9348, baseline: 1.0), identifierCoverage: DashboardKPI(0.784, baseline: 0.771),
        auditErrors: DashboardKPI(2, baseline: 1), auditWarnings: DashboardKPI(5, baseline: 6),
        duration: DashboardKPI(734, baseline: 702))

    static let newFailures = [
        DashboardNewFailure(
            test: "ShopfrontUITests.CheckoutTests/testPayWithApplePay",
            message: "Failed to find element Checkout.PaymentSheet.PayButton within 10.0s",
            location: "CheckoutTests.swift:88",
            category: "element-not-found", identifier: "Checkout.PaymentSheet.PayButton", clusterID: "c7e1a2"),
        DashboardNewFailure(
            test: "ShopfrontUITests.CheckoutTests/testPayWithSavedCard",
            message: "Failed to find element Checkout.PaymentSheet.PayButton within 10.0s",
            location: "CheckoutTests.swift:121",
            category: "element-not-found", identifier: "Checkout.PaymentSheet.PayButton", clusterID: "c7e1a2"),
        DashboardNewFailure(
            test: "ShopfrontUITests.CartTests/testRemoveLastItem",
            message: "XCTAssertEqual failed: (\"1\") is not equal to (\"0\") - badge count",
            location: "CartTests.swift:57",
            category: "assertion", identifier: "Cart.Badge", clusterID: "9b03f4"),
    ]

    static let tree: [DashboardTreeNode] = [
        DashboardTreeNode(
            path: "Checkout", segment: "Checkout", depth: 0, childCount: 3, elements: 42, identified: 35, failed: 2,
            passedOnRetry: 1, auditErrors: 1, auditWarnings: 1),
        DashboardTreeNode(
            path: "Checkout.PaymentSheet", segment: "PaymentSheet", depth: 1, childCount: 2, elements: 14,
            identified: 11, failed: 2, auditErrors: 1),
        DashboardTreeNode(
            path: "Checkout.PaymentSheet.PayButton", segment: "PayButton", depth: 2, childCount: 0, elements: 2,
            identified: 2, failed: 2, auditErrors: 1),
        DashboardTreeNode(
            path: "Checkout.PaymentSheet.CardField", segment: "CardField", depth: 2, childCount: 0, elements: 12,
            identified: 9),
        DashboardTreeNode(
            path: "Checkout.Address", segment: "Address", depth: 1, childCount: 0, elements: 18, identified: 16,
            passedOnRetry: 1, auditWarnings: 1),
        DashboardTreeNode(
            path: "Checkout.Summary", segment: "Summary", depth: 1, childCount: 0, elements: 10, identified: 8),
        DashboardTreeNode(
            path: "Cart", segment: "Cart", depth: 0, childCount: 2, elements: 24, identified: 21, failed: 1,
            auditWarnings: 2),
        DashboardTreeNode(
            path: "Cart.Badge", segment: "Badge", depth: 1, childCount: 0, elements: 1, identified: 1, failed: 1),
        DashboardTreeNode(
            path: "Cart.ItemRow-{id}", segment: "ItemRow-{id}", depth: 1, childCount: 0, elements: 23, identified: 20,
            auditWarnings: 2),
        DashboardTreeNode(
            path: "Catalog", segment: "Catalog", depth: 0, childCount: 2, elements: 60, identified: 44,
            passedOnRetry: 1,
            auditErrors: 1, auditWarnings: 1),
        DashboardTreeNode(
            path: "Catalog.SearchField", segment: "SearchField", depth: 1, childCount: 0, elements: 4, identified: 4,
            passedOnRetry: 1),
        DashboardTreeNode(
            path: "Catalog.ProductCell-{id}", segment: "ProductCell-{id}", depth: 1, childCount: 0, elements: 56,
            identified: 40, auditErrors: 1, auditWarnings: 1),
        DashboardTreeNode(
            path: "Profile", segment: "Profile", depth: 0, childCount: 1, elements: 22, identified: 15, auditWarnings: 1
        ),
        DashboardTreeNode(
            path: "Profile.Settings", segment: "Settings", depth: 1, childCount: 0, elements: 22, identified: 15,
            auditWarnings: 1),
    ]

    static let clusters = [
        DashboardCluster(
            id: "c7e1a2", category: "element-not-found", isInfrastructure: false,
            normalizedMessage: "Failed to find element <id> within <n>s",
            example: "Failed to find element Checkout.PaymentSheet.PayButton within 10.0s",
            identifier: "Checkout.PaymentSheet.PayButton",
            tests: [
                "ShopfrontUITests.CheckoutTests/testPayWithApplePay",
                "ShopfrontUITests.CheckoutTests/testPayWithSavedCard",
            ]),
        DashboardCluster(
            id: "9b03f4", category: "assertion", isInfrastructure: false,
            normalizedMessage: "XCTAssertEqual failed: (<s>) is not equal to (<s>) - badge count",
            example: "XCTAssertEqual failed: (\"1\") is not equal to (\"0\") - badge count", identifier: "Cart.Badge",
            tests: ["ShopfrontUITests.CartTests/testRemoveLastItem"]),
        DashboardCluster(
            id: "41d8aa", category: "simulator", isInfrastructure: true,
            normalizedMessage: "Application com.example.shopfront is not running (Lost connection to the test runner)",
            example: "Application com.example.shopfront is not running (Lost connection to the test runner)",
            tests: [
                "ShopfrontUITests.SearchTests/testSearchSuggestions", "ShopfrontUITests.AddressTests/testEditAddress",
            ]),
    ]

    /// The failed tests by cause: the simulator cluster's tests passed on retry, so it is no cause.
    static let categories = [
        DashboardCategoryGroup(
            category: "element-not-found", isInfrastructure: false, tests: clusters[0].tests,
            clusterIDs: ["c7e1a2"],
            description: "The element a query asked for was not on screen",
            fix: "Wait for it and check the identifier in the app matches the test"),
        DashboardCategoryGroup(
            category: "assertion", isInfrastructure: false, tests: clusters[1].tests, clusterIDs: ["9b03f4"],
            description: "A test assertion failed",
            fix: "Compare the expected and actual values with the app's behaviour"),
    ]

    static let byIdentifier = [
        DashboardIdentifierGroup(
            identifier: "Checkout.PaymentSheet.PayButton", tests: clusters[0].tests, categories: ["element-not-found"]),
        DashboardIdentifierGroup(identifier: "Cart.Badge", tests: clusters[1].tests, categories: ["assertion"]),
    ]

    static let flaky = [
        DashboardFlakyTest(
            test: "ShopfrontUITests.SearchTests/testSearchSuggestions", score: 0.82, state: .flaky,
            evidence: DashboardFlakyEvidence(
                runs: 30, failedRuns: 9, flips: 14, retries: 7, commits: ["1a2b3c4", "77e0d12", "c0ffee1"]),
            lastMessage: "Application com.example.shopfront is not running (Lost connection to the test runner)",
            onTargetBranch: DashboardTargetBranchFlakes(branch: "main", failedRuns: 7, runs: 30),
            quarantine: "quarantined until 2026-12-31: suggestions race the keyboard (SHOP-88)"),
        DashboardFlakyTest(
            test: "ShopfrontUITests.AddressTests/testEditAddress", score: 0.64, state: .flaky,
            evidence: DashboardFlakyEvidence(
                runs: 30, failedRuns: 5, flips: 8, retries: 4, commits: ["9d8e7f6", "1a2b3c4"]),
            lastMessage: "Timed out waiting for Checkout.Address.SaveButton to become hittable", isNew: true),
    ]

    static let newlyBrokenOrFixed = [
        DashboardFlakyTest(
            test: "ShopfrontUITests.CheckoutTests/testPayWithApplePay", score: 0.35, state: .newlyBroken,
            since: "4f2c9e1",
            evidence: DashboardFlakyEvidence(runs: 30, failedRuns: 1, flips: 1, retries: 0),
            lastMessage: "Failed to find element Checkout.PaymentSheet.PayButton within 10.0s"),
        DashboardFlakyTest(
            test: "ShopfrontUITests.ProfileTests/testSignOut", score: 0.12, state: .fixed, since: "b4c5d6e",
            evidence: DashboardFlakyEvidence(runs: 30, failedRuns: 6, flips: 1, retries: 0)),
    ]

    static let accessibility = DashboardAccessibility(
        issues: [
            DashboardAuditIssue(
                auditType: "contrast", severity: .error, identifier: "Checkout.PaymentSheet.PayButton", label: "Pay",
                elementType: "button",
                screen: "PaymentSheet", test: "ShopfrontUITests.CheckoutTests/testPayWithSavedCard",
                description: "Contrast ratio 2.9:1 is below 4.5:1"),
            DashboardAuditIssue(
                auditType: "hitRegion", severity: .error, identifier: "Catalog.ProductCell-{id}", label: "Add to cart",
                elementType: "button",
                screen: "Catalog", description: "Hit region 28×28 pt is smaller than 44×44 pt"),
            DashboardAuditIssue(
                auditType: "dynamicType", severity: .warning, identifier: "Cart.ItemRow-{id}", label: "Quantity",
                elementType: "staticText",
                screen: "Cart", description: "Text is clipped at accessibility sizes"),
            DashboardAuditIssue(
                auditType: "dynamicType", severity: .warning, identifier: "Cart.ItemRow-{id}", label: "Price",
                elementType: "staticText",
                screen: "Cart", description: "Text does not scale with Dynamic Type"),
            DashboardAuditIssue(
                auditType: "sufficientElementDescription", severity: .warning, label: "img_42", elementType: "image",
                screen: "Catalog", description: "Image label looks like a file name"),
            DashboardAuditIssue(
                auditType: "textClipped", severity: .warning, identifier: "Checkout.Address", label: "Street",
                elementType: "textField", screen: "Address", description: "Placeholder is truncated"),
            DashboardAuditIssue(
                auditType: "contrast", severity: .warning, identifier: "Profile.Settings", label: "Version",
                elementType: "staticText", screen: "Settings", description: "Contrast ratio 4.1:1 is below 4.5:1"),
        ],
        missingIdentifiers: [
            DashboardScreenGap(
                screen: "Catalog", elements: 60,
                missing: [
                    DashboardUnidentifiedElement(elementType: "button", label: "Filter", frame: "16,98 44×44"),
                    DashboardUnidentifiedElement(elementType: "image", label: "img_42", frame: "16,160 120×120"),
                ]),
            DashboardScreenGap(
                screen: "Settings", elements: 22,
                missing: [
                    DashboardUnidentifiedElement(elementType: "switch", label: "Notifications", frame: "300,210 51×31"),
                    DashboardUnidentifiedElement(elementType: "cell", label: "Privacy", frame: "0,260 390×44"),
                ]),
            DashboardScreenGap(
                screen: "PaymentSheet", elements: 14,
                missing: [DashboardUnidentifiedElement(elementType: "textField", label: "CVC", frame: "220,410 120×44")]
            ),
        ])

    static let trend: DashboardTrend = {
        let rates = [0.97, 0.98, 0.96, 1.0, 0.98, 0.94, 0.96, 0.98, 1.0, 0.98, 0.96, 1.0, 1.0, 0.9348]
        let coverage = [0.712, 0.715, 0.72, 0.72, 0.731, 0.735, 0.74, 0.748, 0.751, 0.76, 0.764, 0.771, 0.771, 0.784]
        let commits = [
            "0a1b2c3", "1b2c3d4", "2c3d4e5", "3d4e5f6", "4e5f6a7", "5f6a7b8", "6a7b8c9", "7b8c9d0", "8c9d0e1",
            "9d0e1f2", "a0e1f23", "b4c5d6e", "1a2b3c4", "4f2c9e1",
        ]
        // Each run's failed tests by cause; the last run's are the headline's 3.
        let causes = [
            ("assertion", [1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 1]),
            ("element-not-found", [0, 1, 0, 0, 0, 2, 1, 0, 0, 1, 0, 0, 0, 2]),
            ("simulator", [1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
        ]
        let points = (0..<14).map { index in
            DashboardTrendPoint(
                date: date(day: 8 + index), commit: commits[index], passRate: rates[index],
                failed: causes.reduce(0) { $0 + $1.1[index] },
                passedOnRetry: [3, 2, 4, 1, 2, 3, 2, 2, 1, 2, 3, 2, 2, 2][index],
                failedByCause: causes.map { DashboardCategoryCount(category: $0.0, count: $0.1[index]) },
                coverage: coverage[index], auditIssues: [11, 11, 10, 10, 9, 9, 9, 8, 8, 8, 7, 7, 7, 7][index],
                auditErrors: [3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 2][index],
                duration: 640 + Double(index * 7 + (index % 3) * 12))
        }
        return DashboardTrend(
            window: "last 14 nights on main", points: points,
            changes: [
                DashboardStateChange(
                    test: "ShopfrontUITests.CheckoutTests/testPayWithApplePay", from: .stable, to: .newlyBroken,
                    commit: "4f2c9e1", date: date(day: 21)),
                DashboardStateChange(
                    test: "ShopfrontUITests.ProfileTests/testSignOut", from: .stillFailing, to: .fixed,
                    commit: "b4c5d6e", date: date(day: 19)),
                DashboardStateChange(
                    test: "ShopfrontUITests.AddressTests/testEditAddress", from: .stable, to: .flaky, commit: "9d0e1f2",
                    date: date(day: 17)),
            ])
    }()

    static let tests: [DashboardTestRow] = {
        let classes: [(String, [String])] = [
            (
                "CheckoutTests",
                [
                    "testPayWithApplePay", "testPayWithSavedCard", "testPayWithNewCard", "testApplyCoupon",
                    "testRemoveCoupon", "testShippingOptions", "testTaxSummary", "testOrderConfirmation",
                    "testGuestCheckout", "testCancelPayment",
                ]
            ),
            (
                "CartTests",
                [
                    "testAddItem", "testRemoveLastItem", "testChangeQuantity", "testEmptyCartMessage",
                    "testCartPersistsAfterRelaunch", "testPromoBanner", "testSwipeToDelete", "testCartBadge",
                ]
            ),
            (
                "CatalogTests",
                [
                    "testBrowseCategories", "testProductDetail", "testAddToWishlist", "testSortByPrice",
                    "testFilterBySize", "testInfiniteScroll", "testProductImagesZoom", "testOutOfStockLabel",
                    "testRecentlyViewed", "testShareProduct",
                ]
            ),
            (
                "SearchTests",
                [
                    "testSearchSuggestions", "testSearchNoResults", "testSearchHistory", "testVoiceSearchHidden",
                    "testBarcodeScannerPermission", "testSearchFilters",
                ]
            ),
            ("AddressTests", ["testEditAddress", "testAddAddress", "testDeleteAddress", "testAddressValidation"]),
            (
                "ProfileTests",
                [
                    "testSignIn", "testSignOut", "testEditName", "testChangePassword", "testNotificationsToggle",
                    "testDeleteAccountFlow", "testOrderHistory", "testLanguageSwitch", "testDarkModeSetting",
                    "testLegalLinks",
                ]
            ),
        ]
        var rows: [DashboardTestRow] = []
        var index = 0
        for (className, names) in classes {
            for name in names {
                let key = "ShopfrontUITests.\(className)/\(name)"
                var row = DashboardTestRow(
                    key: key, className: className, name: name,
                    device: index % 2 == 0 ? "iPhone 16 Pro (iOS 18.2)" : "iPhone SE (iOS 17.5)",
                    outcome: .passed, attempts: 1, duration: 4 + Double((index * 37) % 90) / 3)
                if let failure = newFailures.first(where: { $0.test == key }) {
                    row.outcome = .failed
                    row.attempts = 3
                    row.message = failure.message
                    row.category = failure.category
                    row.details = ["First Run", "Retry 1", "Retry 2"].map { label in
                        DashboardAttemptDetail(
                            label: label, outcome: .failed, duration: 12.5, messages: [failure.message],
                            location: failure.location,
                            output:
                                "t =     0.00s Start Test\nt =     1.20s Tap \"Checkout.PaymentSheet.PayButton\" Button\nt =    11.20s Assertion Failure"
                        )
                    }
                } else if let cluster = clusters.first(where: { $0.isInfrastructure && $0.tests.contains(key) }) {
                    row.outcome = .flaky
                    row.attempts = 2
                    row.message = cluster.example
                    row.category = cluster.category
                } else if name == "testVoiceSearchHidden" || name == "testDeleteAccountFlow" {
                    row.outcome = .skipped
                    row.duration = nil
                }
                rows.append(row)
                index += 1
            }
        }
        return rows
    }()
}
