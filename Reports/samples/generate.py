#!/usr/bin/env python3
"""Deterministic generator of Canopy's sample history: 14 nights of a fictional podcast app.

Each night gets a folder `night-NN/` with what an iOS UI-test job writes:
  junit-appuitests.xml   xcbeautify JUnit (AppUITests, retries on)
  junit-checkout.xml     fastlane trainer JUnit (CheckoutUITests on iPhone and iPad)
  player-tests.json      xcrun xcresulttool get test-results tests (PlayerUITests, Xcode 26)
  player-metrics.json    xcrun xcresulttool get test-results metrics (the same run's XCTMetrics)
  snapshots.json         Canopy element-tree snapshots of 8 screens (coverage rises night by night)
  audit.json             Canopy accessibility audit export
and `nights.tsv` lists night, date, commit, branch for `make run`.

Scripted story (asserted by the tests and visible in the dashboard):
  - FeedTests/testPullToRefresh is flaky by retry (fails the first attempt on some nights);
  - PlayerTests/testScrubbing flips between pass and fail across nights (flaky across runs);
  - SearchTests/testFilterChips is newly broken on night 10 and fixed on night 12;
  - SettingsTests/testDarkModeToggle breaks on night 13 and is still failing;
  - Checkout.PaymentSheet.PayButton is a flaky element: on iPad its hit point fails the first attempt
    of CheckoutTests/testApplePaySheet on some nights and of testApplyCoupon on nights 4, 9 and 13;
  - PlayerTests/testPlayPause measures the app's launch, five times a night, about 2.9 s with a
    spread of 4 %; from night 11 on it is 18 % slower (a launch-time regression);
  - identifier coverage rises from ~33% to ~88%; a contrast issue persists, a hit-region issue
    is fixed on night 8, a Dynamic Type issue appears on night 11.

    python3 Reports/samples/generate.py            # rewrites Reports/samples/night-*/
"""
import hashlib
import json
import os
import random
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
NIGHTS = 14
START = datetime(2026, 11, 8, 2, 0, tzinfo=timezone.utc)

APP_CLASSES = {
    "LoginTests": ["testLogin", "testLoginShowsError", "testForgotPassword", "testSignUp", "testLogout", "testBiometricPrompt"],
    "FeedTests": ["testScrollFeed", "testPullToRefresh", "testOpenEpisode", "testFeedEmptyState", "testFeedOffline", "testFeedPagination"],
    "PodcastTests": ["testSubscribe", "testUnsubscribe", "testShareSheet", "testEpisodeList", "testDownloadEpisode", "testMarkPlayed"],
    "SearchTests": ["testSearchSuggestions", "testFilterChips", "testSearchNoResults", "testRecentSearches", "testVoiceSearch"],
    "SettingsTests": ["testDarkModeToggle", "testNotifications", "testPlaybackSpeed", "testSignOut", "testStorage"],
    "LibraryTests": ["testLibraryTabs", "testDeleteDownload", "testSortLibrary", "testQueue", "testHistory"],
    "OnboardingTests": ["testWelcomeFlow", "testSkipOnboarding", "testPickInterests"],
}
APP_CLASSES.update({
    "DownloadsTests": ["testDownloadOverCellular", "testPauseDownload", "testResumeDownload"],
    "ProfileTests": ["testEditName", "testAvatar", "testStats"],
    "DiscoverTests": ["testCategories", "testTopCharts", "testRecommendations"],
})
FEATURES = ["Layout", "VoiceOver", "Landscape", "LargeText", "Rotation", "DeepLink", "StateRestoration", "Haptics",
            "Keyboard", "ContextMenu", "SwipeActions", "Badge", "EmptyState", "ErrorBanner", "Pagination", "Sharing",
            "Localization", "Analytics", "Widget", "Handoff", "Siri"]
for _cls, _tests in APP_CLASSES.items():
    _tests.extend(f"test{_cls[:-5]}{feature}" for feature in FEATURES[: 24 - len(_tests)])
CHECKOUT = ["testSubscribePremium", "testApplyCoupon", "testApplePaySheet", "testRestorePurchases", "testCancelSubscription", "testPriceLocalization"]
DEVICES = ["iPhone 16 Pro (18.2)", "iPad Air 13-inch (M2) (18.2)"]
PAY_BUTTON_HIT_POINT = "Failed to synthesize event: Failed to compute hit point for Button, identifier: 'Checkout.PaymentSheet.PayButton'"
# Nights on which testApplyCoupon's first attempt on iPad fails on the PayButton (a fixed list: no
# draw from the night's random stream, so every other figure of the samples stays as it was).
COUPON_FLAKE_NIGHTS = (4, 9, 13)
PLAYER = ["testPlayPause", "testScrubbing", "testSkipForward", "testSleepTimer", "testAirPlayPicker", "testChapters", "testMiniPlayer", "testSpeedMenu"]
PLAYER += [f"testPlayer{feature}" for feature in FEATURES[:16]]
CHECKOUT += ["testCheckoutGiftCard", "testCheckoutFamilyPlan", "testCheckoutStudentPlan", "testCheckoutTaxes",
             "testCheckoutReceipt", "testCheckoutRefund", "testCheckoutUpgrade", "testCheckoutDowngrade",
             "testCheckoutTrial", "testCheckoutRenewal", "testCheckoutCurrency", "testCheckoutVAT"]


def commit_for(night):
    return hashlib.sha1(f"podcasts-main-{night}".encode()).hexdigest()


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&apos;")


def app_failures(night, rng):
    """test -> list of attempts, each a list of failure messages ([] = passed)."""
    result = {}
    if rng.random() < 0.55:
        result[("FeedTests", "testPullToRefresh")] = [[
            'FeedTests.swift:88 - Failed to get matching snapshots: Timed out while evaluating UI query.'], []]
    if 10 <= night <= 11:
        chip = 4000 + night
        message = (f'SearchTests.swift:57 - Failed to tap "Search.Filter.Chip-{chip}" Button: No matches found for first query '
                   f'match sequence: `Descendants matching type Button` -> `Elements matching predicate \'"Search.Filter.Chip-{chip}" IN identifiers\'`, '
                   f'given input App element pid: {40000 + night * 17}')
        result[("SearchTests", "testFilterChips")] = [[message], [message]]
    if night >= 13:
        message = 'SettingsTests.swift:41 - XCTAssertEqual failed: ("Dark") is not equal to ("Light")'
        result[("SettingsTests", "testDarkModeToggle")] = [[message], [message]]
    if night in (3, 7):
        result[("LoginTests", "testBiometricPrompt")] = [[
            "LoginTests.swift:120 - Test operation failure: Lost connection to test manager service."], []]
    if night == 5:
        result[("PodcastTests", "testShareSheet")] = [[
            f'PodcastTests.swift:64 - Failed to tap "Podcast-{58000 + night}-share" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: 0x6000{night:08x}>.'], []]
    return result


def write_xcbeautify(path, night, rng):
    failures = app_failures(night, rng)
    lines = ['<testsuites name="All tests">']
    for cls, tests in APP_CLASSES.items():
        full = f"AppUITests.{cls}"
        lines.append(f'    <testsuite name="{full}">')
        for test in tests:
            attempts = failures.get((cls, test), [[]])
            for attempt in attempts:
                if attempt:
                    for message in attempt:
                        lines.append(f'        <testcase classname="{full}" name="{test}()">')
                        lines.append(f'            <failure message="{esc(message)}"/>')
                        lines.append('        </testcase>')
                else:
                    lines.append(f'        <testcase classname="{full}" name="{test}()" time="{rng.uniform(1.5, 14):.3f}"/>')
        lines.append('    </testsuite>')
    lines.append('</testsuites>')
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def write_trainer(path, night, rng):
    lines = ["<?xml version='1.0' encoding='UTF-8'?>", "<testsuites name='CheckoutUITests.xctest'>",
             "  <testsuite name='CheckoutUITests.xctest'>", "    <testsuite name='CheckoutUITests.CheckoutTests'>"]
    for device in DEVICES:
        for test in CHECKOUT:
            runs = [None]
            if test == "testApplePaySheet" and "iPad" in device and rng.random() < 0.4:
                runs = [PAY_BUTTON_HIT_POINT, None]
            own_times = test == "testApplyCoupon" and "iPad" in device and night in COUPON_FLAKE_NIGHTS
            if own_times:
                runs = [PAY_BUTTON_HIT_POINT, None]
            for index, failure in enumerate(runs):
                label = "First Run" if index == 0 else f"Retry {index}"
                # The added first attempt draws its time from its own stream; the retry takes the draw the single run had.
                time = random.Random(f"coupon-{night}").uniform(2, 9) if own_times and index == 0 else rng.uniform(2, 9)
                lines.append(f"      <testcase classname='CheckoutUITests.CheckoutTests' name='{test}' time='{time:.2f}'>")
                if failure:
                    lines.append(f"        <failure message='{esc(failure)}'/>")
                lines.append("        <properties>")
                lines.append(f"          <property name='repetition' value='{label}'/>")
                lines.append(f"          <property name='device' value='{device}'/>")
                lines.append("        </properties>")
                lines.append("      </testcase>")
    lines += ["    </testsuite>", "  </testsuite>", "</testsuites>"]
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def write_xcresult(path, night, rng):
    cases = []
    for test in PLAYER:
        failing = test == "testScrubbing" and rng.random() < 0.45
        node = {"name": f"{test}()", "nodeIdentifier": f"PlayerTests/{test}()", "nodeType": "Test Case",
                "result": "Failed" if failing else "Passed", "duration": f"{rng.uniform(1, 9):.1f}s".replace(".", ","),
                "children": []}
        if failing:
            node["children"].append({"nodeType": "Failure Message",
                                     "name": "PlayerTests.swift:73: Asynchronous wait failed: Exceeded timeout of 10 seconds, with unfulfilled expectations: \"Player.Scrubber value changes\"."})
        cases.append(node)
    document = {
        "devices": [{"deviceId": "00008120-AAAA", "deviceName": "iPhone 16 Pro", "architecture": "arm64",
                     "modelName": "iPhone 16 Pro", "osVersion": "18.2", "platform": "iOS Simulator"}],
        "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Default"}],
        "testNodes": [{"nodeType": "Test Plan", "name": "Podcasts", "result": "Passed", "children": [
            {"nodeType": "UI test bundle", "name": "PlayerUITests", "result": "Passed", "children": [
                {"nodeType": "Test Suite", "name": "PlayerTests", "nodeIdentifier": "PlayerTests", "result": "Passed", "children": cases}]}]}],
    }
    with open(path, "w") as out:
        json.dump(document, out, indent=1)


# The launch-time regression: PlayerTests/testPlayPause's launch measurements are this much slower
# from this night on. Drawn from a stream of their own, so every other file stays as it was.
LAUNCH_TEST = "PlayerTests/testPlayPause()"
LAUNCH_REGRESSION_NIGHT = 11
LAUNCH_REGRESSION = 1.18


def write_metrics(path, night):
    rng = random.Random(5000 + night)
    scale = LAUNCH_REGRESSION if night >= LAUNCH_REGRESSION_NIGHT else 1
    measurements = [round(2.9 * scale * (1 + 0.04 * rng.gauss(0, 1)), 4) for _ in range(5)]
    document = [{
        "testIdentifier": LAUNCH_TEST,
        "testIdentifierURL": "test://com.apple.xcode/Podcasts/PlayerUITests/" + LAUNCH_TEST,
        "testRuns": [{
            "device": {"deviceId": "00008120-AAAA", "deviceName": "iPhone 16 Pro"},
            "testPlanConfiguration": {"configurationId": "1", "configurationName": "Default"},
            "metrics": [{
                "baselineAverage": 0, "baselineName": "", "displayName": "Duration (AppLaunch)",
                "identifier": "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration",
                "maxPercentRegression": 10, "maxPercentRelativeStandardDeviation": 10, "maxRegression": 0.1,
                "maxStandardDeviation": 0.1, "measurements": measurements, "polarity": "prefers smaller",
                "unitOfMeasurement": "s",
            }],
        }],
    }]
    with open(path, "w") as out:
        json.dump(document, out, indent=1)


SCREENS = {
    "Login": [("textField", "Login.Email", "Email"), ("secureTextField", "Login.Password", "Password"), ("button", "Login.Submit", "Sign In"),
              ("button", "Login.ForgotPassword", "Forgot your password?"), ("button", "Login.SignUp", "Create account"), ("switch", "Login.RememberMe", "Remember me")],
    "Feed": [("button", "Feed.Header.Refresh", "Refresh"), ("cell", "Podcast-{n}-row", "Episode"), ("cell", "Podcast-{n}-row", "Episode"),
             ("cell", "Podcast-{n}-row", "Episode"), ("button", "Feed.Tab.Library", "Library"), ("button", "Feed.Tab.Search", "Search")],
    "Podcast": [("button", "Podcast.Subscribe", "Subscribe"), ("button", "Podcast-{n}-share", "Share"), ("button", "Podcast.Download", "Download"),
                ("cell", "Podcast.Episode.{i}", "Episode"), ("cell", "Podcast.Episode.{i}", "Episode"), ("button", "Podcast.Back", "Back")],
    "Player": [("button", "Player.PlayPause", "Play"), ("slider", "Player.Scrubber", "Position"), ("button", "Player.SkipForward", "Skip 30 seconds"),
               ("button", "Player.Speed", "Speed"), ("button", "Player.AirPlay", "AirPlay"), ("button", "Player.MiniPlayer.Close", "Close")],
    "Search": [("searchField", "Search.Field", "Search"), ("button", "Search.Filter.Chip-{n}", "Filter"), ("button", "Search.Filter.Chip-{n}", "Filter"),
               ("cell", "Search.Result.{i}", "Result"), ("button", "Search.Voice", "Dictate")],
    "Settings": [("switch", "Settings.DarkMode", "Dark Mode"), ("switch", "Settings.Notifications", "Notifications"), ("cell", "Settings.PlaybackSpeed", "Playback Speed"),
                 ("cell", "Settings.Storage", "Storage"), ("button", "Settings.SignOut", "Sign Out")],
    "Library": [("segmentedControl", "Library.Tabs", "Tabs"), ("cell", "Library.Item.{i}", "Item"), ("cell", "Library.Item.{i}", "Item"),
                ("button", "Library.Sort", "Sort"), ("button", "Library.Edit", "Edit")],
    "Checkout.PaymentSheet": [("button", "Checkout.PaymentSheet.PayButton", "Pay"), ("textField", "Checkout.PaymentSheet.Coupon", "Coupon"),
                              ("button", "Checkout.PaymentSheet.ApplyCoupon", "Apply"), ("button", "Checkout.PaymentSheet.Close", "Close"),
                              ("staticText", "Checkout.PaymentSheet.Total", "Total")],
}


def element(kind, identifier, label, y):
    return {"elementType": kind, "identifier": identifier, "label": label, "value": None, "placeholderValue": None,
            "frame": {"x": 16, "y": y, "width": 343, "height": 44}, "isEnabled": True, "isSelected": False, "hasFocus": False, "children": []}


def write_snapshots(path, night, rng):
    # Each interactive element gets its identifier on a night drawn once (stable across runs of this script).
    share = 0.35 + 0.45 * (night - 1) / (NIGHTS - 1)
    screens = []
    for screen, items in SCREENS.items():
        children = [element("staticText", "", screen.split(".")[-1], 60)]
        for index, (kind, identifier, label) in enumerate(items):
            key = int(hashlib.sha1(f"{screen}/{index}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
            concrete = identifier.replace("{n}", str(48000 + index * 7 + night)).replace("{i}", str(index))
            has_identifier = key < share or screen == "Checkout.PaymentSheet"
            children.append(element(kind, concrete if has_identifier else "", label, 120 + index * 52))
        root = element("other", f"{screen}.Root" if night > 4 else "", "", 0)
        root["frame"] = {"x": 0, "y": 0, "width": 393, "height": 852}
        root["children"] = children
        screens.append({"name": screen, "test": f"AppUITests.{screen.split('.')[0]}Tests/testSnapshot()", "root": root})
    with open(path, "w") as out:
        json.dump({"screens": screens}, out, indent=1)


def write_audit(path, night):
    issues = [{"auditType": "contrast", "compactDescription": "Contrast failed",
               "detailedDescription": "The contrast between the text and its background is too low (3.1:1).",
               "element": {"identifier": "Login.ForgotPassword", "label": "Forgot your password?", "elementType": "button",
                           "frame": {"x": 16, "y": 276, "width": 343, "height": 44}}}]
    if night < 8:
        issues.append({"auditType": "hitRegion", "compactDescription": "Hit region is too small",
                       "detailedDescription": "The hit region is 28x28 points; at least 44x44 is recommended.",
                       "element": {"identifier": "Player.MiniPlayer.Close", "label": "Close", "elementType": "button",
                                   "frame": {"x": 350, "y": 780, "width": 28, "height": 28}}})
    if night >= 11:
        issues.append({"auditType": "dynamicType", "compactDescription": "Dynamic Type font sizes are unsupported",
                       "detailedDescription": "Text does not scale with the preferred content size.",
                       "element": {"identifier": "Feed.Header.Refresh", "label": "Refresh", "elementType": "button"}})
    with open(path, "w") as out:
        json.dump({"screen": "Login", "test": "AppUITests.LoginTests/testAccessibilityAudit()", "issues": issues}, out, indent=1)


def main():
    rows = []
    for night in range(1, NIGHTS + 1):
        rng = random.Random(1000 + night)
        folder = os.path.join(HERE, f"night-{night:02d}")
        os.makedirs(folder, exist_ok=True)
        write_xcbeautify(os.path.join(folder, "junit-appuitests.xml"), night, rng)
        write_trainer(os.path.join(folder, "junit-checkout.xml"), night, rng)
        write_xcresult(os.path.join(folder, "player-tests.json"), night, rng)
        write_metrics(os.path.join(folder, "player-metrics.json"), night)
        write_snapshots(os.path.join(folder, "snapshots.json"), night, rng)
        write_audit(os.path.join(folder, "audit.json"), night)
        date = (START + timedelta(days=night - 1)).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(f"night-{night:02d}\t{date}\t{commit_for(night)}\tmain")
    with open(os.path.join(HERE, "nights.tsv"), "w") as out:
        out.write("# folder\tstarted_at\tcommit\tbranch\n" + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
