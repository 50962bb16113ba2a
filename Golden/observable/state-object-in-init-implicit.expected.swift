// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Scanner {
    var code = ""
}

struct ScannerView: View {
    @State private var scanner: Scanner

    init(scanner: Scanner) {
        self._scanner = .init(wrappedValue: scanner)
    }

    var body: some View {
        Text(scanner.code)
    }
}
