extension Catalog {
    /// The on-call page, signing in, and the profile's language.
    static let onCallAndSignInPages: [String: Words] = [
        // On call.
        "oncall.title": Words(
            en: "On call",
            sv: "Jour",
            de: "Bereitschaft",
            fr: "Astreinte"
        ),
        "oncall.rota": Words(
            en: "Rota",
            sv: "Jourlista",
            de: "Dienstplan",
            fr: "Planning"
        ),
        "oncall.now": Words(
            en: "On call now",
            sv: "Har jour nu",
            de: "Jetzt in Bereitschaft",
            fr: "D’astreinte maintenant"
        ),
        "oncall.members": Words(
            en: "Members",
            sv: "Medlemmar",
            de: "Mitglieder",
            fr: "Membres"
        ),
        "oncall.covering": Words(
            en: "(covering)",
            sv: "(vikarierar)",
            de: "(Vertretung)",
            fr: "(remplacement)"
        ),
        "oncall.nobody": Words(
            en: "nobody yet",
            sv: "ingen än",
            de: "noch niemand",
            fr: "personne pour l’instant"
        ),
        "oncall.noRotas": Words(
            en: "No rotas yet.",
            sv: "Inga jourlistor än.",
            de: "Noch keine Dienstpläne.",
            fr: "Aucun planning pour l’instant."
        ),
        "oncall.pageTeam": Words(
            en: "Page a team",
            sv: "Larma en grupp",
            de: "Ein Team alarmieren",
            fr: "Alerter une équipe"
        ),
        "oncall.team": Words(
            en: "Team",
            sv: "Grupp",
            de: "Team",
            fr: "Équipe"
        ),
        "oncall.severity": Words(
            en: "Severity",
            sv: "Allvarlighetsgrad",
            de: "Schweregrad",
            fr: "Gravité"
        ),
        "oncall.whatIsWrong": Words(
            en: "What is wrong",
            sv: "Vad är fel",
            de: "Was ist los",
            fr: "Quel est le problème"
        ),
        "oncall.whatIsWrongExample": Words(
            en: "Cryo plant trip: need an expert on site",
            sv: "Kryoanläggningen har löst ut: behöver en expert på plats",
            de: "Kryoanlage ausgefallen: Fachkraft vor Ort benötigt",
            fr: "Arrêt de l’installation cryogénique : besoin d’un expert sur place"
        ),
        "oncall.message": Words(
            en: "Message",
            sv: "Meddelande",
            de: "Nachricht",
            fr: "Message"
        ),
        "oncall.pageExplained": Words(
            en: "Every member is called now and, unanswered, again as the team's page policy says (every five minutes, three times in all, unless an admin changed it).",
            sv: "Alla medlemmar larmas nu och, om ingen svarar, igen enligt gruppens larmpolicy (var femte minut, tre gånger totalt, om inte en administratör har ändrat den).",
            de: "Alle Mitglieder werden jetzt gerufen und, ohne Antwort, erneut nach der Alarmregel des Teams (alle fünf Minuten, insgesamt dreimal, sofern ein Admin sie nicht geändert hat).",
            fr: "Chaque membre est appelé maintenant et, sans réponse, de nouveau selon la règle d’alerte de l’équipe (toutes les cinq minutes, trois fois en tout, sauf si un administrateur l’a modifiée)."
        ),
        "oncall.pageButton": Words(
            en: "Page the team",
            sv: "Larma gruppen",
            de: "Team alarmieren",
            fr: "Alerter l’équipe"
        ),
        "oncall.newRota": Words(
            en: "New rota",
            sv: "Ny jourlista",
            de: "Neuer Dienstplan",
            fr: "Nouveau planning"
        ),
        "oncall.name": Words(
            en: "Name",
            sv: "Namn",
            de: "Name",
            fr: "Nom"
        ),
        "oncall.membersInTurn": Words(
            en: "Members, in turn order",
            sv: "Medlemmar, i turordning",
            de: "Mitglieder, in Reihenfolge",
            fr: "Membres, dans l’ordre des tours"
        ),
        "oncall.eachTurn": Words(
            en: "Each turn",
            sv: "Varje pass",
            de: "Jede Schicht",
            fr: "Chaque tour"
        ),
        "oncall.turnUnit": Words(
            en: "Turn length unit",
            sv: "Passets längdenhet",
            de: "Einheit der Schichtdauer",
            fr: "Unité de durée du tour"
        ),
        "oncall.weeks": Words(
            en: "weeks",
            sv: "veckor",
            de: "Wochen",
            fr: "semaines"
        ),
        "oncall.days": Words(
            en: "days",
            sv: "dagar",
            de: "Tage",
            fr: "jours"
        ),
        "oncall.hours": Words(
            en: "hours",
            sv: "timmar",
            de: "Stunden",
            fr: "heures"
        ),
        "oncall.firstTurn": Words(
            en: "First turn on",
            sv: "Första passet den",
            de: "Erste Schicht am",
            fr: "Premier tour le"
        ),
        "oncall.handOff": Words(
            en: "Hand-off at",
            sv: "Överlämning kl.",
            de: "Übergabe um",
            fr: "Relève à"
        ),
        "oncall.timeZone": Words(
            en: "Time zone",
            sv: "Tidszon",
            de: "Zeitzone",
            fr: "Fuseau horaire"
        ),
        "oncall.createRota": Words(
            en: "Create rota",
            sv: "Skapa jourlista",
            de: "Dienstplan anlegen",
            fr: "Créer le planning"
        ),
        // The profile's language.
        "profile.language": Words(
            en: "Language",
            sv: "Språk",
            de: "Sprache",
            fr: "Langue"
        ),
        "profile.languageBrowser": Words(
            en: "As my browser asks",
            sv: "Som min webbläsare ber om",
            de: "Wie mein Browser es wünscht",
            fr: "Comme le demande mon navigateur"
        ),
        "profile.languageSave": Words(
            en: "Save language",
            sv: "Spara språk",
            de: "Sprache speichern",
            fr: "Enregistrer la langue"
        ),
        "profile.languageExplained": Words(
            en: "The pages and the texts Herald writes to you; notifications keep their own words.",
            sv: "Sidorna och texterna Herald skriver till dig; aviseringar behåller sina egna ord.",
            de: "Die Seiten und die Texte, die Herald Ihnen schreibt; Benachrichtigungen behalten ihren eigenen Wortlaut.",
            fr: "Les pages et les textes que Herald vous écrit ; les notifications gardent leurs propres mots."
        ),
        // Signing in.
        "login.title": Words(
            en: "Sign in",
            sv: "Logga in",
            de: "Anmelden",
            fr: "Connexion"
        ),
        "login.userName": Words(
            en: "User name",
            sv: "Användarnamn",
            de: "Benutzername",
            fr: "Nom d’utilisateur"
        ),
        "login.password": Words(
            en: "Password",
            sv: "Lösenord",
            de: "Passwort",
            fr: "Mot de passe"
        ),
        "login.or": Words(
            en: "or",
            sv: "eller",
            de: "oder",
            fr: "ou"
        ),
        "login.with": Words(
            en: "Sign in with {provider}",
            sv: "Logga in med {provider}",
            de: "Mit {provider} anmelden",
            fr: "Se connecter avec {provider}"
        ),
        "login.hint.local": Words(
            en: "Sign in with the account an administrator made for you.",
            sv: "Logga in med kontot som en administratör skapade åt dig.",
            de: "Melden Sie sich mit dem Konto an, das ein Admin für Sie angelegt hat.",
            fr: "Connectez-vous avec le compte qu’un administrateur a créé pour vous."
        ),
        "login.hint.ldap": Words(
            en: "Sign in with your site account (directory user name and password).",
            sv: "Logga in med ditt konto på anläggningen (användarnamn och lösenord i katalogen).",
            de: "Melden Sie sich mit Ihrem Konto der Einrichtung an (Benutzername und Passwort im Verzeichnis).",
            fr: "Connectez-vous avec votre compte du site (nom d’utilisateur et mot de passe de l’annuaire)."
        ),
        "login.hint.url": Words(
            en: "Sign in with your site account.",
            sv: "Logga in med ditt konto på anläggningen.",
            de: "Melden Sie sich mit Ihrem Konto der Einrichtung an.",
            fr: "Connectez-vous avec votre compte du site."
        ),
    ]
}
