// bodywork-options: --min-ios 17
import SwiftUI

@MainActor
@Observable final class Cart: NSObject, Identifiable {
    var items: [String] = []
}

@Observable final class Wishlist: Identifiable {
    var items: [String] = []
}

@Observable final class Basket
{
    var count = 0
}

struct CartView: View {
    @State private var cart = Cart()
    @State private var wishlist = Wishlist()
    @State private var basket = Basket()

    var body: some View {
        Text("\(cart.items.count) \(wishlist.items.count) \(basket.count)")
    }
}
