import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The real Matrix homeserver the test script starts (Synapse from PyPI on
/// SQLite, `scripts/lib/synapse.sh`, issue 43): its URL and registration
/// secret come from HERALD_TEST_SYNAPSE_URL and HERALD_TEST_SYNAPSE_SECRET.
/// A test registers users of its own (fresh names) with the shared secret,
/// as Synapse's `register_new_matrix_user` does, and acts as them.
public struct Synapse: Sendable {
    public let url: String
    let secret: String

    public static func fromEnvironment() throws -> Synapse {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["HERALD_TEST_SYNAPSE_URL"], let secret = environment["HERALD_TEST_SYNAPSE_SECRET"] else {
            throw TestSetupError("HERALD_TEST_SYNAPSE_URL is not set: run the tests with scripts/test, which starts Synapse")
        }
        return Synapse(url: url, secret: secret)
    }

    /// A Matrix account and its access token.
    public struct Account: Sendable {
        public let userID: String
        public let token: String
        let url: String

        /// Calls the client-server API as this account.
        public func call(_ method: HTTPMethod, _ path: String, json: [String: Any]? = nil) async throws -> [String: Any] {
            try await Synapse.request(method, url + path, token: token, json: json)
        }

        /// Joins every room it is invited to; their ids.
        public func acceptInvites() async throws -> [String] {
            let sync = try await call(.GET, "/_matrix/client/v3/sync?timeout=0")
            let invited = Array(((sync["rooms"] as? [String: Any])?["invite"] as? [String: Any] ?? [:]).keys)
            for room in invited { _ = try await call(.POST, "/_matrix/client/v3/join/\(Self.segment(room))", json: [:]) }
            return invited
        }

        /// The room's latest messages, newest first: each event's id, sender and content.
        public func messages(in room: String) async throws -> [[String: Any]] {
            let answer = try await call(.GET, "/_matrix/client/v3/rooms/\(Self.segment(room))/messages?dir=b&limit=50")
            return (answer["chunk"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "m.room.message" }
        }

        /// The new words of every edit (`m.replace`) of `event` in `room`, newest first.
        public func edits(of event: String, in room: String) async throws -> [String] {
            try await messages(in: room).compactMap { message in
                let content = message["content"] as? [String: Any]
                let relation = content?["m.relates_to"] as? [String: Any]
                guard relation?["event_id"] as? String == event, relation?["rel_type"] as? String == "m.replace" else { return nil }
                return (content?["m.new_content"] as? [String: Any])?["body"] as? String
            }
        }

        /// Replies `text` to `event` (as clients do: the quoted fallback first).
        public func reply(in room: String, to event: String, _ text: String) async throws {
            _ = try await call(
                .PUT, "/_matrix/client/v3/rooms/\(Self.segment(room))/send/m.room.message/\(UUID().uuidString)",
                json: ["msgtype": "m.text", "body": "> <@herald:localhost> the alarm\n\n\(text)", "m.relates_to": ["m.in_reply_to": ["event_id": event]]]
            )
        }

        /// Reacts to `event` with `key`.
        public func react(in room: String, to event: String, with key: String) async throws {
            _ = try await call(
                .PUT, "/_matrix/client/v3/rooms/\(Self.segment(room))/send/m.reaction/\(UUID().uuidString)",
                json: ["m.relates_to": ["rel_type": "m.annotation", "event_id": event, "key": key]]
            )
        }

        static func segment(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
        }
    }

    /// Registers `name` (made unique) through the shared-secret admin API.
    public func register(_ name: String) async throws -> Account {
        let user = "\(name)\(UInt32.random(in: 0...UInt32.max))"
        let password = UUID().uuidString
        let nonce = try await Self.request(.GET, url + "/_synapse/admin/v1/register", token: nil, json: nil)["nonce"] as? String ?? ""
        let signed = Data("\(nonce)\u{0}\(user)\u{0}\(password)\u{0}notadmin".utf8)
        let mac = HMAC<Insecure.SHA1>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        let answer = try await Self.request(
            .POST, url + "/_synapse/admin/v1/register", token: nil,
            json: ["nonce": nonce, "username": user, "password": password, "admin": false, "mac": mac.map { String(format: "%02x", $0) }.joined()]
        )
        guard let id = answer["user_id"] as? String, let token = answer["access_token"] as? String else { throw TestSetupError("Synapse did not register \(user): \(answer)") }
        return Account(userID: id, token: token, url: url)
    }

    static func request(_ method: HTTPMethod, _ url: String, token: String?, json: [String: Any]?) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "authorization", value: "Bearer \(token)") }
        if let json {
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 22)
        let object = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
        guard response.status == .ok else { throw TestSetupError("Synapse answered \(response.status) to \(method) \(url): \(object)") }
        return object
    }
}
