// The part of Apple's Charts this case needs, with its real shapes: chart content is not a
// View, and a ForEach of chart content is chart content.
import SwiftUI

@MainActor @preconcurrency
public protocol ChartContent {}

@resultBuilder
public struct ChartContentBuilder {
    public static func buildExpression<Content: ChartContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: ChartContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ChartContent>(_ content: repeat each Content) -> TupleChartContent<(repeat each Content)> {
        TupleChartContent()
    }
    public static func buildEither<TrueContent: ChartContent, FalseContent: ChartContent>(first: TrueContent) -> ConditionalChartContent<TrueContent, FalseContent> {
        ConditionalChartContent()
    }
    public static func buildEither<TrueContent: ChartContent, FalseContent: ChartContent>(second: FalseContent) -> ConditionalChartContent<TrueContent, FalseContent> {
        ConditionalChartContent()
    }
}

public struct TupleChartContent<Content>: ChartContent {}

public struct ConditionalChartContent<TrueContent: ChartContent, FalseContent: ChartContent>: ChartContent {}

public struct BarMark: ChartContent {
    public init(x: String, y: Int) {}
}

public struct PointMark: ChartContent {
    public init(x: String, y: Int) {}
}

extension ForEach: @retroactive ChartContent where Content: ChartContent {}

extension ForEach where Content: ChartContent {
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content)
        where ID == Data.Element.ID, Data.Element: Identifiable {
        fatalError("stand-in")
    }
}

public struct Chart<Content: ChartContent>: View {
    public init(@ChartContentBuilder content: () -> Content) {}
    public var body: some View { EmptyView() }
}
