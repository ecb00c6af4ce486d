// Serves the samples' API over HTTP, so every sample can run against a real server:
//
//   swift run --package-path IntegrationTests catena-fixture-server [--port 8080]
//   swift run HouseList --base-url http://127.0.0.1:8080
import FixtureServer
import Foundation

let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments[$0 + 1]) } ?? 8080
let app = FixtureServer.application(port: port) { channel in
  let line =
    "catena-fixture-server listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)\n"
  FileHandle.standardOutput.write(Data(line.utf8))
}
try await app.runService()
