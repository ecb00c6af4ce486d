import Foundation
import Testing

@testable import CatenaRequest

@Suite("Link headers")
struct WebLinkTests {
  @Test func linksAreReadWithTheirRelationsAndParameters() {
    let links = WebLink.parse(
      #"<https://api.example.com/x?page=2>; rel="next", <https://api.example.com/x?page=9>; rel="last""#
    )
    #expect(
      links.map(\.target) == [
        "https://api.example.com/x?page=2", "https://api.example.com/x?page=9",
      ])
    #expect(links.map(\.relations) == [["next"], ["last"]])
  }

  @Test func quotedCommasSemicolonsAndEscapesStayInsideTheirValue() {
    let links = WebLink.parse(
      #"</a>; title="one, two; \"three\""; rel="next", </b>;rel=prev"#)
    #expect(links.count == 2)
    #expect(links.first?.parameters["title"] == #"one, two; "three""#)
    #expect(links.first?.relations == ["next"])
    #expect(links.last?.target == "/b" && links.last?.relations == ["prev"])
  }

  @Test func relationsAreCaseInsensitiveListsAndTheFirstRelWins() throws {
    let link = try #require(WebLink.parse(#"<x>; REL="Next Last"; rel="prev""#).first)
    #expect(link.relations == ["next", "last"])
    let headers: HTTPHeaders = ["link": #"<x>; REL="Next Last""#]
    #expect(headers.link(rel: "LAST")?.target == "x")
  }

  @Test func malformedEntriesAreSkippedAndTheRestKept() {
    #expect(WebLink.parse(#"garbage, </ok>; rel="next""#).map(\.target) == ["/ok"])
    #expect(WebLink.parse("</a> rel=next, </b>; rel=next").map(\.target) == ["/b"])
    #expect(WebLink.parse("<unclosed; rel=next").isEmpty, "no closing bracket")
    #expect(
      WebLink.parse(#"</ok>; rel=next, </bad>; rel="unterminated, </last>; rel=last"#)
        .map(\.target) == ["/ok"], "an unclosed quote runs to the end")
    #expect(WebLink.parse("").isEmpty && WebLink.parse(" , ,").isEmpty)
    #expect(WebLink.parse("<a>; =x").isEmpty, "a parameter needs a name")
  }

  @Test func relativeTargetsResolveAgainstTheURLThatAnswered() throws {
    let link = try #require(WebLink.parse(#"<?page=3>; rel="next""#).first)
    let base = URL(string: "https://api.example.com/v1/houses?page=2")
    #expect(
      link.url(relativeTo: base)?.absoluteString == "https://api.example.com/v1/houses?page=3")
    let up = try #require(WebLink.parse("</v1/other>; rel=next").first)
    #expect(up.url(relativeTo: base)?.absoluteString == "https://api.example.com/v1/other")
  }

  @Test func everyLinkFieldIsRead() {
    var response = HTTPResponse(status: 200)
    response.headers = ["Link": #"</1>; rel="first""#]
    #expect(response.headers.link(rel: "next") == nil)
    response.headers = ["Link": #"</1>; rel="first", </2>; rel="next""#]
    #expect(response.headers.link(rel: "next")?.target == "/2")
  }
}
