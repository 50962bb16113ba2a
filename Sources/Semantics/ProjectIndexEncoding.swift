// One file's index facts as bytes, so the index pass can keep them in a cache keyed by
// the file's content and skip parsing files that did not change.
//
// Layout: every string and count is a LEB128 length or value; strings are UTF-8. Sets and
// dictionaries are written in sorted order, so equal facts always give equal bytes.

extension ProjectIndex {
    /// The facts (types, conformances, properties, wrappers, aliases, the names written) without the paths
    /// and file count, which belong to whoever reads the bytes back.
    public func encodedFacts() -> [UInt8] {
        var out: [UInt8] = []
        func write(_ value: Int) {
            var rest = UInt64(value)
            repeat {
                let byte = UInt8(rest & 0x7f)
                rest >>= 7
                out.append(rest == 0 ? byte : byte | 0x80)
            } while rest != 0
        }
        func write(_ text: String) {
            let bytes = Array(text.utf8)
            write(bytes.count)
            out.append(contentsOf: bytes)
        }
        func write(_ set: Set<String>) {
            write(set.count)
            for name in set.sorted() { write(name) }
        }
        func write(_ map: [String: String]) {
            write(map.count)
            for (key, value) in map.sorted(by: { $0.key < $1.key }) { write(key); write(value) }
        }
        write(conformances.count)
        for (type, names) in conformances.sorted(by: { $0.key < $1.key }) { write(type); write(names) }
        for nested in [propertyTypes, propertyWrappers] {
            write(nested.count)
            for (type, map) in nested.sorted(by: { $0.key < $1.key }) { write(type); write(map) }
        }
        write(typealiases)
        write(declaredTypes)
        write(classTypes)
        write(selfIdentifiedTypes)
        // Names: how the file writes each, its uses in several files (if any) added up.
        write(names.count)
        for (name, uses) in names.sorted(by: { $0.key < $1.key }) {
            var all = NameUse()
            for use in uses {
                all.flags.formUnion(use.flags)
                all.plainWrites += use.plainWrites
                all.memberWrites += use.memberWrites
            }
            write(name)
            write(Int(all.flags.rawValue))
            write(Int(all.plainWrites))
            write(Int(all.memberWrites))
        }
        return out
    }

    /// Facts read back from `encodedFacts()`, recorded as the index of the one file at
    /// `path`; nil when the bytes are not exactly such an encoding.
    public init?(encodedFacts bytes: ArraySlice<UInt8>, path: String) {
        var reader = FactReader(bytes: bytes)
        guard let facts = reader.facts(), reader.isAtEnd else { return nil }
        self = facts.index
        setNames(facts.names, path: path)
        fileCount = 1
        indexedPaths = [path]
    }
}

/// Reads the layout `encodedFacts()` writes; every read checks its bounds.
private struct FactReader {
    let bytes: ArraySlice<UInt8>
    var offset: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    /// A length or count of entries, which cannot exceed what the bytes could hold.
    mutating func number() -> Int? {
        guard let value = value(), value <= UInt64(bytes.count) * 8 + 64 else { return nil }
        return Int(value)
    }

    /// A value up to `limit` (a count of writes, which the bytes do not bound).
    mutating func number(upTo limit: UInt64) -> Int? {
        guard let value = value(), value <= limit else { return nil }
        return Int(value)
    }

    private mutating func value() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.endIndex, shift < 63 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    mutating func string() -> String? {
        guard let count = number(), count <= bytes.endIndex - offset else { return nil }
        let text = String(validating: bytes[offset..<(offset + count)], as: UTF8.self)
        offset += count
        return text
    }

    mutating func set() -> Set<String>? {
        guard let count = number() else { return nil }
        var result = Set<String>()
        for _ in 0..<count {
            guard let name = string() else { return nil }
            result.insert(name)
        }
        return result
    }

    mutating func map() -> [String: String]? {
        guard let count = number() else { return nil }
        var result: [String: String] = [:]
        for _ in 0..<count {
            guard let key = string(), let value = string() else { return nil }
            result[key] = value
        }
        return result
    }

    mutating func nested() -> [String: [String: String]]? {
        guard let count = number() else { return nil }
        var result: [String: [String: String]] = [:]
        for _ in 0..<count {
            guard let type = string(), let entries = map() else { return nil }
            result[type] = entries
        }
        return result
    }

    mutating func facts() -> (index: ProjectIndex, names: [String: NameUse])? {
        guard let count = number() else { return nil }
        var conformances: [String: Set<String>] = [:]
        for _ in 0..<count {
            guard let type = string(), let names = set() else { return nil }
            conformances[type] = names
        }
        guard let propertyTypes = nested(), let propertyWrappers = nested(), let typealiases = map(),
              let declaredTypes = set(), let classTypes = set(), let selfIdentified = set(),
              let nameCount = number() else { return nil }
        var names: [String: NameUse] = [:]
        names.reserveCapacity(nameCount)
        for _ in 0..<nameCount {
            guard let name = string(), let flags = number(upTo: UInt64(UInt8.max)),
                  let plain = number(upTo: UInt64(UInt32.max)), let member = number(upTo: UInt64(UInt32.max))
            else { return nil }
            names[name] = NameUse(file: 0, flags: NameUse.Flags(rawValue: UInt8(flags)),
                                  plainWrites: UInt32(plain), memberWrites: UInt32(member))
        }
        var facts = ProjectIndex(conformances: conformances, propertyTypes: propertyTypes, typealiases: typealiases,
                                 propertyWrappers: propertyWrappers, declaredTypes: declaredTypes, classTypes: classTypes)
        facts.selfIdentifiedTypes = selfIdentified
        return (facts, names)
    }
}
