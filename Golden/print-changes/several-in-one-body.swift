import SwiftUI

struct Card: View {
    var body: some View {
        let _ = Self._printChanges()
        Text("card")
        let _ = Card._printChanges()
    }
}
