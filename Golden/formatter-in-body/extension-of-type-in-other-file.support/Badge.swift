import SwiftUI

struct Badge {
    let date: Date
}
