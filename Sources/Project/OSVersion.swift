// Deployment targets as the manifests write them (`15`, `10.15`), compared as numbers:
// a project can list several, and the lowest one is what the code must run on.

/// Dotted OS version strings (`15`, `10.15`, `17.0.1`), compared numerically.
public enum OSVersion {
    /// Whether `text` is dot-separated numbers only (`$(inherited)` and `""` are not).
    public static func isVersion(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// The lower of two versions.
    public static func lower(_ a: String, _ b: String) -> String {
        compare(a, b) <= 0 ? a : b
    }

    /// Negative, zero or positive as `a` is older than, the same as or newer than `b`.
    public static func compare(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }
        let y = b.split(separator: ".").map { Int($0) ?? 0 }
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? x[i] : 0
            let r = i < y.count ? y[i] : 0
            if l != r { return l < r ? -1 : 1 }
        }
        return 0
    }
}
