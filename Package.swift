// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Catena",
  defaultLocalization: "en",
  platforms: [
    // Checked for iOS and macOS against the real SDKs in CI (`.ci/apple-build`). `Duration`
    // and the clocks need iOS 16 / macOS 13; the floor is Observation's (`@Observable`), so
    // observable list state needs no availability checks.
    .iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1),
  ],
  products: [
    .library(name: "Catena", targets: ["Catena"]),
    .library(name: "CatenaDiff", targets: ["CatenaDiff"]),
    .library(name: "CatenaDataSource", targets: ["CatenaDataSource"]),
    .library(name: "CatenaRequest", targets: ["CatenaRequest"]),
    .library(name: "CatenaPaging", targets: ["CatenaPaging"]),
    .library(name: "CatenaTesting", targets: ["CatenaTesting"]),
    .library(name: "CatenaUIKit", targets: ["CatenaUIKit"]),
    // The samples' API, for the fixture server in `IntegrationTests/`; not part of Catena's API.
    .library(name: "CatenaSampleAPI", targets: ["SampleAPI"]),
  ],
  targets: [
    .target(
      name: "Catena",
      dependencies: ["CatenaDiff", "CatenaDataSource", "CatenaRequest", "CatenaPaging"]),
    .target(name: "CatenaDiff"),
    .target(name: "CatenaDataSource", dependencies: ["CatenaDiff"]),
    .target(name: "CatenaRequest"),
    // Its resources are the built-in strings (status rows, footer, announcements): en, zh-Hans.
    .target(
      name: "CatenaPaging", dependencies: ["CatenaDataSource", "CatenaRequest"],
      resources: [.process("Resources")]),
    .target(
      name: "CatenaTesting",
      dependencies: ["CatenaDiff", "CatenaRequest", "CatenaDataSource", "CatenaPaging"]),
    // Thin UIKit adapters. On Apple platforms they import UIKit; on Linux the same files import
    // UIKitFakes, recording fakes of the UIKit API they use, so they compile and are tested
    // there. Every file is wrapped in `#if (canImport(UIKit) && !os(watchOS)) || os(Linux)`.
    .target(
      name: "CatenaUIKit",
      dependencies: [
        "CatenaDataSource", "CatenaDiff", "CatenaPaging",
        .target(name: "UIKitFakes", condition: .when(platforms: [.linux])),
      ]),
    // UIKit's declarations as the adapters use them, transcribed from the SDK, with UIKit's
    // behaviour where the adapters depend on it; Linux only (empty elsewhere), not a product.
    .target(name: "UIKitFakes", dependencies: ["CatenaDiff"]),
    .target(
      name: "SampleAPI", dependencies: ["CatenaRequest", "CatenaTesting"],
      path: "Samples/SampleAPI", resources: [.copy("Fixtures")]),
    // The Apple-only examples of the README and the articles, compiled for iOS against the real
    // SDK by `.ci/apple-build`; empty on Linux. Not a product.
    .target(
      name: "AppleSnippets", dependencies: ["Catena", "CatenaUIKit"],
      path: "Samples/AppleSnippets"),
    .executableTarget(
      name: "ChainedList", dependencies: ["Catena", "SampleAPI"], path: "Samples/ChainedList"),
    .executableTarget(
      name: "GroupBadges", dependencies: ["Catena", "SampleAPI"], path: "Samples/GroupBadges"),
    .executableTarget(
      name: "HouseList", dependencies: ["Catena", "SampleAPI"], path: "Samples/HouseList"),
    .executableTarget(
      name: "WeatherForm", dependencies: ["Catena", "SampleAPI"], path: "Samples/WeatherForm"),
    .executableTarget(
      name: "ResponseModels", dependencies: ["Catena", "SampleAPI"],
      path: "Samples/ResponseModels"),
    .executableTarget(name: "DiffTour", dependencies: ["CatenaDiff"], path: "Samples/DiffTour"),
    .executableTarget(
      name: "Timeline", dependencies: ["Catena", "CatenaTesting"], path: "Samples/Timeline"),
    .executableTarget(
      name: "MailList", dependencies: ["Catena", "CatenaTesting"], path: "Samples/MailList"),
    .executableTarget(
      name: "SettingsOutline", dependencies: ["Catena"], path: "Samples/SettingsOutline"),
    .executableTarget(
      name: "InstantList", dependencies: ["Catena", "CatenaTesting"], path: "Samples/InstantList"),
    .testTarget(name: "CatenaDiffTests", dependencies: ["CatenaDiff", "CatenaTesting"]),
    .testTarget(
      name: "CatenaTestingTests", dependencies: ["CatenaTesting"], exclude: ["__Snapshots__"]),
    .testTarget(
      name: "CatenaDataSourceTests", dependencies: ["CatenaDataSource", "CatenaTesting"]),
    .testTarget(name: "CatenaRequestTests", dependencies: ["CatenaRequest", "CatenaTesting"]),
    .testTarget(
      name: "CatenaUIKitTests",
      dependencies: [
        "CatenaUIKit", "CatenaPaging", "CatenaDataSource", "CatenaTesting",
        .target(name: "UIKitFakes", condition: .when(platforms: [.linux])),
      ]),
    .testTarget(
      name: "CatenaPagingTests",
      dependencies: ["CatenaPaging", "CatenaDataSource", "CatenaTesting"]),
    // Compiles every Swift snippet of the README and the DocC articles.
    .testTarget(
      name: "DocSnippetTests",
      dependencies: ["Catena", "CatenaTesting", "CatenaUIKit"]),
    // Runs the sample executables and checks what they print.
    .testTarget(
      name: "SampleTests",
      dependencies: [
        "ChainedList", "DiffTour", "GroupBadges", "HouseList", "WeatherForm", "ResponseModels",
        "Timeline", "MailList", "SettingsOutline", "InstantList", "CatenaTesting",
      ],
      exclude: ["__Snapshots__"]),
  ]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
  target.swiftSettings = settings
}
