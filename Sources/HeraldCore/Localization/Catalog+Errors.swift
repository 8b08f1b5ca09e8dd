extension Catalog {
    /// Refusals a page shows: what was not found, the HTTP edge, the web app's
    /// own, devices and pushes. Found by their English text (`Catalog.message`).
    static let errors: [String: Words] = [
        // Not found: UseCaseError.notFound(what) and APIError.notFound(what) read "<what> not found" (HeraldUseCases, HeraldAPI/Web).
        "error.notFound.service": Words(
            en: "Service not found",
            sv: "Tjänsten hittades inte",
            de: "Dienst nicht gefunden",
            fr: "Service introuvable"
        ),
        "error.notFound.feed": Words(
            en: "Feed not found",
            sv: "Flödet hittades inte",
            de: "Feed nicht gefunden",
            fr: "Flux introuvable"
        ),
        "error.notFound.scheduled": Words(
            en: "Scheduled notification not found",
            sv: "Den schemalagda aviseringen hittades inte",
            de: "Geplante Benachrichtigung nicht gefunden",
            fr: "Notification programmée introuvable"
        ),
        "error.notFound.recurring": Words(
            en: "Recurring notification not found",
            sv: "Den återkommande aviseringen hittades inte",
            de: "Wiederkehrende Benachrichtigung nicht gefunden",
            fr: "Notification récurrente introuvable"
        ),
        "error.notFound.grant": Words(
            en: "Grant not found",
            sv: "Rolltilldelningen hittades inte",
            de: "Rollenvergabe nicht gefunden",
            fr: "Attribution de rôle introuvable"
        ),
        "error.notFound.team": Words(
            en: "Team not found",
            sv: "Gruppen hittades inte",
            de: "Team nicht gefunden",
            fr: "Équipe introuvable"
        ),
        "error.notFound.member": Words(
            en: "Member not found",
            sv: "Medlemmen hittades inte",
            de: "Mitglied nicht gefunden",
            fr: "Membre introuvable"
        ),
        "error.notFound.device": Words(
            en: "Device not found",
            sv: "Enheten hittades inte",
            de: "Gerät nicht gefunden",
            fr: "Appareil introuvable"
        ),
        "error.notFound.token": Words(
            en: "Token not found",
            sv: "Token hittades inte",
            de: "Token nicht gefunden",
            fr: "Token introuvable"
        ),
        "error.notFound.chatRoom": Words(
            en: "Chat room not found",
            sv: "Chattrummet hittades inte",
            de: "Chatraum nicht gefunden",
            fr: "Salon de discussion introuvable"
        ),
        "error.notFound.chatLink": Words(
            en: "Chat link (not this server's, or older than 15 minutes: press the button again) not found",
            sv: "Chattlänken hittades inte (den är inte den här serverns, eller äldre än 15 minuter: tryck på knappen igen)",
            de: "Chat-Verknüpfung nicht gefunden (nicht von diesem Server oder älter als 15 Minuten: drücken Sie die Schaltfläche erneut)",
            fr: "Lien de discussion introuvable (il ne vient pas de ce serveur ou date de plus de 15 minutes : appuyez de nouveau sur le bouton)"
        ),
        "error.notFound.linkedChatAccount": Words(
            en: "Linked chat account not found",
            sv: "Det länkade chattkontot hittades inte",
            de: "Verknüpftes Chatkonto nicht gefunden",
            fr: "Compte de discussion lié introuvable"
        ),
        "error.notFound.notification": Words(
            en: "Notification not found",
            sv: "Aviseringen hittades inte",
            de: "Benachrichtigung nicht gefunden",
            fr: "Notification introuvable"
        ),
        "error.notFound.rota": Words(
            en: "Rota not found",
            sv: "Jourlistan hittades inte",
            de: "Dienstplan nicht gefunden",
            fr: "Planning introuvable"
        ),
        "error.notFound.override": Words(
            en: "Override not found",
            sv: "Vikariatet hittades inte",
            de: "Vertretung nicht gefunden",
            fr: "Remplacement introuvable"
        ),
        "error.notFound.owner": Words(
            en: "Owner not found",
            sv: "Ägaren hittades inte",
            de: "Eigentümer nicht gefunden",
            fr: "Propriétaire introuvable"
        ),
        "error.notFound.user": Words(
            en: "User not found",
            sv: "Användaren hittades inte",
            de: "Benutzer nicht gefunden",
            fr: "Utilisateur introuvable"
        ),
        "error.notFound.contactMethod": Words(
            en: "Contact method not found",
            sv: "Kontaktvägen hittades inte",
            de: "Kontaktweg nicht gefunden",
            fr: "Moyen de contact introuvable"
        ),
        "error.notFound.contactMethodId": Words(
            en: "Contact method {id} not found",
            sv: "Kontaktväg {id} hittades inte",
            de: "Kontaktweg {id} nicht gefunden",
            fr: "Moyen de contact {id} introuvable"
        ),
        "error.notFound.contactMethodGone": Words(
            en: "Contact method (no longer its account's) not found",
            sv: "Kontaktvägen hittades inte (den hör inte längre till kontot)",
            de: "Kontaktweg nicht gefunden (er gehört nicht mehr zu diesem Konto)",
            fr: "Moyen de contact introuvable (il n’appartient plus à ce compte)"
        ),
        "error.notFound.link": Words(
            en: "Link not found",
            sv: "Kopplingen hittades inte",
            de: "Verknüpfung nicht gefunden",
            fr: "Liaison introuvable"
        ),
        "error.notFound.acknowledgement": Words(
            en: "Acknowledgement not found",
            sv: "Kvitteringen hittades inte",
            de: "Quittierung nicht gefunden",
            fr: "Acquittement introuvable"
        ),
        "error.push.token": Words(
            en: "A Web Push token should be the browser's PushSubscription as JSON: an https endpoint and keys p256dh (65 bytes) and auth (16 bytes), base64url",
            sv: "En token för Web Push ska vara webbläsarens PushSubscription som JSON: en https-slutpunkt och nycklarna p256dh (65 byte) och auth (16 byte), base64url",
            de: "Ein Token für Web Push muss die PushSubscription des Browsers als JSON sein: ein https-Endpunkt und die Schlüssel p256dh (65 Bytes) und auth (16 Bytes), base64url",
            fr: "Un token Web Push doit être la PushSubscription du navigateur en JSON : un point de terminaison https et les clés p256dh (65 octets) et auth (16 octets), en base64url"
        ),
        "error.push.refused": Words(
            en: "This push endpoint is refused: {reason}",
            sv: "Den här push-slutpunkten avvisas: {reason}",
            de: "Dieser Push-Endpunkt wird abgelehnt: {reason}",
            fr: "Ce point de terminaison push est refusé : {reason}"
        ),
        "error.push.https": Words(
            en: "This push endpoint is refused: a push endpoint is an https URL",
            sv: "Den här push-slutpunkten avvisas: en push-slutpunkt är en https-URL",
            de: "Dieser Push-Endpunkt wird abgelehnt: ein Push-Endpunkt ist eine https-URL",
            fr: "Ce point de terminaison push est refusé : un point de terminaison push est une URL https"
        ),
        "error.push.unknownService": Words(
            en: "This push endpoint is refused: {host} is not a known push service (the browsers' own: {services}; WEBPUSH_ALLOWED_HOSTS adds others)",
            sv: "Den här push-slutpunkten avvisas: {host} är ingen känd push-tjänst (webbläsarnas egna: {services}; WEBPUSH_ALLOWED_HOSTS lägger till fler)",
            de: "Dieser Push-Endpunkt wird abgelehnt: {host} ist kein bekannter Push-Dienst (die der Browser: {services}; WEBPUSH_ALLOWED_HOSTS fügt weitere hinzu)",
            fr: "Ce point de terminaison push est refusé : {host} n’est pas un service push connu (ceux des navigateurs : {services} ; WEBPUSH_ALLOWED_HOSTS en ajoute d’autres)"
        ),
        "error.push.notEnabled": Words(
            en: "Web Push is not enabled (WEBPUSH_SUBJECT)",
            sv: "Web Push är inte aktiverat (WEBPUSH_SUBJECT)",
            de: "Web Push ist nicht aktiviert (WEBPUSH_SUBJECT)",
            fr: "Web Push n’est pas activé (WEBPUSH_SUBJECT)"
        ),
        "error.device.contactMethod": Words(
            en: "A phone number or email address is a contact method, added and verified under contact-methods",
            sv: "Ett telefonnummer eller en e-postadress är en kontaktväg, som läggs till och verifieras under contact-methods",
            de: "Eine Telefonnummer oder E-Mail-Adresse ist ein Kontaktweg, der unter contact-methods hinzugefügt und bestätigt wird",
            fr: "Un numéro de téléphone ou une adresse e-mail est un moyen de contact, ajouté et vérifié sous contact-methods"
        ),
        "error.device.demoTakeover": Words(
            en: "This device is registered to another account: the demo account cannot take it",
            sv: "Den här enheten är registrerad på ett annat konto: demokontot kan inte ta över den",
            de: "Dieses Gerät ist für ein anderes Konto registriert: das Demokonto kann es nicht übernehmen",
            fr: "Cet appareil est enregistré pour un autre compte : le compte de démonstration ne peut pas le reprendre"
        ),
        // The pages' own refusals (HeraldAPI/Web: AccountPages, ContactPages, InboxPages, OnCallPages, ServiceAdminPages, TeamPages, UserAdminPages, WebSupport, WebRoutes).
        "error.web.whichServiceSubscribed": Words(
            en: "Which service, and subscribed or not?",
            sv: "Vilken tjänst, och prenumererad eller inte?",
            de: "Welcher Dienst, und abonniert oder nicht?",
            fr: "Quel service, et abonné ou non ?"
        ),
        "error.web.whichService": Words(
            en: "Which service?",
            sv: "Vilken tjänst?",
            de: "Welcher Dienst?",
            fr: "Quel service ?"
        ),
        "error.web.whichDevice": Words(
            en: "Which device?",
            sv: "Vilken enhet?",
            de: "Welches Gerät?",
            fr: "Quel appareil ?"
        ),
        "error.web.snoozeLength": Words(
            en: "A snooze lasts 1h, 8h or until tomorrow",
            sv: "En paus varar 1 h, 8 h eller till i morgon",
            de: "Eine Pause dauert 1 h, 8 h oder bis morgen",
            fr: "Une pause dure 1 h, 8 h ou jusqu’à demain"
        ),
        "error.web.whichKind": Words(
            en: "Which kind of method?",
            sv: "Vilken sorts kontaktväg?",
            de: "Welche Art von Kontaktweg?",
            fr: "Quel type de moyen de contact ?"
        ),
        "error.web.delaySeconds": Words(
            en: "A delay is a number of seconds (0 for at once)",
            sv: "En fördröjning är ett antal sekunder (0 för direkt)",
            de: "Eine Verzögerung ist eine Anzahl Sekunden (0 für sofort)",
            fr: "Un délai est un nombre de secondes (0 pour tout de suite)"
        ),
        "error.web.whichMethod": Words(
            en: "Which method?",
            sv: "Vilken kontaktväg?",
            de: "Welcher Kontaktweg?",
            fr: "Quel moyen de contact ?"
        ),
        "error.web.whichRule": Words(
            en: "Which rule?",
            sv: "Vilken regel?",
            de: "Welche Regel?",
            fr: "Quelle règle ?"
        ),
        "error.web.whichNotificationAction": Words(
            en: "Which notification, and what to do with it?",
            sv: "Vilken avisering, och vad ska göras med den?",
            de: "Welche Benachrichtigung, und was soll damit geschehen?",
            fr: "Quelle notification, et que faut-il en faire ?"
        ),
        "error.web.whichNotification": Words(
            en: "Which notification?",
            sv: "Vilken avisering?",
            de: "Welche Benachrichtigung?",
            fr: "Quelle notification ?"
        ),
        "error.web.chooseTeamToPage": Words(
            en: "Choose the team to page",
            sv: "Välj gruppen som ska larmas",
            de: "Wählen Sie das Team, das alarmiert werden soll",
            fr: "Choisissez l’équipe à alerter"
        ),
        "error.web.silenceMinutes": Words(
            en: "A number of minutes",
            sv: "Ett antal minuter",
            de: "Eine Anzahl Minuten",
            fr: "Un nombre de minutes"
        ),
        "error.web.whichRole": Words(
            en: "Which role: owner, responder, publisher or viewer?",
            sv: "Vilken roll: ägare, insatsperson, publicerare eller läsare?",
            de: "Welche Rolle: Eigentümer, Einsatzkraft, Herausgeber oder Betrachter?",
            fr: "Quel rôle : propriétaire, intervenant, éditeur ou lecteur ?"
        ),
        "error.web.personOrTeam": Words(
            en: "Name a person or choose a team",
            sv: "Ange en person eller välj en grupp",
            de: "Nennen Sie eine Person oder wählen Sie ein Team",
            fr: "Indiquez une personne ou choisissez une équipe"
        ),
        "error.web.chooseTeam": Words(
            en: "Choose a team",
            sv: "Välj en grupp",
            de: "Wählen Sie ein Team",
            fr: "Choisissez une équipe"
        ),
        "error.web.whichGrant": Words(
            en: "Which grant?",
            sv: "Vilken rolltilldelning?",
            de: "Welche Rollenvergabe?",
            fr: "Quelle attribution de rôle ?"
        ),
        "error.web.whichSetting": Words(
            en: "Which setting (active or admin), and on or off?",
            sv: "Vilken inställning (aktiv eller administratör), och på eller av?",
            de: "Welche Einstellung (aktiv oder Admin), und ein oder aus?",
            fr: "Quel réglage (actif ou administrateur), et activé ou non ?"
        ),
        "error.web.whichSignInMethod": Words(
            en: "Which method: oidc, ldap or url?",
            sv: "Vilken metod: oidc, ldap eller url?",
            de: "Welche Methode: oidc, ldap oder url?",
            fr: "Quelle méthode : oidc, ldap ou url ?"
        ),
        "error.web.formExpired": Words(
            en: "This form has expired or did not come from Herald: reload the page and try again",
            sv: "Formuläret har gått ut eller kom inte från Herald: ladda om sidan och försök igen",
            de: "Dieses Formular ist abgelaufen oder stammt nicht von Herald: laden Sie die Seite neu und versuchen Sie es erneut",
            fr: "Ce formulaire a expiré ou ne vient pas de Herald : rechargez la page et réessayez"
        ),
        "error.web.noSuchFile": Words(
            en: "No such file",
            sv: "Filen finns inte",
            de: "Diese Datei gibt es nicht",
            fr: "Ce fichier n’existe pas"
        ),
        // Requests the HTTP layer refuses on a page (HeraldAPI/Coding/RequestDecoding.swift, Errors/ErrorMiddleware.swift; Hummingbird's `HTTPError` without a body shows its status's reason phrase).
        "error.http.uuid": Words(
            en: "Input should be a valid UUID",
            sv: "Värdet ska vara ett giltigt UUID",
            de: "Der Wert muss eine gültige UUID sein",
            fr: "La valeur doit être un UUID valide"
        ),
        "error.http.integer": Words(
            en: "Input should be a valid integer, unable to parse string as an integer",
            sv: "Värdet ska vara ett giltigt heltal, texten kunde inte tolkas som ett heltal",
            de: "Der Wert muss eine gültige ganze Zahl sein, der Text ließ sich nicht als ganze Zahl lesen",
            fr: "La valeur doit être un entier valide, impossible de lire le texte comme un entier"
        ),
        "error.http.bodyTooLarge": Words(
            en: "Request body is larger than {bytes} bytes",
            sv: "Förfrågans innehåll är större än {bytes} byte",
            de: "Der Inhalt der Anfrage ist größer als {bytes} Bytes",
            fr: "Le corps de la requête dépasse {bytes} octets"
        ),
        "error.http.notStorable": Words(
            en: "A value cannot be stored: {reason}",
            sv: "Ett värde kan inte sparas: {reason}",
            de: "Ein Wert kann nicht gespeichert werden: {reason}",
            fr: "Une valeur ne peut pas être enregistrée : {reason}"
        ),
        "error.http.databaseUnavailable": Words(
            en: "The database is unavailable; try again shortly",
            sv: "Databasen är inte tillgänglig; försök igen om en stund",
            de: "Die Datenbank ist nicht verfügbar; versuchen Sie es gleich erneut",
            fr: "La base de données est indisponible ; réessayez dans un instant"
        ),
        "error.http.badRequest": Words(
            en: "Bad Request",
            sv: "Felaktig förfrågan",
            de: "Ungültige Anfrage",
            fr: "Requête incorrecte"
        ),
        "error.http.unauthorized": Words(
            en: "Unauthorized",
            sv: "Inte inloggad",
            de: "Nicht angemeldet",
            fr: "Non authentifié"
        ),
        "error.http.forbidden": Words(
            en: "Forbidden",
            sv: "Inte tillåtet",
            de: "Nicht erlaubt",
            fr: "Interdit"
        ),
        "error.http.notFound": Words(
            en: "Not Found",
            sv: "Hittades inte",
            de: "Nicht gefunden",
            fr: "Introuvable"
        ),
        "error.http.methodNotAllowed": Words(
            en: "Method Not Allowed",
            sv: "Metoden är inte tillåten",
            de: "Methode nicht erlaubt",
            fr: "Méthode non autorisée"
        ),
        "error.http.requestTimeout": Words(
            en: "Request Timeout",
            sv: "Förfrågan tog för lång tid",
            de: "Zeitüberschreitung der Anfrage",
            fr: "Délai de requête dépassé"
        ),
        "error.http.contentTooLarge": Words(
            en: "Content Too Large",
            sv: "Innehållet är för stort",
            de: "Inhalt zu groß",
            fr: "Contenu trop volumineux"
        ),
        "error.http.unsupportedMediaType": Words(
            en: "Unsupported Media Type",
            sv: "Medietypen stöds inte",
            de: "Medientyp nicht unterstützt",
            fr: "Type de média non pris en charge"
        ),
        "error.http.tooManyRequests": Words(
            en: "Too Many Requests",
            sv: "För många förfrågningar",
            de: "Zu viele Anfragen",
            fr: "Trop de requêtes"
        ),
        "error.http.serviceUnavailable": Words(
            en: "Service Unavailable",
            sv: "Tjänsten är inte tillgänglig",
            de: "Dienst nicht verfügbar",
            fr: "Service indisponible"
        ),
    ]
}
