import Seeds
import SwiftUI

struct PlantList: View {
    let plants: [Plant]

    var body: some View {
        List {
            ForEach(plants, id: \.self) { plant in
                Text(plant.name)
            }
        }
    }
}
