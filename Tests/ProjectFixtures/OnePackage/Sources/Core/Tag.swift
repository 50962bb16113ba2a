public struct Tag: Identifiable, Hashable {
    public let id: Int
    public var title: String
}
