// Generated strings: a nested `Text` does not hide SwiftUI's `Text` outside `L10n`.
enum L10n {
    enum Text {
        static let on = "On"
        static let off = "Off"
    }
}
