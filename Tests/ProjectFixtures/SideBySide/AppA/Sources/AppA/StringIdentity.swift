// Tags compare without case, so a tag is identified by its lowercased text.
extension String: Identifiable {
    public var id: String { lowercased() }
}
