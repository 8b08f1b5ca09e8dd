extension Catalog {
    /// The layout, the inbox, on call, the profile's language and signing in.
    static let pages: [String: Words] = [
        // The layout, on every page.
        "layout.skip": Words(
            en: "Skip to content",
            sv: "Hoppa till innehållet",
            de: "Zum Inhalt springen",
            fr: "Aller au contenu"
        ),
        "layout.main": Words(
            en: "Main",
            sv: "Huvudmeny",
            de: "Hauptmenü",
            fr: "Menu principal"
        ),
        "layout.signOut": Words(
            en: "Sign out",
            sv: "Logga ut",
            de: "Abmelden",
            fr: "Se déconnecter"
        ),
        "nav.inbox": Words(
            en: "Inbox",
            sv: "Inkorg",
            de: "Posteingang",
            fr: "Boîte de réception"
        ),
        "nav.subscriptions": Words(
            en: "Subscriptions",
            sv: "Prenumerationer",
            de: "Abonnements",
            fr: "Abonnements"
        ),
        "nav.profile": Words(
            en: "Profile",
            sv: "Profil",
            de: "Profil",
            fr: "Profil"
        ),
        "nav.oncall": Words(
            en: "On call",
            sv: "Jour",
            de: "Bereitschaft",
            fr: "Astreinte"
        ),
        "nav.services": Words(
            en: "Services",
            sv: "Tjänster",
            de: "Dienste",
            fr: "Services"
        ),
        "nav.audit": Words(
            en: "Audit",
            sv: "Granskningslogg",
            de: "Protokoll",
            fr: "Journal d’audit"
        ),
        "nav.users": Words(
            en: "Users",
            sv: "Användare",
            de: "Benutzer",
            fr: "Utilisateurs"
        ),
        "nav.teams": Words(
            en: "Teams",
            sv: "Grupper",
            de: "Teams",
            fr: "Équipes"
        ),
        "nav.api": Words(
            en: "API",
            sv: "API",
            de: "API",
            fr: "API"
        ),
        // The inbox.
        "inbox.title": Words(
            en: "Inbox",
            sv: "Inkorg",
            de: "Posteingang",
            fr: "Boîte de réception"
        ),
        "inbox.notLive": Words(
            en: "Not live",
            sv: "Inte direktuppdaterad",
            de: "Nicht live",
            fr: "Hors direct"
        ),
        "inbox.live": Words(
            en: "Live",
            sv: "Direkt",
            de: "Live",
            fr: "En direct"
        ),
        "inbox.reconnecting": Words(
            en: "Reconnecting…",
            sv: "Återansluter…",
            de: "Verbinde neu…",
            fr: "Reconnexion…"
        ),
        "inbox.filter": Words(
            en: "Filter",
            sv: "Filter",
            de: "Filter",
            fr: "Filtre"
        ),
        "inbox.service": Words(
            en: "Service",
            sv: "Tjänst",
            de: "Dienst",
            fr: "Service"
        ),
        "inbox.allServices": Words(
            en: "All services",
            sv: "Alla tjänster",
            de: "Alle Dienste",
            fr: "Tous les services"
        ),
        "inbox.show": Words(
            en: "Show",
            sv: "Visa",
            de: "Anzeigen",
            fr: "Afficher"
        ),
        "inbox.state.all": Words(
            en: "Everything",
            sv: "Allt",
            de: "Alles",
            fr: "Tout"
        ),
        "inbox.state.unread": Words(
            en: "Unread",
            sv: "Olästa",
            de: "Ungelesen",
            fr: "Non lues"
        ),
        "inbox.state.read": Words(
            en: "Read",
            sv: "Lästa",
            de: "Gelesen",
            fr: "Lues"
        ),
        "inbox.state.starred": Words(
            en: "Starred",
            sv: "Stjärnmärkta",
            de: "Markiert",
            fr: "Favoris"
        ),
        "inbox.apply": Words(
            en: "Apply",
            sv: "Använd",
            de: "Anwenden",
            fr: "Appliquer"
        ),
        "inbox.unread.one": Words(
            en: "{count} unread",
            sv: "{count} oläst",
            de: "{count} ungelesen",
            fr: "{count} non lue"
        ),
        "inbox.unread.other": Words(
            en: "{count} unread",
            sv: "{count} olästa",
            de: "{count} ungelesen",
            fr: "{count} non lues"
        ),
        "inbox.allRead": Words(
            en: "All read",
            sv: "Allt är läst",
            de: "Alles gelesen",
            fr: "Tout est lu"
        ),
        "inbox.markAllRead": Words(
            en: "Mark all read",
            sv: "Markera allt som läst",
            de: "Alle als gelesen markieren",
            fr: "Tout marquer comme lu"
        ),
        "inbox.empty": Words(
            en: "Nothing here yet. New notifications appear as they arrive.",
            sv: "Inget här än. Nya aviseringar visas när de kommer.",
            de: "Noch nichts hier. Neue Benachrichtigungen erscheinen, sobald sie eintreffen.",
            fr: "Rien pour l’instant. Les nouvelles notifications apparaissent dès leur arrivée."
        ),
        "inbox.pages": Words(
            en: "Pages",
            sv: "Sidor",
            de: "Seiten",
            fr: "Pages"
        ),
        "inbox.newest": Words(
            en: "← Newest",
            sv: "← Nyaste",
            de: "← Neueste",
            fr: "← Les plus récentes"
        ),
        "inbox.older": Words(
            en: "Older →",
            sv: "Äldre →",
            de: "Ältere →",
            fr: "Plus anciennes →"
        ),
        "item.openLink": Words(
            en: "Open link",
            sv: "Öppna länken",
            de: "Link öffnen",
            fr: "Ouvrir le lien"
        ),
        "item.markRead": Words(
            en: "Mark read",
            sv: "Markera som läst",
            de: "Als gelesen markieren",
            fr: "Marquer comme lue"
        ),
        "item.markUnread": Words(
            en: "Mark unread",
            sv: "Markera som oläst",
            de: "Als ungelesen markieren",
            fr: "Marquer comme non lue"
        ),
        "item.star": Words(
            en: "☆ Star",
            sv: "☆ Stjärnmärk",
            de: "☆ Markieren",
            fr: "☆ Favori"
        ),
        "item.starLabel": Words(
            en: "Star",
            sv: "Stjärnmärk",
            de: "Markieren",
            fr: "Ajouter aux favoris"
        ),
        "item.starTitle": Words(
            en: "Star: kept past retention, listed under Starred",
            sv: "Stjärnmärk: sparas efter lagringstiden och visas under Stjärnmärkta",
            de: "Markieren: über die Aufbewahrungsfrist hinaus behalten, unter Markiert aufgeführt",
            fr: "Favori : conservée au-delà de la durée de rétention, listée sous Favoris"
        ),
        "item.starred": Words(
            en: "★ Starred",
            sv: "★ Stjärnmärkt",
            de: "★ Markiert",
            fr: "★ Favori"
        ),
        "item.unstarLabel": Words(
            en: "Unstar",
            sv: "Ta bort stjärnan",
            de: "Markierung entfernen",
            fr: "Retirer des favoris"
        ),
        "item.delete": Words(
            en: "Delete",
            sv: "Radera",
            de: "Löschen",
            fr: "Supprimer"
        ),
        "item.acknowledge": Words(
            en: "Acknowledge",
            sv: "Kvittera",
            de: "Quittieren",
            fr: "Acquitter"
        ),
        "item.acknowledgeTitle": Words(
            en: "I have it: everyone who got it sees that you took it",
            sv: "Jag tar den: alla som fick den ser att du tog den",
            de: "Ich übernehme: alle Empfänger sehen, dass Sie es übernommen haben",
            fr: "Je m’en charge : tous les destinataires voient que vous l’avez prise"
        ),
        "item.withdraw": Words(
            en: "Withdraw",
            sv: "Återkalla",
            de: "Zurückziehen",
            fr: "Annuler"
        ),
        "item.withdrawTitle": Words(
            en: "Withdraw the acknowledgement (its author or an admin)",
            sv: "Återkalla kvitteringen (den som kvitterade eller en administratör)",
            de: "Die Quittierung zurückziehen (wer quittiert hat oder ein Admin)",
            fr: "Annuler l’acquittement (son auteur ou un administrateur)"
        ),
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
