// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CatenaIntegrationTests",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Catena", path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
  ],
  targets: [
    .testTarget(
      name: "CatenaIntegrationTests",
      dependencies: [
        .product(name: "Catena", package: "Catena"),
        .product(name: "CatenaTesting", package: "Catena"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ])
  ]
)
