// Context for the request snippets: models and the views a screen would have.
import Catena
import Foundation

struct User: Decodable, Sendable {
  var id: Int
  var name: String
}

struct House: Identifiable, Equatable, Sendable, Decodable {
  var id: Int
  var title: String
  init?(json: JSONValue) {
    guard let id = json["id"].int, let title = json["title"].string else { return nil }
    self.id = id
    self.title = title
  }
}

@MainActor final class Label { var text: String? }
@MainActor final class Banner { func show(_ message: String) {} }
@MainActor final class Spinner { func stop() {} }
let nameLabel = Label()
let banner = Banner()
let spinner = Spinner()
let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: URLSessionTransport())

// Files and streams.
@MainActor final class ProgressBar { var progress = 0.0 }
let bar = ProgressBar()
let mapsFolder = FileManager.default.temporaryDirectory
let movieURL = FileManager.default.temporaryDirectory.appendingPathComponent("movie.mp4")
nonisolated(unsafe) var savedPoint: ResumePoint?
nonisolated(unsafe) var lastEventID = ""
/// A camera that encodes as it films.
struct Camera: Sendable {
  func encodedChunks() -> AsyncStream<Data> { AsyncStream { $0.finish() } }
}
let camera = Camera()
