extension Catalog {
    /// The delivery report's page.
    static let reportPages: [String: Words] = [
        // A notification's delivery report.
        "report.title": Words(
            en: "Delivery report",
            sv: "Leveransrapport",
            de: "Zustellbericht",
            fr: "Rapport de distribution"
        ),
        "report.service": Words(
            en: "Service",
            sv: "Tjänst",
            de: "Dienst",
            fr: "Service"
        ),
        "report.posted": Words(
            en: "Posted",
            sv: "Publicerad",
            de: "Veröffentlicht",
            fr: "Publiée"
        ),
        "report.deliveries.one": Words(
            en: "{count} delivery",
            sv: "{count} leverans",
            de: "{count} Zustellung",
            fr: "{count} distribution"
        ),
        "report.deliveries.other": Words(
            en: "{count} deliveries",
            sv: "{count} leveranser",
            de: "{count} Zustellungen",
            fr: "{count} distributions"
        ),
        "report.whatHappened": Words(
            en: "What happened to it",
            sv: "Vad som hände med den",
            de: "Was damit geschah",
            fr: "Ce qu’il en est advenu"
        ),
        "report.readBy.one": Words(
            en: "{count} of {recipients} recipients read it",
            sv: "{count} av {recipients} mottagare har läst den",
            de: "{count} von {recipients} Empfängern hat sie gelesen",
            fr: "{count} destinataire sur {recipients} l’a lue"
        ),
        "report.readBy.other": Words(
            en: "{count} of {recipients} recipients read it",
            sv: "{count} av {recipients} mottagare har läst den",
            de: "{count} von {recipients} Empfängern haben sie gelesen",
            fr: "{count} destinataires sur {recipients} l’ont lue"
        ),
        "report.readBarLabel": Words(
            en: "{read} of {recipients} read",
            sv: "{read} av {recipients} har läst",
            de: "{read} von {recipients} gelesen",
            fr: "lue par {read} sur {recipients}"
        ),
        "report.acknowledged": Words(
            en: "✓ Acknowledged by {name} at {time}",
            sv: "✓ Kvitterad av {name} den {time}",
            de: "✓ Quittiert von {name} am {time}",
            fr: "✓ Acquittée par {name} le {time}"
        ),
        "report.acknowledgedWithComment": Words(
            en: "✓ Acknowledged by {name} at {time}: “{comment}”",
            sv: "✓ Kvitterad av {name} den {time}: ”{comment}”",
            de: "✓ Quittiert von {name} am {time}: „{comment}“",
            fr: "✓ Acquittée par {name} le {time} : « {comment} »"
        ),
        "report.nobodyAcknowledged": Words(
            en: "Nobody has acknowledged it.",
            sv: "Ingen har kvitterat den.",
            de: "Niemand hat sie quittiert.",
            fr: "Personne ne l’a acquittée."
        ),
        "report.toldSource": Words(
            en: "Told its source:",
            sv: "Meddelat källan:",
            de: "An die Quelle gemeldet:",
            fr: "Transmis à sa source :"
        ),
        "report.failedTries.one": Words(
            en: "{count} failed try",
            sv: "{count} misslyckat försök",
            de: "{count} fehlgeschlagener Versuch",
            fr: "{count} tentative échouée"
        ),
        "report.failedTries.other": Words(
            en: "{count} failed tries",
            sv: "{count} misslyckade försök",
            de: "{count} fehlgeschlagene Versuche",
            fr: "{count} tentatives échouées"
        ),
        "report.writeBack.done": Words(
            en: "done",
            sv: "klart",
            de: "erledigt",
            fr: "fait"
        ),
        "report.writeBack.refused": Words(
            en: "refused",
            sv: "avvisat",
            de: "abgelehnt",
            fr: "refusé"
        ),
        "report.writeBack.pending": Words(
            en: "pending",
            sv: "väntar",
            de: "ausstehend",
            fr: "en attente"
        ),
        "report.writeBack.retrying": Words(
            en: "retrying",
            sv: "försöker igen",
            de: "neuer Versuch",
            fr: "nouvel essai"
        ),
        "report.goal.acknowledged": Words(
            en: "acknowledged",
            sv: "kvitterad",
            de: "quittiert",
            fr: "acquittée"
        ),
        "report.goal.withdrawn": Words(
            en: "withdrawn",
            sv: "återkallad",
            de: "zurückgezogen",
            fr: "annulée"
        ),
        "report.goal.resolved": Words(
            en: "resolved",
            sv: "löst",
            de: "behoben",
            fr: "résolue"
        ),
        "report.timeline": Words(
            en: "Timeline",
            sv: "Tidslinje",
            de: "Zeitverlauf",
            fr: "Chronologie"
        ),
        "report.event.posted": Words(
            en: "posted",
            sv: "publicerad",
            de: "veröffentlicht",
            fr: "publiée"
        ),
        "report.event.called": Words(
            en: "called",
            sv: "larmad",
            de: "gerufen",
            fr: "appelé"
        ),
        "report.event.pushed": Words(
            en: "pushed",
            sv: "skickad",
            de: "gesendet",
            fr: "envoyé"
        ),
        "report.event.acknowledged": Words(
            en: "acknowledged",
            sv: "kvitterad",
            de: "quittiert",
            fr: "acquittée"
        ),
        "report.event.ended": Words(
            en: "ended",
            sv: "avslutad",
            de: "beendet",
            fr: "terminée"
        ),
        "report.event.resumed": Words(
            en: "resumed",
            sv: "återupptagen",
            de: "fortgesetzt",
            fr: "reprise"
        ),
        "report.event.next": Words(
            en: "next",
            sv: "härnäst",
            de: "als Nächstes",
            fr: "à suivre"
        ),
        "report.step": Words(
            en: "step {step}",
            sv: "steg {step}",
            de: "Schritt {step}",
            fr: "étape {step}"
        ),
        "report.pushesPerMinute": Words(
            en: "Pushes per minute",
            sv: "Pushar per minut",
            de: "Pushes pro Minute",
            fr: "Push par minute"
        ),
        "report.noPushes": Words(
            en: "No pushes: nobody subscribed had a device.",
            sv: "Inga pushar: ingen prenumerant hade någon enhet.",
            de: "Keine Pushes: kein Abonnent hatte ein Gerät.",
            fr: "Aucun push : aucun abonné n’avait d’appareil."
        ),
        "report.chartLabel": Words(
            en: "{total} pushes over {minutes} minutes, at most {peak} a minute",
            sv: "{total} pushar under {minutes} minuter, högst {peak} per minut",
            de: "{total} Pushes in {minutes} Minuten, höchstens {peak} pro Minute",
            fr: "{total} push sur {minutes} minutes, au plus {peak} par minute"
        ),
        "report.outcome.sent": Words(
            en: "sent",
            sv: "skickad",
            de: "gesendet",
            fr: "envoyé"
        ),
        "report.outcome.skipped": Words(
            en: "skipped",
            sv: "överhoppad",
            de: "übersprungen",
            fr: "ignoré"
        ),
        "report.outcome.pending": Words(
            en: "pending",
            sv: "väntar",
            de: "ausstehend",
            fr: "en attente"
        ),
        "report.outcome.retrying": Words(
            en: "retrying",
            sv: "försöker igen",
            de: "neuer Versuch",
            fr: "nouvel essai"
        ),
        "report.outcome.dropped": Words(
            en: "dropped",
            sv: "borttagen",
            de: "verworfen",
            fr: "abandonné"
        ),
        "report.outcome.failed": Words(
            en: "failed",
            sv: "misslyckad",
            de: "fehlgeschlagen",
            fr: "échoué"
        ),
        "report.devices": Words(
            en: "Devices",
            sv: "Enheter",
            de: "Geräte",
            fr: "Appareils"
        ),
        "report.platform": Words(
            en: "Platform",
            sv: "Plattform",
            de: "Plattform",
            fr: "Plateforme"
        ),
        "report.token": Words(
            en: "Token",
            sv: "Token",
            de: "Token",
            fr: "Token"
        ),
        "report.state": Words(
            en: "State",
            sv: "Status",
            de: "Status",
            fr: "État"
        ),
        "report.attempts": Words(
            en: "Attempts",
            sv: "Försök",
            de: "Versuche",
            fr: "Tentatives"
        ),
        "report.lastError": Words(
            en: "Last error",
            sv: "Senaste fel",
            de: "Letzter Fehler",
            fr: "Dernière erreur"
        ),
        "report.removed": Words(
            en: "removed",
            sv: "borttagen",
            de: "entfernt",
            fr: "supprimé"
        ),
        "report.withdrawal": Words(
            en: "(withdrawal)",
            sv: "(återkallelse)",
            de: "(Rücknahme)",
            fr: "(retrait)"
        ),
        "report.escalationCall": Words(
            en: "(escalation call)",
            sv: "(eskaleringslarm)",
            de: "(Eskalationsruf)",
            fr: "(appel d’escalade)"
        ),
        "report.noDevices": Words(
            en: "No subscriber had a device when this was posted.",
            sv: "Ingen prenumerant hade någon enhet när den publicerades.",
            de: "Kein Abonnent hatte ein Gerät, als dies veröffentlicht wurde.",
            fr: "Aucun abonné n’avait d’appareil lors de la publication."
        ),
        "report.truncated": Words(
            en: "Showing the first {shown} of {total}.",
            sv: "Visar de första {shown} av {total}.",
            de: "Die ersten {shown} von {total} werden angezeigt.",
            fr: "Affichage des {shown} premiers sur {total}."
        ),
    ]
}
