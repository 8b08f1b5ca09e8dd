import Foundation

/// APNs and FCM both refuse payloads over 4096 bytes, and a refused push
/// is lost for good, so every notification is made to fit. What gives way,
/// in order: the text (subtitle or body); the title, down to what a lock
/// screen shows; the link (dropped whole: a cut URL leads nowhere, and the
/// inbox keeps the full one); then the rest of the title. Characters go a
/// few at a time and are never split, so the UTF-8 stays valid.
enum PayloadFitting {
    /// Titles are cut no shorter than this while a link can go instead.
    static let titleKeptBeforeTheLink = 256

    static func fit(
        title: String, text: String, url: String, maxBytes: Int, _ encode: (_ title: String, _ text: String, _ url: String) -> Data
    ) -> Data {
        var title = title
        var text = text
        var url = url
        while true {
            let data = encode(title, text, url)
            if data.count <= maxBytes || (title.isEmpty && text.isEmpty && url.isEmpty) { return data }
            // Drop about as many characters as the excess (4 bytes at most each).
            let excess = max(1, (data.count - maxBytes) / 4)
            if !text.isEmpty {
                text = String(text.dropLast(excess))
            } else if !url.isEmpty, title.count > titleKeptBeforeTheLink {
                title = String(title.prefix(max(titleKeptBeforeTheLink, title.count - excess)))
            } else if !url.isEmpty {
                url = ""
            } else {
                title = String(title.dropLast(excess))
            }
        }
    }
}
