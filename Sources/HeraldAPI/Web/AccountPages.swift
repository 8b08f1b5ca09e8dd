import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// What every user manages for themselves: subscriptions, and the profile
/// with its devices and sessions.
struct AccountPages {
    let web: WebSupport
    let rotas: Rotas
    let subscriptions: Subscriptions
    let devices: Devices
    let quietHours: QuietHoursChoices
    let visibility: ServiceVisibility
    /// Nil when Web Push is off.
    let vapidKeys: VAPIDKeys?
    /// A person's devices and filters, as listed.
    let listed: any AccountStore & FilterStore & ServiceStore
    /// The teams a person is in, shown with the roles they hold.
    let teams: Teams
    /// The person's language (issue 43).
    let languages: LanguageChoices

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("subscriptions", use: subscriptions)
        router.post("subscriptions", use: subscribe)
        router.post("subscriptions/filter", use: saveFilter)
        router.post("profile/web-push", use: registerWebPush)
        router.get("profile", use: profile)
        router.post("profile/language", use: saveLanguage)
        router.post("profile/devices/remove", use: removeDevice)
        router.post("profile/quiet-hours", use: saveQuietHours)
        router.post("profile/calendar", use: renewCalendar)
        router.post("subscriptions/snooze", use: snooze)
    }

    @Sendable func subscriptions(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let services = try await subscriptions.services(for: user)
        let filters = try await listed.filters(userID: user.id)
        let snoozes = try await quietHours.snoozes(of: user)
        let required = try await subscriptions.mandatory(for: user)
        let language = try await web.language(request, user: user)
        let model = SubscriptionsPage(
            services: services.map {
                let filter = filters[$0.service.id] ?? SubscriptionFilter()
                return SubscriptionsPage.Service(
                    id: $0.service.id.wireString, name: $0.service.category, owner: $0.service.owner, color: $0.service.color,
                    subscribed: $0.isSubscribed, expression: filter.expression ?? "", include: filter.includeKeywords.joined(separator: ", "),
                    exclude: filter.excludeKeywords.joined(separator: ", "), filtered: !filter.isEmpty, summary: Self.summary(filter, language),
                    snoozedUntil: snoozes[$0.service.id].map(Timestamp.wireString),
                    // The use case's reason, in the page's language where the errors area has it.
                    mandatory: required[$0.service.id].map { Catalog.message($0, in: language) },
                    labels: SubscriptionsPage.Labels(service: $0.service.category, language)
                )
            }
        )
        return try await web.page(
            "subscriptions", title: Catalog.text("subs.title", language), nav: "subscriptions", user: user, request: request, model: model, language: language
        )
    }

    /// One switch: `service` and `subscribed` (on/off).
    @Sendable func subscribe(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["service"].flatMap(Identifiers.uuid), let subscribed = form["subscribed"].flatMap(WebSupport.switchValue) else {
            throw APIError(.badRequest, "Which service, and subscribed or not?")
        }
        try await subscriptions.set(subscribed, on: id, for: user)
        context.logger.info("subscriptions changed", metadata: ["user": "\(user.username)", "changes": "1"])
        return web.done(request, location: "/subscriptions?flash=saved")
    }

    /// One service's filter: `service`, `expression`, and the keyword lists
    /// `include` and `exclude` (comma-separated). A mistake is shown with
    /// its position; all blank removes the filter.
    @Sendable func saveFilter(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["service"].flatMap(Identifiers.uuid) else { throw APIError(.badRequest, "Which service?") }
        func words(_ field: String) -> [String] {
            (form[field] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let filter = try SubscriptionFilter.requested(expression: form["expression"], include: words("include"), exclude: words("exclude"))
        try await subscriptions.setFilter(filter, on: id, for: user)
        context.logger.info("filter set", metadata: ["user": "\(user.username)", "service": "\(id.wireString)"])
        return web.done(request, location: "/subscriptions?flash=saved")
    }

    /// This browser's Web Push subscription (herald.js sends `endpoint`,
    /// `p256dh` and `auth`), registered as the user's device.
    @Sendable func registerWebPush(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard vapidKeys != nil else { throw APIError(.notFound, "Web Push is not enabled (WEBPUSH_SUBJECT)") }
        let token = WebPushSubscription.token(endpoint: form["endpoint"] ?? "", p256dh: form["p256dh"] ?? "", auth: form["auth"] ?? "")
        _ = try await devices.register(token, platform: .webpush, for: user, logger: context.logger)
        return web.done(request, location: "/profile?flash=saved")
    }

    /// A filter in a few words for the table: what it lets through (the
    /// expression and the keywords as written, the words around them in `language`).
    static func summary(_ filter: SubscriptionFilter, _ language: Language = .en) -> String {
        var parts: [String] = []
        if let expression = filter.expression { parts.append(expression) }
        if !filter.includeKeywords.isEmpty {
            let joiner = " " + Catalog.text("subs.summary.or", language) + " "
            parts.append(Catalog.text("subs.summary.with", language, ["words": filter.includeKeywords.joined(separator: joiner)]))
        }
        if !filter.excludeKeywords.isEmpty {
            parts.append(Catalog.text("subs.summary.without", language, ["words": filter.excludeKeywords.joined(separator: ", ")]))
        }
        return parts.isEmpty ? Catalog.text("subs.everything", language) : parts.joined(separator: "; ")
    }

    static func languageChoices(chosen: Language?) -> [ProfilePage.LanguageChoice] {
        Language.allCases.map { ProfilePage.LanguageChoice(code: $0.rawValue, name: $0.name, selected: $0 == chosen) }
    }

    /// The person's language for the pages (issue 43).
    @Sendable func saveLanguage(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        try await languages.choose(form["language"] ?? "", for: user)
        return web.done(request, location: "/profile?flash=saved")
    }

    @Sendable func profile(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let user = actor.user
        let devices = try await listed.devices(userID: user.id)
        let quiet = try await quietHours.quietHours(of: user)
        let chosen = try await languages.language(of: user)
        let names = Dictionary(try await listed.services().map { ($0.id, $0.category) }, uniquingKeysWith: { first, _ in first })
        let language = web.language(request, chosen: chosen)
        let model = ProfilePage(
            teams: try await teams.list(for: actor).filter { actor.teams.contains($0.id) }.map(\.name),
            roles: actor.roles.compactMap { service, held in
                names[service].map { ProfilePage.Role(service: $0, roles: held.sorted().map(\.rawValue).joined(separator: ", ")) }
            }.sorted { $0.service < $1.service },
            quiet: Self.quietForm(quiet),
            // A confined account sees no rota; the others: whether they made an address (shown once, when made).
            calendar: visibility.isConfined(user) ? nil : ProfilePage.Calendar(made: try await rotas.hasPersonalFeed(user)),
            signedIn: Catalog.text("profile.signedInThrough", language, ["origin": Catalog.text("profile.origin.\(user.origin.rawValue)", language)]),
            // No Web Push: no "this browser" card, and no request for a key that is not there.
            webPush: vapidKeys != nil,
            lastLogin: user.lastLoginAt.map(Timestamp.wireString),
            devices: devices.map {
                ProfilePage.Device(
                    id: $0.id, platform: Self.platformName($0.platform, language), hint: String($0.token.suffix(6)), lastSeen: Timestamp.wireString($0.lastSeenAt)
                )
            },
            languages: Self.languageChoices(chosen: chosen)
        )
        return try await web.page("profile", title: Catalog.text("profile.title", language), nav: "profile", user: user, request: request, model: model, language: language)
    }

    /// A new address for the person's own calendar feed, shown this once.
    @Sendable func renewCalendar(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let secret = try await rotas.renewPersonalFeed(of: user, logger: context.logger)
        let language = try await web.language(request, user: user)
        return try await web.feedCreated(secret, back: "/profile", backName: Catalog.text("profile.title", language), what: .mine, user: user, request: request)
    }

    @Sendable func removeDevice(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["device"].flatMap({ Int64($0) }) else { throw APIError(.badRequest, "Which device?") }
        // By the id the page showed: the full token never reaches the page.
        try await devices.remove(deviceID: id, for: user, logger: context.logger)
        return web.done(request, location: "/profile?flash=removed")
    }

    /// Quiet hours as the profile's form shows them: weeknights (Monday to
    /// Friday) and weekends all day; other shapes, made through the API, are
    /// said to be there.
    static func quietForm(_ quiet: QuietHours?) -> ProfilePage.QuietForm {
        let nights = quiet?.windows.first { $0.weekdays == QuietHours.Window.weekdays && $0.from != $0.until }
        let weekends = quiet?.windows.contains { $0.weekdays == QuietHours.Window.weekend && $0.from == $0.until } ?? false
        let known = (nights == nil ? 0 : 1) + (weekends ? 1 : 0)
        func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
        let breakThrough = quiet?.breakThrough ?? .critical
        return ProfilePage.QuietForm(
            set: quiet != nil, custom: (quiet?.windows.count ?? 0) > known,
            nightsFrom: nights.map { clock($0.from) } ?? "", nightsUntil: nights.map { clock($0.until) } ?? "", weekends: weekends,
            timeZone: quiet?.zone.name ?? "Europe/Stockholm", quietly: (quiet?.quieting ?? .quietly) == .quietly,
            severities: Severity.allCases.filter { $0 != .none }.map { ProfilePage.QuietForm.Choice(name: $0.rawValue, selected: $0 == breakThrough) }
        )
    }

    @Sendable func saveQuietHours(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        if form["clear"] == "1" {
            try await quietHours.clear(for: user, logger: context.logger)
            return web.done(request, location: "/profile?flash=saved")
        }
        var windows: [QuietHoursChoices.WindowInput] = []
        let (from, until) = (form["nights_from"] ?? "", form["nights_until"] ?? "")
        if !from.isEmpty || !until.isEmpty { windows.append(.init(days: ["mon", "tue", "wed", "thu", "fri"], from: from, until: until)) }
        if form["weekends"].flatMap(WebSupport.switchValue) == true { windows.append(.init(days: ["sat", "sun"], from: "00:00", until: "00:00")) }
        _ = try await quietHours.set(
            timeZone: (form["time_zone"] ?? "").trimmingCharacters(in: .whitespaces), windows: windows, breakThrough: form["break_through"],
            quieting: form["quieting"], for: user, logger: context.logger
        )
        return web.done(request, location: "/profile?flash=saved")
    }

    /// One service snoozed for 1 h, 8 h or until tomorrow, or its snooze ended.
    @Sendable func snooze(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["service"].flatMap(Identifiers.uuid) else { throw APIError(.badRequest, "Which service?") }
        let length = form["length"] == "end" ? nil : form["length"].flatMap(QuietHoursChoices.SnoozeLength.init(rawValue:))
        guard length != nil || form["length"] == "end" else { throw UseCaseError.invalid(field: "length", "A snooze lasts 1h, 8h or until tomorrow") }
        _ = try await quietHours.snooze(id, for: length, user: user, logger: context.logger)
        return web.done(request, location: "/subscriptions?flash=saved")
    }

    /// A platform as a person reads it, in `language` (the catalog's `profile.platformName.*`).
    static func platformName(_ platform: Platform, _ language: Language = .en) -> String {
        let key =
            switch platform {
            case .apns: "profile.platformName.apns"
            case .fcm: "profile.platformName.fcm"
            case .webpush: "profile.platformName.webpush"
            case .sms: "profile.platformName.sms"
            case .voice: "profile.platformName.voice"
            case .email: "profile.platformName.email"
            case .ntfy: "profile.platformName.ntfy"
            case .pushover: "profile.platformName.pushover"
            case .matrix: "profile.platformName.matrix"
            case .slack: "profile.platformName.slack"
            case .mattermost: "profile.platformName.mattermost"
            }
        return Catalog.text(key, language)
    }
}

/// The subscriptions page: every service the person may see, with their switch, filter and snooze.
struct SubscriptionsPage: PageModel {
    struct Service: PageValues {
        var id, name, owner, color: String
        var subscribed: Bool
        var expression, include, exclude: String
        var filtered: Bool
        var summary: String
        var snoozedUntil: String?
        /// Why it cannot be left (a team must receive it); nil: it may be.
        var mandatory: String?
        var labels: Labels
    }

    /// A service's controls' names for assistive technology, each naming the service.
    struct Labels: PageValues {
        var filter, expression, include, exclude, snooze, toggle: String

        init(service: String, _ language: Language) {
            func text(_ key: String) -> String { Catalog.text(key, language, ["service": service]) }
            filter = text("subs.filterFor")
            expression = text("subs.expressionFor")
            include = text("subs.includeFor")
            exclude = text("subs.excludeFor")
            snooze = text("subs.snoozeFor")
            toggle = text("subs.subscribedTo")
        }
    }

    var services: [Service]
}

/// The profile: quiet hours, the calendar feed, this browser's Web Push, the devices.
struct ProfilePage: PageModel {
    /// Quiet hours as the form shows them (`AccountPages.quietForm`).
    struct QuietForm: PageValues {
        struct Choice: PageValues {
            var name: String
            var selected: Bool
        }

        var set, custom: Bool
        var nightsFrom, nightsUntil: String
        var weekends: Bool
        var timeZone: String
        var quietly: Bool
        var severities: [Choice]
    }

    struct Calendar: PageValues {
        var made: Bool
    }

    struct LanguageChoice: PageValues {
        var code, name: String
        var selected: Bool
    }

    struct Device: PageValues {
        var id: Int64
        var platform, hint, lastSeen: String
    }

    /// A service's roles the person holds (with what each includes).
    struct Role: PageValues {
        var service, roles: String
    }

    var teams: [String]
    var roles: [Role]
    var quiet: QuietForm
    /// Nil for a confined account (it sees no rota).
    var calendar: Calendar?
    /// "Signed in through …": where the account came from, in the page's language.
    var signedIn: String
    var webPush: Bool
    var lastLogin: String?
    var devices: [Device]
    var languages: [LanguageChoice]
}
