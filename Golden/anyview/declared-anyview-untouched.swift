import SwiftUI

// Where the type `AnyView(…)` is given to is declared `AnyView`, erasing is what that
// declaration asks for: a property holding one of several views, a closure typed to
// return `AnyView`, an array of them, an argument.
struct Tab {
    let title: String
    let content: AnyView
}

struct Header: View {
    var accessory: AnyView
    var makeFooter: () -> AnyView = { AnyView(EmptyView()) }

    init<Accessory: View>(@ViewBuilder accessory: () -> Accessory) {
        self.accessory = AnyView(accessory())
    }

    var body: some View {
        VStack {
            accessory
            makeFooter()
        }
    }
}

struct Tabs: View {
    let tabs = [Tab(title: "Inbox", content: AnyView(Text("Inbox"))),
                Tab(title: "Sent", content: AnyView(Image(systemName: "paperplane")))]
    let pages: [AnyView] = [AnyView(Text("One")), AnyView(Color.red)]

    var body: some View {
        Header { Text("Mail") }
    }
}
