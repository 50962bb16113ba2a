struct Song: Identifiable, Hashable {
    let id: Int
    var title: String
}
