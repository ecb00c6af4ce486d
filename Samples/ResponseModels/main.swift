// The typed models of the original "DataModel and ViewModel" article: requests are `Encodable`
// values (nil properties left out) routed to their endpoint by their type, and responses are
// `Decodable` models with nested arrays and null values.
//
//   swift run ResponseModels [--base-url http://127.0.0.1:8080]
import Catena
import SampleAPI

/// A request type knows its endpoint and its response model.
protocol APIRequest: Encodable, Sendable {
  associatedtype Response: Decodable & Sendable
  static var method: HTTPMethod { get }
  static var path: String { get }
  /// Where the response model sits in the body.
  static var responsePath: JSONPath { get }
}

struct OrderLine: Codable, Sendable {
  var sku: String
  var name: String
  var quantity: Int
  var unitPrice: Double
  var note: String?
}

struct Order: Decodable, Sendable {
  var id: Int
  var placedAt: String
  var coupon: String?
  var lines: [OrderLine]
}

/// `GET orders?user=7`: the user's orders.
struct OrdersQuery: APIRequest {
  typealias Response = [Order]
  static let method = HTTPMethod.get
  static let path = "orders"
  static let responsePath: JSONPath = "data.orders"
  var user: Int
  var coupon: String?  // nil: not sent
}

/// `POST orders`: a new order.
struct PlaceOrder: APIRequest {
  struct Receipt: Decodable, Sendable {
    var id: Int
    var lineCount: Int
    var total: Double
    var coupon: String?
  }
  typealias Response = Receipt
  static let method = HTTPMethod.post
  static let path = "orders"
  static let responsePath: JSONPath = "data"
  var lines: [OrderLine]
  var coupon: String?
}

extension APIRequest {
  /// Sends the request to the endpoint its type names and decodes its response model, as a
  /// Catena request's `value(on:)` does.
  func value(on client: Client) async throws(RequestError) -> Response {
    try await Request(Self.method, Self.path).parameters(self)
      .envelope(code: "code", message: "message", success: ["200"])
      .decode(Response.self, at: Self.responsePath)
      .value(on: client)
  }
}

func describe(_ order: Order) -> [String] {
  var lines = ["order \(order.id) of \(order.placedAt), coupon \(order.coupon ?? "none")"]
  if order.lines.isEmpty { lines.append("  (no lines)") }
  for line in order.lines {
    let note = line.note.map { " — \($0)" } ?? ""
    lines.append("  \(line.quantity) × \(line.name) at \(line.unitPrice)\(note)")
  }
  return lines
}

let api = SampleAPI.client()
print("Response models (\(SampleAPI.origin()))\n")
do {
  print("── GET orders (a query model; its nil coupon is left out)")
  let orders = try await OrdersQuery(user: 7).value(on: api)
  for order in orders { describe(order).forEach { print("   " + $0) } }

  print("── POST orders (a body model with a nested array and a null)")
  let receipt = try await PlaceOrder(
    lines: [
      OrderLine(sku: "TEA-01", name: "Longjing tea", quantity: 3, unitPrice: 48.5, note: nil),
      OrderLine(sku: "POT-02", name: "Clay teapot", quantity: 1, unitPrice: 260, note: "fragile"),
    ], coupon: nil
  ).value(on: api)
  print(
    "   order \(receipt.id): \(receipt.lineCount) lines, total \(receipt.total), "
      + "coupon \(receipt.coupon ?? "none")")
} catch {
  print("error: \(error)")
}
