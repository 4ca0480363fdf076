# wxpipe — two commands: `make run` (the default pipeline over Fixtures/) and `make test`.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
BIN := .build/release/wxpipe
# Release builds link the Swift runtime and Foundation statically: the binary runs where no Swift
# toolchain is installed (cluster nodes: copy it), and starts without resolving the runtime's
# symbols, which was half the start-up of an ingest (an ingest of OWM current replies: 3.6 %
# fewer instructions; an empty one 21 → 16 ms). The binary is about 90 MB.
RELEASE := -c release --static-swift-stdlib

.PHONY: all build run test test-slurm bench fuzz clean deps docs
FUZZ_SECONDS ?= 300

all: build

# Installs the C libraries' headers when missing (as root), else says what to install; the sqlite3
# shell is the bench's SQLite floor (scripts/bench_floor.py), checked by the tests.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists zlib 2>/dev/null || missing="$$missing zlib1g-dev"; \
	command -v sqlite3 >/dev/null 2>&1 || missing="$$missing sqlite3"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing system packages:$$missing"; \
	    echo "install them with: sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "the Swift toolchain is not on PATH (expected /opt/swift/usr/bin)"; exit 1; }

build: deps
	$(SWIFT) build $(RELEASE) --product wxpipe

run: build
	$(BIN) run Pipelines/default.json

# The tests read our output with independent tools: the verification cross-check
# (Tests/crosscheck_scores.py) with the PyPI `scores` package, the XLSX and CSV checks with
# openpyxl and DuckDB. Installed quietly when python3 lacks them; the tests fail, not skip,
# if they are still missing.
test: deps
	@if command -v python3 >/dev/null && ! python3 -c "import scores, openpyxl, duckdb" 2>/dev/null; then \
	  echo "installing the Python packages the tests use: scores openpyxl duckdb"; \
	  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore scores openpyxl duckdb 2>/dev/null \
	  || python3 -m pip install --quiet --disable-pip-version-check --user scores openpyxl duckdb \
	  || echo "could not install scores, openpyxl and duckdb: the checks that need them will fail"; \
	fi
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

# The reference pages generated from their declarations (docs/COLUMNS.md, docs/SETTINGS.md);
# `make test` fails when a checked-in page differs from what this writes.
docs: deps
	$(SWIFT) build --build-tests
	WXPIPE_WRITE_DOCS=1 $(SWIFT) test --skip-build --filter 'ColumnReferenceTests|theReferencePageIsTheCatalog'

# The Slurm recipes of docs/SCALING.md on a real single-node Slurm started for the test
# (installs slurm-wlm and munge as root when missing; fails with the daemon's log, never skips).
test-slurm: deps
	$(SWIFT) build --product wxpipe
	scripts/slurm-test.sh .build/debug/wxpipe

# wxpipe beside gzip -dc, DuckDB, orjson + sqlite3 and json + sqlite3 on three corpora;
# installs duckdb and orjson for python3 when missing (the bench only). BENCH_ARGS=--quick: a smoke run.
BENCH_ARGS ?=
bench: deps
	$(SWIFT) build $(RELEASE) --product wxpipe
	$(SWIFT) build $(RELEASE) --product wxbench
	python3 scripts/bench.py --wxpipe $(BIN) --wxbench .build/release/wxbench $(BENCH_ARGS)

# libFuzzer over the readers and decoders (Sources/wxfuzz), seeded with the fixtures
# (Fixtures/inputs, Fixtures/providers) and, when it is beside the repository, with
# ../shared/provider-samples. Findings land in .build/fuzz-findings/; replay one with
# `swift run wxfuzz FILE` (the normal build of the same target).
FUZZ_SEEDS := Fixtures/inputs Fixtures/providers $(wildcard ../shared/provider-samples)
fuzz: deps
	$(SWIFT) build -c release --product wxfuzz --build-path .build/fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library
	mkdir -p .build/fuzz-corpus .build/fuzz-findings
	find $(FUZZ_SEEDS) -type f \( -name '*.json' -o -name '*.gz' -o -name '*.ndjson' -o -name '*.jsonl' -o -name '*.tar' \) \
	  -size -200k -exec cp {} .build/fuzz-corpus/ \;
	@echo "fuzz corpus: $$(ls .build/fuzz-corpus | wc -l) seeds from $(FUZZ_SEEDS)"
	.build/fuzz/release/wxfuzz .build/fuzz-corpus -max_total_time=$(FUZZ_SECONDS) -max_len=262144 \
	  -rss_limit_mb=2048 -artifact_prefix=.build/fuzz-findings/

clean:
	rm -rf .build out bench
