/// A section of sectioned data for the diff: a model that gives the section its id and content
/// (header, footer, title), and the section's items.
///
/// ```swift
/// struct Header: Identifiable, Equatable { var id: String; var title: String }
/// let sections = [DiffSection(model: Header(id: "fruit", title: "Fruit"), items: fruits)]
/// ```
///
/// The section's content is its model's `Equatable`: a section whose model changes but keeps its
/// id is an update (the table refreshes its header and footer), not a reload of its rows.
public struct DiffSection<Model: Identifiable & Equatable, Item: Identifiable & Equatable>:
  Identifiable
{
  /// The section's identity and content.
  public var model: Model
  /// The section's items, in display order.
  public var items: [Item]

  /// Creates a section from its model and items.
  @inlinable
  public init(model: Model, items: [Item]) {
    self.model = model
    self.items = items
  }

  /// The section's id: its model's id.
  @inlinable
  public var id: Model.ID { model.id }
}

extension DiffSection: Equatable {}
extension DiffSection: Sendable where Model: Sendable, Item: Sendable {}
