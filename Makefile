# Convenience targets; the README's two commands are scripts/play and scripts/test.
PREFIX ?= $(HOME)/.local

.PHONY: play test build install uninstall bench order clean

play:
	scripts/play

test:
	scripts/test

build:
	scripts/setup
	scripts/build-release

install:
	scripts/setup
	install -d "$(PREFIX)/bin"
	install -m 0755 "$$(scripts/build-release)" "$(PREFIX)/bin/parea"
	@echo "installed $(PREFIX)/bin/parea"

uninstall:
	rm -f "$(PREFIX)/bin/parea"

bench:
	scripts/bench

# The functions a start runs, for the linker to place together (see
# scripts/build-release). Run after a change to what happens at start-up.
order:
	scripts/setup --bench
	python3 bench/measure.py --order scripts/startup.order "$$(scripts/build-release --scratch-path .build-bench)"

clean:
	swift package clean
