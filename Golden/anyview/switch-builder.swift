import SwiftUI

enum Kind {
    case photo, video, text
}

struct KindIcon: View {
    let kind: Kind

    var body: some View {
        icon
    }

    @ViewBuilder private var icon: AnyView {
        switch kind {
        case .photo:
            return AnyView(Image(systemName: "photo"))
        case .video:
            let name = "video"
            return AnyView(Image(systemName: name))
        default:
            return AnyView(Text("Text"))
        }
    }
}
