extension Catalog {
    /// The audit log's page.
    static let auditPages: [String: Words] = [
        // The audit log.
        "audit.title": Words(
            en: "Audit log",
            sv: "Granskningslogg",
            de: "Protokoll",
            fr: "Journal d’audit"
        ),
        "audit.intro": Words(
            en: "Who changed what, when and from where: every change to services, tokens, roles, teams, policies, rotas, write-back and accounts, every acknowledgement and withdrawal, every burst of failed sign-ins.",
            sv: "Vem som ändrade vad, när och varifrån: varje ändring av tjänster, token, roller, grupper, policyer, jourlistor, återrapportering och konton, varje kvittering och återkallelse, varje skur av misslyckade inloggningar.",
            de: "Wer was wann und von wo geändert hat: jede Änderung an Diensten, Tokens, Rollen, Teams, Richtlinien, Dienstplänen, Rückmeldungen an die Quelle und Konten, jede Quittierung und Rücknahme, jede Häufung fehlgeschlagener Anmeldungen.",
            fr: "Qui a modifié quoi, quand et d’où : chaque modification des services, tokens, rôles, équipes, règles, plannings, retours vers la source et comptes, chaque acquittement et annulation, chaque série de connexions échouées."
        ),
        "audit.filterLabel": Words(
            en: "Filter the audit log",
            sv: "Filtrera granskningsloggen",
            de: "Protokoll filtern",
            fr: "Filtrer le journal d’audit"
        ),
        "audit.service": Words(
            en: "Service",
            sv: "Tjänst",
            de: "Dienst",
            fr: "Service"
        ),
        "audit.action": Words(
            en: "Action",
            sv: "Åtgärd",
            de: "Aktion",
            fr: "Action"
        ),
        "audit.by": Words(
            en: "By",
            sv: "Av",
            de: "Von",
            fr: "Par"
        ),
        "audit.fromDate": Words(
            en: "From (UTC)",
            sv: "Från (UTC)",
            de: "Von (UTC)",
            fr: "Du (UTC)"
        ),
        "audit.toDate": Words(
            en: "To (UTC)",
            sv: "Till (UTC)",
            de: "Bis (UTC)",
            fr: "Au (UTC)"
        ),
        "audit.filter": Words(
            en: "Filter",
            sv: "Filtrera",
            de: "Filtern",
            fr: "Filtrer"
        ),
        "audit.when": Words(
            en: "When",
            sv: "När",
            de: "Wann",
            fr: "Quand"
        ),
        "audit.who": Words(
            en: "Who",
            sv: "Vem",
            de: "Wer",
            fr: "Qui"
        ),
        "audit.what": Words(
            en: "What",
            sv: "Vad",
            de: "Was",
            fr: "Quoi"
        ),
        "audit.change": Words(
            en: "Change",
            sv: "Ändring",
            de: "Änderung",
            fr: "Modification"
        ),
        "audit.fromAddress": Words(
            en: "from",
            sv: "från",
            de: "von",
            fr: "depuis"
        ),
        "audit.before": Words(
            en: "before",
            sv: "före",
            de: "vorher",
            fr: "avant"
        ),
        "audit.after": Words(
            en: "after",
            sv: "efter",
            de: "nachher",
            fr: "après"
        ),
        "audit.empty": Words(
            en: "No entries.",
            sv: "Inga poster.",
            de: "Keine Einträge.",
            fr: "Aucune entrée."
        ),
        "audit.older": Words(
            en: "Older entries →",
            sv: "Äldre poster →",
            de: "Ältere Einträge →",
            fr: "Entrées plus anciennes →"
        ),
        "audit.everyService": Words(
            en: "every service",
            sv: "alla tjänster",
            de: "alle Dienste",
            fr: "tous les services"
        ),
        "audit.everyAction": Words(
            en: "every action",
            sv: "alla åtgärder",
            de: "alle Aktionen",
            fr: "toutes les actions"
        ),
    ]
}
