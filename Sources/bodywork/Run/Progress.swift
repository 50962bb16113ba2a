// The one-line progress bar for long runs on a terminal:
// `[####    ] 123/456 files  12.3 MB/s  ETA 4s`, redrawn in place with `\r`.

/// State of the progress line; `Console` decides where it goes.
struct ProgressLine {
    let total: Int
    let start: Double
    private(set) var isVisible = false
    private var lastDrawn = 0.0

    /// Runs with more files than this show the bar at once; smaller ones after a second.
    static let fileThreshold = 200
    static let delay = 1.0
    static let width = 24

    init(total: Int, start: Double) {
        self.total = total
        self.start = start
    }

    /// The text to write, or nil when nothing should be drawn yet.
    mutating func redraw(done: Int, bytes: Int, now: Double) -> String? {
        let elapsed = now - start
        guard total > ProgressLine.fileThreshold || elapsed > ProgressLine.delay else { return nil }
        guard !isVisible || now - lastDrawn >= 0.1 else { return nil }
        lastDrawn = now
        isVisible = true
        return "\r" + ProgressLine.render(done: done, total: total, bytes: bytes, elapsed: elapsed) + "\u{1B}[K"
    }

    /// The escape sequence that erases the line.
    mutating func clear() -> String {
        isVisible = false
        return "\r\u{1B}[K"
    }

    /// `[####    ] 123/456 files  12.3 MB/s  ETA 4s`.
    static func render(done: Int, total: Int, bytes: Int, elapsed: Double) -> String {
        let filled = total == 0 ? width : min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        var text = "[\(bar)] \(done)/\(total) files"
        if elapsed > 0 {
            text += "  " + megabytesPerSecond(bytes: bytes, seconds: elapsed)
        }
        if done > 0 && done < total {
            let remaining = elapsed / Double(done) * Double(total - done)
            text += "  ETA \(Int(remaining.rounded(.up)))s"
        }
        return text
    }
}

/// `12.3 MB/s`.
func megabytesPerSecond(bytes: Int, seconds: Double) -> String {
    let rate = seconds > 0 ? Double(bytes) / 1_000_000 / seconds : 0
    return "\(oneDecimal(rate)) MB/s"
}

/// A number with one digit after the point, without Foundation formatting.
func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
}
