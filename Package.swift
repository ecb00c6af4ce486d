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
    .library(name: "CatenaOutline", targets: ["CatenaOutline"]),
    // The headless table, its cells and events: for tests, samples and Linux tools; an app
    // does not ship it.
    .library(name: "CatenaHeadless", targets: ["CatenaHeadless"]),
    .library(name: "CatenaTesting", targets: ["CatenaTesting"]),
    .library(name: "CatenaUIKit", targets: ["CatenaUIKit"]),
    // The samples' API, for the fixture server in `IntegrationTests/`; not part of Catena's API.
    .library(name: "CatenaSampleAPI", targets: ["SampleAPI"]),
  ],
  targets: [
    .target(
      name: "Catena",
      dependencies: [
        "CatenaDiff", "CatenaDataSource", "CatenaRequest", "CatenaPaging", "CatenaOutline",
      ]),
    .target(name: "CatenaDiff"),
    // Its resources are the built-in strings (status rows, footer, announcements, Delete,
    // Expand): en, zh-Hans.
    .target(
      name: "CatenaDataSource", dependencies: ["CatenaDiff"], resources: [.process("Resources")]),
    // `UITableView` without a screen: what tests, samples and Linux tools bind a data source to.
    .target(
      name: "CatenaHeadless", dependencies: ["CatenaDiff", "CatenaDataSource", "CatenaPaging"]),
    .target(name: "CatenaRequest"),
    .target(name: "CatenaPaging", dependencies: ["CatenaDataSource", "CatenaRequest"]),
    // Trees whose rows expand, load and reorder; their loads show in the pager's status rows.
    .target(
      name: "CatenaOutline", dependencies: ["CatenaDiff", "CatenaDataSource", "CatenaPaging"]),
    .target(
      name: "CatenaTesting",
      dependencies: [
        "CatenaDiff", "CatenaRequest", "CatenaDataSource", "CatenaHeadless", "CatenaPaging",
      ]),
    // Thin UIKit adapters. On Apple platforms they import UIKit; on Linux the same files import
    // UIKitFakes, recording fakes of the UIKit API they use, so they compile and are tested
    // there. Every file is wrapped in `#if (canImport(UIKit) && !os(watchOS)) || os(Linux)`.
    .target(
      name: "CatenaUIKit",
      dependencies: [
        "CatenaDataSource", "CatenaDiff", "CatenaPaging", "CatenaOutline",
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
      name: "ChainedList", dependencies: ["Catena", "SampleAPI", "CatenaHeadless"],
      path: "Samples/ChainedList"),
    // One screen defined once (its pager and its chain), for any table: the app's, a test's.
    .target(
      name: "HousesScreen",
      dependencies: [
        "Catena", "CatenaUIKit", .target(name: "UIKitFakes", condition: .when(platforms: [.linux])),
      ],
      path: "Samples/HousesScreen"),
    .executableTarget(
      name: "HouseScreen", dependencies: ["HousesScreen", "SampleAPI", "CatenaHeadless"],
      path: "Samples/HouseScreen"),
    .executableTarget(
      name: "GroupBadges", dependencies: ["Catena", "SampleAPI"], path: "Samples/GroupBadges"),
    .executableTarget(
      name: "HouseList", dependencies: ["Catena", "SampleAPI", "CatenaHeadless"],
      path: "Samples/HouseList"),
    .executableTarget(
      name: "WeatherForm", dependencies: ["Catena", "SampleAPI"], path: "Samples/WeatherForm"),
    .executableTarget(
      name: "ResponseModels", dependencies: ["Catena", "SampleAPI"],
      path: "Samples/ResponseModels"),
    .executableTarget(name: "DiffTour", dependencies: ["CatenaDiff"], path: "Samples/DiffTour"),
    .executableTarget(
      name: "Timeline", dependencies: ["Catena", "CatenaTesting", "CatenaHeadless"],
      path: "Samples/Timeline"),
    .executableTarget(
      name: "MailList", dependencies: ["Catena", "CatenaTesting", "CatenaHeadless"],
      path: "Samples/MailList"),
    .executableTarget(
      name: "SettingsOutline", dependencies: ["Catena", "CatenaHeadless"],
      path: "Samples/SettingsOutline"),
    .executableTarget(
      name: "InstantList", dependencies: ["Catena", "CatenaTesting", "CatenaHeadless"],
      path: "Samples/InstantList"),
    .testTarget(name: "CatenaDiffTests", dependencies: ["CatenaDiff", "CatenaTesting"]),
    .testTarget(
      name: "CatenaTestingTests", dependencies: ["CatenaTesting"], exclude: ["__Snapshots__"]),
    .testTarget(
      name: "CatenaDataSourceTests",
      dependencies: ["CatenaDataSource", "CatenaHeadless", "CatenaTesting"]),
    .testTarget(
      name: "CatenaOutlineTests",
      dependencies: [
        "CatenaOutline", "CatenaPaging", "CatenaDataSource", "CatenaHeadless", "CatenaTesting",
      ]),
    .testTarget(name: "CatenaRequestTests", dependencies: ["CatenaRequest", "CatenaTesting"]),
    .testTarget(
      name: "CatenaUIKitTests",
      dependencies: [
        "CatenaUIKit", "CatenaPaging", "CatenaDataSource", "CatenaHeadless", "CatenaTesting",
        .target(name: "UIKitFakes", condition: .when(platforms: [.linux])),
      ]),
    .testTarget(
      name: "CatenaPagingTests",
      dependencies: ["CatenaPaging", "CatenaDataSource", "CatenaHeadless", "CatenaTesting"]),
    // Compiles every Swift snippet of the README and the DocC articles.
    .testTarget(
      name: "DocSnippetTests",
      dependencies: [
        "Catena", "CatenaHeadless", "CatenaTesting", "CatenaUIKit",
        .target(name: "UIKitFakes", condition: .when(platforms: [.linux])),
      ],
      // The contexts doc-comment examples compile in, and the examples not compiled yet: read
      // by DocCommentTests, not compiled with it.
      exclude: ["DocComments"]),
    // Runs the sample executables and checks what they print.
    .testTarget(
      name: "SampleTests",
      dependencies: [
        "ChainedList", "DiffTour", "GroupBadges", "HouseList", "WeatherForm", "ResponseModels",
        "Timeline", "MailList", "SettingsOutline", "InstantList", "HouseScreen", "HousesScreen",
        "SampleAPI", "CatenaTesting", "CatenaHeadless", "CatenaUIKit",
        .target(name: "UIKitFakes", condition: .when(platforms: [.linux])),
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
