/// Bytes written as lowercase hexadecimal: digests, tokens, secrets.
extension Sequence<UInt8> {
    public var hexEncoded: String {
        var text = ""
        for byte in self {
            text.append(Self.digits[Int(byte >> 4)])
            text.append(Self.digits[Int(byte & 0x0f)])
        }
        return text
    }

    private static var digits: [Character] { Array("0123456789abcdef") }
}

public enum RandomHex {
    /// `count` random bytes from the system's secure generator, as hex.
    public static func bytes(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexEncoded
    }
}
