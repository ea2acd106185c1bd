import Foundation
import TestSupport
import Testing

/// `make install` and `make uninstall` into a temporary DESTDIR, with the built binary
/// (docs/SPEC.md section 11.2).
@Suite("make install", TestSupport.needs(["make", "desktop-file-validate", "appstreamcli"]))
struct InstallTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  static let sizes = [16, 22, 24, 32, 48, 64, 128, 256, 512]

  @Test(
    "install puts exactly the binary, library, menu entry, metainfo, icons, man page; uninstall too"
  )
  func installAndUninstall() throws {
    let destination = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-install-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: destination) }
    let make = [
      "-C", Self.root, "DESTDIR=\(destination)", "PREFIX=/usr", "BIN=\(TestSupport.binary)",
      "NO_BUILD=1",
    ]
    let install = try TestSupport.run("make", make + ["install"])
    #expect(install.status == 0, "\(install.stderr)")

    let expected =
      [
        "usr/bin/circlecalc", "usr/lib/circlecalc/libcirclecalc-accessibility.so",
        "usr/share/applications/\(PackageDataTests.id).desktop",
        "usr/share/metainfo/\(PackageDataTests.id).metainfo.xml",
        "usr/share/man/man1/circlecalc.1",
      ]
      + Self.sizes.map { "usr/share/icons/hicolor/\($0)x\($0)/apps/circlecalc.png" }
      // The catalogs (docs/SPEC.md section 13.4).
      + CatalogTests.languages.map { "usr/share/locale/\($0)/LC_MESSAGES/circlecalc.mo" }
    #expect(try files(under: destination) == expected.sorted())

    let desktop = "\(destination)/usr/share/applications/\(PackageDataTests.id).desktop"
    let validate = try TestSupport.run("desktop-file-validate", [desktop])
    #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    // The metainfo with the menu entry and the icon it names (no network: --no-net).
    let appstream = try TestSupport.run("appstreamcli", ["validate-tree", "--no-net", destination])
    #expect(appstream.status == 0, "\(appstream.stdout)\(appstream.stderr)")
    for size in Self.sizes {
      let icon = "\(destination)/usr/share/icons/hicolor/\(size)x\(size)/apps/circlecalc.png"
      let data = try Data(contentsOf: URL(fileURLWithPath: icon))
      let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == size && height == size)
    }
    let binary = try TestSupport.run(
      "\(destination)/usr/bin/circlecalc", ["--keys", "7+8=", "--print"])
    #expect(binary.stdout == "15\n")
    // Installed, it finds its catalogs under PREFIX/share/locale, and the menu entry is
    // translated.
    var german = ProcessInfo.processInfo.environment
    german["LC_ALL"] = "de_DE.UTF-8"
    german["LANGUAGE"] = nil
    let wrong = try TestSupport.run(
      "\(destination)/usr/bin/circlecalc", ["--frob"], environment: german)
    #expect(wrong.stderr == "circlecalc: unbekannte Option '--frob' (siehe circlecalc --help)\n")
    let entry = try String(contentsOfFile: desktop, encoding: .utf8)
    #expect(entry.contains("\nGenericName[de]=Rechner\n"))
    #expect(entry.contains("\nGenericName[ko]=계산기\n"))

    let uninstall = try TestSupport.run("make", make + ["uninstall"])
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(try files(under: destination) == [])
    // Nor the folders install made: the staging folder is as empty as before.
    #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == [])
  }

  private func files(under folder: String) throws -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    while let path = walker.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: "\(folder)/\(path)", isDirectory: &isDirectory)
      if exists && !isDirectory.boolValue { found.append(path) }
    }
    return found.sorted()
  }
}
