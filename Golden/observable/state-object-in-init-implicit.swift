// bodywork-options: --min-ios 17
import SwiftUI

final class Scanner: ObservableObject {
    @Published var code = ""
}

struct ScannerView: View {
    @StateObject private var scanner: Scanner

    init(scanner: Scanner) {
        self._scanner = .init(wrappedValue: scanner)
    }

    var body: some View {
        Text(scanner.code)
    }
}
