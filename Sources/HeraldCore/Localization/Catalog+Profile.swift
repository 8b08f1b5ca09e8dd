extension Catalog {
    /// A person's profile page: language, teams and roles, devices, quiet
    /// hours, calendar, sessions.
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
        "profile.platformName.slack": Words(
            en: "Slack (a direct message)",
            sv: "Slack (ett direktmeddelande)",
            de: "Slack (eine Direktnachricht)",
            fr: "Slack (un message direct)"
        ),
        "profile.platformName.mattermost": Words(
            en: "Mattermost (a direct message)",
            sv: "Mattermost (ett direktmeddelande)",
            de: "Mattermost (eine Direktnachricht)",
            fr: "Mattermost (un message direct)"
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
    ]
}
