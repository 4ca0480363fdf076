# wxpipe — two commands: `make run` (the default pipeline over Fixtures/) and `make test`.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
BIN := .build/release/wxpipe

.PHONY: all build run test bench clean deps

all: build

# Installs the C libraries' headers when missing (as root), else says what to install.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists zlib 2>/dev/null || missing="$$missing zlib1g-dev"; \
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
	$(SWIFT) build -c release --product wxpipe

run: build
	$(BIN) run Pipelines/default.json

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

bench: deps
	$(SWIFT) build -c release --product wxpipe
	$(SWIFT) build -c release --product wxbench
	python3 scripts/bench.py --wxpipe $(BIN) --wxbench .build/release/wxbench

clean:
	rm -rf .build out bench
