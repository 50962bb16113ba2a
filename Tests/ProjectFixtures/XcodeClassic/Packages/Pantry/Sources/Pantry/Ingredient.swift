public struct Ingredient: Identifiable, Hashable {
    public let id: Int
    public var name: String
}
