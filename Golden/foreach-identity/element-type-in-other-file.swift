import SwiftUI

struct ContactsView: View {
    let contacts: [Contact]

    var body: some View {
        List {
            ForEach(contacts.indices, id: \.self) { i in
                Text(contacts[i].name)
            }
        }
    }
}
