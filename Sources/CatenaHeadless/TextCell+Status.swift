import CatenaDataSource
public import CatenaPaging

extension TextCell: PagerStatusShowing {
  /// Shows `status` as its description in brackets: "[Loading…]".
  public func show(_ status: PagerStatus) { text = "[\(status)]" }
}
