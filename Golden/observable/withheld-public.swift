// bodywork-options: --min-ios 17
import SwiftUI

public final class Connection: ObservableObject {
    @Published public var isOnline = true
    public init() {}
}
