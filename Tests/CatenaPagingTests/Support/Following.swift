import CatenaPaging
import CatenaRequest

extension PageSource {
  /// This source, offline when `network` says so (as a request source is when its client's
  /// reachability says so).
  func following(_ network: any Reachability) -> PageSource {
    var source = self
    source.reachability = { network }
    return source
  }
}
