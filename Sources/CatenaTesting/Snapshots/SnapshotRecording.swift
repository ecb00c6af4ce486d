import Foundation

/// When a snapshot assertion writes its reference instead of only comparing.
///
/// Unless an assertion is given one, the mode comes from the environment variable
/// `CATENA_RECORD_SNAPSHOTS` (`all`, `missing` or `never`; `1` and `true` mean `all`, `0` and
/// `false` mean `never`; any other value fails the assertion with
/// ``SnapshotFailure/Kind/invalidSetting``); when it is unset, `missing` on a developer's machine
/// and `never` when `CI` is set, so a CI run never passes by writing its own references.
public enum SnapshotRecording: Sendable, CaseIterable {
  /// Compare only; a missing reference fails with ``SnapshotFailure/Kind/missing``.
  case never
  /// Write references that do not exist yet (and fail, asking for a second run); compare the
  /// others.
  case missing
  /// Write every reference that is missing or differs (and fail for each, asking for a second
  /// run); the ones that match pass.
  case all

  /// The mode the environment asks for, or the text of a setting that names none.
  static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<SnapshotRecording, InvalidSetting> {
    if let setting = environment["CATENA_RECORD_SNAPSHOTS"], !setting.isEmpty {
      switch setting.lowercased() {
      case "all", "1", "true", "yes": return .success(.all)
      case "missing": return .success(.missing)
      case "never", "0", "false", "no": return .success(.never)
      default: return .failure(InvalidSetting(value: setting))
      }
    }
    let ci = environment["CI"]?.lowercased() ?? ""
    return .success(ci == "" || ci == "0" || ci == "false" ? .missing : .never)
  }

  /// A `CATENA_RECORD_SNAPSHOTS` value that names no mode.
  struct InvalidSetting: Error {
    let value: String
  }
}
