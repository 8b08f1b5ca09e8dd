import HeraldCore
import HeraldIdentity
import HeraldPublishing
import HeraldUseCases

/// The parts the composition root (`APIRoutes`) builds once per
/// application and hands out: each controller and page is built with the
/// few it uses (its use cases, the narrow store reads it lists), and none
/// holds this whole set or the whole store.
struct APIParts: Sendable {
    let config: HeraldConfig
    let store: any HeraldStore
    let tokens: AccessTokens
    let auth: RequestAuthenticator
    let signIn: SignIn
    let senders: SenderAuthorization
    let refusals: RefusalMetrics
    /// What users change for themselves, decided once for every way in.
    let users: UserUseCases
    /// What a sign-in does to accounts: the account a login reaches (made
    /// at the first), the login recorded, web sessions.
    let signIns: SignIns
    /// A password sign-in, braked and counted (`POST /login` and the sign-in page).
    let passwordLogins: PasswordLogins
    /// What a verified login opens (the JSON API's, OpenID's and the sign-in page's).
    let accountSessions: AccountSessions
    /// Accounts as admins make, change and delete them.
    let accounts: UserAccounts
    let accountLinks: AccountLinks
    /// Notifications held for later and recurring ones.
    let schedules: Schedules
    /// Services, their feeds and their own templates (admins).
    let services: Services
    let serviceTokens: ServiceTokens
    /// Teams, and who holds which role of each service (issue 41).
    let teams: Teams
    let serviceRoles: ServiceRoles
    /// Which teams must or should receive a service.
    let teamSubscriptions: TeamSubscriptions
    /// The audit log as admins and owners read it.
    let auditLog: AuditLog
    /// A service's own publish rate limit.
    let rateLimits: ServiceRateLimits
    let feeds: Feeds
    let templates: ServiceTemplates
    /// How a service's notifications alert, where it differs from the site.
    let alerting: ServiceAlertingChoices
    /// Alertmanager's and Grafana's reports, as the receivers take them.
    let alertReports: AlertReports
    /// Where a service's acknowledgements are sent back.
    let writeBacks: ServiceWriteBacks
    /// On-call rotas and their calendars; services' escalation policies.
    let rotas: Rotas
    let escalations: EscalationPolicies
    /// Paging a team or a rota.
    let pages: Pages
    /// A notification's delivery report and its timeline (admins: the JSON routes and the report page).
    let deliveryReports: DeliveryReports
    let timelines: NotificationTimeline
    let decoding: RequestDecoding
    /// The one way notifications get in (it wakes the delivery worker).
    let publisher: Publisher
    let clock: WallClock
    /// The VAPID key when Web Push is on (WEBPUSH_SUBJECT), read from the
    /// shared settings once per process: the public-key route and the
    /// acknowledgement links, both open to anyone, must not each write the
    /// setting (and make a candidate key) per request.
    let vapidKeys: VAPIDKeys?
    /// Calendar feed requests per client.
    let feedBrake: FeedBrake
    /// Chat rooms per service, their buttons and linked accounts (issue 43).
    let chatRooms: ChatRooms
    /// An ephemeral answer to whoever pressed a Slack button (nil: no Slack app).
    let respondToSlack: (@Sendable (_ url: String, _ text: String) async throws -> Void)?
    /// The Mattermost bot's private message to a user (nil: no Mattermost bot).
    let messageMattermostUser: (@Sendable (_ user: String, _ text: String) async throws -> Void)?
}

/// The use cases of a user's own changes, made once per application.
struct UserUseCases: Sendable {
    let visibility: ServiceVisibility
    /// Confined accounts kept to the demo service at each login.
    let confinement: AccountConfinement
    /// What a user reads of their inbox (a confined account: the demo service's only).
    let reads: InboxReads
    let subscriptions: Subscriptions
    let devices: Devices
    let inbox: InboxChanges
    let acknowledgements: Acknowledgements
    /// Quiet hours and snoozes.
    let quietHours: QuietHoursChoices
    /// Contact methods and their rules; the answers to texts (issue 42).
    let contacts: ContactMethods
    let replies: ContactReplies

    init(
        config: HeraldConfig, store: any HeraldStore, clock: WallClock, refusals: RefusalMetrics, wakeWorker: @escaping @Sendable () -> Void,
        wakeFanouts: @escaping @Sendable () -> Void = {}, contactChannels: ContactChannelParts? = nil
    ) {
        let brake = UserChangeBrake(perMinute: config.limits.userChangesPerMinute, clock: clock) { refusals.count(.userChanges) }
        visibility = ServiceVisibility(confinement: config.auth.confinement, access: store)
        confinement = AccountConfinement(store: store, visibility: visibility)
        reads = InboxReads(store: store, visibility: visibility)
        subscriptions = Subscriptions(store: store, visibility: visibility, brake: brake, filtersPerService: config.limits.filtersPerService)
        devices = Devices(
            store: store, visibility: visibility, brake: brake, devicesPerUser: config.limits.devicesPerUser, webPush: config.outbound.webPushEndpoints,
            clock: clock
        )
        inbox = InboxChanges(store: store, brake: brake, clock: clock)
        let metrics = AcknowledgementMetrics(registry: refusals.registry)
        acknowledgements = Acknowledgements(
            store: store, visibility: visibility, brake: brake, clock: clock, acknowledged: { metrics.record(acknowledgedAfter: $0) },
            withdrawn: { metrics.recordWithdrawal() }, withdrawOn: config.delivery.withdrawalPlatforms, wake: wakeWorker,
            inlineAudience: config.fanoutInlineSubscribers, wakeFanouts: wakeFanouts,
            // Messages followed after they went (ntfy, Pushover) are due at once: their alarm was taken.
            followUp: { id in _ = try? await store.hastenFollowUps(notificationID: id, now: clock.now()) }
        )
        quietHours = QuietHoursChoices(store: store, visibility: visibility, brake: brake, clock: clock)
        contacts = ContactMethods(
            store: store, settings: config.contacts, sender: contactChannels?.sender, visibility: visibility, brake: brake, clock: clock
        )
        let codes: @Sendable () async throws -> ContactReplyCode
        if let made = contactChannels?.replyCodes {
            codes = made
        } else {
            let keys = VAPIDKeys(settings: store, subject: config.delivery.webPushSubject ?? "mailto:herald@invalid")
            codes = { ContactReplyCode(vapid: try await keys.vapid()) }
        }
        replies = ContactReplies(store: store, acknowledgements: acknowledgements, codes: codes, windowHours: config.contacts.replyHours, clock: clock)
    }
}

/// What the edge needs of the site's contact channels (made by the
/// composition root, which also hands them to the worker).
/// What the API takes of the site's chat clients (issue 43).
public struct ChatParts: Sendable {
    public var respondToSlack: (@Sendable (_ url: String, _ text: String) async throws -> Void)?
    public var messageMattermostUser: (@Sendable (_ user: String, _ text: String) async throws -> Void)?
    /// The site's Matrix bot, asked where it stands in a room a keeper adds.
    public var matrixRooms: (any MatrixRoomProbe)?

    public init(
        respondToSlack: (@Sendable (_ url: String, _ text: String) async throws -> Void)?,
        messageMattermostUser: (@Sendable (_ user: String, _ text: String) async throws -> Void)? = nil,
        matrixRooms: (any MatrixRoomProbe)? = nil
    ) {
        self.respondToSlack = respondToSlack
        self.messageMattermostUser = messageMattermostUser
        self.matrixRooms = matrixRooms
    }
}

public struct ContactChannelParts: Sendable {
    public var sender: any ContactCodeSender
    public var replyCodes: @Sendable () async throws -> ContactReplyCode

    public init(sender: any ContactCodeSender, replyCodes: @escaping @Sendable () async throws -> ContactReplyCode) {
        self.sender = sender
        self.replyCodes = replyCodes
    }
}

/// The API generation a route set is mounted for: v1 is what the first
/// mobile apps use, v2 is current.
enum APIVersion: String, Sendable, CaseIterable {
    case v1
    case v2
}
