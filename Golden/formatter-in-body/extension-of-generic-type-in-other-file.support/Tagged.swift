import SwiftUI

struct Tagged<Content: View> {
    let date: Date
    let content: Content
}
