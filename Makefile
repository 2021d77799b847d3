# susi: build, test, demo, install and benchmark.
# `make deps` installs the Debian packages the build, tests and benchmarks need.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
RELEASE_BIN = .build/release/susi

# Debian packages: C libraries the targets link (as -dev packages), and tools
# used by the tests and benchmarks.
DEB_PACKAGES = pkg-config libsqlite3-dev libsodium-dev libmicrohttpd-dev libreadline-dev \
               libespeak-ng-dev libcurl4-openssl-dev hyperfine tmux

.PHONY: all deps build release test demo install uninstall bench clean

all: build

deps:
	@sh scripts/install-deps.sh $(DEB_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# The end-to-end tests run the debug binary, so build it first. Every test
# runs with SUSI_LOOPBACK_ONLY=1: susi refuses to contact anything but loopback.
test: build
	SUSI_LOOPBACK_ONLY=1 $(SWIFT) test

demo: release
	@sh scripts/demo.sh $(RELEASE_BIN)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/susi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/susi

bench: release
	@sh bench/run.sh $(RELEASE_BIN)

clean:
	$(SWIFT) package clean
