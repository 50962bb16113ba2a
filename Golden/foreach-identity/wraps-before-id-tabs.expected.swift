import SwiftUI

struct Attachment: Identifiable, Hashable {
	let id: UUID
	var fileName: String
}

struct AttachmentStrip: View {
	@State private var selectedMailAttachments: [Attachment] = []

	var body: some View {
		ScrollView(.horizontal) {
			HStack(alignment: .center, spacing: 8) {
				ForEach(
					Array(selectedMailAttachments.enumerated()),
					id: \.element.id
				) { attachmentIndex, mailAttachment in
					Text("\(attachmentIndex + 1). \(mailAttachment.fileName)")
				}
			}
		}
	}
}
