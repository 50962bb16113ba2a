// When a closure runs, decided from declarations: SwiftUI's table, the module's own
// initializers, modifiers and helpers through the index, and unknown for the rest.
import XCTest
import Codemod
import SwiftCST
@testable import Transforms

final class ClosureRolesTests: XCTestCase {
    /// The role of each closure of `source` whose first statement is the marker comment-free
    /// call `mark(N)`, by N, with `source` itself as the whole module.
    private func roles(_ source: String) -> [Int: ClosureRole] {
        let tree = SyntaxTree.parse(source)
        let index = ProjectIndexBuilder.build([(path: "t.swift", tree: tree)])
        var roles: [Int: ClosureRole] = [:]
        for closure in tree.root.descendants(.closureExpr) {
            guard let call = closure.descendants(.functionCallExpr).first(where: { FunctionCallExpr($0)?.calleeName == "mark" }),
                  let number = FunctionCallExpr(call)?.arguments.first.flatMap({ Int($0.expression?.text ?? "") }) else { continue }
            roles[number] = ClosureRoles.role(of: closure, index: index)
        }
        return roles
    }

    func testSwiftUIsOwnCalls() {
        let found = roles("""
            let a = VStack { mark(1) }
            let b = Button("Save") { mark(2) }
            let c = Button(action: save) { mark(3) }
            let d = Button { mark(4) } label: { mark(5) }
            let e = x.sheet(isPresented: $shown, onDismiss: { mark(6) }) { mark(7) }
            let f = x.onGeometryChange(for: CGFloat.self) { mark(8) } action: { _ in mark(9) }
            let g = Binding(get: { mark(10) }, set: { _ in mark(11) })
            let h = items.map { mark(12) }
            let i = withAnimation { mark(13) }
            let j = x.onAppear { mark(14) }
            let k = TextField("Name", text: $name) { editing in mark(15) } onCommit: { mark(16) }
            let l = TextField(text: $name) { mark(17) }
            let m = SecureField("Password", text: $password) { mark(18) }
            """)
        XCTAssertEqual(found, [1: .render, 2: .action, 3: .render, 4: .action, 5: .render, 6: .action, 7: .render,
                               8: .action, 9: .action, 10: .render, 11: .action, 12: .immediate, 13: .immediate, 14: .action,
                               15: .action, 16: .action, 17: .render, 18: .action])
    }

    func testTheModulesOwnDeclarations() {
        let found = roles("""
            typealias Handler = () -> Void
            struct Row: View {
                let title: String
                let onTap: () -> Void
                var body: some View { Text(title) }
            }
            struct Card<Content: View>: View {
                @ViewBuilder let content: Content
                var body: some View { content }
            }
            struct Sheet: View {
                init(done: Handler, @ViewBuilder header: () -> Text, transform: @escaping (Int) -> Int) {}
                var body: some View { Text("") }
            }
            extension View {
                func onFirstAppear(perform action: @escaping () -> Void) -> some View { self }
                func loading(_ work: @escaping () async -> Void) -> some View { self }
            }
            func measure(_ body: () -> Void) {}
            func later(_ body: (() -> Void)?) {}
            let a = Row(title: "") { mark(1) }
            let b = Row(title: "", onTap: { mark(2) })
            let c = Card { mark(3) }
            let d = Sheet(done: { mark(4) }, header: { mark(5) }, transform: { mark(6) })  // `done` does not escape
            let e = x.onFirstAppear { mark(7) }
            let f = x.loading { mark(8) }
            let g = measure { mark(9) }
            let h = later { mark(10) }
            let i = Row.init(title: "") { mark(11) }
            """)
        XCTAssertEqual(found, [1: .action, 2: .action, 3: .render, 4: .immediate, 5: .render, 6: .unknown, 7: .action,
                               8: .action, 9: .immediate, 10: .action, 11: .action])
    }

    func testWhatTheProjectDoesNotHoldIsUnknown() {
        let found = roles("""
            let a = AsyncButton("Upload") { mark(1) }
            let b = x.onFirstAppear { mark(2) }
            let c = KFImage(url).onSuccess { _ in mark(3) }
            let d = { mark(4) }
            """)
        XCTAssertEqual(found, [1: .unknown, 2: .unknown, 3: .unknown, 4: .unknown])
    }

    func testAModuleTypeWithoutClosuresDoesNotHideSwiftUIs() {
        // IceCubes declares a `List` model: a closure given to `List` is SwiftUI's.
        let found = roles("""
            struct List: Codable { var id: String }
            let a = List { mark(1) }
            """)
        XCTAssertEqual(found, [1: .render])
    }

    func testParameterTypes() {
        func role(_ type: String) -> ClosureParameterRole? {
            CallableSignature.role(ofType: type, generics: ["Content"], typealiases: ["Action": "()->Void"], returnsView: { $0 == "Badge" })
        }
        XCTAssertEqual(role("()->Void"), .immediate)
        XCTAssertEqual(role("@escaping()->Void"), .action)
        XCTAssertEqual(role("(()->Void)?"), .action)
        XCTAssertEqual(role("@escaping@MainActor(Int)->()"), .action)
        XCTAssertEqual(role("()async->Void"), .action)
        XCTAssertEqual(role("()async throws->Void"), .action)
        XCTAssertEqual(role("@escaping()->Content"), .render)
        XCTAssertEqual(role("()->some View"), .render)
        XCTAssertEqual(role("@escaping(Item)->Badge"), .render)
        XCTAssertEqual(role("@escaping(Int)->String"), .unknown)
        XCTAssertEqual(role("(Int)->String"), .immediate)
        XCTAssertEqual(role("@escaping(@escaping()->Void)->Void"), .action)
        XCTAssertEqual(role("Action"), .immediate)
        XCTAssertEqual(role("Action?"), .action)
        XCTAssertNil(role("String"))
        XCTAssertNil(role("[Int:String]"))
    }
}
