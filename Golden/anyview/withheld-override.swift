import SwiftUI

class Theme {
    func accent() -> AnyView {
        AnyView(Color.blue)
    }
}

final class DarkTheme: Theme {
    override func accent() -> AnyView {
        AnyView(Color.black)
    }
}
