import SwiftUI

// A computed property's setter and a stored property's observer run when they are
// written, not when `body` reads them.
struct VolumeView: View {
    @State private var level = 0.5
    @State private var changes = 0

    private var volume: Double {
        get { level }
        nonmutating set {
            level = newValue
            changes += 1
        }
    }

    var body: some View {
        VStack {
            Text("\(volume)")
            Slider(value: Binding(get: { volume }, set: { volume = $0 }))
        }
    }
}
