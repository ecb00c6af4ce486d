// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "CatenaBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Catena", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
  ],
  targets: [
    .target(
      name: "DiffWorkloads",
      dependencies: [
        .product(name: "CatenaDiff", package: "Catena"),
        .product(name: "CatenaTesting", package: "Catena"),
      ]),
    // The ratios the README states (`Claim.all`), measured for `DiffRatios` (which prints them)
    // and `SpeedCheck` (which bounds them).
    .target(
      name: "Ratios",
      dependencies: [
        "DiffWorkloads",
        .product(name: "CatenaDiff", package: "Catena"),
        .product(name: "CatenaDataSource", package: "Catena"),
        .product(name: "CatenaHeadless", package: "Catena"),
        .product(name: "CatenaPaging", package: "Catena"),
      ]),
    .executableTarget(
      name: "DiffRatios",
      dependencies: [
        "DiffWorkloads", "Ratios",
        .product(name: "CatenaDiff", package: "Catena"),
        .product(name: "CatenaDataSource", package: "Catena"),
        .product(name: "CatenaHeadless", package: "Catena"),
        .product(name: "CatenaPaging", package: "Catena"),
      ]),
    // The speed check `.ci/run` runs: CatenaDiff, CatenaDataSource, CatenaHeadless,
    // CatenaOutline, CatenaPaging and CatenaRequest (a memory hit over an in-memory transport) only, built in
    // release.
    .executableTarget(
      name: "SpeedCheck",
      dependencies: [
        "DiffWorkloads", "Ratios",
        .product(name: "CatenaDiff", package: "Catena"),
        .product(name: "CatenaDataSource", package: "Catena"),
        .product(name: "CatenaHeadless", package: "Catena"),
        .product(name: "CatenaOutline", package: "Catena"),
        .product(name: "CatenaPaging", package: "Catena"),
        .product(name: "CatenaRequest", package: "Catena"),
      ]),
    .executableTarget(
      name: "RequestRatios",
      dependencies: [
        .product(name: "Catena", package: "Catena"),
        .product(name: "CatenaHeadless", package: "Catena"),
        .product(name: "CatenaTesting", package: "Catena"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ]),
    .executableTarget(
      name: "FileRatios",
      dependencies: [
        .product(name: "Catena", package: "Catena"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ]),
    .executableTarget(
      name: "DiffBenchmarks",
      dependencies: [
        "DiffWorkloads",
        .product(name: "CatenaDiff", package: "Catena"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/DiffBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
  ]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
