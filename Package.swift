// swift-tools-version:6.0
// CircleCalc, under the MIT License (see LICENSE).
import PackageDescription

// Every target lists all the modules below it, not only the next one down. SwiftPM's native build
// system recompiles a target only when a module it lists is rewritten, and a module whose
// interface did not change is not rewritten: without the full lists, a stored property added to
// `Calculator` would leave X11Frontend compiled against the old size of `Frame`, and the binary
// would corrupt memory (swiftlang/swift-package-manager#10502). A new target extends these lists.
let numbers: [Target.Dependency] = ["CGettext", "CalculatorLocale", "CMPFR", "CalculatorNumbers"]
let core = numbers + ["CalculatorCore"]
let layout = core + ["CalculatorLayout"]
let render = layout + ["CalculatorRender", "CCairo"]
let testSupport = render + ["CX11", "TestSupport"]

// The program's modules import the standard library alone: the compiler's implicit imports of
// _StringProcessing (regular expressions) and _Concurrency (actors, tasks) would link both, with
// the dispatch library, into the static binary, which uses neither (docs/PERFORMANCE.md: 1.8 MB
// of code and 0.8 MiB of RSS). The tests import them as usual.
let standardLibraryAlone: [SwiftSetting] = [
  .unsafeFlags([
    "-Xfrontend", "-disable-implicit-string-processing-module-import",
    "-Xfrontend", "-disable-implicit-concurrency-module-import",
  ])
]

let package = Package(
  name: "CircleCalc",
  products: [
    .executable(name: "circlecalc", targets: ["circlecalc"])
  ],
  targets: [
    // Core
    // The user's locale: numbers in its form, texts in its language (docs/SPEC.md section 13).
    .target(
      name: "CalculatorLocale", dependencies: ["CGettext"], swiftSettings: standardLibraryAlone),
    .target(
      name: "CalculatorNumbers", dependencies: ["CMPFR"], swiftSettings: standardLibraryAlone),
    .target(name: "CalculatorCore", dependencies: numbers, swiftSettings: standardLibraryAlone),
    .target(name: "CalculatorLayout", dependencies: core, swiftSettings: standardLibraryAlone),
    // The window's logic: its state and one reduce, no X, no Cairo, no Foundation.
    .target(name: "CalculatorWindow", dependencies: layout, swiftSettings: standardLibraryAlone),

    // C libraries
    // glibc's gettext header (libintl.h); the functions are libc's.
    .systemLibrary(name: "CGettext"),
    // MPFR's header (Debian libmpfr-dev); the library is loaded at its first use (lazy.c).
    .target(name: "CMPFR"),
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo-ft fontconfig",
      providers: [.apt(["libcairo2-dev", "libfontconfig-dev"])]),
    .systemLibrary(
      name: "CX11", pkgConfig: "x11 xext", providers: [.apt(["libx11-dev", "libxext-dev"])]),
    // The header of the accessibility library (Sources/CAccessibility, plain C built by the
    // Makefile), which the front end reaches through dlopen, never the linker.
    .systemLibrary(name: "CAccessibilityInterface"),
    // libcurl's header (Debian libcurl4-openssl-dev); fetch.c loads the library at the first
    // download.
    .target(name: "CCurl"),
    // expat (Debian libexpat1-dev), which reads the rates' XML; every run maps it already, as
    // fontconfig links it, and a parser is made only when rates are read.
    .systemLibrary(name: "CExpat", pkgConfig: "expat", providers: [.apt(["libexpat1-dev"])]),

    // Currency rates: the download, the file and its format.
    .target(
      name: "CalculatorRates", dependencies: core + ["CCurl", "CExpat"],
      swiftSettings: standardLibraryAlone),

    // Drawing
    .target(
      name: "CalculatorRender", dependencies: layout + ["CCairo"],
      swiftSettings: standardLibraryAlone),

    // The state folder's files (the history tape, the window's size and habits) and the local
    // clock, through the C library: no X, no Cairo.
    .target(
      name: "CalculatorFiles", dependencies: layout + ["CalculatorWindow"],
      swiftSettings: standardLibraryAlone),

    // Front ends
    .target(
      name: "X11Frontend",
      dependencies: render + [
        "CalculatorWindow", "CalculatorFiles", "CX11", "CAccessibilityInterface", "CCurl", "CExpat",
        "CalculatorRates",
      ],
      swiftSettings: standardLibraryAlone),
    .executableTarget(
      name: "circlecalc",
      dependencies: render + [
        "CalculatorWindow", "CalculatorFiles", "CX11", "X11Frontend", "CCurl", "CExpat",
        "CalculatorRates",
      ],
      swiftSettings: standardLibraryAlone),

    // Tests
    .target(name: "TestSupport", dependencies: render + ["CX11"], path: "Tests/TestSupport"),
    .testTarget(
      name: "CalculatorWindowTests", dependencies: testSupport + ["CalculatorWindow"]),
    .testTarget(
      name: "CommandLineTests", dependencies: testSupport, exclude: ["history-export.py"]),
    .testTarget(name: "CalculatorNumbersTests", dependencies: testSupport),
    .testTarget(
      name: "CalculatorCoreTests", dependencies: testSupport,
      exclude: ["conversions.py", "expressions.py"]),
    .testTarget(name: "CalculatorLayoutTests", dependencies: testSupport),
    .testTarget(
      name: "CalculatorRenderTests",
      dependencies: testSupport + [
        "CalculatorWindow", "CalculatorFiles", "CCurl", "CExpat", "CalculatorRates", "X11Frontend",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "X11FrontendTests",
      dependencies: testSupport + [
        "CalculatorWindow", "CalculatorFiles", "CCurl", "CExpat", "CalculatorRates", "X11Frontend",
      ],
      exclude: ["atspi-client.py", "orca-session.py"]),
    .testTarget(
      name: "ReliabilityTests", dependencies: testSupport + ["CCurl", "CExpat", "CalculatorRates"]),
    .testTarget(
      name: "CalculatorRatesTests",
      dependencies: testSupport + ["CCurl", "CExpat", "CalculatorRates"],
      exclude: ["Fixtures", "rates-server.py"]),
  ],
  swiftLanguageModes: [.v6]
)
