import Foundation
import Testing

@Suite("Code snippets of the README and the DocC articles")
struct DocSnippetTests {
  @Test func everyLinuxSnippetCompiles() throws {
    let all = try snippets()
    #expect(all.count >= 10, "the README and the articles have snippets")
    let modules = try modulesDirectory()
    for snippet in all {
      switch snippet.check {
      case .linux, .run: break
      case .apple, .manifest: continue
      }
      let complaint = try typeCheck(snippet.code, named: snippet.description, modules: modules)
      #expect(complaint == nil, "\(snippet) does not compile:\n\(complaint ?? "")")
    }
  }

  /// Apple-only snippets are compiled for iOS from `Samples/AppleSnippets`; here each must be
  /// there word for word, and every region there must be shown somewhere.
  @Test func everyAppleSnippetIsTheCompiledExample() throws {
    let regions = try appleRegions()
    var shown: Set<String> = []
    for snippet in try snippets() {
      guard case .apple(let region) = snippet.check else { continue }
      shown.insert(region)
      let compiled = try #require(
        regions[region], "\(snippet): no region \(region) in Samples/AppleSnippets")
      #expect(
        dedented(snippet.code) == compiled,
        "\(snippet) differs from region \(region) of Samples/AppleSnippets")
    }
    #expect(!shown.isEmpty, "the UIKit article shows compiled examples")
    // `doc-` regions are doc-comment examples, checked by DocCommentTests.
    #expect(
      Set(regions.keys.filter { !$0.hasPrefix("doc-") }) == shown,
      "regions of Samples/AppleSnippets no document shows")
  }

  /// A snippet a test runs must be there word for word, and every region there shown.
  @Test func everyRunSnippetIsTheRunExample() throws {
    let regions = try regions(in: "Tests/DocSnippetTests/Examples")
    var shown: Set<String> = []
    for snippet in try snippets() {
      guard case .run(let region) = snippet.check else { continue }
      shown.insert(region)
      let ran = try #require(
        regions[region], "\(snippet): no region \(region) in Tests/DocSnippetTests/Examples")
      #expect(
        dedented(snippet.code) == ran,
        "\(snippet) differs from region \(region) of Tests/DocSnippetTests/Examples")
    }
    #expect(!shown.isEmpty, "the caching article shows a run example")
    #expect(
      Set(regions.keys) == shown, "regions of Tests/DocSnippetTests/Examples no document shows")
  }

  /// A manifest snippet is evaluated by SwiftPM; it may only name Catena's library products,
  /// and its platforms are at least Catena's floor (SwiftPM rejects a lower one).
  @Test func everyManifestSnippetIsAValidManifest() throws {
    let catena = try EvaluatedManifest(packageAt: root)
    let manifests = try snippets().filter { $0.check == .manifest }
    #expect(manifests.count >= 2, "the README and Getting Started show a manifest")
    for snippet in manifests {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      try snippet.code.write(
        to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      let app = try EvaluatedManifest(packageAt: directory)
      #expect(app.dependencyURLs.contains { $0.hasSuffix("/Catena.git") }, "\(snippet)")
      let named = app.productDependencies.filter { $0.package == "Catena" }.map(\.product)
      #expect(!named.isEmpty, "\(snippet) depends on Catena's products")
      for product in named {
        #expect(catena.libraryProducts.contains(product), "\(snippet): no product \(product)")
      }
      for (platform, floor) in catena.platforms {
        guard let version = app.platforms[platform] else { continue }
        #expect(
          version.lexicographicallyPrecedes(floor) == false,
          "\(snippet): \(platform) \(version) is below Catena's floor \(floor)")
      }
    }
  }

  @Test func directivesAreKnown() throws {
    #expect(try snippetCheck("<!-- snippet: ios houses -->", at: "") == .apple(region: "houses"))
    #expect(try snippetCheck("<!-- snippet: manifest -->", at: "") == .manifest)
    #expect(try snippetCheck("<!-- snippet: run feed -->", at: "") == .run(region: "feed"))
    #expect(try snippetCheck("Some prose.", at: "") == .linux)
    // No hidden prelude: a block cannot name code it is compiled after.
    #expect(throws: SnippetDirectiveError.self) {
      try snippetCheck("<!-- snippet: paging -->", at: "")
    }
    #expect(throws: SnippetDirectiveError.self) {
      try snippetCheck("<!-- snippet: skip (UIKit) -->", at: "")
    }
  }
}
