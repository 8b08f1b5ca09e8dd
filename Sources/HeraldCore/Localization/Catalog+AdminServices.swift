extension Catalog {
    /// The admin pages of services: the list, a service's settings, its tokens.
    static let adminServicePages: [String: Words] = [
        // The services list (admin-services).
        "services.title": Words(
            en: "Services",
            sv: "Tjänster",
            de: "Dienste",
            fr: "Services"
        ),
        "services.service": Words(
            en: "Service",
            sv: "Tjänst",
            de: "Dienst",
            fr: "Service"
        ),
        "services.id": Words(
            en: "Id",
            sv: "Id",
            de: "ID",
            fr: "Id"
        ),
        "services.empty": Words(
            en: "No services yet: create the first below.",
            sv: "Inga tjänster än: skapa den första nedan.",
            de: "Noch keine Dienste: Legen Sie unten den ersten an.",
            fr: "Aucun service pour l’instant : créez le premier ci-dessous."
        ),
        "services.new": Words(
            en: "New service",
            sv: "Ny tjänst",
            de: "Neuer Dienst",
            fr: "Nouveau service"
        ),
        "services.create": Words(
            en: "Create service",
            sv: "Skapa tjänst",
            de: "Dienst anlegen",
            fr: "Créer le service"
        ),
        // A service's settings (the new service's form and the service page's).
        "service.form.name": Words(
            en: "Name (category)",
            sv: "Namn (kategori)",
            de: "Name (Kategorie)",
            fr: "Nom (catégorie)"
        ),
        "service.form.owner": Words(
            en: "Owner",
            sv: "Ägare",
            de: "Eigentümer",
            fr: "Propriétaire"
        ),
        "service.form.colour": Words(
            en: "Colour",
            sv: "Färg",
            de: "Farbe",
            fr: "Couleur"
        ),
        "service.form.private": Words(
            en: "Private: seen only by those who hold one of its roles (and admins)",
            sv: "Privat: syns bara för dem som har någon av dess roller (och för administratörer)",
            de: "Privat: nur für Personen sichtbar, die eine seiner Rollen haben (und für Admins)",
            fr: "Privé : visible uniquement par les personnes qui détiennent l’un de ses rôles (et par les administrateurs)"
        ),
        "service.problem.name": Words(
            en: "Name: {message}",
            sv: "Namn: {message}",
            de: "Name: {message}",
            fr: "Nom : {message}"
        ),
        "service.problem.owner": Words(
            en: "Owner: {message}",
            sv: "Ägare: {message}",
            de: "Eigentümer: {message}",
            fr: "Propriétaire : {message}"
        ),
        "service.problem.colour": Words(
            en: "Colour: six hex digits, such as 2456d6",
            sv: "Färg: sex hexadecimala siffror, till exempel 2456d6",
            de: "Farbe: sechs Hexadezimalziffern, etwa 2456d6",
            fr: "Couleur : six chiffres hexadécimaux, par exemple 2456d6"
        ),
        "service.problem.tokenName": Words(
            en: "Token name: {message}",
            sv: "Tokennamn: {message}",
            de: "Name des Tokens: {message}",
            fr: "Nom du token : {message}"
        ),
        // One service's page (admin-service): its settings.
        "service.postTo": Words(
            en: "Post to",
            sv: "Skicka till",
            de: "Senden an",
            fr: "Envoyer à"
        ),
        "service.save": Words(
            en: "Save",
            sv: "Spara",
            de: "Speichern",
            fr: "Enregistrer"
        ),
        "service.deleteLink": Words(
            en: "Delete…",
            sv: "Radera…",
            de: "Löschen…",
            fr: "Supprimer…"
        ),
        "service.revoke": Words(
            en: "Revoke",
            sv: "Återkalla",
            de: "Widerrufen",
            fr: "Révoquer"
        ),
        "service.remove": Words(
            en: "Remove",
            sv: "Ta bort",
            de: "Entfernen",
            fr: "Retirer"
        ),
        "service.never": Words(
            en: "never",
            sv: "aldrig",
            de: "nie",
            fr: "jamais"
        ),
        "service.notYet": Words(
            en: "not yet",
            sv: "inte än",
            de: "noch nicht",
            fr: "pas encore"
        ),
        // Deleting a service (the confirmation page's words).
        "service.confirmDelete.title": Words(
            en: "Delete service",
            sv: "Radera tjänst",
            de: "Dienst löschen",
            fr: "Supprimer le service"
        ),
        "service.confirmDelete.heading": Words(
            en: "Delete “{name}”?",
            sv: "Radera ”{name}”?",
            de: "„{name}“ löschen?",
            fr: "Supprimer « {name} » ?"
        ),
        "service.confirmDelete.message": Words(
            en: "Its notifications leave every inbox, its tokens stop working and senders posting to it get 404. This cannot be undone.",
            sv: "Dess aviseringar försvinner ur varje inkorg, dess token slutar fungera och avsändare som skickar till den får 404. Det går inte att ångra.",
            de: "Seine Benachrichtigungen verschwinden aus allen Posteingängen, seine Token funktionieren nicht mehr und Absender, die an ihn senden, erhalten 404. Dies lässt sich nicht rückgängig machen.",
            fr: "Ses notifications quittent toutes les boîtes de réception, ses tokens cessent de fonctionner et les émetteurs qui y publient reçoivent 404. Cette action est irréversible."
        ),
        "service.confirmDelete.confirm": Words(
            en: "Delete service",
            sv: "Radera tjänst",
            de: "Dienst löschen",
            fr: "Supprimer le service"
        ),
        // Publish tokens.
        "service.tokens.title": Words(
            en: "Publish tokens",
            sv: "Publiceringstoken",
            de: "Token zum Senden",
            fr: "Tokens de publication"
        ),
        "service.tokens.postWith": Words(
            en: "Senders outside ALLOWED_NETWORKS post with",
            sv: "Avsändare utanför ALLOWED_NETWORKS skickar med",
            de: "Absender außerhalb von ALLOWED_NETWORKS senden mit",
            fr: "Les émetteurs hors de ALLOWED_NETWORKS publient avec"
        ),
        "service.tokens.shownOnce": Words(
            en: "A token is shown once, when it is made.",
            sv: "En token visas en gång, när den skapas.",
            de: "Ein Token wird nur einmal angezeigt, wenn es erstellt wird.",
            fr: "Un token n’est affiché qu’une fois, à sa création."
        ),
        "service.tokens.name": Words(
            en: "Name",
            sv: "Namn",
            de: "Name",
            fr: "Nom"
        ),
        "service.tokens.created": Words(
            en: "Created",
            sv: "Skapad",
            de: "Erstellt",
            fr: "Créé"
        ),
        "service.tokens.lastUsed": Words(
            en: "Last used",
            sv: "Senast använd",
            de: "Zuletzt benutzt",
            fr: "Dernière utilisation"
        ),
        "service.tokens.none": Words(
            en: "No tokens.",
            sv: "Inga token.",
            de: "Keine Token.",
            fr: "Aucun token."
        ),
        "service.tokens.newName": Words(
            en: "New token's name",
            sv: "Namn på ny token",
            de: "Name des neuen Tokens",
            fr: "Nom du nouveau token"
        ),
        "service.tokens.create": Words(
            en: "Create token",
            sv: "Skapa token",
            de: "Token erstellen",
            fr: "Créer un token"
        ),
        // Webhook templates.
        "service.templates.title": Words(
            en: "Webhook templates",
            sv: "Webhook-mallar",
            de: "Webhook-Vorlagen",
            fr: "Modèles de webhook"
        ),
        "service.templates.what": Words(
            en: "What",
            sv: "Vad",
            de: "Was",
            fr: "Ce que"
        ),
        "service.templates.makes": Words(
            en: "makes of any JSON body: Mustache templates over the body, e.g.",
            sv: "gör av en godtycklig JSON-kropp: Mustache-mallar över kroppen, t.ex.",
            de: "aus einem beliebigen JSON-Body macht: Mustache-Vorlagen über den Body, z. B.",
            fr: "fait de tout corps JSON : des modèles Mustache appliqués au corps, par exemple"
        ),
        "service.field.title": Words(
            en: "Title",
            sv: "Rubrik",
            de: "Titel",
            fr: "Titre"
        ),
        "service.field.subtitle": Words(
            en: "Subtitle",
            sv: "Underrubrik",
            de: "Untertitel",
            fr: "Sous-titre"
        ),
        "service.field.link": Words(
            en: "Link",
            sv: "Länk",
            de: "Link",
            fr: "Lien"
        ),
        "service.field.severity": Words(
            en: "Severity",
            sv: "Allvarlighetsgrad",
            de: "Schweregrad",
            fr: "Gravité"
        ),
        "service.templates.save": Words(
            en: "Save templates",
            sv: "Spara mallar",
            de: "Vorlagen speichern",
            fr: "Enregistrer les modèles"
        ),
        "service.templates.remove": Words(
            en: "Remove templates",
            sv: "Ta bort mallar",
            de: "Vorlagen entfernen",
            fr: "Retirer les modèles"
        ),
        // Escalation (a link to its page).
        "service.escalation.title": Words(
            en: "Escalation",
            sv: "Eskalering",
            de: "Eskalation",
            fr: "Escalade"
        ),
        "service.escalation.explained": Words(
            en: "Who is called, step by step, when nobody acknowledges an alarm:",
            sv: "Vem som larmas, steg för steg, när ingen kvitterar ett larm:",
            de: "Wer Schritt für Schritt gerufen wird, wenn niemand einen Alarm quittiert:",
            fr: "Qui est appelé, étape par étape, quand personne n’acquitte une alarme :"
        ),
        "service.escalation.policy": Words(
            en: "escalation policy",
            sv: "eskaleringspolicy",
            de: "Eskalationsrichtlinie",
            fr: "politique d’escalade"
        ),
        "service.escalation.rotas": Words(
            en: "rotas",
            sv: "jourlistor",
            de: "Dienstpläne",
            fr: "plannings"
        ),
        // Recent notifications.
        "service.recent.title": Words(
            en: "Recent notifications",
            sv: "Senaste aviseringar",
            de: "Neueste Benachrichtigungen",
            fr: "Notifications récentes"
        ),
        "service.recent.posted": Words(
            en: "Posted",
            sv: "Skickad",
            de: "Gesendet",
            fr: "Envoyée"
        ),
        "service.recent.report": Words(
            en: "Delivery report",
            sv: "Leveransrapport",
            de: "Zustellbericht",
            fr: "Rapport de livraison"
        ),
        "service.recent.none": Words(
            en: "Nothing posted yet.",
            sv: "Inget skickat än.",
            de: "Noch nichts gesendet.",
            fr: "Rien n’a encore été envoyé."
        ),
        "service.recent.older": Words(
            en: "Older notifications →",
            sv: "Äldre aviseringar →",
            de: "Ältere Benachrichtigungen →",
            fr: "Notifications plus anciennes →"
        ),
        // A new token, shown once (token-created).
        "token.title": Words(
            en: "Token created",
            sv: "Token skapad",
            de: "Token erstellt",
            fr: "Token créé"
        ),
        "token.heading": Words(
            en: "Token “{name}” created",
            sv: "Token ”{name}” skapad",
            de: "Token „{name}“ erstellt",
            fr: "Token « {name} » créé"
        ),
        "token.copyNow": Words(
            en: "Copy it now: Herald keeps only its digest and cannot show it again.",
            sv: "Kopiera den nu: Herald sparar bara dess hash och kan inte visa den igen.",
            de: "Kopieren Sie es jetzt: Herald speichert nur seinen Hash und kann es nicht erneut anzeigen.",
            fr: "Copiez-le maintenant : Herald n’en garde que l’empreinte et ne peut plus l’afficher."
        ),
        "token.useAs": Words(
            en: "Use it as",
            sv: "Använd den som",
            de: "Verwenden Sie es als",
            fr: "Utilisez-le comme"
        ),
        "token.whenPosting": Words(
            en: "when posting to this service from outside ALLOWED_NETWORKS.",
            sv: "när du skickar till den här tjänsten utanför ALLOWED_NETWORKS.",
            de: "beim Senden an diesen Dienst von außerhalb von ALLOWED_NETWORKS.",
            fr: "pour publier vers ce service depuis l’extérieur de ALLOWED_NETWORKS."
        ),
        "token.done": Words(
            en: "Done",
            sv: "Klar",
            de: "Fertig",
            fr: "Terminé"
        ),
    ]
}
