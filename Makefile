# Conventional entry points around the scripts: `make`, `make test`, `make install`.
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: build test install release
build:
	scripts/build-release

test:
	scripts/test

install:
	scripts/install --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

release:
	scripts/release
