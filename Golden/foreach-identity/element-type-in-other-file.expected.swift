import SwiftUI

struct ContactsView: View {
    let contacts: [Contact]

    var body: some View {
        List {
            ForEach(contacts) { contact in
                Text(contact.name)
            }
        }
    }
}
