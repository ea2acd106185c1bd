# CircleCalc: `make run` builds and starts the calculator, `make test` runs every test.
PREFIX ?= /usr/local
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/circlecalc
# The accessibility bridge, plain C that circlecalc loads with dlopen beside itself or from
# $(PREFIX)/lib/circlecalc (SwiftPM would link it against the Swift runtime).
LIBRARY = $(dir $(BIN))libcirclecalc-accessibility.so
ACCESSIBILITY = $(wildcard Sources/CAccessibility/*.[ch] Sources/CAccessibility/include/*.h)
# Hardened as Debian builds C: fortified calls, a stack protector, read-only relocations bound
# at load (the library is loaded only when a screen reader's bus answers).
ACCESSIBILITY_FLAGS = -std=gnu11 -O2 -g -fPIC -fvisibility=hidden -Wall -Wextra -shared \
	-D_FORTIFY_SOURCE=2 -fstack-protector-strong -Wl,-z,relro -Wl,-z,now \
	-Wl,--as-needed -Wl,-z,defs -ISources/CAccessibility/include
ICON_SIZES = 16 22 24 32 48 64 128 256 512
# The application's id: its menu entry and its AppStream metainfo are named after it.
APP_ID = io.github.circlecalc.CircleCalc
BINDIR = $(DESTDIR)$(PREFIX)/bin
LIBDIR = $(DESTDIR)$(PREFIX)/lib/circlecalc
APPDIR = $(DESTDIR)$(PREFIX)/share/applications
METAINFODIR = $(DESTDIR)$(PREFIX)/share/metainfo
ICONDIR = $(DESTDIR)$(PREFIX)/share/icons/hicolor
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
LOCALEDIR = $(DESTDIR)$(PREFIX)/share/locale
# The translations (docs/SPEC.md section 13.4): po/LL.po for each language of po/LINGUAS, from
# the template po/circlecalc.pot, which `make po` extracts with xgettext. Its C parser reads
# Swift's plain string literals; the keywords are the marking functions of CalculatorLocale
# and the two tables whose rows hold names (units, currencies).
XGETTEXT_FLAGS = --from-code=UTF-8 --add-comments=TRANSLATORS: --sort-by-file \
	--package-name=CircleCalc --msgid-bugs-address=https://github.com/circlecalc/circlecalc/issues
SWIFT_KEYWORDS = --language=C --keyword --keyword=tr --keyword=trPlural:1,2 \
	--keyword=unitRow:2,3 --keyword=currencyName:1,2
# Each catalog beside a binary (FOLDER/LL/LC_MESSAGES/circlecalc.mo), checked as it is built.
catalogs = for po in po/*.po; do \
		language=$$(basename $$po .po); mkdir -p $(1)/$$language/LC_MESSAGES && \
		msgfmt --check -o $(1)/$$language/LC_MESSAGES/circlecalc.mo $$po || exit 1; \
	done
# The Debian package, named as dpkg names it: circlecalc_VERSION_ARCH.deb, with the version
# the binary reports (read once it is built).
DEB = circlecalc_$$($(BIN) --version | cut -d' ' -f2)_$$(dpkg --print-architecture).deb
# The release link, each part measured (docs/PERFORMANCE.md, RSS by mapping): lld places the
# functions that run (scripts/symbol-order.txt, from scripts/symbol-order) together, which needs
# every Swift function in its own section; no PIE, so nothing is relocated at start; libstdc++
# (the Swift runtime's C++) from its archive, through a folder where -lstdc++ finds only that;
# the unwinder from libgcc's archive, not libgcc_s (0.1 MiB of RSS for a library only a C++
# exception would call);
# no symbols exported: the static runtime's link file asks for -export-dynamic, which put the
# program's 2,243 symbols in a dynamic table nothing loads against (the accessibility bridge
# calls back through pointers), 0.2 MiB of the binary and of its RSS.
# lld's warnings on the order file stay off: it would warn at every link that __udivti3, listed
# and defined in the program, is also libgcc's (and order the program's all the same);
# `scripts/symbol-order --check` below catches a stale list instead.
STATIC_LIBS = .build/static-libs
RELEASE_FLAGS = -c $(CONFIG) --static-swift-stdlib --disable-local-rpath \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xswiftc -Xclang-linker -Xswiftc -no-pie -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -L$(CURDIR)/$(STATIC_LIBS) \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/symbol-order.txt \
	-Xlinker --no-warn-symbol-ordering -Xlinker --no-export-dynamic

all: build

build:
	@scripts/install-deps build
	@$(MAKE) --no-print-directory $(STATIC_LIBS)
	@# SwiftPM does not see the order file: a newer one relinks.
	@[ ! -e $(BIN) ] || [ $(BIN) -nt scripts/symbol-order.txt ] || rm -f $(BIN)
	$(SWIFT) build $(RELEASE_FLAGS) --product circlecalc
	@scripts/symbol-order --check $(BIN)
	@# The link exports nothing but the linker's own markers (--no-export-dynamic, above).
	@exported=$$(nm -D --defined-only $(BIN) | awk '$$3 !~ /^(__bss_start|_edata|_end)$$/' | wc -l); \
	if [ "$$exported" -ne 0 ]; then \
		echo "$(BIN) exports $$exported symbols: the release link lost --no-export-dynamic" >&2; exit 1; \
	fi
	@$(MAKE) --no-print-directory $(LIBRARY)
	@$(call catalogs,$(dir $(BIN))locale)

# Without the archive (no libstdc++-12-dev) the folder stays empty and libstdc++ stays shared.
$(STATIC_LIBS):
	mkdir -p $@
	archive=$$($(CC) -print-file-name=libstdc++.a); \
	if [ -f "$$archive" ]; then ln -sf "$$archive" $@/libstdc++.a; fi

# After `swift build`, which makes .build/$(CONFIG) a link into its own folders.
.build/%/libcirclecalc-accessibility.so: $(ACCESSIBILITY)
	$(CC) $(ACCESSIBILITY_FLAGS) -o $@ $(filter %.c,$(ACCESSIBILITY)) \
		$$(pkg-config --cflags --libs atk-bridge-2.0 atspi-2 atk)

run: build
	$(BIN)

# Every window test starts its own Xvfb; without DISPLAY none can reach the desktop's display.
# A test tool missing here fails the tests that need it (TestSupport.needs) instead of skipping.
# The screen-reader suites run last, one test at a time: Orca and atk-bridge answer on their own
# clock, and beside the CPU-bound suites (the mpmath cross-check) a flow could be read before
# the application had heard its listeners, or end before Orca spoke.
TEST_ENV = env -u DISPLAY -u LANGUAGE LC_ALL=C.UTF-8 CIRCLECALC=$(CURDIR)/.build/debug/circlecalc CIRCLECALC_REQUIRE_TOOLS=1
SCREEN_READER_TESTS = AccessibilityEndToEndTests|OrcaEndToEndTests
test:
	@scripts/install-deps test
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory .build/debug/libcirclecalc-accessibility.so
	@$(call catalogs,.build/debug/locale)
	$(TEST_ENV) $(SWIFT) test --skip-build --skip '$(SCREEN_READER_TESTS)'
	$(TEST_ENV) $(SWIFT) test --skip-build --no-parallel --filter '$(SCREEN_READER_TESTS)'

bench: build
	CIRCLECALC=$(CURDIR)/$(BIN) bench/run

# Rewrites scripts/symbol-order.txt from a session of the release binary under valgrind.
symbol-order: build
	scripts/symbol-order $(BIN)

fuzz:
	@scripts/install-deps test
	fuzz/run

soak:
	@scripts/install-deps test
	soak/run

# Re-records the golden PNGs, then compares the renderer with them. A recording run fails by
# design (SnapshotTests), so its status is ignored and the second run's is the result.
snapshots:
	$(SWIFT) build --build-tests
	-RECORD_SNAPSHOTS=1 $(SWIFT) test --skip-build --filter SnapshotTests
	$(SWIFT) test --skip-build --filter SnapshotTests

# Extracts every marked text into po/circlecalc.pot (the sources, the menu entry, the AppStream
# metainfo), then brings each language's po/LL.po up to it (new texts untranslated, which
# msgfmt --check --statistics and LocalizationTests report).
po:
	xgettext $(XGETTEXT_FLAGS) $(SWIFT_KEYWORDS) -o po/circlecalc.pot \
		$$(find Sources -name '*.swift' | LC_ALL=C sort)
	xgettext $(XGETTEXT_FLAGS) --join-existing -o po/circlecalc.pot \
		data/$(APP_ID).desktop data/$(APP_ID).metainfo.xml
	for po in po/*.po; do msgmerge --quiet --update --backup=none --no-fuzzy-matching $$po \
		po/circlecalc.pot && msgattrib --no-obsolete -o $$po $$po || exit 1; done

format:
	$(SWIFT) format -i -r Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests
	@imports() { grep -rhoE '^\s*(@[A-Za-z_]+ )*import +[A-Za-z_]+' "$$@" | awk '{print $$NF}' | sort -u; }; \
	bad=$$(imports Sources/CalculatorCore Sources/CalculatorLayout \
		| grep -vxE 'CalculatorLocale|CalculatorNumbers|CalculatorCore' || true); \
	if [ -n "$$bad" ]; then echo "core or layout imports: $$bad" >&2; exit 1; fi; \
	bad=$$(imports Sources/CalculatorNumbers | grep -vxE 'CMPFR|Glibc' || true); \
	if [ -n "$$bad" ]; then echo "numbers imports: $$bad" >&2; exit 1; fi; \
	bad=$$(imports Sources/CalculatorLocale | grep -vxE 'Glibc|CGettext' || true); \
	if [ -n "$$bad" ]; then echo "locale imports: $$bad" >&2; exit 1; fi; \
	bad=$$(imports Sources/CalculatorWindow | grep -vxE 'CalculatorCore|CalculatorLayout' || true); \
	if [ -n "$$bad" ]; then echo "window imports (Core and Layout only): $$bad" >&2; exit 1; fi; \
	bad=$$(imports Sources/CalculatorFiles \
		| grep -vxE 'CalculatorCore|CalculatorLayout|CalculatorWindow|Glibc' || true); \
	if [ -n "$$bad" ]; then echo "files imports (no X, no Cairo): $$bad" >&2; exit 1; fi
	@# swift format wraps neither comments nor strings: no line over 100 columns, except inside
	@# a declaration marked swift-format-ignore (an aligned table), up to its closing bracket.
	@long=$$(awk 'FNR == 1 { marked = 0; table = 0 } \
		/^ *\/\/ swift-format-ignore/ { marked = 1; next } \
		marked && !/^ *\/\// { marked = 0; table = 1; indent = match($$0, /[^ ]/); next } \
		table && /[^ ]/ && match($$0, /[^ ]/) <= indent { table = 0; if (/^ *[])}]/) next } \
		!table { print FILENAME ":" FNR ": " $$0 }' $$(find Sources Tests -name '*.swift') \
		| LC_ALL=C.UTF-8 grep -aE '^[^:]+:[0-9]+: .{101}' | cut -d: -f1,2); \
	if [ -n "$$long" ]; then printf 'over 100 columns: %s\n' $$long >&2; exit 1; fi

# NO_BUILD=1 installs an already built $(BIN) (the install test uses it).
install:
	@[ -n "$(NO_BUILD)" ] || $(MAKE) build
	install -d $(BINDIR) $(LIBDIR) $(APPDIR) $(METAINFODIR) $(MANDIR)
	install -m 755 $(BIN) $(BINDIR)/circlecalc
	install -m 644 $(LIBRARY) $(LIBDIR)/libcirclecalc-accessibility.so
	msgfmt --desktop --template=data/$(APP_ID).desktop -d po -o $(APPDIR)/$(APP_ID).desktop
	msgfmt --xml --template=data/$(APP_ID).metainfo.xml -d po \
		-o $(METAINFODIR)/$(APP_ID).metainfo.xml
	chmod 644 $(APPDIR)/$(APP_ID).desktop $(METAINFODIR)/$(APP_ID).metainfo.xml
	@$(call catalogs,$(LOCALEDIR))
	install -m 644 data/circlecalc.1 $(MANDIR)/circlecalc.1
	for size in $(ICON_SIZES); do \
		install -d $(ICONDIR)/$${size}x$${size}/apps && \
		$(BIN) --icon $(ICONDIR)/$${size}x$${size}/apps/circlecalc.png --size $${size}x$${size} || exit 1; \
	done

# Under a DESTDIR (a staging folder) the folders install made go too, when empty; the system's
# own folders under a bare PREFIX are left alone. circlecalc.desktop is the menu entry's name
# before it took the application's id.
uninstall:
	rm -f $(BINDIR)/circlecalc $(LIBDIR)/libcirclecalc-accessibility.so
	rm -f $(APPDIR)/$(APP_ID).desktop $(APPDIR)/circlecalc.desktop
	rm -f $(METAINFODIR)/$(APP_ID).metainfo.xml $(MANDIR)/circlecalc.1
	for po in po/*.po; do \
		rm -f $(LOCALEDIR)/$$(basename $$po .po)/LC_MESSAGES/circlecalc.mo; done
	rmdir $(LIBDIR) 2>/dev/null || true
	for size in $(ICON_SIZES); do rm -f $(ICONDIR)/$${size}x$${size}/apps/circlecalc.png; done
	@if [ -n "$(DESTDIR)" ]; then \
		for dir in $(BINDIR) $(dir $(LIBDIR)) $(APPDIR) $(METAINFODIR) $(MANDIR) $(foreach s,$(ICON_SIZES),$(ICONDIR)/$(s)x$(s)/apps) \
			$(foreach po,$(wildcard po/*.po),$(LOCALEDIR)/$(basename $(notdir $(po)))/LC_MESSAGES); do \
			while [ "$$dir" != "$(DESTDIR)" ] && [ "$$dir" != / ] && rmdir "$$dir" 2>/dev/null; do \
				dir=$$(dirname "$$dir"); \
			done; \
		done; \
	fi

# The Debian package, built with Debian's tools from the release binary (scripts/deb).
deb: build
	@scripts/install-deps package
	scripts/deb $(BIN) $(DEB)

# Checks the package as a user meets it (scripts/test-package): lintian, appstreamcli,
# desktop-file-validate, then dpkg installs it on this machine, it runs from /usr/bin, and
# dpkg removes it. Apart from `make test`, as the release build is slow; .ci/run runs both.
test-package: deb
	@scripts/install-deps test
	scripts/test-package $(DEB)

clean:
	rm -rf .build
	rm -f circlecalc_*.deb

.PHONY: all build run test bench symbol-order fuzz soak snapshots po format lint install \
	uninstall deb test-package clean
