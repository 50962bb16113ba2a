extension String: Identifiable {
    public var id: String { lowercased() }
}
