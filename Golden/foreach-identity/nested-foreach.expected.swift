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
            ForEach(projects) { project in
                Section(project.name) {
                    ForEach(project.steps) { step in
                        Text(step.title)
                    }
                }
            }
        }
    }
}
