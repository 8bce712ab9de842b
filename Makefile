# Canopy — see README.md. `make run` and `make test` are the two commands a new user needs.
SWIFT ?= swift
PREFIX ?= /usr/local
CANOPY_RELEASE := .build/release/canopy
SAMPLES := Reports/samples

.PHONY: deps build release test run bench soak fuzz lint format check clean install static screenshot

deps:
	@.ci/install-deps build

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product canopy

## make test: build (debug, one configuration) and run every test.
test: deps
	$(SWIFT) test

## make run: build, then run Canopy on the sample data and print where the results are.
run: release
	@CANOPY=$(CANOPY_RELEASE) Reports/samples/run.sh

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

## make screenshot: `make run` on the sample history, then its dashboard and trend in headless
## Chromium, to docs/dashboard.png and docs/trend.png (shown in the README).
screenshot: run
	@.ci/install-deps chromium
	.ci/screenshot docs/dashboard.png Reports/site/index.html
	.ci/screenshot docs/dashboard-tree.png Reports/site/index.html '#tree'
	.ci/screenshot docs/trend.png Reports/trend/index.html

lint:
	$(SWIFT) format lint --recursive --parallel Sources Tests

format:
	$(SWIFT) format --in-place --recursive --parallel Sources Tests

check: lint test

## make install: release build installed to $(PREFIX)/bin (PREFIX=/usr/local by default).
install: release
	install -d $(PREFIX)/bin
	install -m 0755 $(CANOPY_RELEASE) $(PREFIX)/bin/canopy

## make static: a Linux binary with the Swift runtime linked in, for machines without Swift.
static: deps
	$(SWIFT) build -c release --product canopy --static-swift-stdlib
	@echo "static binary: .build/release/canopy (needs only libc, libxml2 and libsqlite3 on the target)"

clean:
	rm -rf .build .build-fuzz Reports/site Reports/*.sqlite* Reports/summary.md Reports/report.json bench/out
