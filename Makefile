# Convenience targets; the README's two commands are scripts/play and scripts/test.
# `make install` and `make uninstall` take PREFIX (where) and DESTDIR (a staging
# folder in front of it); scripts/install holds the list of installed files.
PREFIX ?= $(HOME)/.local
DESTDIR ?=

.PHONY: play test build install uninstall deb bench order clean

play:
	scripts/play

test:
	scripts/test

build:
	scripts/setup
	scripts/build-release

install:
	scripts/setup
	scripts/install "$(abspath $(PREFIX))" "$(DESTDIR)"

uninstall:
	scripts/install --uninstall "$(abspath $(PREFIX))" "$(DESTDIR)"

# A Debian package in build/ (dpkg-deb; see scripts/deb).
deb:
	scripts/setup
	scripts/deb

bench:
	scripts/bench

# The functions a start runs, for the linker to place together (see
# scripts/build-release). Run after a change to what happens at start-up.
order:
	scripts/setup --bench
	python3 bench/measure.py --order scripts/startup.order "$$(scripts/build-release --with-symbols --scratch-path .build-bench)"

clean:
	swift package clean
	rm -rf build
