import Foundation

struct Note: Identifiable, Hashable {
    let id: UUID
    var title: String
}
