import SwiftUI

struct Reducer {
    func _printChanges() -> Reducer { self }
    static func _printChanges() {}
}

struct Feature {
    static func _printChanges() {}

    var body: Reducer {
        let _ = Self._printChanges()
        return Reducer()._printChanges()
    }
}

struct FeatureView: View {
    let reducer = Reducer()
    var body: some View {
        let _ = reducer._printChanges()
        Text("feature")
    }
}
