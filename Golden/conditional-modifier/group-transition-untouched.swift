import SwiftUI

struct AspectButton: View {
    @State private var filled = false

    var body: some View {
        Button {
            withAnimation { filled.toggle() }
        } label: {
            Group {
                if filled {
                    Label("Aspect", systemImage: "rectangle.arrowtriangle.2.inward")
                } else {
                    Label("Aspect", systemImage: "rectangle.arrowtriangle.2.outward")
                }
            }
            .transition(.opacity.combined(with: .scale))
        }
    }
}

/// A helper named for its transition, as projects write them.
extension View {
    func iconTransition() -> some View {
        transition(.opacity.combined(with: .scale).animation(.snappy))
    }
}

struct HelperTransition: View {
    let on: Bool

    var body: some View {
        Group {
            if on {
                Image(systemName: "speaker.wave.2")
            } else {
                Image(systemName: "speaker.slash")
            }
        }
        .iconTransition()
    }
}

struct AnimatedGroup: View {
    let on: Bool

    var body: some View {
        Group {
            if on {
                Image(systemName: "bell").padding(4)
            } else {
                Image(systemName: "bell").padding(8)
            }
        }
        .animation(.default, value: on)
    }
}
