# CircleCalc: `make run` builds and starts the calculator, `make test` runs every test.
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/circlecalc
RELEASE_FLAGS = -c $(CONFIG) --static-swift-stdlib

all: build

build:
	@scripts/install-deps build
	$(SWIFT) build $(RELEASE_FLAGS)

run: build
	$(BIN)

test:
	@scripts/install-deps test
	$(SWIFT) build --build-tests
	CIRCLECALC=$(CURDIR)/.build/debug/circlecalc scripts/with-xvfb $(SWIFT) test --skip-build

snapshots:
	RECORD_SNAPSHOTS=1 $(SWIFT) test --filter CalculatorRenderTests || true

format:
	$(SWIFT) format -i -r Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests
	@bad=$$(grep -rhoE '^\s*(@[A-Za-z]+ )*import +[A-Za-z_]+' Sources/CalculatorCore Sources/CalculatorLayout \
		| awk '{print $$NF}' | sort -u | grep -vxE 'FoundationEssentials|CalculatorCore' || true); \
	if [ -n "$$bad" ]; then echo "core or layout imports: $$bad" >&2; exit 1; fi

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/circlecalc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/circlecalc

clean:
	rm -rf .build

.PHONY: all build run test snapshots format lint install uninstall clean
