// bodywork-options: --min-ios 17
import SwiftUI

@MainActor
final class Cart: NSObject, ObservableObject, Identifiable {
    @Published var items: [String] = []
}

final class Wishlist: ObservableObject, Identifiable {
    @Published var items: [String] = []
}

final class Basket : ObservableObject
{
    @Published var count = 0
}

struct CartView: View {
    @StateObject private var cart = Cart()
    @StateObject private var wishlist = Wishlist()
    @StateObject private var basket = Basket()

    var body: some View {
        Text("\(cart.items.count) \(wishlist.items.count) \(basket.count)")
    }
}
