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

    private func decodedName() -> String {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return (try? decoder.decode(Payload.self, from: data))?.name ?? ""
    }
}
