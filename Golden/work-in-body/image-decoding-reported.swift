import SwiftUI

struct Photo: Identifiable {
    let id: Int
    var path: String
    var thumbnailData: Data
}

struct PhotoGrid: View {
    var photos: [Photo]

    var body: some View {
        ScrollView {
            ForEach(photos) { photo in
                if let image = UIImage(contentsOfFile: photo.path) {
                    Image(uiImage: image)
                }
            }
            ForEach(photos) { photo in
                PhotoCell(data: photo.thumbnailData)
            }
        }
    }
}

struct PhotoCell: View {
    var data: Data

    var body: some View {
        Image(uiImage: UIImage(data: data) ?? UIImage(named: "placeholder")!)
    }
}
