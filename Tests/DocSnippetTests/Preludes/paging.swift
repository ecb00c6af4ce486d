// Context for the paging snippets: a house model, its cell, a table and a data source of a
// pager's rows.
import Catena
import CatenaTesting
import Foundation

struct House: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
  init?(json: JSONValue) {
    guard let id = json["id"].int, let title = json["title"].string else { return nil }
    self.init(id: id, title: title)
  }
}

let api = Client(baseURL: URL(string: "https://api.example.com/"), transport: URLSessionTransport())
let table = HeadlessTable(viewportHeight: 440)
let dataSource = SectionedDataSource<String, PagerRow<House>>()
  .bind(table)
  .configureCell(TextCell.self, reuseIdentifier: "house") { cell, _, row in
    cell.text = row.item?.title ?? row.text
  }
