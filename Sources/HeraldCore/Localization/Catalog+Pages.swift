extension Catalog {
    /// The layout and navigation, and the inbox with its items.
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
    ]
}
