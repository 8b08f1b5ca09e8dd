extension Catalog {
    /// The subscriptions page: each service's switch, filter and snooze.
    static let subscriptionPages: [String: Words] = [
        // The page.
        "subs.title": Words(
            en: "Subscriptions",
            sv: "Prenumerationer",
            de: "Abonnements",
            fr: "Abonnements"
        ),
        "subs.intro": Words(
            en: "Choose the services you hear from. Changes take effect at once; notifications posted before you subscribed stay out of your inbox.",
            sv: "Välj de tjänster du vill höra från. Ändringar gäller direkt; aviseringar som skickades innan du började prenumerera hamnar inte i din inkorg.",
            de: "Wählen Sie die Dienste, von denen Sie hören möchten. Änderungen gelten sofort; Benachrichtigungen, die vor Ihrem Abonnement gesendet wurden, erscheinen nicht in Ihrem Posteingang.",
            fr: "Choisissez les services dont vous recevez les notifications. Les changements s’appliquent immédiatement ; les notifications publiées avant votre abonnement n’arrivent pas dans votre boîte de réception."
        ),
        "subs.service": Words(
            en: "Service",
            sv: "Tjänst",
            de: "Dienst",
            fr: "Service"
        ),
        "subs.owner": Words(
            en: "Owner",
            sv: "Ägare",
            de: "Zuständig",
            fr: "Responsable"
        ),
        "subs.filter": Words(
            en: "Filter",
            sv: "Filter",
            de: "Filter",
            fr: "Filtre"
        ),
        "subs.snoozeColumn": Words(
            en: "Snooze",
            sv: "Paus",
            de: "Pause",
            fr: "Pause"
        ),
        "subs.subscribed": Words(
            en: "Subscribed",
            sv: "Prenumererar",
            de: "Abonniert",
            fr: "Abonné"
        ),
        "subs.noServices": Words(
            en: "No services yet.",
            sv: "Inga tjänster än.",
            de: "Noch keine Dienste.",
            fr: "Aucun service pour l’instant."
        ),
        "subs.createOne": Words(
            en: "Create one.",
            sv: "Skapa en.",
            de: "Einen anlegen.",
            fr: "En créer un."
        ),
        // A service's filter.
        "subs.everything": Words(
            en: "Everything",
            sv: "Allt",
            de: "Alles",
            fr: "Tout"
        ),
        "subs.filterFor": Words(
            en: "Filter for {service}",
            sv: "Filter för {service}",
            de: "Filter für {service}",
            fr: "Filtre pour {service}"
        ),
        "subs.onlyWhere": Words(
            en: "Only notifications where",
            sv: "Bara aviseringar där",
            de: "Nur Benachrichtigungen, bei denen",
            fr: "Uniquement les notifications où"
        ),
        "subs.expressionFor": Words(
            en: "Filter expression for {service}",
            sv: "Filteruttryck för {service}",
            de: "Filterausdruck für {service}",
            fr: "Expression de filtre pour {service}"
        ),
        "subs.include": Words(
            en: "Containing one of these words",
            sv: "Som innehåller något av de här orden",
            de: "Die eines dieser Wörter enthalten",
            fr: "Contenant l’un de ces mots"
        ),
        "subs.includeExample": Words(
            en: "beam, vacuum",
            sv: "stråle, vakuum",
            de: "Strahl, Vakuum",
            fr: "faisceau, vide"
        ),
        "subs.includeFor": Words(
            en: "Words to include for {service}",
            sv: "Ord att ta med för {service}",
            de: "Einzuschließende Wörter für {service}",
            fr: "Mots à inclure pour {service}"
        ),
        "subs.exclude": Words(
            en: "And none of these",
            sv: "Och inget av de här",
            de: "Und keines dieser",
            fr: "Et aucun de ceux-ci"
        ),
        "subs.excludeExample": Words(
            en: "test",
            sv: "test",
            de: "Test",
            fr: "test"
        ),
        "subs.excludeFor": Words(
            en: "Words to exclude for {service}",
            sv: "Ord att utesluta för {service}",
            de: "Auszuschließende Wörter für {service}",
            fr: "Mots à exclure pour {service}"
        ),
        // HTML (the template writes it as it is): the expression's words
        // (severity, in, contains, and, or, not) are its syntax and stay.
        "subs.filterHelp": Words(
            en: "Compare attributes, <code>severity</code>, <code>title</code>, <code>text</code> or <code>age</code> with =, !=, &lt;, &lt;=, &gt;, &gt;=, <code>in [a, b]</code> or <code>contains</code>; join with <code>and</code>, <code>or</code>, <code>not</code>. Leave all blank for everything.",
            sv: "Jämför attribut, <code>severity</code>, <code>title</code>, <code>text</code> eller <code>age</code> med =, !=, &lt;, &lt;=, &gt;, &gt;=, <code>in [a, b]</code> eller <code>contains</code>; kombinera med <code>and</code>, <code>or</code>, <code>not</code>. Lämna allt tomt för att få allt.",
            de: "Vergleichen Sie Attribute, <code>severity</code>, <code>title</code>, <code>text</code> oder <code>age</code> mit =, !=, &lt;, &lt;=, &gt;, &gt;=, <code>in [a, b]</code> oder <code>contains</code>; verknüpfen Sie mit <code>and</code>, <code>or</code>, <code>not</code>. Lassen Sie alles leer, um alles zu erhalten.",
            fr: "Comparez des attributs, <code>severity</code>, <code>title</code>, <code>text</code> ou <code>age</code> avec =, !=, &lt;, &lt;=, &gt;, &gt;=, <code>in [a, b]</code> ou <code>contains</code> ; combinez avec <code>and</code>, <code>or</code>, <code>not</code>. Laissez tout vide pour tout recevoir."
        ),
        "subs.more": Words(
            en: "More",
            sv: "Mer",
            de: "Mehr",
            fr: "En savoir plus"
        ),
        "subs.saveFilter": Words(
            en: "Save filter",
            sv: "Spara filtret",
            de: "Filter speichern",
            fr: "Enregistrer le filtre"
        ),
        // The filter's summary (built in Swift): the expression as written, then its words.
        "subs.summary.with": Words(
            en: "with {words}",
            sv: "med {words}",
            de: "mit {words}",
            fr: "avec {words}"
        ),
        "subs.summary.or": Words(
            en: "or",
            sv: "eller",
            de: "oder",
            fr: "ou"
        ),
        "subs.summary.without": Words(
            en: "without {words}",
            sv: "utan {words}",
            de: "ohne {words}",
            fr: "sans {words}"
        ),
        // A service's snooze.
        "subs.snoozedUntil": Words(
            en: "Snoozed until",
            sv: "Pausad till",
            de: "Pausiert bis",
            fr: "En pause jusqu’à"
        ),
        "subs.snoozeFor": Words(
            en: "Snooze {service}",
            sv: "Pausa {service}",
            de: "{service} pausieren",
            fr: "Mettre {service} en pause"
        ),
        "subs.snooze1h": Words(
            en: "1 hour",
            sv: "1 timme",
            de: "1 Stunde",
            fr: "1 heure"
        ),
        "subs.snooze8h": Words(
            en: "8 hours",
            sv: "8 timmar",
            de: "8 Stunden",
            fr: "8 heures"
        ),
        "subs.snoozeTomorrow": Words(
            en: "until tomorrow 07:00",
            sv: "till i morgon 07:00",
            de: "bis morgen 07:00",
            fr: "jusqu’à demain 07:00"
        ),
        "subs.snoozeEnd": Words(
            en: "end the snooze",
            sv: "avsluta pausen",
            de: "Pause beenden",
            fr: "terminer la pause"
        ),
        "subs.snoozeButton": Words(
            en: "Snooze",
            sv: "Pausa",
            de: "Pausieren",
            fr: "Mettre en pause"
        ),
        // A service's switch.
        "subs.required": Words(
            en: "Required",
            sv: "Obligatorisk",
            de: "Verpflichtend",
            fr: "Obligatoire"
        ),
        "subs.subscribedTo": Words(
            en: "Subscribed to {service}",
            sv: "Prenumererar på {service}",
            de: "{service} abonniert",
            fr: "Abonné à {service}"
        ),
        "subs.save": Words(
            en: "Save",
            sv: "Spara",
            de: "Speichern",
            fr: "Enregistrer"
        ),
    ]
}
