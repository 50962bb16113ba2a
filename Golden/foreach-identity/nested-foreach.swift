import SwiftUI

struct Step: Identifiable {
    let id: Int
    var title: String
}

struct Project: Identifiable {
    let id: Int
    var name: String
    var steps: [Step]
}

struct ProjectsView: View {
    let projects: [Project]

    var body: some View {
        List {
            ForEach(projects.indices, id: \.self) { i in
                Section(projects[i].name) {
                    ForEach(Array(projects[i].steps.enumerated()), id: \.offset) { index, step in
                        Text(step.title)
                    }
                }
            }
        }
    }
}
