# Conventional entry points around the scripts: `make`, `make test`, `make install`.
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: build test install release
build:
	swift build -c release --product bodywork

test:
	scripts/test

install:
	scripts/install --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

release:
	scripts/release
