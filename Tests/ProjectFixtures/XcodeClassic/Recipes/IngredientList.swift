import Pantry
import SwiftUI

struct IngredientList: View {
    let ingredients: [Ingredient]

    var body: some View {
        List {
            ForEach(ingredients, id: \.self) { ingredient in
                Text(ingredient.name)
            }
        }
    }
}
