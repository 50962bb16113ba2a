import SwiftUI

protocol ContentProviding {
    associatedtype Content: View
    var content: () -> Content { get }
}
