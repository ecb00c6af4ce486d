/// Where a row comes to rest when a list scrolls to it (``SectionedDataSource/scroll(to:at:animated:)``).
public enum RowPosition: Sendable, Hashable {
  /// Its start at the start of the visible area.
  case top
  /// Its middle at the middle of the visible area.
  case middle
  /// Its end at the end of the visible area.
  case bottom
  /// As little scrolling as shows it whole: none when it is, else `top` or `bottom`,
  /// whichever is nearer.
  case nearest

  /// The offset (along the way the list scrolls) that puts a row starting at `start`,
  /// `length` long, at this position in a visible area `viewport` long now at `offset`; the
  /// content is `content` long (the offset stays within it).
  package func offset(
    forRowAt start: Double, length: Double, viewport: Double, offset: Double, content: Double
  ) -> Double {
    let wanted: Double
    switch self {
    case .top: wanted = start
    case .middle: wanted = start + length / 2 - viewport / 2
    case .bottom: wanted = start + length - viewport
    case .nearest:
      if start >= offset && start + length <= offset + viewport {
        wanted = offset
      } else if start < offset || length > viewport {
        wanted = start
      } else {
        wanted = start + length - viewport
      }
    }
    return min(max(wanted, 0), max(content - viewport, 0))
  }
}
