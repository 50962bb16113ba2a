// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct Photo: Identifiable {
    let id: Int
    let name: String
}

struct PhotoStrip: View {
    let photos: [Photo]

    var body: some View {
        VStack {
            ScrollView(.horizontal) {
                HStack(alignment: .top) {
                    ForEach(photos) { photo in
                        Image(photo.name)
                    }
                }
            }
            ScrollView(.horizontal) {
                LazyHStack(alignment: .top) {
                    ForEach(photos) { photo in
                        Image(photo.name)
                    }
                }
                .frame(height: 120, alignment: .topLeading)
            }
        }
    }
}
