import CatenaDiff

extension SectionedDataSource {
  /// Shows a header view above each section: `type` is registered for `reuseIdentifier` on
  /// the bound table and dequeued (reused) when a section comes on screen; `configure` sets it
  /// up with the section's index and, with snapshots, id. Sections the view is not for (see
  /// `when`) show their header title, if any.
  ///
  /// ```swift
  /// .headerView(StreetHeader.self, height: 56) { view, _, street in
  ///   view.title = street ?? ""
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: the view class: a `UITableViewHeaderFooterView` subclass on UIKit, a
  ///     `HeadlessHeaderFooterView` headless.
  ///   - reuseIdentifier: the identifier the class is registered and dequeued under; by
  ///     default the class's name.
  ///   - height: the view's height; nil for the table's default (self-sizing on UIKit).
  ///   - shows: which sections have the view (all by default), by index and id.
  ///   - configure: sets up a dequeued view for a section, by index and id.
  @discardableResult
  public func headerView<View: AnyObject>(
    _ type: View.Type, reuseIdentifier: String = String(reflecting: View.self),
    height: Double? = nil,
    when shows: ((Int, SectionID?) -> Bool)? = nil,
    configure: @escaping (View, Int, SectionID?) -> Void
  ) -> Self {
    setSectionView(.header, type, reuseIdentifier, height, shows, configure)
  }

  /// Shows a footer view below each section; see ``headerView(_:reuseIdentifier:height:when:configure:)``.
  @discardableResult
  public func footerView<View: AnyObject>(
    _ type: View.Type, reuseIdentifier: String = String(reflecting: View.self),
    height: Double? = nil,
    when shows: ((Int, SectionID?) -> Bool)? = nil,
    configure: @escaping (View, Int, SectionID?) -> Void
  ) -> Self {
    setSectionView(.footer, type, reuseIdentifier, height, shows, configure)
  }

  private func setSectionView<View: AnyObject>(
    _ kind: SectionViewKind, _ type: View.Type, _ identifier: String, _ height: Double?,
    _ shows: ((Int, SectionID?) -> Bool)?, _ configure: @escaping (View, Int, SectionID?) -> Void
  ) -> Self {
    guard !isInvalidated else { return self }
    let hadViews = !sectionViews.isEmpty
    sectionViews[kind] = SectionViewSpec(
      identifier: identifier, viewClass: type, height: height, shows: shows,
      configure: { view, section, id in
        if let view = view as? View { configure(view, section, id) }
      })
    binding?.registerView(type, identifier)
    // A table reads once, when the data source is connected, whether it gives section views.
    if !hadViews { binding?.reconnect() }
    return self
  }

  /// Whether a ``headerView(_:reuseIdentifier:height:when:configure:)`` or footer view is set.
  package var providesSectionViews: Bool { !isInvalidated && !sectionViews.isEmpty }

  /// Whether `section` shows a view of `kind`.
  package func hasView(_ kind: SectionViewKind, inSection section: Int) -> Bool {
    guard !isInvalidated, let spec = sectionViews[kind] else { return false }
    return spec.shows?(section, sectionID(at: section)) ?? true
  }

  /// Dequeues the view of `kind` for `section` from the bound table and configures it; nil
  /// when the section has none.
  ///
  /// - Throws: ``DataSourceError`` when the data source is not bound or the table cannot
  ///   dequeue the view.
  package func view(_ kind: SectionViewKind, inSection section: Int) throws -> Any? {
    guard hasView(kind, inSection: section), let spec = sectionViews[kind] else { return nil }
    guard let binding else {
      throw DataSourceError(
        kind: .unregisteredView, id: spec.identifier, incoming: ItemPath(item: 0, section: section))
    }
    let view = try binding.dequeueView(spec.identifier, kind, section)
    spec.configure(view, section, sectionID(at: section))
    return view
  }

  /// Configures `view`, shown for `section`, for the section as it is now; false when the
  /// section shows no view of `kind` now or `view` is not of its class.
  package func configure(_ view: Any, as kind: SectionViewKind, inSection section: Int) -> Bool {
    guard hasView(kind, inSection: section), let spec = sectionViews[kind],
      let object = view as AnyObject?, type(of: object) == spec.viewClass
    else { return false }
    spec.configure(view, section, sectionID(at: section))
    return true
  }

  /// The height given for the view of `kind`, if any.
  package func height(of kind: SectionViewKind, inSection section: Int) -> Double? {
    guard hasView(kind, inSection: section) else { return nil }
    return sectionViews[kind]?.height
  }
}

extension SectionedDataSource {
  /// Whether the chain gives sections a header (or footer) at all: a view or a title.
  package func showsSectionView(_ kind: SectionViewKind) -> Bool {
    guard !isInvalidated else { return false }
    if sectionViews[kind] != nil { return true }
    return kind == .header ? headerText != nil : footerText != nil
  }
}
