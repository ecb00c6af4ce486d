#if canImport(Glibc)
  import Foundation
  import Glibc

  /// A raw-socket HTTP server on loopback that misbehaves on purpose, one way per path, for
  /// the tests that try Catena as a hostile server would. Each connection is answered on its
  /// own thread with `Connection: close`.
  ///
  /// | Path | What it does |
  /// |---|---|
  /// | `/ok` | a small JSON body |
  /// | `/headers` | a small JSON body (the request's headers are recorded) |
  /// | `/short` | `Content-Length: 100`, 10 bytes, close |
  /// | `/trickle` | `Content-Length: 1000`, one byte every 100 ms |
  /// | `/bad-status` | a status line without a status code |
  /// | `/silence` | reads the request, never answers |
  /// | `/huge` | `Content-Length` 1 GiB of zeros, sent until the client stops reading |
  /// | `/gzip-bomb` | 1 GiB of zeros as about 1 MB of gzip |
  /// | `/gzip-json` | a small JSON body, gzipped, with the compressed `Content-Length` |
  /// | `/nested` | JSON arrays nested 100,000 deep |
  /// | `/bad-utf8` | a JSON string holding bytes that are not UTF-8 |
  /// | `/loop` | `302` to itself |
  /// | `/redirect?location=URL` | `302` to `URL` |
  /// | `/header-flood` | 20,000 header fields (about 2 MB) |
  /// | `/bad-chunks` | chunked, with a chunk size that is not hex |
  /// | `/html` | an HTML error page with status 200 |
  ///
  /// With ``Mode/resetOnAccept`` every connection is reset as soon as it is accepted.
  public final class HostileServer: @unchecked Sendable {
    /// How connections are treated.
    public enum Mode: Sendable {
      /// Read the request, then misbehave as its path says.
      case byPath
      /// Reset every connection before reading anything.
      case resetOnAccept
    }

    /// A request as the server read it.
    public struct Received: Sendable {
      /// The path and query.
      public var target: String
      /// The header fields, names lowercased.
      public var headers: [String: String]
    }

    /// The port it listens on.
    public let port: Int
    private let listener: Listener
    private let mode: Mode
    // NB: `lock` guards `received`.
    private let lock = NSLock()
    private var received: [Received] = []

    /// 1 GiB of zeros, gzipped once for every server.
    public static let bomb = Gzip.zeros(1 << 30)

    /// Starts listening on 127.0.0.1 on a free port.
    public init(mode: Mode = .byPath) throws {
      listener = try Listener()
      port = listener.port
      self.mode = mode
      let thread = Thread { [listener, weak self] in
        while let connection = listener.accept() {
          guard let self else {
            connection.close()
            return
          }
          Thread { self.serve(connection) }.start()
        }
      }
      thread.start()
    }

    deinit { listener.shutDown() }

    /// Stops accepting connections.
    public func stop() { listener.shutDown() }

    /// The requests read so far, oldest first.
    public var requests: [Received] { lock.withLock { received } }

    /// `http://127.0.0.1:PORT/`.
    public var baseURL: URL {
      URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
    }

    private func serve(_ connection: Connection) {
      if mode == .resetOnAccept { return connection.reset() }
      guard let head = connection.readHead(), let request = Self.parse(head) else {
        return connection.close()
      }
      lock.withLock { received.append(request) }
      let components = URLComponents(string: request.target)
      let path = components?.path ?? request.target
      let query = Dictionary(
        (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
      respond(to: path, query: query, on: connection)
    }

    private func respond(to path: String, query: [String: String], on connection: Connection) {
      defer { connection.close() }
      switch path {
      case "/ok", "/headers":
        connection.write(Self.head(200, ["Content-Type": "application/json"], length: 11))
        connection.write(#"{"ok":true}"#)
      case "/short":
        connection.write(Self.head(200, [:], length: 100))
        connection.write([UInt8](repeating: 0x61, count: 10))
      case "/trickle":
        guard connection.write(Self.head(200, [:], length: 1_000)) else { return }
        for _ in 0..<1_000 {
          guard connection.write([0x61]) else { return }
          usleep(100_000)
        }
      case "/bad-status":
        connection.write("HTTP/1.1 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
      case "/silence":
        connection.drain()
      case "/huge":
        guard connection.write(Self.head(200, [:], length: 1 << 30)) else { return }
        let chunk = [UInt8](repeating: 0, count: 1 << 16)
        for _ in 0..<(1 << 14) where !connection.write(chunk) { return }
      case "/gzip-bomb":
        let bomb = Self.bomb
        connection.write(Self.head(200, ["Content-Encoding": "gzip"], length: bomb.count))
        connection.write(bomb)
      case "/gzip-json":
        let body = Gzip.compress(
          Data(#"{"items": [\#(String(repeating: "1, ", count: 999))1]}"#.utf8))
        connection.write(
          Self.head(
            200, ["Content-Encoding": "gzip", "Content-Type": "application/json"],
            length: body.count))
        connection.write(body)
      case "/nested":
        let body = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        connection.write(
          Self.head(200, ["Content-Type": "application/json"], length: body.utf8.count))
        connection.write(body)
      case "/bad-utf8":
        let body: [UInt8] = Array(#"{"name": ""#.utf8) + [0xFF, 0xFE, 0xC3] + Array(#""}"#.utf8)
        connection.write(Self.head(200, ["Content-Type": "application/json"], length: body.count))
        connection.write(body)
      case "/loop":
        connection.write(Self.head(302, ["Location": "/loop"], length: 0))
      case "/redirect":
        connection.write(Self.head(302, ["Location": query["location"] ?? "/ok"], length: 0))
      case "/header-flood":
        var head = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n"
        let filler = String(repeating: "x", count: 90)
        for index in 0..<20_000 { head += "X-Flood-\(index): \(filler)\r\n" }
        connection.write(head + "\r\n{}")
      case "/bad-chunks":
        connection.write(
          "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "zz\r\nhello\r\n0\r\n\r\n")
      case "/html":
        let body =
          "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>"
          + String(repeating: "<p>upstream unavailable</p>", count: 2_000) + "</body></html>"
        connection.write(Self.head(200, ["Content-Type": "text/html"], length: body.utf8.count))
        connection.write(body)
      default:
        connection.write(Self.head(404, [:], length: 0))
      }
    }

    private static func head(_ status: Int, _ headers: [String: String], length: Int) -> String {
      var text = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Other")\r\n"
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        text += "\(name): \(value)\r\n"
      }
      return text + "Content-Length: \(length)\r\nConnection: close\r\n\r\n"
    }

    private static func parse(_ head: String) -> Received? {
      let lines = head.split(separator: "\r\n")
      let requestLine = lines.first?.split(separator: " ") ?? []
      guard requestLine.count == 3 else { return nil }
      var headers: [String: String] = [:]
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] =
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
      return Received(target: String(requestLine[1]), headers: headers)
    }
  }
#endif
