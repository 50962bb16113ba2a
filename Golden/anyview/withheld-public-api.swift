import SwiftUI

public struct Banner: View {
    public init() {}

    public var body: some View {
        content()
    }

    public func content() -> AnyView {
        AnyView(Text("Banner"))
    }
}
