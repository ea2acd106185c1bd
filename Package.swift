// swift-tools-version:6.0
// CircleCalc, under the MIT License (see LICENSE).
import PackageDescription

// Every target lists all the modules below it, not only the next one down. SwiftPM's native build
// system recompiles a target only when a module it lists is rewritten, and a module whose
// interface did not change is not rewritten: without the full lists, a stored property added to
// `Calculator` would leave X11Frontend compiled against the old size of `Frame`, and the binary
// would corrupt memory (swiftlang/swift-package-manager#10502). A new target extends these lists.
let numbers: [Target.Dependency] = ["CMPFR", "CalculatorNumbers"]
let core = numbers + ["CalculatorCore"]
let layout = core + ["CalculatorLayout"]
let render = layout + ["CalculatorRender", "CCairo"]
let testSupport = render + ["CX11", "TestSupport"]

// The program's modules import the standard library alone: the compiler's implicit imports of
// _StringProcessing (regular expressions) and _Concurrency (actors, tasks) would link both, with
// the dispatch library, into the static binary, which uses neither (README, Performance: 1.8 MB
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
    .target(
      name: "CalculatorNumbers", dependencies: ["CMPFR"], swiftSettings: standardLibraryAlone),
    .target(name: "CalculatorCore", dependencies: numbers, swiftSettings: standardLibraryAlone),
    .target(name: "CalculatorLayout", dependencies: core, swiftSettings: standardLibraryAlone),

    // C libraries
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

    // Currency rates: the download, the file and its format.
    .target(
      name: "CalculatorRates", dependencies: core + ["CCurl"], swiftSettings: standardLibraryAlone),

    // Drawing
    .target(
      name: "CalculatorRender", dependencies: layout + ["CCairo"],
      swiftSettings: standardLibraryAlone),

    // Front ends
    .target(
      name: "X11Frontend",
      dependencies: render + ["CX11", "CAccessibilityInterface", "CCurl", "CalculatorRates"],
      swiftSettings: standardLibraryAlone),
    .executableTarget(
      name: "circlecalc",
      dependencies: render + ["CX11", "X11Frontend", "CCurl", "CalculatorRates"],
      swiftSettings: standardLibraryAlone),

    // Tests
    .target(name: "TestSupport", dependencies: render + ["CX11"], path: "Tests/TestSupport"),
    .testTarget(
      name: "CommandLineTests", dependencies: testSupport, exclude: ["history-export.py"]),
    .testTarget(name: "CalculatorNumbersTests", dependencies: testSupport),
    .testTarget(
      name: "CalculatorCoreTests", dependencies: testSupport,
      exclude: ["conversions.py", "expressions.py"]),
    .testTarget(name: "CalculatorLayoutTests", dependencies: testSupport),
    .testTarget(
      name: "CalculatorRenderTests",
      dependencies: testSupport + ["CCurl", "CalculatorRates", "X11Frontend"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "X11FrontendTests",
      dependencies: testSupport + ["CCurl", "CalculatorRates", "X11Frontend"],
      exclude: ["atspi-client.py", "orca-session.py"]),
    .testTarget(name: "ReliabilityTests", dependencies: testSupport),
    .testTarget(
      name: "CalculatorRatesTests", dependencies: testSupport + ["CCurl", "CalculatorRates"],
      exclude: ["Fixtures", "rates-server.py"]),
  ],
  swiftLanguageModes: [.v6]
)
