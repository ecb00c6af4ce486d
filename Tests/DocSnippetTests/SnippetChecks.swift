import Foundation
import Testing

/// Runs `arguments` through `/usr/bin/env`; returns its exit status, what it printed on
/// standard output, and (from a file, so neither stream can stall it) on standard error.
func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let errorFile = directory.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = try FileHandle(forWritingTo: errorFile)
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
  return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), errors)
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-snippet-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// The directory holding the built modules (`.build/<triple>/debug/Modules`).
func modulesDirectory() throws -> URL {
  let candidates = [
    Bundle.main.bundleURL.appendingPathComponent("Modules"),
    Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules"),
  ]
  return try #require(
    candidates.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("Catena.swiftmodule").path)
    }, "the built modules next to the test bundle")
}

/// Type-checks `code`, as it is, against the built modules; returns the
/// compiler's complaints, or nil when it compiles.
func typeCheck(_ code: String, named name: String, modules: URL) throws -> String? {
  let source = "// \(name)\n" + code + "\n"
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("main.swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  let result = try run([
    "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path,
  ])
  return result.status == 0 ? nil : result.output + result.errors
}

/// The regions of `Samples/AppleSnippets` by name: the lines between `// snippet: NAME` and
/// `// end snippet`, dedented.
func appleRegions() throws -> [String: String] {
  try regions(in: "Samples/AppleSnippets")
}

/// The regions between `// snippet: NAME` and `// end snippet` of the Swift files of the
/// folder at `path` (from the package's root), by name, dedented.
func regions(in path: String) throws -> [String: String] {
  let folder = root.appendingPathComponent(path)
  var regions: [String: String] = [:]
  for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  where file.hasSuffix(".swift") {
    let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      .components(separatedBy: "\n")
    var open: (name: String, lines: [String])?
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// snippet: ") {
        #expect(open == nil, "\(file): a region opens inside \(open?.name ?? "")")
        open = (String(trimmed.dropFirst("// snippet: ".count)), [])
      } else if trimmed == "// end snippet", let region = open {
        #expect(regions[region.name] == nil, "\(file): region \(region.name) twice")
        regions[region.name] = dedented(region.lines.joined(separator: "\n"))
        open = nil
      } else {
        open?.lines.append(line)
      }
    }
    #expect(open == nil, "\(file): region \(open?.name ?? "") is not closed")
  }
  return regions
}

/// A package manifest as SwiftPM evaluates it (`swift package dump-package`).
struct EvaluatedManifest {
  var platforms: [String: [Int]]
  var libraryProducts: Set<String>
  /// Products the targets depend on, as (product, package).
  var productDependencies: [(product: String, package: String)]
  var dependencyURLs: [String]

  /// Evaluates the manifest of the package at `directory`; throws with SwiftPM's complaint.
  init(packageAt directory: URL) throws {
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try run([
      "swift", "package", "dump-package", "--package-path", directory.path,
      "--scratch-path", scratch.path,
    ])
    guard result.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        as? [String: Any]
    else {
      throw SnippetDirectiveError(description: "not a manifest:\n\(result.errors)")
    }
    platforms = [:]
    for platform in json["platforms"] as? [[String: Any]] ?? [] {
      if let name = platform["platformName"] as? String,
        let version = platform["version"] as? String
      {
        platforms[name] = version.split(separator: ".").compactMap { Int($0) }
      }
    }
    libraryProducts = []
    for product in json["products"] as? [[String: Any]] ?? [] {
      if let name = product["name"] as? String,
        let type = product["type"] as? [String: Any], type["library"] != nil
      {
        libraryProducts.insert(name)
      }
    }
    productDependencies = []
    for target in json["targets"] as? [[String: Any]] ?? [] {
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        if let product = dependency["product"] as? [Any], product.count >= 2,
          let name = product[0] as? String, let package = product[1] as? String
        {
          productDependencies.append((name, package))
        }
      }
    }
    dependencyURLs = []
    for dependency in json["dependencies"] as? [[String: Any]] ?? [] {
      for (_, value) in dependency {
        for case let details as [String: Any] in value as? [Any] ?? [] {
          if let location = details["location"] as? [String: Any],
            let remote = location["remote"] as? [[String: Any]],
            let url = remote.first?["urlString"] as? String
          {
            dependencyURLs.append(url)
          }
        }
      }
    }
  }
}
