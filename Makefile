# susi: build, test, demo, install and benchmark.
# `make deps` installs the Debian packages the build, tests and benchmarks need.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
RELEASE_BIN = .build/release/susi

# Debian packages: C libraries the targets link (as -dev packages), and tools
# used by the tests and benchmarks (chromium, chromium-driver, python3-selenium
# and haproxy: the web page's browser test, WebPageBrowserTests; stress-ng: loading
# the machine beside the terminal tests, issue 37).
DEB_PACKAGES = pkg-config libsqlite3-dev libsodium-dev libmicrohttpd-dev libreadline-dev \
               libespeak-ng-dev espeak-ng libcurl4-openssl-dev hyperfine tmux wrk jq time \
               libpocketsphinx-dev pocketsphinx-en-us mandoc zsh fish bash-completion \
               chromium chromium-driver python3-selenium haproxy \
               dpkg-dev lintian man-db systemd binutils postgresql libpq-dev stress-ng

.PHONY: all deps build release test demo install uninstall deb package-test bench fuzz fuzz-smoke generate clean

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
	@sh scripts/check-layers.sh
	SUSI_LOOPBACK_ONLY=1 $(SWIFT) test
	@if [ "$(FUZZ_SMOKE_TIME)" != 0 ]; then $(MAKE) --no-print-directory fuzz-smoke; fi

# Everything generated from the command tree and Package.swift, rewritten
# at once: the man pages, the completion scripts, the help snapshots and
# the layer table in docs/architecture.md. The tests fail while any of them
# is stale (ManualTests, CompletionFilesTests, HelpTopicsTests, the layer
# check), so run this after changing a command, an option or a target,
# and review the diff.
generate: build
	$(SWIFT) package --allow-writing-to-package-directory generate-manual
	$(SWIFT) package --allow-writing-to-package-directory generate-completions
	-RECORD_SNAPSHOTS=1 SUSI_LOOPBACK_ONLY=1 $(SWIFT) test --filter HelpTopicsTests >/dev/null 2>&1
	SUSI_LOOPBACK_ONLY=1 $(SWIFT) test --skip-build --filter HelpTopicsTests
	sh scripts/check-layers.sh --update-map

# libFuzzer targets (fuzz/README.md): build them instrumented, replay the
# recorded crash inputs, then fuzz each target for FUZZ_RUNS executions, at
# most FUZZ_MAX_TIME seconds each (fewer executions fail). `make test` runs
# fuzz-smoke: FUZZ_SMOKE_TIME seconds per target (0 skips it).
FUZZ_RUNS ?= 100000
FUZZ_MAX_TIME ?= 600
FUZZ_SMOKE_TIME ?= 30

fuzz: deps
	sh fuzz/build.sh
	FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_MIN_RUNS=$(FUZZ_RUNS) FUZZ_MAX_TIME=$(FUZZ_MAX_TIME) sh fuzz/run.sh

fuzz-smoke: deps
	sh fuzz/build.sh
	FUZZ_RUNS=-1 FUZZ_MAX_TIME=$(FUZZ_SMOKE_TIME) sh fuzz/run.sh

demo: release
	@sh scripts/demo.sh $(RELEASE_BIN)

# The bundled skills go to share/susi/models, where susi looks for them
# relative to its own executable; the man pages to share/man/man1 and the
# completion scripts where bash-completion, zsh and fish look (each when its
# file is in completions/). BIN= installs another binary than the release
# build, without building (the install test passes the debug one).
# `make uninstall` removes exactly what `make install` wrote.
BIN ?= $(RELEASE_BIN)
MAN_PAGES = $(wildcard man/*.1)
SKILLS_DIR = Sources/SusiSkills/models
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share/susi
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_COMPLETION = $(DESTDIR)$(PREFIX)/share/bash-completion/completions/susi
ZSH_COMPLETION = $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_susi
FISH_COMPLETION = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/susi.fish
# The systemd user unit for `susi remind watch` (enable: susi remind watch --install-service).
USER_UNIT = $(DESTDIR)$(PREFIX)/lib/systemd/user/susi-remind-watch.service

install: $(if $(filter $(RELEASE_BIN),$(BIN)),release)
	install -d $(BINDIR) $(DATADIR) $(MANDIR)
	install -m 0755 $(BIN) $(BINDIR)/susi
	rm -rf $(DATADIR)/models
	cp -R $(SKILLS_DIR) $(DATADIR)/models
	chmod -R a+rX,go-w $(DATADIR)
	install -m 0644 $(MAN_PAGES) $(MANDIR)
	@if [ -f completions/susi.bash ]; then install -D -m 0644 completions/susi.bash $(BASH_COMPLETION); fi
	@if [ -f completions/_susi ]; then install -D -m 0644 completions/_susi $(ZSH_COMPLETION); fi
	@if [ -f completions/susi.fish ]; then install -D -m 0644 completions/susi.fish $(FISH_COMPLETION); fi
	install -d $(dir $(USER_UNIT))
	sed 's|^ExecStart=/usr/bin/susi |ExecStart=$(PREFIX)/bin/susi |' debian/susi-remind-watch.service > $(USER_UNIT)
	chmod 0644 $(USER_UNIT)

uninstall:
	rm -f $(BINDIR)/susi
	rm -rf $(DATADIR)
	rm -f $(addprefix $(MANDIR)/,$(notdir $(MAN_PAGES)))
	rm -f $(BASH_COMPLETION) $(ZSH_COMPLETION) $(FISH_COMPLETION)
	rm -f $(USER_UNIT)

# The Debian package, susi_VERSION_ARCH.deb in this folder, from the static
# release build (scripts/build-deb.sh; the version is Version.swift's with
# debian/changelog's revision). `make package-test` builds it, runs lintian,
# installs it (into this machine as root, else a temporary root), upgrades,
# removes and purges it (scripts/package-test.sh). It is not part of `make
# test`: the release build alone takes minutes (see README).
deb: release
	@sh scripts/build-deb.sh $(RELEASE_BIN) .

package-test: release
	sh scripts/package-test.sh $(RELEASE_BIN)

bench: release
	@sh bench/run.sh $(RELEASE_BIN)

clean:
	$(SWIFT) package clean
