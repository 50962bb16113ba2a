// bodywork-options: --min-ios 17
import SwiftUI

final class Volume: ObservableObject {
    @Published var level = 0.5
}

struct VolumeView: View {
    @EnvironmentObject var volume: Volume

    var body: some View {
        slider
    }

    private var slider: some View {
        Slider(value: $volume.level)
    }
}
