# Homebrew formula for a tap (`brew tap OWNER/canopy https://github.com/OWNER/canopy` then
# `brew install canopy`, or `brew install --HEAD canopy` for main). Builds from source with the
# Swift toolchain of Xcode 16 or newer; libxml2 and SQLite come from macOS (on Linux, Homebrew's),
# zstd (the .xcresult bundle reader) from Homebrew.
# On a release: set `url` to the tag's source tarball and `sha256` to its checksum
# (`curl -L <url> | shasum -a 256`); see docs/install.md.
class Canopy < Formula
  desc "Turns iOS UI-test results into summaries, dashboards, gates and history"
  homepage "https://github.com/OWNER/canopy"
  license "Apache-2.0"
  url "https://github.com/OWNER/canopy/archive/refs/tags/v0.7.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/OWNER/canopy.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on macos: :sonoma

  depends_on "pkgconf" => :build
  depends_on "zstd"

  uses_from_macos "libxml2"
  uses_from_macos "sqlite"

  def install
    # Homebrew's own build environment sets no PKG_CONFIG_PATH for keg-only libxml2 on macOS;
    # the package then takes libxml2 from the SDK (Sources/CLibXML2/shim.h).
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "canopy"
    bin.install ".build/release/canopy"
    generate_completions_from_executable(bin/"canopy", "--generate-completion-script")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/canopy --version")
    # xcbeautify's `--report junit` shape: no XML declaration, the reason in `message`, no body.
    (testpath/"junit.xml").write <<~XML
      <testsuites name="AppUITests.xctest" tests="2" failures="1">
        <testsuite name="AppUITests.LoginTests" tests="2" failures="1">
          <testcase classname="AppUITests.LoginTests" name="testLogin()" time="3.2"/>
          <testcase classname="AppUITests.LoginTests" name="testLogout()">
            <failure message="LoginTests.swift:42 - XCTAssertTrue failed"/>
          </testcase>
        </testsuite>
      </testsuites>
    XML
    output = shell_output("#{bin}/canopy inspect #{testpath}/junit.xml")
    assert_match "testLogout", output
  end
end
