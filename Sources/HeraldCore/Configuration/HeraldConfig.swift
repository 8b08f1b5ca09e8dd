import Configuration
import Foundation
import Logging
import SystemPackage

/// Herald's settings. Names are the ESS Notify server's where one exists, so
/// an operator replacing that server keeps the same environment.
public struct HeraldConfig: Sendable {
    public enum JWTAlgorithm: String, Sendable, CaseIterable {
        case hs256 = "HS256"
        case es256 = "ES256"
        case rs256 = "RS256"
    }

    public var database: DatabaseLocation
    public var httpHost: String
    public var httpPort: Int
    /// HS256 signing secret; at least 32 bytes (jwt-kit refuses shorter HMAC
    /// keys). When unset, a random one is generated once and kept in the
    /// database, so a fresh install runs without setup and replicas agree.
    public var secretKey: String?
    public var jwtAlgorithm: JWTAlgorithm
    /// PEM private key for ES256/RS256 tokens.
    public var jwtPrivateKeyPEM: String?
    public var accessTokenExpireMinutes: Int
    /// How long a web sign-in's session lasts (less than the apps' tokens);
    /// signing out ends it at once.
    public var webSessionHours: Int
    public var adminUsers: Set<String>
    /// Who may post notifications without a token; empty allows everyone.
    public var allowedNetworks: [IPNetwork]
    /// Reverse proxies whose X-Forwarded-For is believed.
    public var trustedProxies: [IPNetwork]
    public var bcryptCost: UInt8
    /// Largest request body accepted, in bytes.
    public var maxBodyBytes: Int
    public var logLevel: Logger.Level
    public var delivery: DeliverySettings
    /// More new alerts than this in one report become one summary notification.
    public var alertStormThreshold: Int
    /// Push a still-firing alert again after this long; nil: never (only changes are pushed).
    public var alertRenotifySeconds: Double?
    /// How often Herald looks whether an alert it silenced (an acknowledgement
    /// written back) is still in Alertmanager, which sends no resolution of
    /// a silenced alert (WRITE_BACK_WATCH_SECONDS, default 15).
    public var writeBackWatchSeconds = 15
    /// How many hours before a shift Herald tells a rota's person whom it
    /// can reach only by push (SHIFT_NOTICE_HOURS, default 24; 0: never).
    public var shiftNoticeHours = 24
    /// The EPICS alarm bridge, when KAFKA_BROKERS is set.
    public var kafka: KafkaSettings?
    /// How people sign in.
    public var auth: AuthSettings
    /// Where browsers reach Herald (`https://herald.example.org`): the
    /// browser sign-in's redirect URI, and whether cookies are Secure.
    public var publicURL: String?
    /// The language of what Herald writes to someone who chose none (texts,
    /// email, calls, phone apps) and to chat rooms (`DEFAULT_LANGUAGE`:
    /// en, sv, de or fr). Pages follow the browser for them.
    public var defaultLanguage: Language = .en
    /// Live inbox streams open at once per user (a newer one ends the oldest) and in all (more get 429).
    public var streamsPerUser: Int
    public var streamsTotal: Int
    /// How long one live stream lasts before the server ends it (the
    /// client reconnects with its Last-Event-ID): long-lived connections
    /// are spread again over the replicas and never outlive a proxy's limit.
    public var streamMaxSeconds: Int
    /// How long a stopping process (SIGTERM) may finish in-flight requests
    /// and delivery batches before what is left is cancelled.
    public var shutdownGraceSeconds: Int
    /// `text` (one readable line per message) or `json` (one JSON object
    /// per line, for log collectors).
    public var logFormat: LogFormat
    /// Where traces go over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT or
    /// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); nil: no tracing. The exporter
    /// reads the other OTEL_* variables itself.
    public var tracesEndpoint: String?
    /// Rate limits, caps and HTTP timeouts.
    public var limits: LimitSettings
    /// Where requests Herald makes on someone's behalf may go.
    public var outbound: OutboundSettings
    /// SMS and the site's contact rules (issue 42).
    public var contacts = ContactSettings()
    /// Chat rooms per service: Slack, Mattermost, Teams (issue 43).
    public var chat = ChatSettings()
    /// What is pruned when, by the processes running the delivery worker.
    public var retention: RetentionSettings
    /// Most publishes stored in one transaction (group commit); 1 stores
    /// each on its own.
    public var publishBatchLimit: Int
    /// The most subscribers a post links and queues before it is answered;
    /// a larger audience is expanded after the answer (`FanoutStore`).
    public var fanoutInlineSubscribers: Int
    /// The most subscribers a fan-out links in one chunk (one transaction).
    public var fanoutChunkSubscribers: Int
    /// When set, `/metrics` answers only requests bearing this token.
    public var metricsToken: String?
    /// Where the first admin's generated password is written (mode 0600)
    /// when standard output is not a terminal; nil: beside the SQLite file,
    /// or `herald-admin-password` in the working directory.
    public var adminPasswordFile: String?

    public init(
        database: DatabaseLocation = .defaultSQLite,
        httpHost: String = "127.0.0.1",
        httpPort: Int = 8000,
        secretKey: String? = nil,
        jwtAlgorithm: JWTAlgorithm = .hs256,
        jwtPrivateKeyPEM: String? = nil,
        accessTokenExpireMinutes: Int = 43200,
        webSessionHours: Int = 168,
        adminUsers: Set<String> = [],
        allowedNetworks: [IPNetwork] = [],
        trustedProxies: [IPNetwork] = [],
        bcryptCost: UInt8 = 12,
        maxBodyBytes: Int = 1 << 20,
        logLevel: Logger.Level = .info,
        delivery: DeliverySettings = DeliverySettings(),
        alertStormThreshold: Int = 10,
        alertRenotifySeconds: Double? = nil,
        kafka: KafkaSettings? = nil,
        auth: AuthSettings = AuthSettings(),
        publicURL: String? = nil,
        streamsPerUser: Int = 5,
        streamsTotal: Int = 10_000,
        streamMaxSeconds: Int = 3600,
        shutdownGraceSeconds: Int = 25,
        logFormat: LogFormat = .text,
        tracesEndpoint: String? = nil,
        limits: LimitSettings = LimitSettings(),
        outbound: OutboundSettings = OutboundSettings(),
        retention: RetentionSettings = RetentionSettings(),
        publishBatchLimit: Int = 256,
        fanoutInlineSubscribers: Int = 1_000,
        fanoutChunkSubscribers: Int = 5_000,
        metricsToken: String? = nil,
        adminPasswordFile: String? = nil
    ) {
        self.database = database
        self.httpHost = httpHost
        self.httpPort = httpPort
        self.secretKey = secretKey
        self.jwtAlgorithm = jwtAlgorithm
        self.jwtPrivateKeyPEM = jwtPrivateKeyPEM
        self.accessTokenExpireMinutes = accessTokenExpireMinutes
        self.webSessionHours = webSessionHours
        self.adminUsers = adminUsers
        self.allowedNetworks = allowedNetworks
        self.trustedProxies = trustedProxies
        self.bcryptCost = bcryptCost
        self.maxBodyBytes = maxBodyBytes
        self.logLevel = logLevel
        self.delivery = delivery
        self.alertStormThreshold = alertStormThreshold
        self.alertRenotifySeconds = alertRenotifySeconds
        self.kafka = kafka
        self.auth = auth
        self.publicURL = publicURL
        self.streamsPerUser = streamsPerUser
        self.streamsTotal = streamsTotal
        self.streamMaxSeconds = streamMaxSeconds
        self.shutdownGraceSeconds = shutdownGraceSeconds
        self.logFormat = logFormat
        self.tracesEndpoint = tracesEndpoint
        self.limits = limits
        self.outbound = outbound
        self.retention = retention
        self.publishBatchLimit = publishBatchLimit
        self.fanoutInlineSubscribers = fanoutInlineSubscribers
        self.fanoutChunkSubscribers = fanoutChunkSubscribers
        self.metricsToken = metricsToken
        self.adminPasswordFile = adminPasswordFile
    }
}

public enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json
}

/// A setting that cannot be used, with the variable it came from.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var variable: String
    public var reason: String

    public init(_ variable: String, _ reason: String) {
        self.variable = variable
        self.reason = reason
    }

    public var description: String { "\(variable): \(reason)" }
}

extension HeraldConfig {
    /// Variables whose values must never be printed.
    public static let secretVariables: Set<String> = [
        "SECRET_KEY", "JWT_PRIVATE_KEY", "DATABASE_URL", "SQLALCHEMY_DATABASE_URL",
        "APNS_AUTH_KEY", "OIDC_CLIENT_SECRET", "FCM_ACCESS_TOKEN", "LDAP_BIND_PASSWORD", "DEMO_ACCOUNT_PASSWORD", "METRICS_TOKEN",
    ]

    /// Reads the process environment, then an optional `.env` file in the
    /// working directory (the environment wins).
    public static func load(dotEnvPath: String = ".env") async throws -> HeraldConfig {
        let secrets = SecretsSpecifier<String, String>.specific(secretVariables)
        let reader = ConfigReader(providers: [
            EnvironmentVariablesProvider(secretsSpecifier: secrets),
            try await EnvironmentVariablesProvider(environmentFilePath: FilePath(dotEnvPath), allowMissing: true, secretsSpecifier: secrets),
        ])
        return try HeraldConfig(reader: reader)
    }

    /// Builds the configuration from explicit variables (tests, tools).
    public init(environment: [String: String]) throws {
        try self.init(reader: ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment)))
    }

    public init(reader: ConfigReader) throws {
        // Every default is the memberwise initialiser's: written once.
        let defaults = HeraldConfig()
        func text(_ name: String) -> String? {
            guard let value = reader.string(forKey: ConfigKey(name)), !value.isEmpty else { return nil }
            return value
        }
        let read = SettingReader(text: text)
        func networks(_ name: String) throws -> [IPNetwork] {
            let (parsed, invalid) = IPNetwork.parseList(text(name) ?? "")
            guard invalid.isEmpty else {
                throw ConfigurationError(name, "not an IP address or CIDR block: \(invalid.joined(separator: ", "))")
            }
            return parsed
        }

        let database: DatabaseLocation
        if let url = text("DATABASE_URL") ?? text("SQLALCHEMY_DATABASE_URL") {
            do { database = try DatabaseLocation(url: url) } catch {
                throw ConfigurationError("DATABASE_URL", "\(error)")
            }
        } else {
            database = .defaultSQLite
        }

        let secret = text("SECRET_KEY")
        // jwt-kit asserts on HMAC keys shorter than 32 bytes (a crash in a
        // debug build); refuse them here with a message instead.
        if let secret, secret.utf8.count < 32 {
            throw ConfigurationError("SECRET_KEY", "must be at least 32 bytes long (it is \(secret.utf8.count) bytes); generate one with `openssl rand -hex 32`")
        }

        let algorithmName = (text("JWT_ALGORITHM") ?? defaults.jwtAlgorithm.rawValue).uppercased()
        guard let algorithm = JWTAlgorithm(rawValue: algorithmName) else {
            throw ConfigurationError("JWT_ALGORITHM", "expected one of HS256, ES256, RS256, got '\(algorithmName)'")
        }
        var privateKey = text("JWT_PRIVATE_KEY")
        if privateKey == nil, let file = text("JWT_PRIVATE_KEY_FILE") {
            do { privateKey = try String(contentsOfFile: file, encoding: .utf8) } catch {
                throw ConfigurationError("JWT_PRIVATE_KEY_FILE", "cannot read \(file): \(error.localizedDescription)")
            }
        }
        if algorithm != .hs256, privateKey == nil {
            throw ConfigurationError("JWT_PRIVATE_KEY", "\(algorithm.rawValue) needs a PEM private key (JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE)")
        }

        let levelName = (text("LOG_LEVEL") ?? defaults.logLevel.rawValue).lowercased()
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ConfigurationError("LOG_LEVEL", "expected one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        let formatName = (text("LOG_FORMAT") ?? defaults.logFormat.rawValue).lowercased()
        guard let format = LogFormat(rawValue: formatName) else {
            throw ConfigurationError("LOG_FORMAT", "expected text or json, got '\(formatName)'")
        }

        self.init(
            database: database,
            httpHost: text("HTTP_HOST") ?? defaults.httpHost,
            httpPort: try read.integer("HTTP_PORT", default: defaults.httpPort, range: 0...65535),
            secretKey: secret,
            jwtAlgorithm: algorithm,
            jwtPrivateKeyPEM: privateKey,
            accessTokenExpireMinutes: try read.integer("ACCESS_TOKEN_EXPIRE_MINUTES", default: defaults.accessTokenExpireMinutes, range: 1...(60 * 24 * 3650)),
            webSessionHours: try read.integer("WEB_SESSION_HOURS", default: defaults.webSessionHours, range: 1...(24 * 365)),
            adminUsers: Set((text("ADMIN_USERS") ?? "").split(separator: ",").map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }),
            allowedNetworks: try networks("ALLOWED_NETWORKS"),
            trustedProxies: try networks("TRUSTED_PROXIES"),
            bcryptCost: UInt8(try read.integer("BCRYPT_COST", default: Int(defaults.bcryptCost), range: 4...31)),
            maxBodyBytes: try read.integer("MAX_BODY_BYTES", default: defaults.maxBodyBytes, range: 1024...(64 << 20)),
            logLevel: level,
            delivery: try DeliverySettings(text: text),
            alertStormThreshold: try read.integer("ALERT_STORM_THRESHOLD", default: defaults.alertStormThreshold, range: 1...100_000),
            alertRenotifySeconds: try read.integer("ALERT_RENOTIFY_SECONDS", default: Int(defaults.alertRenotifySeconds ?? 0), range: 0...31_536_000).nonZero,
            kafka: try KafkaSettings.from(text: text),
            auth: try AuthSettings(text: text),
            publicURL: text("PUBLIC_URL")?.trimmingSuffix("/"),
            streamsPerUser: try read.integer("STREAMS_PER_USER", default: defaults.streamsPerUser, range: 1...1_000),
            streamsTotal: try read.integer("STREAMS_MAX", default: defaults.streamsTotal, range: 1...1_000_000),
            streamMaxSeconds: try read.integer("STREAM_MAX_SECONDS", default: defaults.streamMaxSeconds, range: 1...86_400),
            shutdownGraceSeconds: try read.integer("SHUTDOWN_GRACE_SECONDS", default: defaults.shutdownGraceSeconds, range: 1...3600),
            logFormat: format,
            tracesEndpoint: text("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") ?? text("OTEL_EXPORTER_OTLP_ENDPOINT"),
            limits: try LimitSettings(text: text),
            outbound: try OutboundSettings(text: text),
            retention: try RetentionSettings(text: text),
            publishBatchLimit: try read.integer("PUBLISH_BATCH_LIMIT", default: defaults.publishBatchLimit, range: 1...10_000),
            fanoutInlineSubscribers: try read.integer("FANOUT_INLINE_SUBSCRIBERS", default: defaults.fanoutInlineSubscribers, range: 0...1_000_000),
            fanoutChunkSubscribers: try read.integer("FANOUT_CHUNK_SUBSCRIBERS", default: defaults.fanoutChunkSubscribers, range: 10...100_000),
            metricsToken: text("METRICS_TOKEN"),
            adminPasswordFile: text("ADMIN_PASSWORD_FILE")
        )
        contacts = try ContactSettings(text: text)
        chat = try ChatSettings(text: text)
        chat.matrix = contacts.matrix
        // One Slack app and one Mattermost bot post to rooms and, unless
        // CHAT_DIRECT_MESSAGES is off, write to people who add their account.
        if try read.flag("CHAT_DIRECT_MESSAGES", default: true) {
            contacts.slack = chat.slack
            contacts.mattermost = chat.mattermost
        }
        if contacts.voice != nil, publicURL == nil {
            throw ConfigurationError("VOICE_PROVIDER", "calls need PUBLIC_URL: Twilio posts the keypress there")
        }
        writeBackWatchSeconds = try read.integer("WRITE_BACK_WATCH_SECONDS", default: defaults.writeBackWatchSeconds, range: 1...3_600)
        shiftNoticeHours = try read.integer("SHIFT_NOTICE_HOURS", default: defaults.shiftNoticeHours, range: 0...336)
        if let language = text("DEFAULT_LANGUAGE") {
            guard let chosen = Language(rawValue: language.lowercased()) else {
                throw ConfigurationError("DEFAULT_LANGUAGE", "must be one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")) (it is \(language))")
            }
            defaultLanguage = chosen
        }
    }
}

extension Int {
    /// Nil for 0 (a setting's "off"), else the value.
    var nonZero: Double? { self == 0 ? nil : Double(self) }
}
