public struct Plant: Identifiable, Hashable {
    public let id: String
    public var name: String
}
