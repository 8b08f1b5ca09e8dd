import HeraldCore

/// The services page: every service, and the form for a new one.
struct ServicesPage: PageModel {
    struct Service: PageValues {
        var id, name, owner, color: String
    }

    struct Form: PageValues {
        var category, owner, color: String
    }

    /// Admins make services; an owner sees only theirs, and no form.
    var canCreate: Bool
    var services: [Service]
    var form: Form
    var error: String?
}

/// One service's admin page: tokens, recent notifications, templates,
/// alerting, write-back, feeds and schedules.
struct ServicePage: PageModel {
    struct Token: PageValues {
        var id: Int64
        var name, created: String
        var used: String?
    }

    struct Notification: PageValues {
        var id: NotificationID
        var title, timestamp: String
    }

    struct Templates: PageValues {
        var title, subtitle, url, severity: String
    }

    /// A choice of a select: its value, and the label the page shows in its language.
    struct Option: PageValues {
        var value, label: String
        var selected: Bool
    }

    /// A severity's urgency: the site's (its label), and the service's own choice.
    struct Alerting: PageValues {
        var severity, site: String
        var options: [Option]
    }

    struct WriteBack: PageValues {
        var url: String
        var minutes: Int
    }

    struct Feed: PageValues {
        var id: Int64
        var url: String
        /// How often it is polled, in words ("every 300 s").
        var every: String
        var filter, polled: String
        var error: String?
        var count: Int
    }

    /// One role granted to a person or a team: `role` as the form posts
    /// it, `roleLabel` as the page shows it, and the revoke button's label.
    struct Grant: PageValues {
        var role, roleLabel, name, kind: String
        var id: Int64
        var isTeam: Bool
        var revokeLabel: String
    }

    /// A team's subscription to the service.
    struct TeamRule: PageValues {
        var teamID: TeamID
        var team: String
        var mandatory: Bool
        /// The remove button's label, naming the team.
        var removeLabel: String
    }

    var service: ServicesPage.Service
    var isPrivate: Bool
    var teamSubscriptions: [TeamRule]
    /// Only admins delete a service; its owners keep the rest.
    var canDelete: Bool
    var grants: [Grant]
    var roleChoices: [Choice]
    var teamChoices: [Choice]
    var error: String?
    var tokens: [Token]
    var notifications: [Notification]
    var templates: Templates
    var hasTemplates: Bool
    var templateError: String?
    var alerting: [Alerting]
    var hasAlerting: Bool
    var resolutions: [Option]
    var writeBackTargets: [Choice]
    var writeBack: WriteBack
    /// Only admins say where acknowledgements go.
    var canSetWriteBack: Bool
    var feeds: [Feed]
    var older: String?
    var scheduled: [ServiceSchedulePages.Held]
    var recurring: [ServiceSchedulePages.Recurring]
}

/// A new token's secret, shown this once; `heading` names the token.
struct TokenCreatedPage: PageModel {
    var serviceID, serviceName, name, token, heading: String
}
