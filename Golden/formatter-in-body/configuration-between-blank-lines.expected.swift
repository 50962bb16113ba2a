import SwiftUI

struct ColorsView: View {
    let value: Int

    var body: some View { Text(render()) }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        return encoder
    }()

    func render() -> String {
        let url = "x"

        let data = try? Self.encoder.encode([value])
        return url + "\(data?.count ?? 0)"
    }
}
