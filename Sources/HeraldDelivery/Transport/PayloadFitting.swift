import Foundation

/// APNs and FCM both refuse payloads over 4096 bytes. The text (subtitle or
/// body) gives way first, then the title, a character at a time at least
/// (never splitting one, so the UTF-8 stays valid), until the encoding fits.
enum PayloadFitting {
    static func fit(title: String, text: String, maxBytes: Int, _ encode: (_ title: String, _ text: String) -> Data) -> Data {
        var title = title
        var text = text
        while true {
            let data = encode(title, text)
            if data.count <= maxBytes || (title.isEmpty && text.isEmpty) { return data }
            // Drop about as many characters as the excess (4 bytes at most each).
            let excess = max(1, (data.count - maxBytes) / 4)
            if !text.isEmpty { text = String(text.dropLast(excess)) } else { title = String(title.dropLast(excess)) }
        }
    }
}
