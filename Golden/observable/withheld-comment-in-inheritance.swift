// bodywork-options: --min-ios 17
import SwiftUI

final class Inbox: /* shared with widgets */ ObservableObject {
    @Published var unread = 0
}
