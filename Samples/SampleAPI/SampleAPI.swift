// The API the samples talk to: the same answers from an in-memory fixture transport (the
// default, so `swift run` works on a fresh machine) and from `catena-fixture-server` (in
// `IntegrationTests/`), which serves them over HTTP.
public import CatenaRequest
public import CatenaTesting
import Foundation

/// The sample API: one function from request to response, served in memory or over HTTP.
public enum SampleAPI {
  /// The largest page the houses endpoint serves, whatever is asked (sent as `Data.PageSize`).
  public static let maximumPageSize = 10

  /// The paths the API answers.
  public static let paths = [
    "user/getUserInfo", "group/home", "houses/featured", "houses", "weather", "weather/photo",
    "orders",
  ]

  /// Answers `request` as the sample server does.
  public static func respond(to request: HTTPRequest) async throws -> HTTPResponse {
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    let path = request.url.path.split(separator: "/").joined(separator: "/")
    let query = Dictionary(
      (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    // `slow=1` on any request: answer 150 ms later (to show overlapping requests).
    if query["slow"] != nil { try await Task.sleep(for: .milliseconds(150)) }
    switch (request.method, path) {
    case (.get, let path) where path.hasSuffix("user/getUserInfo"):
      guard query["id"] == "7" else {
        return json(#"{"code": "404", "message": "no user \#(query["id"] ?? "")"}"#, status: 404)
      }
      return try fixture("user")
    case (.get, let path) where path.hasSuffix("group/home"):
      return try fixture("group-home")
    case (.get, let path) where path.hasSuffix("houses/featured"):
      return try fixture("featured")
    case (.get, let path) where path.hasSuffix("houses"):
      return try houses(
        page: Int(query["pageIndex"] ?? "") ?? 1, size: Int(query["pageSize"] ?? "") ?? 10)
    case (.get, let path) where path.hasSuffix("weather"):
      let city = query["city"] ?? ""
      guard city.lowercased() == "shanghai" else {
        return json(#"{"data": {"code": "404", "message": "No weather station in \#(city)"}}"#)
      }
      return try fixture("forecast")
    case (.post, let path) where path.hasSuffix("weather/photo"):
      let size = request.body?.count ?? 0
      return json(#"{"data": {"code": "200", "message": "Photo received", "bytes": \#(size)}}"#)
    case (.get, let path) where path.hasSuffix("orders"):
      return try fixture("orders")
    case (.post, let path) where path.hasSuffix("orders"):
      return try created(order: request.body ?? Data())
    default:
      return json(
        #"{"code": "404", "message": "no route for \#(request.method) /\#(path)"}"#, status: 404)
    }
  }

  /// A transport that answers every sample path in memory, after `latency`.
  public static func fixtureTransport(latency: Duration = .milliseconds(20)) -> FixtureTransport {
    let transport = FixtureTransport()
    for path in paths {
      transport.route(nil, path, delay: latency) { request in try await respond(to: request) }
    }
    return transport
  }

  /// The client a sample uses: over HTTP to `--base-url URL` when the arguments name one,
  /// otherwise the in-memory fixtures.
  public static func client(
    arguments: [String] = CommandLine.arguments, defaultHeaders: HTTPHeaders = [:]
  ) -> Client {
    if let flag = arguments.firstIndex(of: "--base-url"), flag + 1 < arguments.count,
      let url = URL(string: arguments[flag + 1])
    {
      return Client(
        baseURL: url, defaultHeaders: defaultHeaders, transport: URLSessionTransport(),
        delivery: .mainActor)
    }
    return Client(
      baseURL: URL(string: "https://api.example.com/"), defaultHeaders: defaultHeaders,
      transport: fixtureTransport(), delivery: .mainActor)
  }

  /// Where the sample's requests go, for its first line of output.
  public static func origin(arguments: [String] = CommandLine.arguments) -> String {
    arguments.firstIndex(of: "--base-url").map { arguments[$0 + 1] } ?? "embedded fixtures"
  }

  // MARK: Answers

  /// The whole house list, read from its fixture once.
  static let houseList = Result { () throws -> [JSONValue] in
    try JSONValue(parsing: fixtureData("houses"))["Data"]["HouseList"].array ?? []
  }

  static func houses(page: Int, size: Int) throws -> HTTPResponse {
    let all = try houseList.get()
    let size = min(max(size, 1), maximumPageSize)
    let start = (page - 1) * size
    let slice =
      start >= 0 && start < all.count ? Array(all[start..<min(start + size, all.count)]) : []
    let body: JSONValue = [
      "Data": ["HouseList": .array(slice), "PageSize": .int(size), "Total": .int(all.count)]
    ]
    return HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json"],
      body: try JSONEncoder().encode(body))
  }

  static func created(order body: Data) throws -> HTTPResponse {
    let order = try JSONValue(parsing: body)
    let lines = order["lines"].array ?? []
    let total = lines.reduce(0.0) {
      $0 + Double($1["quantity"].int ?? 0) * ($1["unitPrice"].double ?? 0)
    }
    let response: JSONValue = [
      "code": "200",
      "data": [
        "id": 5003, "lineCount": .int(lines.count), "total": .double(total),
        "coupon": order["coupon"],
      ],
    ]
    return HTTPResponse(
      status: 201, headers: ["Content-Type": "application/json"],
      body: try JSONEncoder().encode(response))
  }

  static func json(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
  }

  static func fixture(_ name: String) throws -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json"], body: try fixtureData(name))
  }

  /// The bundled JSON resource `name.json`.
  static func fixtureData(_ name: String) throws -> Data {
    guard
      let url = Bundle.module.url(
        forResource: name, withExtension: "json", subdirectory: "Fixtures")
    else {
      throw RequestError(.transport, "the sample fixture \(name).json is missing")
    }
    return try Data(contentsOf: url)
  }
}
