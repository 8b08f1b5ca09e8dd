import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the aes128gcm content
/// coding (RFC 8188): a fresh P-256 key pair and salt per message, keys
/// derived from the ECDH secret with the subscription's auth secret, one
/// record. Transport-free; the decryption is the push service's (and the
/// browser's) side, kept here for the tests' push-service mock.
public enum WebPushEncryption {
    /// One record of up to 4096 bytes: payloads are kept well below.
    static let recordSize: UInt32 = 4096

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The encrypted body for a subscription with `userAgentPublicKey`
    /// (65 bytes, uncompressed) and `authSecret` (16 bytes).
    public static func encrypt(
        _ plaintext: Data, userAgentPublicKey: Data, authSecret: Data,
        serverKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(), salt: Data = randomSalt()
    ) throws(Failure) -> Data {
        let userAgentKey: P256.KeyAgreement.PublicKey
        do { userAgentKey = try P256.KeyAgreement.PublicKey(x963Representation: userAgentPublicKey) } catch {
            throw Failure(description: "the subscription's p256dh is not a P-256 public key")
        }
        let serverPublic = serverKey.publicKey.x963Representation
        let (key, nonce) = try keys(
            secret: try agreement(serverKey, userAgentKey), authSecret: authSecret, userAgentPublic: userAgentPublicKey, serverPublic: serverPublic, salt: salt
        )
        // The last (only) record ends with the delimiter 0x02, no padding.
        var record = plaintext
        record.append(0x02)
        guard let sealed = try? AES.GCM.seal(record, using: key, nonce: nonce) else { throw Failure(description: "AES-GCM refused the record") }
        var body = salt
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(serverPublic.count))
        body.append(serverPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// The plaintext of a body encrypted for the holder of `userAgentKey`.
    public static func decrypt(_ body: Data, userAgentKey: P256.KeyAgreement.PrivateKey, authSecret: Data) throws(Failure) -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { throw Failure(description: "too short for an aes128gcm header") }
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        guard bytes.count > 21 + idLength + 16 else { throw Failure(description: "too short for its key id and a record") }
        let serverPublic = Data(bytes[21..<(21 + idLength)])
        let sealedBytes = Data(bytes[(21 + idLength)...])
        let serverKey: P256.KeyAgreement.PublicKey
        do { serverKey = try P256.KeyAgreement.PublicKey(x963Representation: serverPublic) } catch {
            throw Failure(description: "the key id is not a P-256 public key")
        }
        let secret: SharedSecret
        do { secret = try userAgentKey.sharedSecretFromKeyAgreement(with: serverKey) } catch { throw Failure(description: "key agreement failed") }
        let (key, nonce) = try keys(
            secret: secret, authSecret: authSecret, userAgentPublic: userAgentKey.publicKey.x963Representation, serverPublic: serverPublic, salt: salt
        )
        guard let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: sealedBytes.dropLast(16), tag: sealedBytes.suffix(16)),
              var record = try? AES.GCM.open(box, using: key)
        else { throw Failure(description: "the record does not open with these keys") }
        while let last = record.last, last == 0 { record.removeLast() }
        guard record.last == 0x02 else { throw Failure(description: "the record lacks its final delimiter") }
        return record.dropLast()
    }

    public static func randomSalt() -> Data { Data((0..<16).map { _ in UInt8.random(in: 0...255) }) }

    static func agreement(_ key: P256.KeyAgreement.PrivateKey, _ other: P256.KeyAgreement.PublicKey) throws(Failure) -> SharedSecret {
        do { return try key.sharedSecretFromKeyAgreement(with: other) } catch { throw Failure(description: "key agreement failed") }
    }

    /// RFC 8291 section 3.4 then RFC 8188 section 2.2.
    static func keys(
        secret: SharedSecret, authSecret: Data, userAgentPublic: Data, serverPublic: Data, salt: Data
    ) throws(Failure) -> (SymmetricKey, AES.GCM.Nonce) {
        var info = Data("WebPush: info".utf8)
        info.append(0)
        info.append(userAgentPublic)
        info.append(serverPublic)
        let ikm = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: authSecret, sharedInfo: info, outputByteCount: 32)
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\u{0}".utf8), outputByteCount: 16)
        let nonceBytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\u{0}".utf8), outputByteCount: 12)
        guard let nonce = try? AES.GCM.Nonce(data: nonceBytes.withUnsafeBytes { Data($0) }) else { throw Failure(description: "bad nonce") }
        return (key, nonce)
    }
}

extension Data {
    /// Base64url without padding, as Web Push writes keys.
    public var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// From base64url (padding optional); nil for anything else.
    public init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        self.init(base64Encoded: base64)
    }
}
