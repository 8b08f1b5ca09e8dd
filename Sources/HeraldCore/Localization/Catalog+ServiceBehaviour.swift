extension Catalog {
    /// A service page's cards for how it behaves: alerting and urgency,
    /// feeds, write-back, scheduled and recurring notifications.
    static let serviceBehaviourPages: [String: Words] = [
        // Alerting: how each severity alerts on phones (the urgencies' values stay in value=).
        "service.alerting.title": Words(
            en: "Alerting",
            sv: "Aviseringsnivåer",
            de: "Alarmierung",
            fr: "Niveaux d’alerte"
        ),
        "service.alerting.intro": Words(
            en: "How each severity alerts on phones:",
            sv: "Så märks varje allvarlighetsgrad på telefoner:",
            de: "So alarmiert jeder Schweregrad auf Telefonen:",
            fr: "Comment chaque gravité alerte sur les téléphones :"
        ),
        "service.alerting.passive": Words(
            en: "arrives quietly,",
            sv: "kommer tyst,",
            de: "kommt leise an,",
            fr: "arrive discrètement,"
        ),
        "service.alerting.active": Words(
            en: "is an ordinary alert,",
            sv: "är en vanlig avisering,",
            de: "ist eine gewöhnliche Mitteilung,",
            fr: "est une alerte ordinaire,"
        ),
        "service.alerting.timeSensitive": Words(
            en: "breaks through Focus,",
            sv: "tränger igenom Fokus,",
            de: "durchbricht den Fokus,",
            fr: "passe outre la Concentration,"
        ),
        "service.alerting.critical": Words(
            en: "through Do Not Disturb where the app may.",
            sv: "även Stör ej där appen får.",
            de: "auch „Nicht stören“, wo die App es darf.",
            fr: "passe même « Ne pas déranger » là où l’app le peut."
        ),
        "service.alerting.noSeverity": Words(
            en: "A notification without a severity is always active.",
            sv: "En avisering utan allvarlighetsgrad är alltid aktiv.",
            de: "Eine Benachrichtigung ohne Schweregrad ist immer aktiv.",
            fr: "Une notification sans gravité est toujours active."
        ),
        "service.urgency.passive": Words(
            en: "passive",
            sv: "passiv",
            de: "passiv",
            fr: "passive"
        ),
        "service.urgency.active": Words(
            en: "active",
            sv: "aktiv",
            de: "aktiv",
            fr: "active"
        ),
        "service.urgency.timeSensitive": Words(
            en: "time-sensitive",
            sv: "tidskänslig",
            de: "zeitkritisch",
            fr: "urgente"
        ),
        "service.urgency.critical": Words(
            en: "critical",
            sv: "kritisk",
            de: "kritisch",
            fr: "critique"
        ),
        "service.alerting.site": Words(
            en: "Site's",
            sv: "Anläggningens",
            de: "Einrichtung",
            fr: "Du site"
        ),
        "service.alerting.thisService": Words(
            en: "This service",
            sv: "Den här tjänsten",
            de: "Dieser Dienst",
            fr: "Ce service"
        ),
        "service.alerting.asSite": Words(
            en: "as the site",
            sv: "som anläggningen",
            de: "wie die Einrichtung",
            fr: "comme le site"
        ),
        "service.alerting.resolves": Words(
            en: "When an alarm resolves",
            sv: "När ett larm upphör",
            de: "Wenn ein Alarm endet",
            fr: "Quand une alarme prend fin"
        ),
        "service.resolution.quiet": Words(
            en: "quiet",
            sv: "tyst",
            de: "leise",
            fr: "discrète"
        ),
        "service.resolution.alert": Words(
            en: "alert",
            sv: "larmande",
            de: "alarmierend",
            fr: "sonore"
        ),
        "service.alerting.quiet": Words(
            en: ": the phone's notification is replaced without a sound;",
            sv: ": telefonens avisering ersätts utan ljud;",
            de: ": Die Mitteilung auf dem Telefon wird ohne Ton ersetzt;",
            fr: " : la notification du téléphone est remplacée sans son ;"
        ),
        "service.alerting.alert": Words(
            en: ": it alerts as the alarm did.",
            sv: ": den larmar som larmet gjorde.",
            de: ": Sie alarmiert wie der Alarm selbst.",
            fr: " : elle alerte comme l’alarme l’a fait."
        ),
        "service.alerting.save": Words(
            en: "Save alerting",
            sv: "Spara aviseringsnivåer",
            de: "Alarmierung speichern",
            fr: "Enregistrer les niveaux d’alerte"
        ),
        "service.alerting.reset": Words(
            en: "Back to the site's",
            sv: "Tillbaka till anläggningens",
            de: "Zurück zur Einstellung der Einrichtung",
            fr: "Revenir à ceux du site"
        ),
        // Acknowledgements sent back (write-back).
        "service.writeBack.title": Words(
            en: "Acknowledgements sent back",
            sv: "Kvitteringar som skickas tillbaka",
            de: "Zurückgemeldete Quittierungen",
            fr: "Acquittements renvoyés"
        ),
        "service.writeBack.adminsOnly": Words(
            en: "Where this service's acknowledgements go is an admin's choice: a silence in a shared Alertmanager reaches other teams' alerts.",
            sv: "Vart tjänstens kvitteringar skickas väljer en administratör: en tystnad i en delad Alertmanager når andra gruppers larm.",
            de: "Wohin die Quittierungen dieses Dienstes gehen, entscheidet ein Admin: Eine Stummschaltung in einem gemeinsamen Alertmanager trifft auch Alarme anderer Teams.",
            fr: "La destination des acquittements de ce service est le choix d’un administrateur : un silence dans un Alertmanager partagé atteint les alertes d’autres équipes."
        ),
        "service.writeBack.intro": Words(
            en: "When someone acknowledges one of this service's alarms, tell its source:",
            sv: "När någon kvitterar ett av tjänstens larm, meddela källan:",
            de: "Wenn jemand einen Alarm dieses Dienstes quittiert, wird seine Quelle benachrichtigt:",
            fr: "Quand quelqu’un acquitte une alarme de ce service, sa source est prévenue :"
        ),
        "service.writeBack.alertmanager": Words(
            en: "gets a silence for the alert's labels naming who took it (expired when the alert resolves or the acknowledgement is withdrawn);",
            sv: "får en tystnad för larmets etiketter som anger vem som tog det (den upphör när larmet upphör eller kvitteringen återkallas);",
            de: "erhält eine Stummschaltung für die Labels des Alarms, die nennt, wer ihn übernommen hat (sie läuft ab, wenn der Alarm endet oder die Quittierung zurückgezogen wird);",
            fr: "reçoit un silence sur les étiquettes de l’alerte indiquant qui l’a prise en charge (expiré quand l’alerte se résout ou que l’acquittement est annulé) ;"
        ),
        "service.writeBack.phoebus": Words(
            en: "gets an acknowledge command for the PV.",
            sv: "får ett kvitteringskommando för PV:n.",
            de: "erhält einen Quittierungsbefehl für die PV.",
            fr: "reçoit une commande d’acquittement pour la PV."
        ),
        "service.writeBack.private": Words(
            en: "An address inside the network must be allowed by OUTBOUND_ALLOW_PRIVATE.",
            sv: "En adress inne i nätverket måste tillåtas av OUTBOUND_ALLOW_PRIVATE.",
            de: "Eine Adresse im internen Netz muss durch OUTBOUND_ALLOW_PRIVATE erlaubt sein.",
            fr: "Une adresse à l’intérieur du réseau doit être autorisée par OUTBOUND_ALLOW_PRIVATE."
        ),
        "service.writeBack.sendTo": Words(
            en: "Send to",
            sv: "Skicka till",
            de: "Senden an",
            fr: "Envoyer à"
        ),
        "service.writeBack.nowhere": Words(
            en: "nowhere (Herald only)",
            sv: "ingenstans (bara Herald)",
            de: "nirgendwohin (nur Herald)",
            fr: "nulle part (Herald seulement)"
        ),
        "service.writeBack.phoebusServer": Words(
            en: "Phoebus alarm server",
            sv: "Phoebus-larmserver",
            de: "Phoebus-Alarmserver",
            fr: "Serveur d’alarmes Phoebus"
        ),
        "service.writeBack.url": Words(
            en: "Alertmanager URL",
            sv: "URL till Alertmanager",
            de: "Alertmanager-URL",
            fr: "URL d’Alertmanager"
        ),
        "service.writeBack.minutes": Words(
            en: "Silence for at most (minutes)",
            sv: "Tysta i högst (minuter)",
            de: "Höchstens stummschalten für (Minuten)",
            fr: "Silence d’au plus (minutes)"
        ),
        "service.writeBack.notMinutes": Words(
            en: "A number of minutes",
            sv: "Ett antal minuter",
            de: "Eine Anzahl Minuten",
            fr: "Un nombre de minutes"
        ),
        // Feeds.
        "service.feeds.title": Words(
            en: "Feeds",
            sv: "Flöden",
            de: "Feeds",
            fr: "Flux"
        ),
        "service.feeds.explained": Words(
            en: "RSS, Atom or GeoJSON (such as USGS's earthquake summaries), polled on a schedule; each entry that passes the filter becomes one notification.",
            sv: "RSS, Atom eller GeoJSON (som USGS sammanfattningar av jordbävningar), hämtas enligt schema; varje post som passerar filtret blir en avisering.",
            de: "RSS, Atom oder GeoJSON (etwa die Erdbebenübersichten des USGS), regelmäßig abgerufen; jeder Eintrag, der den Filter passiert, wird zu einer Benachrichtigung.",
            fr: "RSS, Atom ou GeoJSON (comme les résumés de séismes de l’USGS), interrogés régulièrement ; chaque entrée qui passe le filtre devient une notification."
        ),
        "service.feeds.feed": Words(
            en: "Feed",
            sv: "Flöde",
            de: "Feed",
            fr: "Flux"
        ),
        "service.feeds.filter": Words(
            en: "Filter",
            sv: "Filter",
            de: "Filter",
            fr: "Filtre"
        ),
        "service.feeds.lastPoll": Words(
            en: "Last poll",
            sv: "Senaste hämtning",
            de: "Letzter Abruf",
            fr: "Dernière interrogation"
        ),
        "service.feeds.published": Words(
            en: "Published",
            sv: "Publicerade",
            de: "Veröffentlicht",
            fr: "Publiées"
        ),
        "service.feeds.every": Words(
            en: "every {seconds} s",
            sv: "var {seconds}:e sekund",
            de: "alle {seconds} s",
            fr: "toutes les {seconds} s"
        ),
        "service.feeds.everyEntry": Words(
            en: "every entry",
            sv: "varje post",
            de: "jeder Eintrag",
            fr: "chaque entrée"
        ),
        "service.feeds.none": Words(
            en: "No feeds.",
            sv: "Inga flöden.",
            de: "Keine Feeds.",
            fr: "Aucun flux."
        ),
        "service.feeds.url": Words(
            en: "Feed URL",
            sv: "Flödets URL",
            de: "Feed-URL",
            fr: "URL du flux"
        ),
        "service.feeds.interval": Words(
            en: "Poll every (seconds)",
            sv: "Hämtningsintervall (sekunder)",
            de: "Abrufintervall (Sekunden)",
            fr: "Intervalle d’interrogation (secondes)"
        ),
        "service.feeds.filterLabel": Words(
            en: "Only entries where",
            sv: "Bara poster där",
            de: "Nur Einträge, bei denen",
            fr: "Seulement les entrées où"
        ),
        "service.feeds.lifetime": Words(
            en: "Keep each for (hours, blank: always)",
            sv: "Behåll varje post i (timmar, tomt: alltid)",
            de: "Jeden Eintrag behalten für (Stunden, leer: immer)",
            fr: "Conserver chacune pendant (heures, vide : toujours)"
        ),
        "service.feeds.add": Words(
            en: "Add feed",
            sv: "Lägg till flöde",
            de: "Feed hinzufügen",
            fr: "Ajouter le flux"
        ),
        // Scheduled (held until deliver_at).
        "service.scheduled.title": Words(
            en: "Scheduled",
            sv: "Schemalagda",
            de: "Geplant",
            fr: "Programmées"
        ),
        "service.scheduled.postedWith": Words(
            en: "Notifications posted with",
            sv: "Aviseringar skickade med",
            de: "Benachrichtigungen mit",
            fr: "Notifications envoyées avec"
        ),
        "service.scheduled.heldUntilThen": Words(
            en: ", held until then.",
            sv: ", hålls kvar tills dess.",
            de: ", bis dahin zurückgehalten.",
            fr: ", retenues jusque-là."
        ),
        "service.scheduled.deliveredAt": Words(
            en: "Delivered at",
            sv: "Levereras",
            de: "Zustellung",
            fr: "Livraison"
        ),
        "service.scheduled.key": Words(
            en: "key",
            sv: "nyckel",
            de: "Schlüssel",
            fr: "clé"
        ),
        "service.scheduled.cancel": Words(
            en: "Cancel",
            sv: "Avbryt",
            de: "Stornieren",
            fr: "Annuler"
        ),
        "service.scheduled.none": Words(
            en: "Nothing waiting.",
            sv: "Inget väntar.",
            de: "Nichts wartet.",
            fr: "Rien en attente."
        ),
        // Recurring.
        "service.recurring.title": Words(
            en: "Recurring",
            sv: "Återkommande",
            de: "Wiederkehrend",
            fr: "Récurrentes"
        ),
        "service.recurring.explained": Words(
            en: "Reminders on a cron schedule (minute hour day-of-month month day-of-week) in a time zone.",
            sv: "Påminnelser enligt ett cron-schema (minut timme dag-i-månaden månad veckodag) i en tidszon.",
            de: "Erinnerungen nach einem Cron-Zeitplan (Minute Stunde Monatstag Monat Wochentag) in einer Zeitzone.",
            fr: "Rappels selon une planification cron (minute heure jour-du-mois mois jour-de-la-semaine) dans un fuseau horaire."
        ),
        "service.recurring.schedule": Words(
            en: "Schedule",
            sv: "Schema",
            de: "Zeitplan",
            fr: "Planification"
        ),
        "service.recurring.next": Words(
            en: "Next",
            sv: "Nästa",
            de: "Nächste",
            fr: "Prochaine"
        ),
        "service.recurring.last": Words(
            en: "Last",
            sv: "Senaste",
            de: "Letzte",
            fr: "Dernière"
        ),
        "service.recurring.none": Words(
            en: "No recurring notifications.",
            sv: "Inga återkommande aviseringar.",
            de: "Keine wiederkehrenden Benachrichtigungen.",
            fr: "Aucune notification récurrente."
        ),
        "service.recurring.cron": Words(
            en: "Schedule (cron)",
            sv: "Schema (cron)",
            de: "Zeitplan (cron)",
            fr: "Planification (cron)"
        ),
        "service.recurring.timeZone": Words(
            en: "Time zone",
            sv: "Tidszon",
            de: "Zeitzone",
            fr: "Fuseau horaire"
        ),
        "service.recurring.titleExample": Words(
            en: "Morning check of the cryoplant",
            sv: "Morgonkontroll av kryoanläggningen",
            de: "Morgendliche Kontrolle der Kryoanlage",
            fr: "Contrôle matinal de l’installation cryogénique"
        ),
        "service.recurring.add": Words(
            en: "Add recurring notification",
            sv: "Lägg till återkommande avisering",
            de: "Wiederkehrende Benachrichtigung hinzufügen",
            fr: "Ajouter une notification récurrente"
        ),
    ]
}
