// Only the app target builds this file; the share extension does not.
extension String: Identifiable {
    public var id: String { lowercased() }
}
