import CatenaRequest
import Foundation
import Testing

func response(_ json: String, status: Int = 200, type: String = "application/json") -> HTTPResponse
{
  HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(json.utf8))
}

struct User: Decodable, Equatable, Sendable {
  var id: Int
  var name: String
}

let houses = """
  {"Data": {"PageSize": 2, "HouseList": [
    {"Id": 1, "Title": "Sea view", "Price": 300},
    {"Id": 2, "Title": "Garden", "Price": null},
    {"Id": 3, "Title": "Loft", "Price": 120}
  ]}}
  """

@Suite("Shaping responses")
struct ResponseShapingTests {
  @Test func decodesAModelAtAKeyPath() throws {
    let body = #"{"data": {"user": {"id": 7, "name": "Ada"}}, "code": "200"}"#
    let user = try Get("user").decode(User.self, at: "data.user").interpret(response(body))
    #expect(user == User(id: 7, name: "Ada"))
  }

  @Test func decodesThroughArrayIndexes() throws {
    let body = #"{"data": {"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}}"#
    let user = try Get("x").decode(User.self, at: "data.items.1").interpret(response(body))
    #expect(user.name == "b")
  }

  @Test func aDecodingFailureNamesTheStageThePathAndKeepsTheBody() {
    let body = #"{"data": {"user": {"id": 7, "name": 42}}}"#
    let error = #expect(throws: RequestError.self) {
      try Get("user").decode(User.self, at: "data.user").interpret(response(body))
    }
    #expect(error?.kind == .decoding)
    #expect(error?.stage == "decode(User) at data.user")
    #expect(error?.path == "data.user.name")
    #expect(error?.bodyText == body)
    #expect(error?.status == 200)
  }

  @Test func aMissingKeyPathIsReportedWhereItBreaks() {
    let error = #expect(throws: RequestError.self) {
      try Get("user").decode(User.self, at: "data.profile").interpret(response(#"{"data": {}}"#))
    }
    #expect(error?.path == "data.profile")
  }

  @Test func malformedAndTruncatedJSONAreDecodingErrorsWithTheBody() {
    for body in [#"{"data": "#, "<html>oops</html>", ""] {
      let error = #expect(throws: RequestError.self) {
        try Get("x").json().interpret(response(body))
      }
      #expect(error?.kind == .decoding, "\(body)")
      #expect(error?.bodyText == body)
    }
  }

  @Test(arguments: ["", "data.user"])
  func decodeSaysWhereMalformedJSONBreaksAsJSONDoes(path: String) {
    let body = "{\"data\": {\n  \"user\": {\"id\": 7,, \"name\": \"Ada\"}}}"
    let place = "expected a string key at line 2, column 20 (byte 30)"
    let decoded = #expect(throws: RequestError.self) {
      try Get("x").decode(User.self, at: JSONPath(path)).interpret(response(body))
    }
    let parsed = #expect(throws: RequestError.self) {
      try Get("x").json().interpret(response(body))
    }
    #expect(parsed?.message == "the body is not valid JSON: \(place)")
    #expect(decoded?.message == "the body is not valid JSON: \(place)")
    #expect(decoded?.kind == .decoding)
    #expect(decoded?.bodyText == body)
  }

  @Test func statusesOutside2xxAreErrorsThatKeepTheBody() {
    let error = #expect(throws: RequestError.self) {
      try Get("x").decode(User.self).interpret(response(#"{"error": "gone"}"#, status: 404))
    }
    #expect(error?.kind == .status)
    #expect(error?.status == 404)
    #expect(error?.bodyText == #"{"error": "gone"}"#)
  }

  @Test func validateAcceptsOtherStatusesAndChecksContentType() throws {
    let accepted = try Get("x").validate(statuses: 200..<500).interpret(response("{}", status: 404))
    #expect(accepted.status == 404)
    let error = #expect(throws: RequestError.self) {
      try Get("x").validate(contentTypes: ["application/json"]).interpret(
        response("<p>", type: "text/html"))
    }
    #expect(error?.stage == "validate")
    let decoded = try Get("x").validate(statuses: 200..<500).decode(User.self)
      .interpret(response(#"{"id": 1, "name": "x"}"#, status: 409))
    #expect(decoded.id == 1)
  }

  @Test func listFilterMapAndCompactMapShapeTheHouseList() throws {
    let titles = try Get("houses").list(at: "Data.HouseList")
      .filter { $0["Price"].int != nil }
      .map { $0["Title"].string ?? "?" }
      .interpret(response(houses))
    #expect(titles == ["Sea view", "Loft"])
    let prices = try Get("houses").list(at: "Data.HouseList")
      .compactMap { $0["Price"].int }
      .interpret(response(houses))
    #expect(prices == [300, 120])
  }

  @Test func listOfSomethingElseSaysWhatItFound() {
    let error = #expect(throws: RequestError.self) {
      try Get("houses").list(at: "Data.PageSize").interpret(response(houses))
    }
    #expect(error?.message.contains("found number") == true)
    #expect(error?.stage == "list(at: Data.PageSize)")
  }

  @Test func successIsTheTwoHundredRange() {
    #expect(HTTPResponse(status: 204).isSuccess)
    #expect(!HTTPResponse(status: 304).isSuccess && !HTTPResponse(status: 199).isSuccess)
  }

  @Test func emptyBodiesDecodeAsEmpty() throws {
    let empty = try Delete("houses/1").decode(Empty.self).interpret(HTTPResponse(status: 204))
    #expect(empty == Empty())
    #expect(throws: RequestError.self) {
      try Get("x").decode(User.self).interpret(HTTPResponse(status: 200))
    }
  }

  @Test func jsonValuesKeepIntegersAndWalkPaths() throws {
    let json = try JSONValue(
      parsing: Data(#"{"id": 1152921504606846977, "a": [{"b": true}], "x": 1.5}"#.utf8))
    #expect(json["id"].int == 1_152_921_504_606_846_977)
    #expect(try json.value(at: "a.0.b").bool == true)
    #expect(json["x"].double == 1.5)
    #expect(throws: RequestError.self) { try json.value(at: "a.3") }
    let error = #expect(throws: RequestError.self) { try json.value(at: "a.0.b.c") }
    #expect(error?.message == "found bool where c was expected at \"a.0.b\"")
    let literal: JSONValue = ["k": [1, "two", nil, false, 2.5]]
    #expect(literal["k"][1].string == "two")
  }
}

@Suite("Server envelope")
struct EnvelopeTests {
  let request = Get("user").envelope(code: "data.code", message: "data.message", success: ["200"])

  @Test func aSuccessCodePassesToTheNextStage() throws {
    let body = #"{"data": {"code": 200, "user": {"id": 1, "name": "Ada"}}}"#
    let user = try request.decode(User.self, at: "data.user").interpret(response(body))
    #expect(user.name == "Ada")
  }

  @Test func anotherCodeIsAServerErrorWithCodeMessageAndBody() {
    let body = #"{"data": {"code": "4031", "message": "Token expired"}}"#
    let error = #expect(throws: RequestError.self) {
      try request.decode(User.self, at: "data.user").interpret(response(body))
    }
    #expect(error?.kind == .server)
    #expect(error?.code == "4031")
    #expect(error?.serverMessage == "Token expired")
    #expect(error?.message == "the server answered code 4031: Token expired")
    #expect(error?.bodyText == body)
    #expect(error?.status == 200)
  }

  @Test func theEnvelopeWorksAfterDecodeToo() {
    let body = #"{"data": {"code": "500"}}"#
    let error = #expect(throws: RequestError.self) {
      try Get("user").decode(Empty.self)
        .envelope(code: "data.code", success: ["200"]).interpret(response(body))
    }
    #expect(error?.kind == .server)
  }

  @Test func emptyBodiesAndMissingCodesPassUnlessAskedOtherwise() throws {
    _ = try request.interpret(HTTPResponse(status: 204))
    _ = try request.interpret(response(#"{"other": 1}"#))
    #expect(throws: RequestError.self) {
      try Get("x").envelope(code: "code", success: ["0"], missingCodePasses: false)
        .interpret(response(#"{"other": 1}"#))
    }
  }
}
