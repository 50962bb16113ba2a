import SwiftUI

struct LicenseView: View {
    var fileURL: URL

    var body: some View {
        ScrollView {
            Text((try? String(contentsOf: fileURL, encoding: .utf8)) ?? "")
            // The read of the looked-up file is reported once, at the outer call.
            Text("\((try? Data(contentsOf: Bundle.main.url(forResource: "notice", withExtension: "txt")!))?.count ?? 0) bytes")
            Text(Bundle.main.path(forResource: "terms", ofType: "md") ?? "")
            Text("\(fileCount) files")
        }
    }

    private var fileCount: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: fileURL.path).count) ?? 0
    }
}
