// The layered view model of the original article's group home page: the view model decides
// which tabs show a badge and depends on protocols only — a service for the chores, an API
// for the server, and a file-backed store of what each user last read per team.
//
//   swift run GroupBadges [--base-url http://127.0.0.1:8080]
import Catena
import Foundation
import SampleAPI

/// The newest ids the server knows for a team.
struct GroupHome: Decodable, Sendable {
  var maxDynamicID: Int
  var maxActivityID: Int
  var messageIDs: [Int]
}

/// What a user last read in a team.
struct ReadMarks: Codable, Equatable, Sendable {
  var dynamicID = 0
  var activityID = 0
  var messageID = 0
}

/// The server: the group home of a team.
protocol GroupAPI: Sendable {
  func home(team: String) async throws(RequestError) -> GroupHome
}

/// Where the last-read marks live, per team and user.
protocol LastReadStore {
  func marks(team: String, user: String) -> ReadMarks
  func save(_ marks: ReadMarks, team: String, user: String) throws
}

/// The chores the view model hands off: talking to the API, reading and writing the cache.
@MainActor
protocol GroupHomeService {
  func newest(team: String) async throws(RequestError) -> GroupHome
  func lastRead(team: String, user: String) -> ReadMarks
  func markRead(_ marks: ReadMarks, team: String, user: String) throws
}

/// A badge on a tab.
enum Badge: Equatable, CustomStringConvertible {
  case none, dot, number(Int), more

  var description: String {
    switch self {
    case .none: "–"
    case .dot: "●"
    case .number(let count): "\(count)"
    case .more: "99+"
    }
  }
}

/// Decides the badges of the message, dynamic and activity tabs.
@MainActor
final class GroupHomeViewModel {
  private let service: any GroupHomeService
  private(set) var message = Badge.none
  private(set) var dynamic = Badge.none
  private(set) var activity = Badge.none
  private(set) var newest: GroupHome?

  init(service: any GroupHomeService) { self.service = service }

  func refresh(team: String, user: String) async throws(RequestError) {
    let home = try await service.newest(team: team)
    newest = home
    let read = service.lastRead(team: team, user: user)
    let unread = home.messageIDs.filter { $0 > read.messageID }.count
    message = unread == 0 ? .none : unread > 99 ? .more : .number(unread)
    dynamic = home.maxDynamicID > read.dynamicID ? .dot : .none
    activity = home.maxActivityID > read.activityID ? .dot : .none
  }

  /// The user opened the dynamic tab: everything in it up to the newest id is read.
  func openDynamicTab(team: String, user: String) throws {
    guard let newest else { return }
    var marks = service.lastRead(team: team, user: user)
    marks.dynamicID = newest.maxDynamicID
    try service.markRead(marks, team: team, user: user)
    dynamic = .none
  }

  var line: String { "messages \(message)   dynamic \(dynamic)   activity \(activity)" }
}

// MARK: The real parts behind the protocols.

/// The group API over a Catena client.
struct RemoteGroupAPI: GroupAPI {
  let client: Client

  func home(team: String) async throws(RequestError) -> GroupHome {
    try await Get("group/home", ["team": .string(team)])
      .envelope(code: "code", message: "message", success: ["200"])
      .decode(GroupHome.self, at: JSONPath(["data", "teams", team].joined(separator: ".")))
      .value(on: client)
  }
}

/// Last-read marks in a JSON file: `{"team/user": marks}`.
struct FileLastReadStore: LastReadStore {
  let file: URL

  func marks(team: String, user: String) -> ReadMarks {
    all()["\(team)/\(user)"] ?? ReadMarks()
  }

  func save(_ marks: ReadMarks, team: String, user: String) throws {
    var all = all()
    all["\(team)/\(user)"] = marks
    try JSONEncoder().encode(all).write(to: file, options: .atomic)
  }

  private func all() -> [String: ReadMarks] {
    guard let data = try? Data(contentsOf: file) else { return [:] }
    return (try? JSONDecoder().decode([String: ReadMarks].self, from: data)) ?? [:]
  }
}

@MainActor
struct AppGroupHomeService: GroupHomeService {
  let api: any GroupAPI
  let store: any LastReadStore

  func newest(team: String) async throws(RequestError) -> GroupHome {
    try await api.home(team: team)
  }
  func lastRead(team: String, user: String) -> ReadMarks { store.marks(team: team, user: user) }
  func markRead(_ marks: ReadMarks, team: String, user: String) throws {
    try store.save(marks, team: team, user: user)
  }
}

// MARK: The screen.

let file = FileManager.default.temporaryDirectory
  .appendingPathComponent("catena-group-badges-\(ProcessInfo.processInfo.processIdentifier).json")
defer { try? FileManager.default.removeItem(at: file) }
let api = RemoteGroupAPI(client: SampleAPI.client())
print("Group home badges (\(SampleAPI.origin()))")
do {
  try FileLastReadStore(file: file).save(
    ReadMarks(dynamicID: 977, activityID: 12, messageID: 501), team: "sh-1", user: "ada")
  let model = GroupHomeViewModel(
    service: AppGroupHomeService(api: api, store: FileLastReadStore(file: file)))
  for team in ["hz-2", "sh-1"] {
    try await model.refresh(team: team, user: "ada")
    print("  \(team)  \(model.line)")
  }
  try await model.refresh(team: "hz-2", user: "ada")
  try model.openDynamicTab(team: "hz-2", user: "ada")
  print("  hz-2  opened the dynamic tab")
  // A new view model over a new store instance: the mark was written to the file.
  let later = GroupHomeViewModel(
    service: AppGroupHomeService(api: api, store: FileLastReadStore(file: file)))
  try await later.refresh(team: "hz-2", user: "ada")
  print("  hz-2  \(later.line)   (after a restart)")
  do {
    try await later.refresh(team: "gz-9", user: "ada")
  } catch {
    print("  gz-9  \(error.kind): \(error.message)")
  }
} catch {
  print("error: \(error)")
}
