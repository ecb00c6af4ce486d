// The protocol-oriented networking of the original article, as values: a weather form with
// global default headers, a stacked loading indicator (only the newest mask shows), upload and
// download progress drawn as a terminal progress bar, `warn` on a server error code at
// `data.code`, and `inform` on success; a photo uploaded from a file, and a download to a file
// that the server cuts off halfway, resumed from where it stopped.
//
//   swift run WeatherForm [--base-url http://127.0.0.1:8080]
import Catena
import Foundation
import SampleAPI

/// The form: a request described as a value (the article's `WeatherForm: MBRequestFormable`).
struct WeatherForm {
  var city = "shanghai"
  /// Asks the server to take its time (to show two requests overlapping).
  var slow = false

  var request: some RequestConvertible<Forecast> {
    Get("weather", ["city": .string(city), "slow": slow ? 1 : nil])
      .envelope(code: "data.code", message: "data.message", success: ["200"])
      .decode(Forecast.self, at: "data")
  }
}

struct Forecast: Decodable, Sendable {
  struct Day: Decodable, Sendable {
    var day: String
    var conditions: String
    var temperature: Int
  }

  var location: String
  var days: [Day]

  enum CodingKeys: String, CodingKey {
    case location
    case days = "three_day_forecast"
  }
}

/// A terminal progress bar: `[██████░░░░] 60% upload`.
func bar(_ progress: TransferProgress) -> String {
  let percent = progress.total.map { $0 > 0 ? Int(progress.completed * 100 / $0) : 100 } ?? 0
  let filled = percent / 10
  let direction = progress.direction == .upload ? "upload" : "download"
  return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled)
    + "] \(percent)% \(direction)"
}

@MainActor
func run() async {
  // Global default headers, as the article's `extension MBFormable { func headers() }`.
  let api = SampleAPI.client(defaultHeaders: ["accessToken": "xxx", "Accept": "application/json"])
  var numbers: [RequestID: Int] = [:]
  let masks = LoadingStack { visible in
    guard let visible else { return print("   mask: hidden") }
    let number = numbers[visible] ?? numbers.count + 1
    numbers[visible] = number
    print("   mask: request \(number)'s")
  }
  print("Weather form (\(SampleAPI.origin()))\n")

  print("── the forecast for Shanghai")
  await WeatherForm().request
    .showing(masks)
    .inform("Forecast updated") { message in print("   inform: \(message)") }
    .warn { message in print("   warn: \(message)") }
    .then { forecast in
      print("   \(forecast.location)")
      for day in forecast.days { print("     \(day.day): \(day.conditions), \(day.temperature)°C") }
    }
    .start(on: api).finished()

  print("── a city without a station: the server's code at data.code is not 200")
  await WeatherForm(city: "Atlantis").request
    .showing(masks)
    .warn { message in print("   warn: \(message)") }
    .failed { error in print("   failed: \(error.kind), code \(error.code ?? "–")") }
    .start(on: api).finished()

  print("── two requests at once: the masks stack, only the newest shows")
  let first = WeatherForm(slow: true).request.showing(masks).start(on: api)
  let second = WeatherForm().request.showing(masks).start(on: api)
  await first.finished()
  await second.finished()
  print("   running now: \(masks.running.count)")

  print("── uploading a photo of the sky (256 KiB) from a file, with progress")
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("catena-weather-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let photo = folder.appendingPathComponent("sky.jpg")
  do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(count: 256 * 1024).write(to: photo)
  } catch {
    return print("   could not write the photo: \(error)")
  }
  var finished: Set<TransferProgress.Direction> = []
  var form = MultipartForm()
  form.append("shanghai", name: "city")
  form.append(file: photo, name: "photo", contentType: "image/jpeg")  // read from disk as sent
  await Post("weather/photo").body(.multipart(form))
    .envelope(code: "data.code", message: "data.message", success: ["200"])
    .json(at: "data.bytes")
    .progress { progress in
      // On a terminal the bar redraws in place; in a log, each direction's last state stays.
      // A transport may report a finished direction more than once; draw it once.
      guard !finished.contains(progress.direction) else { return }
      if progress.fraction == 1 { finished.insert(progress.direction) }
      let line = bar(progress)
      if isatty(1) != 0 {
        print("\r   \(line)", terminator: progress.fraction == 1 ? "\n" : "")
      } else if progress.fraction == 1 {
        print("   \(line)")
      }
    }
    .inform("Photo sent") { message in print("   inform: \(message)") }
    .then { bytes in print("   the server received \(bytes.int ?? 0) bytes (form and photo)") }
    .start(on: api).finished()

  print("── downloading the radar pack (192 KiB) to a file: cut off halfway, then resumed")
  let pack = folder.appendingPathComponent("radar.pack")
  // `cut` asks the sample server to drop the connection after 96 KiB of the first answer.
  let download = Download("weather/radar.pack", ["cut": .int(96 * 1024)], to: pack)
  var saved: ResumePoint?
  await download
    .failed { error in
      saved = error.resumePoint
      print("   failed: \(error.kind); the file is not there yet: \(!exists(pack))")
      if let saved { print("   resume point: \(saved.bytes) bytes of \(saved.etag ?? "?")") }
    }
    .start(on: api).finished()
  await download.resuming(from: saved)
    .progress { progress in if progress.fraction == 1 { print("   \(bar(progress))") } }
    .then { file in
      let bytes = (try? Data(contentsOf: file)) ?? Data()
      print(
        "   resumed with a range: \(bytes.count) bytes, the same as the server's: \(bytes == SampleAPI.radarPack)"
      )
    }
    .failed { error in print("   failed: \(error)") }
    .start(on: api).finished()
}

/// Whether a file is at `url`.
func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

await run()
