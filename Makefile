# Convenience targets; the README's two commands are scripts/play and scripts/test.
PREFIX ?= $(HOME)/.local

.PHONY: play test build install uninstall bench clean

play:
	scripts/play

test:
	scripts/test

build:
	scripts/setup
	swift build -c release --static-swift-stdlib --product parea

install: build
	install -d "$(PREFIX)/bin"
	install -m 0755 "$$(swift build -c release --static-swift-stdlib --show-bin-path)/parea" "$(PREFIX)/bin/parea"
	@echo "installed $(PREFIX)/bin/parea"

uninstall:
	rm -f "$(PREFIX)/bin/parea"

bench:
	scripts/bench

clean:
	swift package clean
