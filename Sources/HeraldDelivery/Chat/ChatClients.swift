import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import ServiceLifecycle

/// The site's chat services (issue 43), made once per process from the
/// configuration: Slack's and Mattermost's clients (each trusting only the
/// operator's URL), Teams' (under the outbound policy, trusting only the
/// origins TEAMS_WEBHOOK_HOSTS names whole), and the signer their buttons
/// and links share.
public struct ChatClients: Sendable {
    public let clients: [any ChatRoomClient]
    public let slack: SlackClient?
    public let mattermost: MattermostClient?
    /// Matrix rooms' posts, whose reactions `ChatRoomReactions` reads.
    public let matrix: MatrixRoomClient?
    public let signer: @Sendable () async throws -> ChatSigner
    /// Closes the HTTP clients when the service group ends.
    public let closing: any ServiceLifecycle.Service

    /// Nil when no room of any kind could be posted to.
    public static func make(config: HeraldConfig, settings: any SharedSettings) throws -> ChatClients? {
        let chat = config.chat
        guard !chat.kinds.isEmpty else { return nil }
        let vapid = VAPIDKeys(settings: settings, subject: config.delivery.webPushSubject ?? "mailto:herald@invalid")
        let signer: @Sendable () async throws -> ChatSigner = { ChatSigner(vapid: try await vapid.vapid()) }
        let tls = try OutboundHTTP.tls(caBundlePEM: config.delivery.caBundlePEM)
        var closers: [@Sendable () async -> Void] = []
        func client(trusting origins: [String]) -> OutboundHTTP {
            let http = OutboundHTTP(policy: config.outbound.policy, tls: tls, readTimeout: .seconds(15), trustedOrigins: origins)
            closers.append { try? await http.shutdown() }
            return http
        }
        var clients: [any ChatRoomClient] = []
        var slack: SlackClient?
        if let settings = chat.slack {
            slack = SlackClient(settings: settings, http: client(trusting: [settings.baseURL]), signer: signer)
            clients.append(slack!)
        }
        var mattermost: MattermostClient?
        if let settings = chat.mattermost {
            mattermost = MattermostClient(settings: settings, http: client(trusting: [settings.baseURL]), publicURL: config.publicURL, signer: signer)
            clients.append(mattermost!)
        }
        if !chat.teamsHosts.isEmpty { clients.append(TeamsWebhookClient(http: client(trusting: chat.teamsOrigins), allows: { [chat] in chat.allowsTeamsWebhook($0) })) }
        var matrix: MatrixRoomClient?
        if let settings = chat.matrix {
            matrix = MatrixRoomClient(client: MatrixClient(settings: settings, http: client(trusting: [settings.baseURL])))
            clients.append(matrix!)
        }
        let closeAll = closers
        return ChatClients(
            clients: clients, slack: slack, mattermost: mattermost, matrix: matrix, signer: signer, closing: ClosingService("chat clients") { for close in closeAll { await close() } }
        )
    }
}
