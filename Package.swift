// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "CircleCalc",
  products: [
    .executable(name: "circlecalc", targets: ["circlecalc"])
  ],
  targets: [
    // Core
    .target(name: "CalculatorNumbers"),
    .target(name: "CalculatorCore", dependencies: ["CalculatorNumbers"]),
    .target(name: "CalculatorLayout", dependencies: ["CalculatorCore"]),

    // C libraries
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo-ft fontconfig",
      providers: [.apt(["libcairo2-dev", "libfontconfig-dev"])]),
    .systemLibrary(
      name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),

    // Drawing
    .target(
      name: "CalculatorRender", dependencies: ["CalculatorCore", "CalculatorLayout", "CCairo"]),

    // Front ends
    .target(name: "X11Frontend", dependencies: ["CalculatorRender", "CX11"]),
    .executableTarget(
      name: "circlecalc",
      dependencies: ["CalculatorCore", "CalculatorLayout", "CalculatorRender", "X11Frontend"]),

    // Tests
    .target(
      name: "TestSupport",
      dependencies: ["CalculatorCore", "CalculatorLayout", "CalculatorRender", "CX11"],
      path: "Tests/TestSupport"),
    .testTarget(name: "CommandLineTests", dependencies: ["TestSupport"]),
    .testTarget(
      name: "CalculatorNumbersTests", dependencies: ["CalculatorNumbers", "TestSupport"]),
    .testTarget(name: "CalculatorCoreTests", dependencies: ["CalculatorCore", "TestSupport"]),
    .testTarget(
      name: "CalculatorLayoutTests", dependencies: ["CalculatorLayout", "TestSupport"]),
    .testTarget(
      name: "CalculatorRenderTests", dependencies: ["CalculatorRender", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(name: "X11FrontendTests", dependencies: ["X11Frontend", "TestSupport"]),
    .testTarget(name: "ReliabilityTests", dependencies: ["CalculatorCore", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
