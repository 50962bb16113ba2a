// Module selectors: `Module::Name` in types, expressions, attributes, macros and imports.
import struct Kit::Thing

extension CoreGraphics::CGEvent {}

struct Screen {
    let app: Apps::Application
    var names: [Swift::String] = []

    @Kit::Builder func content(@UI::Builder rows: () -> Swift::Int) -> Swift::Int {
        Swift::print(app.Swift::description)
        let path = \Swift::Array<Swift::Int>.Swift::count
        #Kit::log("built")
        return rows() + path.hashValue + .Swift::zero
    }
}
