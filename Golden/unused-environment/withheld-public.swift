import SwiftUI

public struct Banner: View {
    @Environment(\.locale) public var locale
    let message: String

    public var body: some View {
        Text(message)
    }
}
