// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct ChartBars: View {
    let values: [Double]

    var body: some View {
        ScrollView {
            VStack {
                ForEach(values, id: \.self) { value in
                    GeometryReader { proxy in
                        Rectangle().frame(width: proxy.size.width * value)
                    }
                }
            }
        }
    }
}
