// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CatenaIntegrationTests",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "catena-fixture-server", targets: ["catena-fixture-server"])
  ],
  dependencies: [
    .package(name: "Catena", path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
  ],
  targets: [
    .target(
      name: "FixtureServer",
      dependencies: [
        .product(name: "CatenaRequest", package: "Catena"),
        .product(name: "CatenaSampleAPI", package: "Catena"),
        .product(name: "Hummingbird", package: "hummingbird"),
        // Its gzip, for bodies served compressed.
        "HostileServer",
      ]),
    .executableTarget(name: "catena-fixture-server", dependencies: ["FixtureServer"]),
    // Writes into an HTTP cache's directory until the test that starts it kills it.
    .executableTarget(
      name: "cache-writer",
      dependencies: ["CrashPoint", .product(name: "CatenaRequest", package: "Catena")]),
    // The HTTP cache conformance suite's client, through a Catena client (`CacheTests/`).
    .executableTarget(
      name: "cache-tests-bridge",
      dependencies: [
        .product(name: "CatenaRequest", package: "Catena"),
        .product(name: "Hummingbird", package: "hummingbird"),
        // Already built for HummingbirdTesting's live client.
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ]),
    // Its `write`, which kills it at a chosen byte (Linux).
    .target(name: "CrashPoint"),
    // zlib, from the system, for the hostile server's gzip bodies.
    .systemLibrary(name: "CZlib"),
    .target(name: "HostileServer", dependencies: ["CZlib"]),
    .testTarget(
      name: "CatenaIntegrationTests",
      dependencies: [
        "FixtureServer",
        "HostileServer",
        "cache-writer",
        .product(name: "Catena", package: "Catena"),
        .product(name: "CatenaHeadless", package: "Catena"),
        .product(name: "CatenaTesting", package: "Catena"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]),
  ]
)
