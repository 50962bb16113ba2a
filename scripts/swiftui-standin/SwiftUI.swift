// A stand-in for Apple's SwiftUI, declaring just enough of its surface (views, builders,
// modifiers, property wrappers) for golden cases to type-check on Linux. Never linked or run.
@_exported import Foundation
@_exported import Observation

// MARK: - View and its builder

/// A piece of user interface; `body` is rebuilt whenever its inputs change.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { Swift.fatalError("Never has no body") }
}

/// A view SwiftUI draws itself; reading its `body` is a programming error.
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    public var body: Never { Swift.fatalError("\(Self.self) is a primitive view") }
}

/// Builds a view from the statements of a closure or `body`.
@resultBuilder
nonisolated public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { Swift.fatalError("Optional is a primitive view") }
}

/// The views of a builder block, side by side.
nonisolated public struct TupleView<T>: _PrimitiveView {
    public var value: T
    public nonisolated init(_ value: T) { self.value = value }
}

/// The result of an `if`/`else` in a builder.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {
    public enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    public let storage: Storage
    nonisolated init(storage: Storage) { self.storage = storage }
}

nonisolated public struct EmptyView: _PrimitiveView {
    public nonisolated init() {}
}

/// A type-erased view: SwiftUI cannot see through it to diff its content.
nonisolated public struct AnyView: _PrimitiveView {
    public nonisolated init<V: View>(_ view: V) {}
    public nonisolated init<V: View>(erasing view: V) {}
}

/// A view with a modifier applied; what every modifier below returns.
nonisolated public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public nonisolated init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View, _PrimitiveView where Content: View {}

/// A modifier a module writes itself: `content.modifier(M())` applies it.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The view a `ViewModifier`'s `body(content:)` is given.
@MainActor @preconcurrency
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, _PrimitiveView {}

extension View {
    public nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Stands for the modifier values SwiftUI keeps in `ModifiedContent`.
nonisolated public struct _StandInModifier: Sendable {
    nonisolated init() {}
}

// MARK: - Layout values

nonisolated public struct HorizontalAlignment: Sendable, Equatable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

nonisolated public struct VerticalAlignment: Sendable, Equatable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment()
}

nonisolated public struct Alignment: Sendable, Equatable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

public enum Edge: Int8, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

public enum Axis: Int8, Sendable, CaseIterable {
    case horizontal, vertical

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

// MARK: - Styles: Color, Font, ShapeStyle

/// Something that can fill or tint a view.
public protocol ShapeStyle: Sendable {}

nonisolated public struct Color: Hashable, Sendable, ShapeStyle, _PrimitiveView {
    private let name: String
    nonisolated init(name: String) { self.name = name }
    public nonisolated init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "rgb" }
    public nonisolated init(white: Double, opacity: Double = 1) { name = "white" }
    public nonisolated init(_ name: String, bundle: Bundle? = nil) { self.name = name }

    public static let red = Color(name: "red")
    public static let orange = Color(name: "orange")
    public static let yellow = Color(name: "yellow")
    public static let green = Color(name: "green")
    public static let blue = Color(name: "blue")
    public static let purple = Color(name: "purple")
    public static let pink = Color(name: "pink")
    public static let gray = Color(name: "gray")
    public static let black = Color(name: "black")
    public static let white = Color(name: "white")
    public static let clear = Color(name: "clear")
    public static let primary = Color(name: "primary")
    public static let secondary = Color(name: "secondary")
    public static let accentColor = Color(name: "accentColor")

    public nonisolated func opacity(_ opacity: Double) -> Color { self }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var blue: Color { Color.blue }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
}

/// The `.primary`/`.secondary` levels of the current foreground style.
nonisolated public struct HierarchicalShapeStyle: ShapeStyle {
    nonisolated init() {}
    public static let primary = HierarchicalShapeStyle()
    public static let secondary = HierarchicalShapeStyle()
    public static let tertiary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

/// The blur materials (`.ultraThinMaterial`): a style of its own type, not a `Color`.
nonisolated public struct Material: ShapeStyle {
    nonisolated init() {}
    public static let ultraThinMaterial = Material()
    public static let regularMaterial = Material()
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    public static var regularMaterial: Material { .regularMaterial }
}

nonisolated public struct Font: Hashable, Sendable {
    private let name: String
    nonisolated init(name: String) { self.name = name }

    public static let largeTitle = Font(name: "largeTitle")
    public static let title = Font(name: "title")
    public static let title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3")
    public static let headline = Font(name: "headline")
    public static let subheadline = Font(name: "subheadline")
    public static let body = Font(name: "body")
    public static let callout = Font(name: "callout")
    public static let footnote = Font(name: "footnote")
    public static let caption = Font(name: "caption")
    public static let caption2 = Font(name: "caption2")

    public enum Weight: Sendable { case regular, medium, semibold, bold, heavy }
    public enum Design: Sendable { case `default`, serif, rounded, monospaced }

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font(name: "system") }
    public nonisolated func bold() -> Font { self }
    public nonisolated func italic() -> Font { self }
    public nonisolated func weight(_ weight: Weight) -> Font { self }
    public nonisolated func monospacedDigit() -> Font { self }
}

// MARK: - Text, Image, Label

/// A localizable string; string literals passed to views become keys.
nonisolated public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    private let key: String

    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key }

    /// The interpolations `Text("…")` accepts: strings, numbers, formatted values, texts, images.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { key += literal }
        public mutating func appendInterpolation(_ string: String) { key += "%@" }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) { key += "%lld" }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) { key += specifier }
        public mutating func appendInterpolation<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter? = nil) { key += "%@" }
        public mutating func appendInterpolation<Subject: NSObject>(_ subject: Subject, formatter: Formatter? = nil) { key += "%@" }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
            where F.FormatInput: Equatable, F.FormatOutput == String { key += "%@" }
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { key += "%@" }
        public mutating func appendInterpolation(_ text: Text) { key += "%@" }
        public mutating func appendInterpolation(_ image: Image) { key += "%@" }
    }
}

/// Values `LocalizedStringKey` interpolates with a printf-style specifier.
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

// On Apple platforms these Foundation values bridge to classes; `Text(date, formatter:)` needs it.
extension Date: @retroactive ReferenceConvertible { public typealias ReferenceType = NSDate }
extension UUID: @retroactive ReferenceConvertible { public typealias ReferenceType = NSUUID }

nonisolated public struct Text: Equatable, Sendable, _PrimitiveView {
    private let storage: String
    nonisolated init(storage: String) { self.storage = storage }

    public nonisolated init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        storage = "key"
    }
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ content: S) { storage = String(content) }
    public nonisolated init(verbatim content: String) { storage = content }
    public nonisolated init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        storage = format.format(input)
    }
    public nonisolated init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) { storage = "formatted" }
    public nonisolated init<Subject: NSObject>(_ subject: Subject, formatter: Formatter) { storage = "formatted" }
    public nonisolated init(_ date: Date, style: DateStyle) { storage = "date" }
    public nonisolated init(_ dates: ClosedRange<Date>) { storage = "dates" }
    public nonisolated init(_ interval: DateInterval) { storage = "interval" }

    /// How `Text(_:style:)` shows a date.
    public struct DateStyle: Sendable, Equatable {
        let name: String
        public static let time = DateStyle(name: "time")
        public static let date = DateStyle(name: "date")
        public static let relative = DateStyle(name: "relative")
        public static let offset = DateStyle(name: "offset")
        public static let timer = DateStyle(name: "timer")
    }

    public nonisolated func font(_ font: Font?) -> Text { self }
    public nonisolated func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public nonisolated func bold() -> Text { self }
    public nonisolated func italic() -> Text { self }
    public nonisolated func monospacedDigit() -> Text { self }
    public nonisolated func foregroundColor(_ color: Color?) -> Text { self }
    public nonisolated func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }

    public static func + (lhs: Text, rhs: Text) -> Text { Text(storage: lhs.storage + rhs.storage) }
}

nonisolated public struct Image: Equatable, Sendable, _PrimitiveView {
    private let name: String
    public nonisolated init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    public nonisolated init(systemName: String) { name = systemName }

    public enum Scale: Sendable { case small, medium, large }
    public nonisolated func resizable() -> Image { self }
    public nonisolated func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
    public enum TemplateRenderingMode: Sendable { case template, original }
}

nonisolated public struct Label<Title: View, Icon: View>: _PrimitiveView {
    public nonisolated init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}

extension Label where Title == Text, Icon == Image {
    public nonisolated init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ title: S, systemImage name: String) {}
    public nonisolated init(_ titleKey: LocalizedStringKey, image name: String) {}
}

// MARK: - Controls

nonisolated public struct Button<Label: View>: _PrimitiveView {
    public nonisolated init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public nonisolated init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

nonisolated public struct ButtonRole: Sendable, Equatable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

extension Button where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
    public nonisolated init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    public nonisolated init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {}
}

nonisolated public struct Toggle<Label: View>: _PrimitiveView {
    public nonisolated init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

extension Toggle where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

nonisolated public struct TextField<Label: View>: _PrimitiveView {
    public nonisolated init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {}
}

extension TextField where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
    public nonisolated init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {}
    public nonisolated init(_ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                            onCommit: @escaping () -> Void = {}) {}
    public nonisolated init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter) {}
    public nonisolated init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F)
        where F.FormatOutput == String {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput>, format: F)
        where F.FormatOutput == String {}
}

nonisolated public struct SecureField<Label: View>: _PrimitiveView {}

extension SecureField where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: _PrimitiveView {
    public nonisolated init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}

extension Picker where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct Stepper<Label: View>: _PrimitiveView {}

extension Stepper where Label == Text {
    public nonisolated init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {}
}

nonisolated public struct Slider<Label: View>: _PrimitiveView {}

extension Slider where Label == EmptyView {
    public nonisolated init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where V.Stride: BinaryFloatingPoint {}
}

nonisolated public struct ProgressView<Label: View>: _PrimitiveView {}

extension ProgressView where Label == EmptyView {
    public nonisolated init() {}
    public nonisolated init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

nonisolated public struct Spacer: _PrimitiveView {
    public nonisolated init(minLength: CGFloat? = nil) {}
}

nonisolated public struct Divider: _PrimitiveView {
    public nonisolated init() {}
}

// MARK: - Shapes

/// A 2D shape that can be filled or stroked.
public protocol Shape: View, Sendable {}

extension Shape {
    public nonisolated func fill<S: ShapeStyle>(_ content: S) -> some View { ModifiedContent(content: self, modifier: _StandInModifier()) }
    public nonisolated func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        ModifiedContent(content: self, modifier: _StandInModifier())
    }
}

nonisolated public struct Rectangle: Shape, _PrimitiveView {
    public nonisolated init() {}
}

nonisolated public struct Circle: Shape, _PrimitiveView {
    public nonisolated init() {}
}

nonisolated public struct Capsule: Shape, _PrimitiveView {
    public nonisolated init() {}
}

nonisolated public struct RoundedRectangle: Shape, _PrimitiveView {
    public nonisolated init(cornerRadius: CGFloat) {}
}

// MARK: - Containers

nonisolated public struct VStack<Content: View>: _PrimitiveView {
    public nonisolated init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct HStack<Content: View>: _PrimitiveView {
    public nonisolated init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct ZStack<Content: View>: _PrimitiveView {
    public nonisolated init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct LazyVStack<Content: View>: _PrimitiveView {
    public nonisolated init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                            @ViewBuilder content: () -> Content) {}
}

nonisolated public struct LazyHStack<Content: View>: _PrimitiveView {
    public nonisolated init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                            @ViewBuilder content: () -> Content) {}
}

nonisolated public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init() { rawValue = 0 }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

nonisolated public struct ScrollView<Content: View>: _PrimitiveView {
    public nonisolated init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct Group<Content> {
    public nonisolated init(@ViewBuilder content: () -> Content) where Content: View {}
}

extension Group: View, _PrimitiveView where Content: View {}

nonisolated public struct NavigationStack<Root: View>: _PrimitiveView {
    public nonisolated init(@ViewBuilder root: () -> Root) {}
}

nonisolated public struct NavigationView<Content: View>: _PrimitiveView {
    public nonisolated init(@ViewBuilder content: () -> Content) {}
}

nonisolated public struct NavigationLink<Label: View, Destination: View>: _PrimitiveView {
    public nonisolated init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
    public nonisolated init(destination: Destination, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {}
    public nonisolated init(_ titleKey: LocalizedStringKey, destination: Destination) {}
}

nonisolated public struct Section<Parent, Content, Footer> {}

extension Section: View, _PrimitiveView where Parent: View, Content: View, Footer: View {}

extension Section where Parent: View, Content: View, Footer: View {
    public nonisolated init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {}
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public nonisolated init(@ViewBuilder content: () -> Content) {}
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    public nonisolated init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    public nonisolated init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct Form<Content: View>: _PrimitiveView {
    public nonisolated init(@ViewBuilder content: () -> Content) {}
}

// MARK: - ForEach and List

/// A view whose content comes from a collection, which `onDelete`/`onMove` can edit.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Data { get }
}

/// Views computed on demand from a collection of identified data.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach: View, _PrimitiveView where Content: View {}
extension ForEach: DynamicViewContent where Content: View {}

extension ForEach where Content: View {
    /// Identifies each element by the value at `id`.
    public nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    /// Identifies the elements of a binding to a mutable collection by the value at `id`.
    public nonisolated init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, C.Index: Hashable {
        let collection = data.wrappedValue
        self.data = collection.indices.lazy.map { index in (index, collection[index][keyPath: id]) }
        self.content = { element in content(data[element.0]) }
    }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// Identifies each element by its `id`.
    public nonisolated init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Content: View {
    /// Identifies the elements of a binding to a mutable collection of identifiable values.
    public nonisolated init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, ID == C.Element.ID, C.Element: Identifiable, C.Index: Hashable {
        let collection = data.wrappedValue
        self.data = collection.indices.lazy.map { index in (index, collection[index].id) }
        self.content = { element in content(data[element.0]) }
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// One view per integer of a range that must not change.
    public nonisolated init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}

extension DynamicViewContent {
    public nonisolated func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        _EditableContent(base: self)
    }
    public nonisolated func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent {
        _EditableContent(base: self)
    }
}

/// What `onDelete`/`onMove` return: the same content, now editable.
nonisolated public struct _EditableContent<Base: DynamicViewContent>: DynamicViewContent, _PrimitiveView {
    let base: Base
    nonisolated init(base: Base) { self.base = base }
    @MainActor public var data: Base.Data { base.data }
}

/// A scrolling list of rows, built from views or from data like `ForEach`.
nonisolated public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    public nonisolated init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {}
    public nonisolated init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {}
}

extension List where SelectionValue == Never {
    public nonisolated init(@ViewBuilder content: () -> Content) {}

    // Disfavored so that `List($items)` picks the binding initializer, as it does in SwiftUI.
    @_disfavoredOverload
    public nonisolated init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}

    public nonisolated init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}

    public nonisolated init<RowContent: View>(
        _ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent
    ) where Content == ForEach<Range<Int>, Int, RowContent> {}

    public nonisolated init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where Content == ForEach<LazyMapSequence<C.Indices, (C.Index, C.Element.ID)>, C.Element.ID, RowContent>,
        C.Element: Identifiable, C.Index: Hashable {}

    public nonisolated init<C: MutableCollection & RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where Content == ForEach<LazyMapSequence<C.Indices, (C.Index, ID)>, ID, RowContent>, C.Index: Hashable {}
}

// MARK: - Modifiers

extension View {
    /// Gives the view an explicit identity; a new value makes SwiftUI rebuild it from scratch.
    public nonisolated func id<ID: Hashable>(_ id: ID) -> some View { modified() }
    public nonisolated func tag<V: Hashable>(_ tag: V) -> some View { modified() }

    public nonisolated func task(priority: TaskPriority = .userInitiated,
                                 @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { modified() }
    public nonisolated func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                               @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View {
        modified()
    }
    public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View { modified() }
    /// Prints why the view's body was evaluated (a debugging aid).
    public static func _printChanges() {}
    /// Logs why the view's body was evaluated (a debugging aid; iOS 17, macOS 14).
    public static func _logChanges() {}
    public nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View { modified() }
    public nonisolated func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { modified() }
    public nonisolated func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                                   _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        modified()
    }
    public nonisolated func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { modified() }

    public nonisolated func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { modified() }
    public nonisolated func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { modified() }
    public nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { modified() }
    public nonisolated func padding(_ length: CGFloat) -> some View { modified() }
    public nonisolated func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { modified() }
    public nonisolated func opacity(_ opacity: Double) -> some View { modified() }
    public nonisolated func hidden() -> some View { modified() }
    public nonisolated func disabled(_ disabled: Bool) -> some View { modified() }
    public nonisolated func clipped() -> some View { modified() }
    public nonisolated func cornerRadius(_ radius: CGFloat) -> some View { modified() }
    public nonisolated func shadow(radius: CGFloat) -> some View { modified() }

    public nonisolated func font(_ font: Font?) -> some View { modified() }
    public nonisolated func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { modified() }
    public nonisolated func foregroundColor(_ color: Color?) -> some View { modified() }
    public nonisolated func background<S: ShapeStyle>(_ style: S) -> some View { modified() }
    public nonisolated func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { modified() }
    public nonisolated func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { modified() }
    public nonisolated func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View { modified() }
    public nonisolated func mask<M: View>(_ mask: M) -> some View { modified() }
    public nonisolated func tint(_ tint: Color?) -> some View { modified() }
    public nonisolated func lineLimit(_ number: Int?) -> some View { modified() }

    public nonisolated func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { modified() }
    @_disfavoredOverload
    public nonisolated func navigationTitle<S: StringProtocol>(_ title: S) -> some View { modified() }
    public nonisolated func navigationTitle(_ title: Text) -> some View { modified() }
    public nonisolated func navigationDestination<D: Hashable, C: View>(for data: D.Type,
                                                                        @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modified()
    }
    public nonisolated func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                                 @ViewBuilder content: @escaping () -> Content) -> some View { modified() }
    public nonisolated func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                     @ViewBuilder content: @escaping (Item) -> Content)
        -> some View { modified() }
    public nonisolated func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                                           @ViewBuilder content: @escaping () -> Content) -> some View {
        modified()
    }
    public nonisolated func popover<Content: View>(isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> Content)
        -> some View { modified() }
    public nonisolated func alert(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>) -> some View { modified() }
    public nonisolated func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { modified() }
    public nonisolated func searchable(text: Binding<String>) -> some View { modified() }
    public nonisolated func refreshable(action: @escaping @Sendable () async -> Void) -> some View { modified() }

    public nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { modified() }
    public nonisolated func environment<T: AnyObject & Observable>(_ object: T?) -> some View { modified() }
    public nonisolated func environmentObject<T: ObservableObject>(_ object: T) -> some View { modified() }
    public nonisolated func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
        where P.Failure == Never { modified() }

    public nonisolated func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { modified() }
    public nonisolated func transition(_ transition: AnyTransition) -> some View { modified() }
    public nonisolated func drawingGroup() -> some View { modified() }
    public nonisolated func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { modified() }

    private nonisolated func modified() -> ModifiedContent<Self, _StandInModifier> {
        ModifiedContent(content: self, modifier: _StandInModifier())
    }
}

extension View where Self: Equatable {
    /// Lets SwiftUI skip `body` when the view compares equal to its previous value.
    public nonisolated func equatable() -> some View { ModifiedContent(content: self, modifier: _StandInModifier()) }
}

nonisolated public struct Animation: Sendable, Equatable {
    public static let `default` = Animation()
    public static let linear = Animation()
    public static let easeInOut = Animation()
    public static let spring = Animation()
    public static let snappy = Animation()
}

nonisolated public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition()
    public static let slide = AnyTransition()
    public static let scale = AnyTransition()
    public func combined(with other: AnyTransition) -> AnyTransition { self }
    public func animation(_ animation: Animation?) -> AnyTransition { self }
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

// MARK: - State and data flow

/// A property SwiftUI updates before it computes `body`.
public protocol DynamicProperty {}

/// Holds values for property wrappers; never run, only type-checked.
final class _StandInBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// State owned by a view and kept across updates of its `body`.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let box: _StandInBox<Value>
    public init(wrappedValue value: Value) { box = _StandInBox(value) }
    public init(initialValue value: Value) { box = _StandInBox(value) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> {
        Binding(get: { self.box.value }, set: { self.box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

extension State: @unchecked Sendable where Value: Sendable {}

/// Read and write access to a value owned elsewhere; `$binding.property` narrows it.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }
    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

extension Binding: DynamicProperty {}
extension Binding: @unchecked Sendable {}

extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices
    public var startIndex: Index { wrappedValue.startIndex }
    public var endIndex: Index { wrappedValue.endIndex }
    public var indices: Indices { wrappedValue.indices }
    public func index(after i: Index) -> Index { wrappedValue.index(after: i) }
    public subscript(position: Index) -> Binding<Value.Element> {
        Binding<Value.Element>(get: { self.wrappedValue[position] }, set: { self.wrappedValue[position] = $0 })
    }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection, Value: MutableCollection {
    public func index(before i: Index) -> Index { wrappedValue.index(before: i) }
}

extension Binding: RandomAccessCollection where Value: MutableCollection, Value: RandomAccessCollection {}

/// The values views read from their environment with `@Environment(\.key)`.
nonisolated public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var locale: Locale = Locale(identifier: "en_US")
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    public var calendar: Calendar = Calendar(identifier: .gregorian)
    public var colorScheme: ColorScheme = .light
    public var isEnabled: Bool = true
    public var font: Font? = nil
    public var dismiss: DismissAction { DismissAction() }
    public var openURL: OpenURLAction { OpenURLAction() }
    public var description: String { "EnvironmentValues" }

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }
}

/// A key for a custom environment value.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public enum ColorScheme: Sendable, CaseIterable, Hashable { case light, dark }

@MainActor
public struct DismissAction: Sendable {
    nonisolated init() {}
    public func callAsFunction() {}
}

@MainActor
public struct OpenURLAction: Sendable {
    nonisolated init() {}
    public func callAsFunction(_ url: URL) {}
}

/// Reads a value or an `@Observable` object from the view's environment.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let read: () -> Value
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { EnvironmentValues()[keyPath: keyPath] } }
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable { read = { Swift.fatalError("stand-in") } }
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? { read = { nil } }
    public var wrappedValue: Value { read() }
}

extension Environment: @unchecked Sendable {}

/// A bindable view of an `@Observable` object: `$model.name` is a `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}
extension Bindable: @unchecked Sendable {}

/// Stored in `UserDefaults` under a key.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let box: _StandInBox<Value>
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) { box = _StandInBox(wrappedValue) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { self.box.value }, set: { self.box.value = $0 }) }
}

// MARK: - ObservableObject (Combine is absent on Linux; these stand in for its parts)

/// A stream of values over time (Combine's protocol, with the one operator the samples use).
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable() }
}

/// Publishes the change notices of an `ObservableObject`.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public func send() {}
}

/// An object whose `@Published` changes make the views observing it update.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// A property whose changes an `ObservableObject` announces.
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(initialValue: Value) { self.wrappedValue = initialValue }

    /// The stream of values `$property` gives.
    public struct Publisher: SwiftUI.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let value: Value
    }

    public var projectedValue: Publisher {
        get { Publisher(value: wrappedValue) }
        set {}
    }
}

/// Cancels a subscription when released.
public final class AnyCancellable: Hashable {
    public init() {}
    public func cancel() {}
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An `ObservableObject` passed in by the parent view.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// `$object.property` as a `Binding`.
    @dynamicMemberLookup
    public struct Wrapper {
        let root: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let root = self.root
            return Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
        }
    }

    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }
    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }
}

/// An `ObservableObject` the view creates once and owns.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let make: () -> ObjectType
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }
    public var wrappedValue: ObjectType { make() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: make()).projectedValue }
}

/// An `ObservableObject` an ancestor put in the environment.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    public init() {}
    public var wrappedValue: ObjectType { Swift.fatalError("stand-in") }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: wrappedValue).projectedValue }
}

// MARK: - Apps and previews

/// The entry point of an app.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    init()
}

extension App {
    public static func main() {}
}

@MainActor @preconcurrency
public protocol Scene {}

@resultBuilder
nonisolated public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

nonisolated public struct WindowGroup<Content: View>: Scene {
    public nonisolated init(@ViewBuilder content: () -> Content) {}
}

/// The old preview protocol (`#Preview` is a macro whose plugin does not exist on Linux).
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

// MARK: - Collection edits used by onDelete/onMove

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets`, as `onDelete` hands them over.
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection {
    /// Moves the elements at `source` before `destination`, as `onMove` hands them over.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {}
}

// MARK: - Menus, row actions, toolbar items and commands

/// A button that shows a menu of the views of its content.
nonisolated public struct Menu<Label: View, Content: View>: _PrimitiveView {
    public nonisolated init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}

extension Menu where Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

public enum HorizontalEdge: Int8, Sendable, CaseIterable {
    case leading, trailing
}

extension View {
    public nonisolated func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View { modified() }
    public nonisolated func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                                  @ViewBuilder content: () -> T) -> some View { modified() }
    public nonisolated func listRowBackground<V: View>(_ view: V?) -> some View { modified() }
    public nonisolated func deleteDisabled(_ isDisabled: Bool) -> some View { modified() }
    public nonisolated func moveDisabled(_ isDisabled: Bool) -> some View { modified() }
    public nonisolated func selectionDisabled(_ isDisabled: Bool = true) -> some View { modified() }
    public nonisolated func accessibilityActions<Content: View>(@ViewBuilder _ content: () -> Content) -> some View { modified() }
    public nonisolated func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View { modified() }
}

/// Content of a toolbar: items, not views.
@MainActor @preconcurrency
public protocol ToolbarContent {}

@resultBuilder
nonisolated public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> _ToolbarTuple<(repeat each Content)> {
        _ToolbarTuple((repeat each content))
    }
    public static func buildEither<TrueContent: ToolbarContent, FalseContent: ToolbarContent>(first: TrueContent) -> _ConditionalToolbarContent<TrueContent, FalseContent> {
        _ConditionalToolbarContent()
    }
    public static func buildEither<TrueContent: ToolbarContent, FalseContent: ToolbarContent>(second: FalseContent) -> _ConditionalToolbarContent<TrueContent, FalseContent> {
        _ConditionalToolbarContent()
    }
}

nonisolated public struct _ToolbarTuple<T>: ToolbarContent {
    public nonisolated init(_ value: T) {}
}

nonisolated public struct _ConditionalToolbarContent<TrueContent: ToolbarContent, FalseContent: ToolbarContent>: ToolbarContent {}

/// One item of a toolbar, showing the view of its content.
nonisolated public struct ToolbarItem<ID, Content: View>: ToolbarContent {}

extension ToolbarItem where ID == () {
    public nonisolated init(@ViewBuilder content: () -> Content) {}
}

extension ForEach: ToolbarContent where Content: ToolbarContent {}

extension ForEach where Content: ToolbarContent {
    public nonisolated init(_ data: Data, @ToolbarContentBuilder content: @escaping (Data.Element) -> Content)
        where ID == Data.Element.ID, Data.Element: Identifiable {
        self.data = data
        self.content = content
    }
}

/// Menu commands of an app.
@MainActor @preconcurrency
public protocol Commands {
    associatedtype Body: Commands
    @CommandsBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Commands {}

@resultBuilder
nonisolated public struct CommandsBuilder {
    public static func buildBlock<Content: Commands>(_ content: Content) -> Content { content }
}

/// A menu of the app's menu bar, holding the views of its content as menu items.
nonisolated public struct CommandMenu<Content: View>: Commands {
    public typealias Body = Never
    public var body: Never { Swift.fatalError("CommandMenu is primitive") }
    public nonisolated init(_ nameKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public nonisolated init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) {}
}

// MARK: - Tables

/// Rows of a table: values shown through the table's columns, not views.
@MainActor @preconcurrency
public protocol TableRowContent {
    associatedtype TableRowValue: Identifiable
}

/// One row of a table, for one value.
nonisolated public struct TableRow<Value: Identifiable>: TableRowContent {
    public typealias TableRowValue = Value
    public nonisolated init(_ value: Value) {}
}

@resultBuilder
nonisolated public struct TableRowBuilder<Value: Identifiable> {
    public static func buildExpression<Content: TableRowContent>(_ content: Content) -> Content where Content.TableRowValue == Value {
        content
    }
    public static func buildBlock<Content: TableRowContent>(_ content: Content) -> Content where Content.TableRowValue == Value {
        content
    }
    public static func buildBlock<C0: TableRowContent, C1: TableRowContent>(_ c0: C0, _ c1: C1) -> TupleTableRowContent<Value, (C0, C1)>
        where C0.TableRowValue == Value, C1.TableRowValue == Value {
        TupleTableRowContent()
    }
    public static func buildEither<TrueContent: TableRowContent, FalseContent: TableRowContent>(first: TrueContent)
        -> _ConditionalTableRows<TrueContent, FalseContent> where TrueContent.TableRowValue == Value, FalseContent.TableRowValue == Value {
        _ConditionalTableRows()
    }
    public static func buildEither<TrueContent: TableRowContent, FalseContent: TableRowContent>(second: FalseContent)
        -> _ConditionalTableRows<TrueContent, FalseContent> where TrueContent.TableRowValue == Value, FalseContent.TableRowValue == Value {
        _ConditionalTableRows()
    }
}

nonisolated public struct TupleTableRowContent<Value: Identifiable, T>: TableRowContent {
    public typealias TableRowValue = Value
}

nonisolated public struct _ConditionalTableRows<TrueContent: TableRowContent, FalseContent: TableRowContent>: TableRowContent
    where TrueContent.TableRowValue == FalseContent.TableRowValue {
    public typealias TableRowValue = TrueContent.TableRowValue
}

extension ForEach: TableRowContent where Content: TableRowContent {
    public typealias TableRowValue = Content.TableRowValue
}

extension ForEach where Content: TableRowContent {
    public nonisolated init<V>(_ data: Data, @TableRowBuilder<V> content: @escaping (Data.Element) -> Content)
        where ID == Data.Element.ID, V == Content.TableRowValue, Data.Element: Identifiable {
        self.data = data
        self.content = content
    }
}

/// Columns of a table.
@MainActor @preconcurrency
public protocol TableColumnContent {
    associatedtype TableRowValue: Identifiable
}

/// One column: the view it shows for each row's value.
nonisolated public struct TableColumn<RowValue: Identifiable, Sort, Content: View, Label: View>: TableColumnContent {
    public typealias TableRowValue = RowValue
}

extension TableColumn where Sort == Never, Label == Text {
    public nonisolated init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping (RowValue) -> Content) {}
}

@resultBuilder
nonisolated public struct TableColumnBuilder<RowValue: Identifiable, Sort> {
    public static func buildExpression<Column: TableColumnContent>(_ column: Column) -> Column where Column.TableRowValue == RowValue {
        column
    }
    public static func buildBlock<Column: TableColumnContent>(_ column: Column) -> Column where Column.TableRowValue == RowValue {
        column
    }
}

/// Rows of values in columns.
nonisolated public struct Table<Value: Identifiable, Rows: TableRowContent, Columns: TableColumnContent>: _PrimitiveView
    where Rows.TableRowValue == Value, Columns.TableRowValue == Value {
    public nonisolated init(of valueType: Value.Type, @TableColumnBuilder<Value, Never> columns: () -> Columns,
                            @TableRowBuilder<Value> rows: () -> Rows) {}
}

// MARK: - UIKit images

/// UIKit's image, for views that show one: decoded from a file or data on creation.
open class UIImage: @unchecked Sendable {
    public init?(contentsOfFile path: String) {}
    public init?(data: Data) {}
    public init?(named name: String) {}
}

extension Image {
    public nonisolated init(uiImage: UIImage) { self.init("") }
}

// MARK: - Button styles

/// How a button behaves when pressed; each style is a type of its own, so two of them
/// are never one value (`c ? .plain : .bordered` does not type-check).
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

// MARK: - Localized strings

extension String {
    /// Foundation's `String(localized:table:bundle:locale:comment:)` (iOS 15), whose key is a
    /// `String.LocalizationValue` written as a literal; a plain string stands in for it.
    public init(localized key: String, table: String? = nil, comment: StaticString? = nil) {
        self = key
    }
}

// MARK: - UIKit appearance

/// UIKit's color, as views' backgrounds take it.
open class UIColor: @unchecked Sendable {
    public static var clear: UIColor { UIColor() }
    public init() {}
}

/// UIKit's view: main-actor isolated, as in UIKit.
@MainActor open class UIView {
    open var backgroundColor: UIColor?
    public init() {}
}

/// Types whose look can be set for every later instance (`UIAppearance`).
@MainActor public protocol UIAppearance: AnyObject {
    static func appearance() -> Self
}

/// UIKit's table view, which `List` was built on before iOS 16.
@MainActor open class UITableView: UIView, UIAppearance {
    public static func appearance() -> Self { fatalError() }
}

// MARK: - Geometry, preferences, focus and grids

/// A view's size and frame, given to `GeometryReader`'s content and `onGeometryChange`.
nonisolated public struct GeometryProxy {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { .zero }
}

nonisolated public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0
    public init() {}
}

nonisolated public enum CoordinateSpace: Hashable {
    case global, local
    case named(AnyHashable)
}

/// A view whose content is built from its own size and frame; it takes all the space offered.
nonisolated public struct GeometryReader<Content: View>: _PrimitiveView {
    public nonisolated init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

/// A view's size and alignment guides, as `alignmentGuide` reads them.
nonisolated public struct ViewDimensions {
    public var width: CGFloat { 0 }
    public var height: CGFloat { 0 }
    public subscript(guide: HorizontalAlignment) -> CGFloat { 0 }
    public subscript(guide: VerticalAlignment) -> CGFloat { 0 }
}

extension View {
    public nonisolated func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        ModifiedContent(content: self, modifier: _StandInModifier())
    }
    public nonisolated func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        ModifiedContent(content: self, modifier: _StandInModifier())
    }
}

/// A scroll view's offsets and sizes, given to `onScrollGeometryChange`.
nonisolated public struct ScrollGeometry: Equatable, Sendable {
    public var contentOffset: CGPoint { .zero }
    public var contentSize: CGSize { .zero }
    public var containerSize: CGSize { .zero }
    public var visibleRect: CGRect { .zero }
}

/// A value views below pass up to views above, read with `onPreferenceChange`.
public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension View {
    public nonisolated func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                                           action: @escaping (_ newValue: T) -> Void) -> some View { modifiedHere() }
    public nonisolated func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                                           action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> some View {
        modifiedHere()
    }
    public nonisolated func onScrollGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
                                                                 action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> some View {
        modifiedHere()
    }
    public nonisolated func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View { modifiedHere() }
    public nonisolated func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self,
                                                                 perform action: @escaping (K.Value) -> Void) -> some View
        where K.Value: Equatable { modifiedHere() }
    public nonisolated func coordinateSpace(name: AnyHashable) -> some View { modifiedHere() }
    public nonisolated func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value) -> some View {
        modifiedHere()
    }

    private nonisolated func modifiedHere() -> ModifiedContent<Self, _StandInModifier> {
        ModifiedContent(content: self, modifier: _StandInModifier())
    }
}

/// A type-erased shape style: two styles of different types in one ternary.
nonisolated public struct AnyShapeStyle: ShapeStyle {
    public nonisolated init<S: ShapeStyle>(_ style: S) {}
}

/// The view's tint color as a style (`.tint`).
nonisolated public struct TintShapeStyle: ShapeStyle {
    public nonisolated init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension Text {
    public nonisolated func bold(_ isActive: Bool) -> Text { self }
    public nonisolated func italic(_ isActive: Bool) -> Text { self }
}

/// The values of the focused view and its ancestors, read with `@FocusedValue(\.key)`.
nonisolated public struct FocusedValues {
    public init() {}
    public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
        get { nil }
        set {}
    }
}

public protocol FocusedValueKey {
    associatedtype Value
}

/// Reads a value of the focused view's hierarchy.
@propertyWrapper
public struct FocusedValue<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<FocusedValues, Value?>) {}
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    public var wrappedValue: Value? { nil }
}

nonisolated public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {}
}

nonisolated public struct LazyVGrid<Content: View>: _PrimitiveView {
    public nonisolated init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                            pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {}
}

nonisolated public struct LazyHGrid<Content: View>: _PrimitiveView {
    public nonisolated init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                            pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {}
}

/// Whether a field has focus; bound with `.focused($isFocused)`.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    public init() where Value == Bool {}
    public var wrappedValue: Value { get { Swift.fatalError("stand-in") } nonmutating set {} }
}
