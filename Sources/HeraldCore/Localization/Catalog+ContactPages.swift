extension Catalog {
    /// A person's contact methods and rules (issue 42), and the pages a link
    /// opens: the acknowledge link's and the chat link's.
    static let contactPages: [String: Words] = [
        // Reaching you: numbers and addresses, rules, a test.
        "contact.title": Words(
            en: "Reaching you",
            sv: "Nå dig",
            de: "Sie erreichen",
            fr: "Vous joindre"
        ),
        "contact.intro": Words(
            en: "When a push is not enough (a phone in a drawer, no internet on site), Herald texts, calls or emails you, or reaches your phone through ntfy or Pushover, as your rules say. Each number, address, topic and key is verified with a code before anything else is sent to it. Pushes always go at once; nothing still waiting is sent once someone takes the alarm or it resolves.",
            sv: "När en push inte räcker (en telefon i en låda, inget internet på plats) skickar Herald sms, ringer eller mejlar dig, eller når din telefon via ntfy eller Pushover, enligt dina regler. Varje nummer, adress, ämne och nyckel verifieras med en kod innan något annat skickas dit. Pushaviseringar går alltid iväg direkt; inget som fortfarande väntar skickas när någon har tagit larmet eller det har upphört.",
            de: "Wenn eine Push-Nachricht nicht reicht (ein Telefon in der Schublade, kein Internet vor Ort), schickt Herald Ihnen eine SMS, ruft Sie an, schreibt Ihnen eine E-Mail oder erreicht Ihr Telefon über ntfy oder Pushover, wie Ihre Regeln es sagen. Jede Nummer, Adresse, jedes Topic und jeder Schlüssel wird mit einem Code bestätigt, bevor etwas anderes dorthin gesendet wird. Push-Nachrichten gehen immer sofort hinaus; was noch wartet, wird nicht mehr gesendet, sobald jemand den Alarm übernimmt oder er sich erledigt.",
            fr: "Quand une notification push ne suffit pas (un téléphone dans un tiroir, pas d’internet sur le site), Herald vous envoie un SMS, vous appelle, vous écrit un e-mail ou joint votre téléphone via ntfy ou Pushover, selon vos règles. Chaque numéro, adresse, sujet et clé est vérifié par un code avant que quoi que ce soit d’autre n’y soit envoyé. Les notifications push partent toujours immédiatement ; rien de ce qui attend encore n’est envoyé dès que quelqu’un prend l’alarme ou qu’elle se résout."
        ),
        "contact.testOf": Words(
            en: "Test of {rule}",
            sv: "Test av {rule}",
            de: "Test: {rule}",
            fr: "Test : {rule}"
        ),
        "contact.normallyAfter": Words(
            en: "normally after {seconds} s",
            sv: "normalt efter {seconds} s",
            de: "normalerweise nach {seconds} s",
            fr: "normalement après {seconds} s"
        ),
        "contact.onlyPushes": Words(
            en: "This rule texts nobody: only pushes.",
            sv: "Den här regeln skickar inga sms: bara pushaviseringar.",
            de: "Diese Regel schickt niemandem eine SMS: nur Push-Nachrichten.",
            fr: "Cette règle n’envoie de SMS à personne : uniquement des notifications push."
        ),
        "contact.sent": Words(
            en: "sent",
            sv: "skickat",
            de: "gesendet",
            fr: "envoyé"
        ),
        "contact.notSent": Words(
            en: "not sent: {reason}",
            sv: "inte skickat: {reason}",
            de: "nicht gesendet: {reason}",
            fr: "non envoyé : {reason}"
        ),
        // Reaching you: the numbers and addresses.
        "contact.numbers": Words(
            en: "Numbers and addresses",
            sv: "Nummer och adresser",
            de: "Nummern und Adressen",
            fr: "Numéros et adresses"
        ),
        "contact.numberOrAddress": Words(
            en: "Number or address",
            sv: "Nummer eller adress",
            de: "Nummer oder Adresse",
            fr: "Numéro ou adresse"
        ),
        "contact.state": Words(
            en: "State",
            sv: "Status",
            de: "Status",
            fr: "État"
        ),
        "contact.verified": Words(
            en: "Verified",
            sv: "Verifierad",
            de: "Bestätigt",
            fr: "Vérifié"
        ),
        "contact.code": Words(
            en: "Code",
            sv: "Kod",
            de: "Code",
            fr: "Code"
        ),
        "contact.verify": Words(
            en: "Verify",
            sv: "Verifiera",
            de: "Bestätigen",
            fr: "Vérifier"
        ),
        "contact.sendAnother": Words(
            en: "Send another code",
            sv: "Skicka en ny kod",
            de: "Neuen Code senden",
            fr: "Envoyer un autre code"
        ),
        "contact.sendCode": Words(
            en: "Send a code",
            sv: "Skicka en kod",
            de: "Code senden",
            fr: "Envoyer un code"
        ),
        "contact.fromSignIn": Words(
            en: "From your sign-in",
            sv: "Från din inloggning",
            de: "Aus Ihrer Anmeldung",
            fr: "De votre connexion"
        ),
        "contact.remove": Words(
            en: "Remove",
            sv: "Ta bort",
            de: "Entfernen",
            fr: "Retirer"
        ),
        "contact.none": Words(
            en: "None yet.",
            sv: "Inga än.",
            de: "Noch keine.",
            fr: "Aucun pour l’instant."
        ),
        "contact.kind": Words(
            en: "Kind",
            sv: "Typ",
            de: "Art",
            fr: "Type"
        ),
        "contact.kinds.sms": Words(
            en: "sms",
            sv: "sms",
            de: "SMS",
            fr: "SMS"
        ),
        "contact.kinds.voice": Words(
            en: "voice",
            sv: "samtal",
            de: "Anruf",
            fr: "appel"
        ),
        "contact.kinds.email": Words(
            en: "email",
            sv: "e-post",
            de: "E-Mail",
            fr: "e-mail"
        ),
        "contact.kinds.ntfy": Words(
            en: "ntfy",
            sv: "ntfy",
            de: "ntfy",
            fr: "ntfy"
        ),
        "contact.kinds.pushover": Words(
            en: "pushover",
            sv: "Pushover",
            de: "Pushover",
            fr: "Pushover"
        ),
        "contact.kinds.matrix": Words(
            en: "matrix",
            sv: "Matrix",
            de: "Matrix",
            fr: "Matrix"
        ),
        "contact.kinds.slack": Words(
            en: "slack",
            sv: "Slack",
            de: "Slack",
            fr: "Slack"
        ),
        "contact.kinds.mattermost": Words(
            en: "mattermost",
            sv: "Mattermost",
            de: "Mattermost",
            fr: "Mattermost"
        ),
        "contact.addressLabel": Words(
            en: "Mobile number with its country code, email address, ntfy topic (one nobody could guess, subscribed in the ntfy app), Pushover user key, Matrix user (@name:server), Slack member ID (U…) or Mattermost @username",
            sv: "Mobilnummer med landsnummer, e-postadress, ntfy-ämne (ett som ingen kan gissa, prenumererat i ntfy-appen), Pushover-användarnyckel, Matrix-användare (@namn:server), Slack-medlems-ID (U…) eller Mattermost-@användarnamn",
            de: "Handynummer mit Ländervorwahl, E-Mail-Adresse, ntfy-Topic (eines, das niemand erraten kann, in der ntfy-App abonniert), Pushover-Benutzerschlüssel, Matrix-Benutzer (@name:server), Slack-Mitglieds-ID (U…) oder Mattermost-@benutzername",
            fr: "Numéro de mobile avec son indicatif de pays, adresse e-mail, sujet ntfy (impossible à deviner, suivi dans l’application ntfy), clé utilisateur Pushover, utilisateur Matrix (@nom:serveur), ID de membre Slack (U…) ou @nomutilisateur Mattermost"
        ),
        "contact.add": Words(
            en: "Add and send me a code",
            sv: "Lägg till och skicka mig en kod",
            de: "Hinzufügen und mir einen Code senden",
            fr: "Ajouter et m’envoyer un code"
        ),
        "contact.cannotSend": Words(
            en: "This site sends no texts, calls, email, ntfy, Pushover or chat messages (none of SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN, MATRIX_HOMESERVER, SLACK_BOT_TOKEN, MATTERMOST_URL is set).",
            sv: "Den här anläggningen skickar inga sms, samtal, e-post, ntfy-, Pushover- eller chattmeddelanden (ingen av SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN, MATRIX_HOMESERVER, SLACK_BOT_TOKEN, MATTERMOST_URL är satt).",
            de: "Diese Einrichtung sendet keine SMS, Anrufe, E-Mails, ntfy-, Pushover- oder Chat-Nachrichten (keine der Variablen SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN, MATRIX_HOMESERVER, SLACK_BOT_TOKEN, MATTERMOST_URL ist gesetzt).",
            fr: "Ce site n’envoie ni SMS, ni appels, ni e-mails, ni messages ntfy, Pushover ou de discussion (aucune des variables SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN, MATRIX_HOMESERVER, SLACK_BOT_TOKEN, MATTERMOST_URL n’est définie)."
        ),
        // Reaching you: the rules.
        "contact.rules": Words(
            en: "Rules",
            sv: "Regler",
            de: "Regeln",
            fr: "Règles"
        ),
        "contact.ruleClass.routine": Words(
            en: "routine notifications",
            sv: "rutinaviseringar",
            de: "Routine-Benachrichtigungen",
            fr: "notifications de routine"
        ),
        "contact.ruleClass.high": Words(
            en: "high-severity notifications",
            sv: "aviseringar med hög allvarlighetsgrad",
            de: "Benachrichtigungen mit hohem Schweregrad",
            fr: "notifications de gravité élevée"
        ),
        "contact.ruleClass.critical": Words(
            en: "critical notifications",
            sv: "kritiska aviseringar",
            de: "kritische Benachrichtigungen",
            fr: "notifications critiques"
        ),
        "contact.ruleClass.call": Words(
            en: "an escalation's call",
            sv: "samtal från en eskalering",
            de: "Anruf einer Eskalation",
            fr: "l’appel d’une escalade"
        ),
        "contact.pushesOnly": Words(
            en: "Pushes only",
            sv: "Bara pushaviseringar",
            de: "Nur Push-Nachrichten",
            fr: "Notifications push uniquement"
        ),
        "contact.pushThen": Words(
            en: "Push at once, then {steps}",
            sv: "Push direkt, sedan {steps}",
            de: "Sofort Push, dann {steps}",
            fr: "Push immédiat, puis {steps}"
        ),
        "contact.stepText": Words(
            en: "a text to {address} after {seconds} s",
            sv: "ett sms till {address} efter {seconds} s",
            de: "eine SMS an {address} nach {seconds} s",
            fr: "un SMS à {address} après {seconds} s"
        ),
        "contact.stepCall": Words(
            en: "a call to {address} after {seconds} s",
            sv: "ett samtal till {address} efter {seconds} s",
            de: "ein Anruf an {address} nach {seconds} s",
            fr: "un appel au {address} après {seconds} s"
        ),
        "contact.stepMessage": Words(
            en: "a {kind} message to {address} after {seconds} s",
            sv: "ett {kind}-meddelande till {address} efter {seconds} s",
            de: "eine {kind}-Nachricht an {address} nach {seconds} s",
            fr: "un message {kind} à {address} après {seconds} s"
        ),
        "contact.stepEmail": Words(
            en: "an email to {address} after {seconds} s",
            sv: "ett mejl till {address} efter {seconds} s",
            de: "eine E-Mail an {address} nach {seconds} s",
            fr: "un e-mail à {address} après {seconds} s"
        ),
        "contact.floor": Words(
            en: "The site asks for a text within {seconds} s.",
            sv: "Anläggningen kräver ett sms inom {seconds} s.",
            de: "Die Einrichtung verlangt eine SMS innerhalb von {seconds} s.",
            fr: "Le site demande un SMS dans les {seconds} s."
        ),
        "contact.siteDefault": Words(
            en: "(the site's default)",
            sv: "(anläggningens standard)",
            de: "(Standard der Einrichtung)",
            fr: "(valeur par défaut du site)"
        ),
        "contact.reachAfter": Words(
            en: "Reach {address} after",
            sv: "Nå {address} efter",
            de: "{address} erreichen nach",
            fr: "Joindre {address} après"
        ),
        "contact.never": Words(
            en: "never",
            sv: "aldrig",
            de: "nie",
            fr: "jamais"
        ),
        "contact.save": Words(
            en: "Save",
            sv: "Spara",
            de: "Speichern",
            fr: "Enregistrer"
        ),
        "contact.useDefault": Words(
            en: "Use the site's default",
            sv: "Använd anläggningens standard",
            de: "Standard der Einrichtung verwenden",
            fr: "Utiliser la valeur par défaut du site"
        ),
        "contact.test": Words(
            en: "Test my setup",
            sv: "Testa mina inställningar",
            de: "Meine Einstellungen testen",
            fr: "Tester ma configuration"
        ),
        // The acknowledge link an email carries.
        "ackLink.title": Words(
            en: "Acknowledge",
            sv: "Kvittera",
            de: "Quittieren",
            fr: "Acquitter"
        ),
        "ackLink.explained": Words(
            en: "Take this notification: everyone it reached sees that you have it, and its escalation stops.",
            sv: "Ta den här aviseringen: alla som fick den ser att du har den, och dess eskalering stoppas.",
            de: "Übernehmen Sie diese Benachrichtigung: Alle, die sie erreicht hat, sehen, dass Sie sie haben, und ihre Eskalation endet.",
            fr: "Prenez cette notification : tous ceux qu’elle a atteints voient que vous l’avez, et son escalade s’arrête."
        ),
        "ackLink.button": Words(
            en: "Acknowledge",
            sv: "Kvittera",
            de: "Quittieren",
            fr: "Acquitter"
        ),
        "ackLink.done": Words(
            en: "Acknowledged: it is yours.",
            sv: "Kvitterad: den är din.",
            de: "Quittiert: Sie gehört Ihnen.",
            fr: "Acquittée : elle est à vous."
        ),
        "ackLink.takenBy": Words(
            en: "{name} took it already.",
            sv: "{name} har redan tagit den.",
            de: "{name} hat sie bereits übernommen.",
            fr: "{name} l’a déjà prise."
        ),
        "ackLink.theNotification": Words(
            en: "The notification",
            sv: "Aviseringen",
            de: "Die Benachrichtigung",
            fr: "La notification"
        ),
        // The link a chat button's answer carries.
        "chatLink.title": Words(
            en: "Link a chat account",
            sv: "Länka ett chattkonto",
            de: "Chat-Konto verknüpfen",
            fr: "Lier un compte de discussion"
        ),
        "chatLink.lead": Words(
            en: "A chat room's Acknowledge button sent you here. Linking lets",
            sv: "Kvittera-knappen i ett chattrum skickade dig hit. Genom att länka låter du",
            de: "Die Quittieren-Schaltfläche eines Chatraums hat Sie hierher geführt. Durch das Verknüpfen kann",
            fr: "Le bouton Acquitter d’un salon de discussion vous a amené ici. Le lier permet au"
        ),
        "chatLink.rest": Words(
            en: "acknowledge alarms as you: only link it if that is your own account and you pressed the button yourself.",
            sv: "kvittera larm i ditt namn: länka det bara om det är ditt eget konto och du själv tryckte på knappen.",
            de: "Alarme in Ihrem Namen quittieren: Verknüpfen Sie es nur, wenn es Ihr eigenes Konto ist und Sie die Schaltfläche selbst gedrückt haben.",
            fr: "d’acquitter les alarmes en votre nom : ne le liez que s’il s’agit de votre propre compte et que vous avez vous-même appuyé sur le bouton."
        ),
        "chatLink.account": Words(
            en: "{kind} account {user}",
            sv: "{kind}-kontot {user}",
            de: "das {kind}-Konto {user}",
            fr: "compte {kind} {user}"
        ),
        "chatLink.button": Words(
            en: "Link it to my account",
            sv: "Länka det till mitt konto",
            de: "Mit meinem Konto verknüpfen",
            fr: "Le lier à mon compte"
        ),
        "chatLink.done": Words(
            en: "Your {kind} account is linked: its Acknowledge buttons act as {name}. Press the button again.",
            sv: "Ditt {kind}-konto är länkat: dess Kvittera-knappar agerar som {name}. Tryck på knappen igen.",
            de: "Ihr {kind}-Konto ist verknüpft: Seine Quittieren-Schaltflächen handeln als {name}. Drücken Sie die Schaltfläche erneut.",
            fr: "Votre compte {kind} est lié : ses boutons Acquitter agissent en tant que {name}. Appuyez de nouveau sur le bouton."
        ),
    ]
}
