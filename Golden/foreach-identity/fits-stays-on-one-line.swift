import SwiftUI

struct Attachment: Identifiable, Hashable {
    let id: UUID
    var fileName: String
}

// A file whose lines run wide: the rewritten line is no wider than the longest line of this file, so it stays on one line.
struct AttachmentStrip: View {
    @State private var selectedMailAttachments: [Attachment] = []

    var body: some View {
        ScrollView(.horizontal) {
            HStack(alignment: .center, spacing: 8) {
                ForEach(Array(selectedMailAttachments.enumerated()), id: \.offset) { attachmentIndex, mailAttachment in
                    Text("\(attachmentIndex + 1). \(mailAttachment.fileName)")
                }
            }
        }
    }
}
