import SwiftUI

struct ColorsView: View {
    let value: Int

    var body: some View { Text(render()) }

    func render() -> String {
        let url = "x"

        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted

        let data = try? encoder.encode([value])
        return url + "\(data?.count ?? 0)"
    }
}
