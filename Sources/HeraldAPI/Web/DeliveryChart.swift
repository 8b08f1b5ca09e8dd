import Foundation
import HeraldCore

/// Pushes per minute by outcome, as an inline SVG drawn here: stacked bars,
/// one a minute, over the minutes the deliveries were last touched (at most
/// the last `maxMinutes` of them), so a failing provider shows as red at a
/// glance without any script.
struct DeliveryChart {
    static let maxMinutes = 180
    static let minMinutes = 10
    static let width = 720.0
    static let height = 200.0
    static let left = 44.0
    static let bottom = 24.0
    static let top = 10.0

    /// The colour of each outcome, in stacking order (bottom first).
    static let colors: [(DeliveryState, String)] = [
        (.sent, "#1f9d55"), (.skipped, "#94a3b8"), (.pending, "#60a5fa"), (.retrying, "#f59e0b"), (.dropped, "#8b5cf6"), (.failed, "#dc2626"),
    ]

    /// Counts per minute: minute start → outcome → count.
    let buckets: [Date: [DeliveryState: Int]]
    let firstMinute: Date
    let minutes: Int

    init(_ events: [(at: Date, state: DeliveryState)]) {
        let minute = { (date: Date) in Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60) }
        let last = minute(events.map(\.at).max() ?? Date(timeIntervalSince1970: 0))
        let earliest = minute(events.map(\.at).min() ?? last)
        let span = Int(last.timeIntervalSince(earliest) / 60) + 1
        minutes = min(max(span, Self.minMinutes), Self.maxMinutes)
        firstMinute = last.addingTimeInterval(-Double(minutes - 1) * 60)
        var buckets: [Date: [DeliveryState: Int]] = [:]
        // Older than the window: counted in its first minute, not lost.
        for event in events { buckets[max(minute(event.at), firstMinute), default: [:]][event.state, default: 0] += 1 }
        self.buckets = buckets
    }

    var isEmpty: Bool { buckets.isEmpty }

    /// The chart with its words (the label, each minute's outcomes) in `language`.
    func svg(_ language: Language = .en) -> String {
        let plotWidth = Self.width - Self.left - 8
        let plotHeight = Self.height - Self.top - Self.bottom
        let peak = max(buckets.values.map { $0.values.reduce(0, +) }.max() ?? 0, 1)
        let scale = Self.niceCeiling(peak)
        let slot = plotWidth / Double(minutes)
        let barWidth = max(slot * 0.8, 1)
        var parts: [String] = []
        let total = buckets.values.flatMap(\.values).reduce(0, +)
        let label = Catalog.text("report.chartLabel", language, ["total": "\(total)", "minutes": "\(minutes)", "peak": "\(peak)"])
        parts.append(
            ##"<svg class="chart" viewBox="0 0 \##(Int(Self.width)) \##(Int(Self.height))" role="img" aria-label="\##(label)" xmlns="http://www.w3.org/2000/svg">"##
        )
        for fraction in [0.0, 0.5, 1.0] {
            let y = Self.top + plotHeight * (1 - fraction)
            let label = Int((Double(scale) * fraction).rounded())
            parts.append(##"<line class="grid" x1="\##(Self.left)" x2="\##(Self.width - 8)" y1="\##(y)" y2="\##(y)" stroke="#d1d5db" stroke-width="1"/>"##)
            parts.append(##"<text x="\##(Self.left - 6)" y="\##(y + 4)" text-anchor="end" font-size="11" fill="#6b7280">\##(label)</text>"##)
        }
        for index in 0..<minutes {
            let minute = firstMinute.addingTimeInterval(Double(index) * 60)
            guard let counts = buckets[minute] else { continue }
            let x = Self.left + Double(index) * slot + (slot - barWidth) / 2
            var y = Self.top + plotHeight
            let summary = Self.colors.compactMap { state, _ in counts[state].map { "\($0) \(Self.outcome(state, language))" } }
                .joined(separator: ", ")
            parts.append("<g><title>\(Self.clock(minute)) UTC: \(summary)</title>")
            for (state, color) in Self.colors {
                guard let count = counts[state], count > 0 else { continue }
                let barHeight = plotHeight * Double(count) / Double(scale)
                y -= barHeight
                parts.append(##"<rect x="\##(Self.format(x))" y="\##(Self.format(y))" width="\##(Self.format(barWidth))" height="\##(Self.format(barHeight))" fill="\##(color)"/>"##)
            }
            parts.append("</g>")
        }
        // Time labels: the first minute, the middle and the last.
        for index in Set([0, minutes / 2, minutes - 1]).sorted() {
            let x = Self.left + (Double(index) + 0.5) * slot
            let anchor = index == 0 ? "start" : index == minutes - 1 ? "end" : "middle"
            let labelX = index == 0 ? Self.left : index == minutes - 1 ? Self.width - 8 : x
            parts.append(
                ##"<text x="\##(Self.format(labelX))" y="\##(Self.height - 6)" text-anchor="\##(anchor)" font-size="11" fill="#6b7280">\##(Self.clock(firstMinute.addingTimeInterval(Double(index) * 60)))</text>"##
            )
        }
        parts.append("</svg>")
        return parts.joined()
    }

    /// The axis top: the peak rounded up to 1, 2 or 5 times a power of ten.
    static func niceCeiling(_ value: Int) -> Int {
        var magnitude = 1
        while true {
            for step in [1, 2, 5] where step * magnitude >= value { return step * magnitude }
            magnitude *= 10
        }
    }

    static func clock(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970)
        let minutesOfDay = ((seconds / 60) % 1440 + 1440) % 1440
        return String(format: "%02d:%02d", minutesOfDay / 60, minutesOfDay % 60)
    }

    static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    /// An outcome in words (the report's counts, legend and devices say it so too).
    static func outcome(_ state: DeliveryState, _ language: Language) -> String {
        DeliveryReportPage.word("report.outcome.\(state.rawValue)", language, else: state.rawValue)
    }
}
