// bodywork-options: --min-ios 17
import SwiftUI

final class Note: ObservableObject, Codable {
    @Published var text = ""

    enum CodingKeys: String, CodingKey {
        case _text = "text"
    }

    init() {}

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: ._text)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: ._text)
    }
}
