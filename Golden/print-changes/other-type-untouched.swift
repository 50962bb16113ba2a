import SwiftUI

struct Other: View {
    var body: some View { Text("other") }
}

struct TitleView: View {
    var body: some View {
        let _ = Other._printChanges()
        Text("title")
    }
}
