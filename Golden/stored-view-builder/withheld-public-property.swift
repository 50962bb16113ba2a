import SwiftUI

// A client module may read `card.content()`: the property's type is part of the API.
public struct Card<Content: View>: View {
    public let content: () -> Content

    public init(@ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    public var body: some View {
        VStack { content() }.padding()
    }
}
