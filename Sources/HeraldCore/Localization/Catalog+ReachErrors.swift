extension Catalog {
    /// Refusals of outbound addresses, feeds, write-backs and alerting. Found
    /// by their English text (`Catalog.message`).
    static let reachErrors: [String: Words] = [
        // Addresses Herald will not ask (HeraldCore/Network/OutboundPolicy.swift, WebPush/WebPushEndpoints.swift) as feeds, write-backs and Web Push subscriptions report them (HeraldUseCases: Feeds, ServiceWriteBacks, Devices). The reason's own words are carried over where no fuller entry matches.
        "error.outbound.refused": Words(
            en: "Herald does not ask this address: {reason}",
            sv: "Herald frågar inte den här adressen: {reason}",
            de: "Herald fragt diese Adresse nicht an: {reason}",
            fr: "Herald n’interroge pas cette adresse : {reason}"
        ),
        "error.outbound.loopback": Words(
            en: "Herald does not ask this address: {host} is this machine (loopback)",
            sv: "Herald frågar inte den här adressen: {host} är den här maskinen (loopback)",
            de: "Herald fragt diese Adresse nicht an: {host} ist dieser Rechner (Loopback)",
            fr: "Herald n’interroge pas cette adresse : {host} est cette machine (loopback)"
        ),
        "error.outbound.special": Words(
            en: "Herald does not ask this address: {address} is a {kind} address (OUTBOUND_ALLOW_PRIVATE may allow its network)",
            sv: "Herald frågar inte den här adressen: {address} är en {kind}-adress (OUTBOUND_ALLOW_PRIVATE kan tillåta dess nät)",
            de: "Herald fragt diese Adresse nicht an: {address} ist eine {kind}-Adresse (OUTBOUND_ALLOW_PRIVATE kann ihr Netz erlauben)",
            fr: "Herald n’interroge pas cette adresse : {address} est une adresse {kind} (OUTBOUND_ALLOW_PRIVATE peut autoriser son réseau)"
        ),
        // Contact addresses (HeraldCore/Contact/ContactMethod.swift, `ContactAddress`).
        "error.address.matrix": Words(
            en: "A Matrix user is written @name:server (e.g. @ann:matrix.example.org)",
            sv: "En Matrix-användare skrivs @namn:server (t.ex. @ann:matrix.example.org)",
            de: "Ein Matrix-Benutzer wird @name:server geschrieben (z. B. @ann:matrix.example.org)",
            fr: "Un utilisateur Matrix s’écrit @nom:serveur (par ex. @ann:matrix.example.org)"
        ),
        "error.address.slack": Words(
            en: "A Slack member ID is U and 8 to 20 letters and digits (your profile, ⋮, Copy member ID)",
            sv: "Ett Slack-medlems-ID är U och 8 till 20 bokstäver och siffror (din profil, ⋮, Kopiera medlems-ID)",
            de: "Eine Slack-Mitglieds-ID ist U und 8 bis 20 Buchstaben und Ziffern (Ihr Profil, ⋮, Mitglieds-ID kopieren)",
            fr: "Un ID de membre Slack est U suivi de 8 à 20 lettres et chiffres (votre profil, ⋮, Copier l’ID de membre)"
        ),
        "error.address.mattermost": Words(
            en: "A Mattermost user is written @username (e.g. @ann)",
            sv: "En Mattermost-användare skrivs @användarnamn (t.ex. @ann)",
            de: "Ein Mattermost-Benutzer wird @benutzername geschrieben (z. B. @ann)",
            fr: "Un utilisateur Mattermost s’écrit @nomutilisateur (par ex. @ann)"
        ),
        "error.address.mattermostUnknown": Words(
            en: "No Mattermost user is called @{name}",
            sv: "Ingen Mattermost-användare heter @{name}",
            de: "Kein Mattermost-Benutzer heißt @{name}",
            fr: "Aucun utilisateur Mattermost ne s’appelle @{name}"
        ),
        "error.address.mattermostLookup": Words(
            en: "Mattermost could not be asked who {name} is: try again later",
            sv: "Mattermost kunde inte tillfrågas om vem {name} är: försök igen senare",
            de: "Mattermost konnte nicht gefragt werden, wer {name} ist: versuchen Sie es später erneut",
            fr: "Impossible de demander à Mattermost qui est {name} : réessayez plus tard"
        ),
        "error.address.ntfy": Words(
            en: "An ntfy topic is 12 to 64 letters, digits, - or _; pick one nobody could guess (e.g. herald-ann-7f3k9q2m)",
            sv: "Ett ntfy-ämne består av 12 till 64 bokstäver, siffror, - eller _; välj ett som ingen kan gissa (t.ex. herald-ann-7f3k9q2m)",
            de: "Ein ntfy-Thema besteht aus 12 bis 64 Buchstaben, Ziffern, - oder _; wählen Sie eines, das niemand erraten kann (z. B. herald-ann-7f3k9q2m)",
            fr: "Un sujet ntfy compte 12 à 64 lettres, chiffres, - ou _ ; choisissez-en un que personne ne peut deviner (par ex. herald-ann-7f3k9q2m)"
        ),
        "error.address.pushover": Words(
            en: "A Pushover user key is 30 letters and digits (Pushover shows it on its dashboard)",
            sv: "En Pushover-användarnyckel är 30 bokstäver och siffror (Pushover visar den på sin översiktssida)",
            de: "Ein Pushover-Benutzerschlüssel besteht aus 30 Buchstaben und Ziffern (Pushover zeigt ihn in seinem Dashboard)",
            fr: "Une clé utilisateur Pushover compte 30 lettres et chiffres (Pushover l’affiche sur son tableau de bord)"
        ),
        "error.address.phoneDigits": Words(
            en: "A phone number holds only digits, after a + and its country code (e.g. +46 70 123 45 67)",
            sv: "Ett telefonnummer innehåller bara siffror, efter ett + och landskoden (t.ex. +46 70 123 45 67)",
            de: "Eine Telefonnummer enthält nur Ziffern, nach einem + und der Ländervorwahl (z. B. +46 70 123 45 67)",
            fr: "Un numéro de téléphone ne contient que des chiffres, après un + et l’indicatif du pays (par ex. +46 70 123 45 67)"
        ),
        "error.address.countryCode": Words(
            en: "Write the number with its country code, e.g. +46 70 123 45 67",
            sv: "Skriv numret med landskod, t.ex. +46 70 123 45 67",
            de: "Schreiben Sie die Nummer mit Ländervorwahl, z. B. +46 70 123 45 67",
            fr: "Écrivez le numéro avec l’indicatif du pays, par ex. +46 70 123 45 67"
        ),
        "error.address.phoneLength": Words(
            en: "An international number has 8 to 15 digits after the +, the first not 0",
            sv: "Ett internationellt nummer har 8 till 15 siffror efter +, och den första är inte 0",
            de: "Eine internationale Nummer hat 8 bis 15 Ziffern nach dem +, die erste nicht 0",
            fr: "Un numéro international compte 8 à 15 chiffres après le +, le premier n’étant pas 0"
        ),
        "error.address.email": Words(
            en: "That is not an email address (name@example.org)",
            sv: "Det är ingen e-postadress (namn@example.org)",
            de: "Das ist keine E-Mail-Adresse (name@example.org)",
            fr: "Ce n’est pas une adresse e-mail (nom@example.org)"
        ),
        // Feeds and templates (HeraldUseCases/Feeds/Feeds.swift, Services/ServiceTemplates.swift).
        "error.feed.url": Words(
            en: "The feed's URL should be an http or https URL of at most 2048 characters",
            sv: "Flödets URL ska vara en http- eller https-URL på högst 2048 tecken",
            de: "Die URL des Feeds muss eine http- oder https-URL mit höchstens 2048 Zeichen sein",
            fr: "L’URL du flux doit être une URL http ou https d’au plus 2048 caractères"
        ),
        "error.feed.seconds": Words(
            en: "Should be from {min} to {max} seconds",
            sv: "Ska vara från {min} till {max} sekunder",
            de: "Muss zwischen {min} und {max} Sekunden liegen",
            fr: "Doit être entre {min} et {max} secondes"
        ),
        "error.feed.attributes": Words(
            en: "At most {limit} attribute names, each a plain identifier",
            sv: "Högst {limit} attributnamn, vart och ett en enkel identifierare",
            de: "Höchstens {limit} Attributnamen, jeder ein einfacher Bezeichner",
            fr: "Au plus {limit} noms d’attributs, chacun un identifiant simple"
        ),
        "error.feed.template": Words(
            en: "The template does not parse: {reason}",
            sv: "Mallen kan inte tolkas: {reason}",
            de: "Die Vorlage lässt sich nicht lesen: {reason}",
            fr: "Le modèle ne peut pas être analysé : {reason}"
        ),
        // A feed's last error, as the service page shows it (HeraldBridges/Feeds/FeedService.swift).
        "error.feedPoll.status": Words(
            en: "the feed answered {status}",
            sv: "flödet svarade {status}",
            de: "der Feed antwortete mit {status}",
            fr: "le flux a répondu {status}"
        ),
        "error.feedPoll.tooLarge": Words(
            en: "the feed is larger than {bytes} bytes",
            sv: "flödet är större än {bytes} byte",
            de: "der Feed ist größer als {bytes} Bytes",
            fr: "le flux dépasse {bytes} octets"
        ),
        "error.feedPoll.unreadable": Words(
            en: "unreadable: {reason}",
            sv: "oläsbart: {reason}",
            de: "unlesbar: {reason}",
            fr: "illisible : {reason}"
        ),
        "error.feedPoll.filter": Words(
            en: "its filter does not read: {reason}",
            sv: "dess filter kan inte läsas: {reason}",
            de: "sein Filter lässt sich nicht lesen: {reason}",
            fr: "son filtre est illisible : {reason}"
        ),
        // A service's alerting, rate limit and write-back (HeraldUseCases/Services: ServiceAlertingChoices, ServiceRateLimits, ServiceWriteBacks).
        "error.alerting.severity": Words(
            en: "'{value}' is not a severity; use one of: {choices}",
            sv: "'{value}' är ingen allvarlighetsgrad; använd en av: {choices}",
            de: "'{value}' ist kein Schweregrad; verwenden Sie einen von: {choices}",
            fr: "'{value}' n’est pas une gravité ; utilisez l’une de : {choices}"
        ),
        "error.alerting.urgency": Words(
            en: "'{value}' is not an urgency; use one of: {choices}",
            sv: "'{value}' är ingen brådskandegrad; använd en av: {choices}",
            de: "'{value}' ist keine Dringlichkeit; verwenden Sie eine von: {choices}",
            fr: "'{value}' n’est pas une urgence ; utilisez l’une de : {choices}"
        ),
        "error.alerting.resolutions": Words(
            en: "'{value}' is not a choice; use one of: {choices}",
            sv: "'{value}' är inget giltigt val; använd ett av: {choices}",
            de: "'{value}' ist keine gültige Wahl; verwenden Sie eine von: {choices}",
            fr: "'{value}' n’est pas un choix possible ; utilisez l’un de : {choices}"
        ),
        "error.writeBack.credentials": Words(
            en: "Credentials in the URL would be shown to every admin; Herald does not send them",
            sv: "Inloggningsuppgifter i URL:en skulle visas för varje administratör; Herald skickar dem inte",
            de: "Zugangsdaten in der URL würden jedem Admin angezeigt; Herald sendet sie nicht",
            fr: "Des identifiants dans l’URL seraient montrés à chaque administrateur ; Herald ne les envoie pas"
        ),
        "error.writeBack.queryFragment": Words(
            en: "The Alertmanager's base URL takes no query or fragment",
            sv: "Alertmanagers bas-URL tar ingen query eller fragment",
            de: "Die Basis-URL des Alertmanagers hat keine Query und kein Fragment",
            fr: "L’URL de base de l’Alertmanager ne prend ni requête ni fragment"
        ),
        "error.writeBack.url": Words(
            en: "The Alertmanager's base URL should be an http or https URL of at most 2048 characters",
            sv: "Alertmanagers bas-URL ska vara en http- eller https-URL på högst 2048 tecken",
            de: "Die Basis-URL des Alertmanagers muss eine http- oder https-URL mit höchstens 2048 Zeichen sein",
            fr: "L’URL de base de l’Alertmanager doit être une URL http ou https d’au plus 2048 caractères"
        ),
        "error.writeBack.silence": Words(
            en: "A silence lasts {min} to {max} minutes",
            sv: "En tystning varar {min} till {max} minuter",
            de: "Eine Stummschaltung dauert {min} bis {max} Minuten",
            fr: "Un silence dure de {min} à {max} minutes"
        ),
        "error.writeBack.noKafka": Words(
            en: "Phoebus commands go over the Kafka bridge, and this server has no KAFKA_BROKERS",
            sv: "Phoebus-kommandon går över Kafka-bryggan, och den här servern har inga KAFKA_BROKERS",
            de: "Phoebus-Befehle laufen über die Kafka-Brücke, und dieser Server hat keine KAFKA_BROKERS",
            fr: "Les commandes Phoebus passent par le pont Kafka, et ce serveur n’a pas de KAFKA_BROKERS"
        ),
        "error.writeBack.phoebusTakesNothing": Words(
            en: "A Phoebus write-back takes no URL or silence time",
            sv: "En återskrivning till Phoebus tar ingen URL eller tystnadstid",
            de: "Ein Zurückschreiben an Phoebus hat keine URL und keine Stummschaltdauer",
            fr: "Un renvoi vers Phoebus ne prend ni URL ni durée de silence"
        ),
        "error.writeBack.target": Words(
            en: "'{name}' is not a write-back target; use alertmanager or phoebus",
            sv: "'{name}' är inget mål för återskrivning; använd alertmanager eller phoebus",
            de: "'{name}' ist kein Ziel für das Zurückschreiben; verwenden Sie alertmanager oder phoebus",
            fr: "'{name}' n’est pas une cible de renvoi ; utilisez alertmanager ou phoebus"
        ),
        "error.writeBack.openNetworks": Words(
            en: "With ALLOWED_NETWORKS empty, anyone could post this service alerts that an acknowledgement would then silence: first create a publish token for it (POST /api/v2/services/{service}/tokens) and give it to Alertmanager, or set ALLOWED_NETWORKS",
            sv: "Med tomt ALLOWED_NETWORKS kunde vem som helst posta larm till den här tjänsten som en kvittering sedan skulle tysta: skapa först en publiceringstoken för den (POST /api/v2/services/{service}/tokens) och ge den till Alertmanager, eller ställ in ALLOWED_NETWORKS",
            de: "Mit leerem ALLOWED_NETWORKS könnte jeder diesem Dienst Alarme senden, die eine Quittierung dann stummschalten würde: legen Sie zuerst ein Veröffentlichungs-Token dafür an (POST /api/v2/services/{service}/tokens) und geben Sie es dem Alertmanager, oder setzen Sie ALLOWED_NETWORKS",
            fr: "Avec ALLOWED_NETWORKS vide, n’importe qui pourrait envoyer à ce service des alertes qu’un acquittement ferait ensuite taire : créez d’abord un token de publication pour lui (POST /api/v2/services/{service}/tokens) et donnez-le à Alertmanager, ou définissez ALLOWED_NETWORKS"
        ),
    ]
}
