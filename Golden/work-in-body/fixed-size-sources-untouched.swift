import SwiftUI

enum Gesture: String, CaseIterable {
    case swipe, pinch, tap

    var isDirectional: Bool { self == .swipe }
}

enum Address {
    case local, remote, relay
}

// Work on an array literal of a few values, or on what is made of an enum's `allCases`, is
// the same small amount whatever the data: not reported.
struct AddressList: View {
    let preferred: Address

    var body: some View {
        let others = [Address.local, .remote, .relay].filter { $0 != preferred }
        return VStack {
            ForEach(others, id: \.self) { address in
                Text(String(describing: address))
            }
            ForEach(Gesture.allCases.filter { !$0.isDirectional }.sorted { $0.rawValue < $1.rawValue }, id: \.self) { gesture in
                Text(gesture.rawValue)
            }
        }
    }
}
