import SwiftUI

struct Settings: Decodable {
    var title: String
}

private let decoder = JSONDecoder()

struct SettingsView: View {
    var data: Data

    var body: some View {
        VStack {
            Text(settings?.title ?? "")
            Text(plistTitle())
        }
    }

    private var settings: Settings? {
        try? decoder.decode(Settings.self, from: data)
    }

    private func plistTitle() -> String {
        let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return (object as? [String: String])?["title"] ?? ""
    }
}
