// bodywork-options: --swift-6
import SwiftUI

struct Payload: Decodable {
    let name: String
}

struct PayloadView: View {
    let data: Data

    var body: some View {
        Text(decodedName())
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    private func decodedName() -> String {
        return (try? Self.decoder.decode(Payload.self, from: data))?.name ?? ""
    }
}
