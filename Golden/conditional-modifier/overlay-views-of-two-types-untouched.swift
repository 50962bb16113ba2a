import SwiftUI

struct Avatar: View {
    let isOnline: Bool

    var body: some View {
        if isOnline {
            Color.gray.frame(width: 40, height: 40).overlay(Image(systemName: "checkmark"))
        } else {
            Color.gray.frame(width: 40, height: 40).overlay(Circle().stroke(Color.red, lineWidth: 2))
        }
        if isOnline {
            Text("Online").overlay(Capsule().fill(Color.green), alignment: .top)
        } else {
            Text("Online").overlay(Rectangle(), alignment: .top)
        }
        if isOnline {
            Color.blue.mask(Circle())
        } else {
            Color.blue.mask(Text("Offline"))
        }
    }
}
