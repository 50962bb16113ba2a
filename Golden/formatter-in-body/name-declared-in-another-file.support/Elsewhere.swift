import SwiftUI

// Another file of the module declares the names the hoisted constants would take.
extension Agenda {
    static let mediumDateFormatter = "not a formatter"
}

let shortDateFormatter = 3
