import SwiftUI

enum Kind {
    case photo, video, text
}

struct KindIcon: View {
    let kind: Kind

    var body: some View {
        icon
    }

    @ViewBuilder private var icon: some View {
        switch kind {
        case .photo:
            Image(systemName: "photo")
        case .video:
            let name = "video"
            Image(systemName: name)
        default:
            Text("Text")
        }
    }
}
