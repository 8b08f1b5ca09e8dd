extension Catalog {
    /// The profile (its language card is in `pages`), reaching you (contact
    /// methods and rules), the acknowledge link and the chat link.
    static let profilePages: [String: Words] = [
        // The profile.
        "profile.title": Words(
            en: "Profile",
            sv: "Profil",
            de: "Profil",
            fr: "Profil"
        ),
        "profile.signedInThrough": Words(
            en: "Signed in through {origin}",
            sv: "Inloggad via {origin}",
            de: "Angemeldet über {origin}",
            fr: "Connexion via {origin}"
        ),
        "profile.origin.local": Words(
            en: "a local account",
            sv: "ett lokalt konto",
            de: "ein lokales Konto",
            fr: "un compte local"
        ),
        "profile.origin.ldap": Words(
            en: "the directory (LDAP)",
            sv: "katalogen (LDAP)",
            de: "das Verzeichnis (LDAP)",
            fr: "l’annuaire (LDAP)"
        ),
        "profile.origin.url": Words(
            en: "the site's authentication URL",
            sv: "anläggningens autentiserings-URL",
            de: "die Authentifizierungs-URL der Einrichtung",
            fr: "l’URL d’authentification du site"
        ),
        "profile.origin.oidc": Words(
            en: "OpenID Connect",
            sv: "OpenID Connect",
            de: "OpenID Connect",
            fr: "OpenID Connect"
        ),
        "profile.origin.demo": Words(
            en: "the demo account",
            sv: "demokontot",
            de: "das Demokonto",
            fr: "le compte de démonstration"
        ),
        "profile.administrator": Words(
            en: "administrator",
            sv: "administratör",
            de: "Administrator",
            fr: "administrateur"
        ),
        "profile.lastSignIn": Words(
            en: "last sign-in",
            sv: "senaste inloggning",
            de: "letzte Anmeldung",
            fr: "dernière connexion"
        ),
        "profile.teamsAndRoles": Words(
            en: "Teams and roles",
            sv: "Grupper och roller",
            de: "Teams und Rollen",
            fr: "Équipes et rôles"
        ),
        "profile.noTeam": Words(
            en: "In no team.",
            sv: "Inte med i någon grupp.",
            de: "In keinem Team.",
            fr: "Dans aucune équipe."
        ),
        "profile.noRole": Words(
            en: "No role of any service.",
            sv: "Ingen roll i någon tjänst.",
            de: "Keine Rolle in einem Dienst.",
            fr: "Aucun rôle dans un service."
        ),
        "profile.noRoleAdmin": Words(
            en: "No role of any service: as an administrator you keep them all.",
            sv: "Ingen roll i någon tjänst: som administratör har du dem alla.",
            de: "Keine Rolle in einem Dienst: Als Administrator haben Sie sie alle.",
            fr: "Aucun rôle dans un service : en tant qu’administrateur, vous les avez tous."
        ),
        // The profile's devices.
        "profile.devices": Words(
            en: "Devices",
            sv: "Enheter",
            de: "Geräte",
            fr: "Appareils"
        ),
        "profile.platform": Words(
            en: "Platform",
            sv: "Plattform",
            de: "Plattform",
            fr: "Plateforme"
        ),
        "profile.token": Words(
            en: "Token",
            sv: "Token",
            de: "Token",
            fr: "Token"
        ),
        "profile.lastSeen": Words(
            en: "Last seen",
            sv: "Senast sedd",
            de: "Zuletzt gesehen",
            fr: "Dernière activité"
        ),
        "profile.remove": Words(
            en: "Remove",
            sv: "Ta bort",
            de: "Entfernen",
            fr: "Retirer"
        ),
        "profile.noDevices": Words(
            en: "No devices: sign in on the Herald app to get push notifications on your phone.",
            sv: "Inga enheter: logga in i Herald-appen för att få pushaviseringar i telefonen.",
            de: "Keine Geräte: Melden Sie sich in der Herald-App an, um Push-Benachrichtigungen auf Ihrem Telefon zu erhalten.",
            fr: "Aucun appareil : connectez-vous dans l’application Herald pour recevoir les notifications push sur votre téléphone."
        ),
        "profile.platformName.apns": Words(
            en: "Apple (APNs)",
            sv: "Apple (APNs)",
            de: "Apple (APNs)",
            fr: "Apple (APNs)"
        ),
        "profile.platformName.fcm": Words(
            en: "Android (FCM)",
            sv: "Android (FCM)",
            de: "Android (FCM)",
            fr: "Android (FCM)"
        ),
        "profile.platformName.webpush": Words(
            en: "Browser (Web Push)",
            sv: "Webbläsare (Web Push)",
            de: "Browser (Web Push)",
            fr: "Navigateur (Web Push)"
        ),
        "profile.platformName.sms": Words(
            en: "Text messages (SMS)",
            sv: "Textmeddelanden (SMS)",
            de: "Textnachrichten (SMS)",
            fr: "Messages texte (SMS)"
        ),
        "profile.platformName.voice": Words(
            en: "Phone calls",
            sv: "Telefonsamtal",
            de: "Anrufe",
            fr: "Appels téléphoniques"
        ),
        "profile.platformName.email": Words(
            en: "Email",
            sv: "E-post",
            de: "E-Mail",
            fr: "E-mail"
        ),
        "profile.platformName.ntfy": Words(
            en: "ntfy (the person's topic)",
            sv: "ntfy (personens ämne)",
            de: "ntfy (das Topic der Person)",
            fr: "ntfy (le sujet de la personne)"
        ),
        "profile.platformName.pushover": Words(
            en: "Pushover",
            sv: "Pushover",
            de: "Pushover",
            fr: "Pushover"
        ),
        "profile.platformName.matrix": Words(
            en: "Matrix (a direct chat)",
            sv: "Matrix (en direktchatt)",
            de: "Matrix (ein Direktchat)",
            fr: "Matrix (une discussion directe)"
        ),
        "profile.thisBrowser": Words(
            en: "This browser",
            sv: "Den här webbläsaren",
            de: "Dieser Browser",
            fr: "Ce navigateur"
        ),
        "profile.thisBrowserExplained": Words(
            en: "Get notifications here too, even with this page closed.",
            sv: "Få aviseringar här också, även när sidan är stängd.",
            de: "Erhalten Sie Benachrichtigungen auch hier, selbst wenn diese Seite geschlossen ist.",
            fr: "Recevez aussi les notifications ici, même quand cette page est fermée."
        ),
        "profile.notifyMe": Words(
            en: "Notify me in this browser",
            sv: "Avisera mig i den här webbläsaren",
            de: "In diesem Browser benachrichtigen",
            fr: "M’avertir dans ce navigateur"
        ),
        // The profile's texts.
        "profile.texts": Words(
            en: "Texts",
            sv: "Sms",
            de: "Textnachrichten",
            fr: "SMS"
        ),
        "profile.textsExplained": Words(
            en: "Numbers Herald texts when a push is not enough, your rules for when, and a test.",
            sv: "Nummer som Herald skickar sms till när en push inte räcker, dina regler för när, och ett test.",
            de: "Nummern, an die Herald Textnachrichten sendet, wenn eine Push-Nachricht nicht reicht, Ihre Regeln dafür und ein Test.",
            fr: "Les numéros auxquels Herald envoie des SMS quand une notification push ne suffit pas, vos règles pour le moment de l’envoi, et un test."
        ),
        "profile.reachingYou": Words(
            en: "Reaching you",
            sv: "Nå dig",
            de: "Sie erreichen",
            fr: "Vous joindre"
        ),
        // The profile's quiet hours.
        "profile.quietHours": Words(
            en: "Quiet hours",
            sv: "Tysta timmar",
            de: "Ruhezeiten",
            fr: "Heures calmes"
        ),
        "profile.quietExplained": Words(
            en: "During these hours what is below the severity you choose reaches you quietly or waits in the inbox. While you are on call for a rota, its services reach you as usual; an escalation's call always does. A change applies to the next notification.",
            sv: "Under de här timmarna når allt under den allvarlighetsgrad du väljer dig tyst, eller väntar i inkorgen. Medan du har jour i en jourlista når dess tjänster dig som vanligt; samtal från en eskalering gör det alltid. En ändring gäller från nästa avisering.",
            de: "In diesen Stunden erreicht Sie alles unterhalb des gewählten Schweregrads still oder wartet im Posteingang. Während Sie für einen Dienstplan in Bereitschaft sind, erreichen Sie dessen Dienste wie gewohnt; der Anruf einer Eskalation immer. Eine Änderung gilt ab der nächsten Benachrichtigung.",
            fr: "Pendant ces heures, ce qui est en dessous de la gravité choisie vous parvient discrètement ou attend dans la boîte de réception. Quand vous êtes d’astreinte sur un planning, ses services vous parviennent comme d’habitude ; l’appel d’une escalade, toujours. Un changement s’applique à la notification suivante."
        ),
        "profile.quietCustom": Words(
            en: "You set other windows through the API; saving here replaces them.",
            sv: "Du har angett andra tidsfönster via API:t; om du sparar här ersätts de.",
            de: "Sie haben über die API andere Zeitfenster festgelegt; Speichern hier ersetzt sie.",
            fr: "Vous avez défini d’autres plages via l’API ; enregistrer ici les remplace."
        ),
        "profile.weeknightsFrom": Words(
            en: "Weeknights from",
            sv: "Vardagsnätter från",
            de: "Werktags nachts von",
            fr: "Les soirs de semaine de"
        ),
        "profile.until": Words(
            en: "until",
            sv: "till",
            de: "bis",
            fr: "à"
        ),
        "profile.weekends": Words(
            en: "Weekends all day",
            sv: "Helger hela dagen",
            de: "Wochenenden ganztägig",
            fr: "Week-ends toute la journée"
        ),
        "profile.timeZone": Words(
            en: "Time zone",
            sv: "Tidszon",
            de: "Zeitzone",
            fr: "Fuseau horaire"
        ),
        "profile.breaksThrough": Words(
            en: "Breaks through from",
            sv: "Bryter igenom från",
            de: "Dringt durch ab",
            fr: "Passe outre à partir de"
        ),
        "profile.belowIt": Words(
            en: "Below it",
            sv: "Under den",
            de: "Darunter",
            fr: "En dessous"
        ),
        "profile.arrivesQuietly": Words(
            en: "arrives quietly",
            sv: "kommer tyst",
            de: "kommt still an",
            fr: "arrive discrètement"
        ),
        "profile.waitsInInbox": Words(
            en: "waits in the inbox",
            sv: "väntar i inkorgen",
            de: "wartet im Posteingang",
            fr: "attend dans la boîte de réception"
        ),
        "profile.saveQuiet": Words(
            en: "Save quiet hours",
            sv: "Spara tysta timmar",
            de: "Ruhezeiten speichern",
            fr: "Enregistrer les heures calmes"
        ),
        "profile.noQuiet": Words(
            en: "No quiet hours",
            sv: "Inga tysta timmar",
            de: "Keine Ruhezeiten",
            fr: "Pas d’heures calmes"
        ),
        // The profile's calendar feed.
        "profile.calendarTitle": Words(
            en: "My on-call calendar",
            sv: "Min jourkalender",
            de: "Mein Bereitschaftskalender",
            fr: "Mon calendrier d’astreinte"
        ),
        "profile.calendarExplained": Words(
            en: "An iCalendar feed of your shifts on every rota, for your phone's calendar. The address is the key: Herald shows it once, when made.",
            sv: "Ett iCalendar-flöde med dina pass i alla jourlistor, för telefonens kalender. Adressen är nyckeln: Herald visar den en gång, när den skapas.",
            de: "Ein iCalendar-Feed Ihrer Schichten in allen Dienstplänen, für den Kalender Ihres Telefons. Die Adresse ist der Schlüssel: Herald zeigt sie einmal, wenn sie erstellt wird.",
            fr: "Un flux iCalendar de vos tours sur tous les plannings, pour le calendrier de votre téléphone. L’adresse est la clé : Herald l’affiche une seule fois, à sa création."
        ),
        "profile.calendarExplainedMade": Words(
            en: "An iCalendar feed of your shifts on every rota, for your phone's calendar. The address is the key: Herald shows it once, when made, and a new one replaces the one you have.",
            sv: "Ett iCalendar-flöde med dina pass i alla jourlistor, för telefonens kalender. Adressen är nyckeln: Herald visar den en gång, när den skapas, och en ny ersätter den du har.",
            de: "Ein iCalendar-Feed Ihrer Schichten in allen Dienstplänen, für den Kalender Ihres Telefons. Die Adresse ist der Schlüssel: Herald zeigt sie einmal, wenn sie erstellt wird, und eine neue ersetzt Ihre bisherige.",
            fr: "Un flux iCalendar de vos tours sur tous les plannings, pour le calendrier de votre téléphone. L’adresse est la clé : Herald l’affiche une seule fois, à sa création, et une nouvelle remplace celle que vous avez."
        ),
        "profile.calendarNew": Words(
            en: "Make a new address",
            sv: "Skapa en ny adress",
            de: "Neue Adresse erstellen",
            fr: "Créer une nouvelle adresse"
        ),
        "profile.calendarMake": Words(
            en: "Make the address",
            sv: "Skapa adressen",
            de: "Adresse erstellen",
            fr: "Créer l’adresse"
        ),
        // The profile's sessions.
        "profile.sessions": Words(
            en: "Sessions",
            sv: "Sessioner",
            de: "Sitzungen",
            fr: "Sessions"
        ),
        "profile.sessionsExplained": Words(
            en: "Signing out everywhere ends the sessions of every phone and browser, this one included.",
            sv: "Att logga ut överallt avslutar sessionerna på alla telefoner och webbläsare, även den här.",
            de: "Wenn Sie sich überall abmelden, enden die Sitzungen aller Telefone und Browser, auch die dieses Browsers.",
            fr: "Se déconnecter partout met fin aux sessions de tous les téléphones et navigateurs, y compris celui-ci."
        ),
        "profile.signOut": Words(
            en: "Sign out",
            sv: "Logga ut",
            de: "Abmelden",
            fr: "Se déconnecter"
        ),
        "profile.signOutEverywhere": Words(
            en: "Sign out everywhere",
            sv: "Logga ut överallt",
            de: "Überall abmelden",
            fr: "Se déconnecter partout"
        ),
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
        "contact.addressLabel": Words(
            en: "Mobile number with its country code, email address, ntfy topic (one nobody could guess, subscribed in the ntfy app) or Pushover user key",
            sv: "Mobilnummer med landsnummer, e-postadress, ntfy-ämne (ett som ingen kan gissa, prenumererat i ntfy-appen) eller Pushover-användarnyckel",
            de: "Handynummer mit Ländervorwahl, E-Mail-Adresse, ntfy-Topic (eines, das niemand erraten kann, in der ntfy-App abonniert) oder Pushover-Benutzerschlüssel",
            fr: "Numéro de mobile avec son indicatif de pays, adresse e-mail, sujet ntfy (impossible à deviner, suivi dans l’application ntfy) ou clé utilisateur Pushover"
        ),
        "contact.add": Words(
            en: "Add and send me a code",
            sv: "Lägg till och skicka mig en kod",
            de: "Hinzufügen und mir einen Code senden",
            fr: "Ajouter et m’envoyer un code"
        ),
        "contact.cannotSend": Words(
            en: "This site sends no texts, calls, email, ntfy or Pushover messages (none of SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN is set).",
            sv: "Den här anläggningen skickar inga sms, samtal, e-post, ntfy- eller Pushover-meddelanden (ingen av SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN är satt).",
            de: "Diese Einrichtung sendet keine SMS, Anrufe, E-Mails, ntfy- oder Pushover-Nachrichten (keine der Variablen SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN ist gesetzt).",
            fr: "Ce site n’envoie ni SMS, ni appels, ni e-mails, ni messages ntfy ou Pushover (aucune des variables SMS_PROVIDER, VOICE_PROVIDER, SMTP_URL, NTFY_URL, PUSHOVER_TOKEN n’est définie)."
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
