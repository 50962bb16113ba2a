import SwiftUI

struct Token: Hashable, Identifiable {
    let text: String
    var id: Token {
        return self
    }
}

struct TokensView: View {
    let tokens: [Token]

    var body: some View {
        ForEach(tokens, id: \.self) { token in
            Text(token.text)
        }
    }
}
