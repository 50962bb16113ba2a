import SwiftUI

struct TitleView: View {
    var body: some View {
        VStack { let _ = Self._printChanges(); Text("title") }
    }
}
