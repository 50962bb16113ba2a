import SwiftUI

struct ClockView: View {
    @ObservedObject var clock: Clock

    var body: some View {
        Text("\(clock.now)")
            .onReceive(clock.$now) { print($0) }
    }
}
