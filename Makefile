# Canopy — see README.md. `make run` and `make test` are the two commands a new user needs.
SWIFT ?= swift
PREFIX ?= /usr/local
CANOPY_RELEASE := .build/release/canopy
CANOPY_DEBUG := .build/debug/canopy
SAMPLES := Reports/samples
# Every Swift file of the package, for `make lint` and `make format` (the configuration: .swift-format).
SWIFT_SOURCES := Package.swift Sources Tests Benchmarks Fuzz Plugins
VERSION := $(shell sed -n 's/^let canopyVersion = "\(.*\)"/\1/p' Sources/CanopyCLI/Canopy.swift)
UNAME_S := $(shell uname -s)
UNAME_M := $(shell uname -m)
# `make dist`: on Linux the Swift runtime is linked in (--static-swift-stdlib); macOS has it.
DIST_PLATFORM ?= $(if $(filter Darwin,$(UNAME_S)),macos,linux)-$(subst arm64,aarch64,$(UNAME_M))
DIST_NAME ?= canopy-v$(VERSION)-$(DIST_PLATFORM)
DIST_BUILD_FLAGS ?= $(if $(filter Linux,$(UNAME_S)),--static-swift-stdlib,)
SHA256SUM := $(if $(filter Darwin,$(UNAME_S)),shasum -a 256,sha256sum)

.PHONY: deps build release test verify run bench soak fuzz lint format check clean install static screenshot dist

deps:
	@.ci/install-deps build

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product canopy

## make test: build (debug, one configuration) and run every test, the oracle's 200 scenarios
## beside the rest; then the tests that time a PostgreSQL outage, alone (TimingTests), since the
## full pass's load on 2 cores stretches a server's restart past any bound that tells a wait
## from a hang.
test: deps
	$(SWIFT) test
	CANOPY_TEST_TIMING=1 $(SWIFT) test --skip-build --filter 'PostgresRestartTests|PostgresServerReturnTests|PostgresFailureTests'

## make verify: the oracle alone on SCENARIOS seeded scenarios (5000) from SEED (1), two at a time;
## `make verify SEED=123 SCENARIOS=1` replays the scenario a violation names (its files are kept).
SCENARIOS ?= 5000
SEED ?= 1
verify: deps
	CANOPY_ORACLE_SCENARIOS=$(SCENARIOS) CANOPY_ORACLE_SEED=$(SEED) $(SWIFT) test --filter CanopyOracleTests

## make run: build, then run Canopy on the sample data and print where the results are. A debug
## build, the configuration `make test` builds too, so the README's two commands compile once;
## release builds are for `make install`, `make dist` and `make bench`.
run: deps
	$(SWIFT) build --product canopy
	@CANOPY=$(CANOPY_DEBUG) Reports/samples/run.sh

## make bench: generate large reports and measure parse time and memory against libxml2 baselines.
bench: release
	@.ci/install-deps bench
	bench/run.sh

## make soak: SIGKILL during ingest (SQLite, and PostgreSQL when CANOPY_TEST_POSTGRES is set), a full
## disk (tmpfs, root only), 16 concurrent writers and 12 first writers on a new store; bounded
## (SOAK_KILLS, SOAK_RUNS, SOAK_FIRST_TRIALS, …: see bench/soak.sh); prints a table. `.ci/run` runs a short one.
soak: build
	@.ci/install-deps soak
	CANOPY=.build/debug/canopy bench/soak.sh

## make fuzz: libFuzzer + AddressSanitizer on every parser, the config and the message analysis,
## FUZZ_SECONDS (60) per target from the fixtures; prints a table. `FUZZ_SECONDS=10 make fuzz` in CI.
fuzz: deps
	bench/fuzz.sh

## make screenshot: `make run` on the sample history, then its dashboard (overview, tree, tests,
## accessibility) and trend in headless Chromium, to docs/dashboard*.png and docs/trend.png, the
## destinations view of the renderer tests' run on four devices (its golden page), and the
## fingerprint of the page's code they show (docs/screenshots.sha256; CI fails when it is stale).
screenshot: run
	@.ci/install-deps chromium
	.ci/screenshot docs/dashboard.png Reports/site/index.html
	.ci/screenshot docs/dashboard-tree.png Reports/site/index.html '#tree'
	.ci/screenshot docs/dashboard-tests.png Reports/site/index.html '#tests'
	.ci/screenshot docs/dashboard-accessibility.png Reports/site/index.html '#accessibility'
	.ci/screenshot docs/dashboard-performance.png Reports/site/index.html '#performance'
	.ci/screenshot docs/trend.png Reports/trend/index.html
	.ci/screenshot docs/trend-flaky.png Reports/trend/index.html '#flaky'
	.ci/screenshot docs/trend-performance.png Reports/trend/index.html '#performance'
	.ci/screenshot docs/dashboard-destinations.png Tests/CanopyRenderTests/Golden/sample-destinations.html '#destinations'
	.ci/screenshots-stamp

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_SOURCES)

format:
	$(SWIFT) format --in-place --recursive --parallel $(SWIFT_SOURCES)

check: lint test

## make install: release build installed to $(DESTDIR)$(PREFIX)/bin (PREFIX=/usr/local by default).
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 $(CANOPY_RELEASE) "$(DESTDIR)$(PREFIX)/bin/canopy"

## make dist: dist/$(DIST_NAME).tar.gz (the release binary, static Swift runtime on Linux, its
## sha256 and the README) and dist/$(DIST_NAME).tar.gz.sha256, as the release workflow attaches them.
dist: deps
	$(SWIFT) build -c release --product canopy $(DIST_BUILD_FLAGS)
	rm -rf "dist/$(DIST_NAME)" && mkdir -p "dist/$(DIST_NAME)"
	cp "$$($(SWIFT) build -c release $(DIST_BUILD_FLAGS) --show-bin-path)/canopy" README.md "dist/$(DIST_NAME)/"
	strip "dist/$(DIST_NAME)/canopy"
	cd "dist/$(DIST_NAME)" && $(SHA256SUM) canopy > canopy.sha256
	tar -C dist -czf "dist/$(DIST_NAME).tar.gz" "$(DIST_NAME)"
	cd dist && $(SHA256SUM) "$(DIST_NAME).tar.gz" > "$(DIST_NAME).tar.gz.sha256"
	@echo "dist: dist/$(DIST_NAME).tar.gz ($$(du -h "dist/$(DIST_NAME)/canopy" | cut -f1) binary)"

## make static: a Linux binary with the Swift runtime linked in, for machines without Swift.
static: deps
	$(SWIFT) build -c release --product canopy --static-swift-stdlib
	@echo "static binary: .build/release/canopy (needs only libc, libxml2, libsqlite3 and libzstd on the target)"

clean:
	rm -rf .build .build-fuzz dist Reports/site Reports/.canopy-staging-* Reports/*.sqlite* Reports/summary.md Reports/comment.md Reports/report.json Reports/insights.json Reports/gl-code-quality.json bench/out
