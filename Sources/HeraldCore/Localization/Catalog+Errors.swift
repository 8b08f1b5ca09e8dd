extension Catalog {
    /// The messages people meet on pages and forms (issue 43): use cases'
    /// refusals, the rules' problems, the web pages' own errors. The English
    /// text is each message's identity (`Catalog.message`): exact where it
    /// names no placeholder, else a template whose fixed parts must match and
    /// whose values are carried over unchanged. Grouped by where the text is made.
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
        // Acknowledge links (HeraldUseCases/Inbox/Acknowledgements.swift, HeraldAPI/Web/AcknowledgeLinkPages.swift): "Acknowledge link (<why>) not found".
        "error.ackLink.notHerald": Words(
            en: "Acknowledge link (not one Herald made) not found",
            sv: "Kvitteringslänken hittades inte (den är inte skapad av Herald)",
            de: "Quittierungslink nicht gefunden (nicht von Herald erstellt)",
            fr: "Lien d’acquittement introuvable (il n’a pas été créé par Herald)"
        ),
        "error.ackLink.expired": Words(
            en: "Acknowledge link (it has expired) not found",
            sv: "Kvitteringslänken hittades inte (den har gått ut)",
            de: "Quittierungslink nicht gefunden (er ist abgelaufen)",
            fr: "Lien d’acquittement introuvable (il a expiré)"
        ),
        "error.ackLink.deviceGone": Words(
            en: "Acknowledge link (its device is no longer its account's) not found",
            sv: "Kvitteringslänken hittades inte (dess enhet hör inte längre till kontot)",
            de: "Quittierungslink nicht gefunden (sein Gerät gehört nicht mehr zu diesem Konto)",
            fr: "Lien d’acquittement introuvable (son appareil n’appartient plus à ce compte)"
        ),
        "error.ackLink.signedOut": Words(
            en: "Acknowledge link (its account signed out everywhere since) not found",
            sv: "Kvitteringslänken hittades inte (kontot har loggats ut överallt sedan dess)",
            de: "Quittierungslink nicht gefunden (das Konto wurde seitdem überall abgemeldet)",
            fr: "Lien d’acquittement introuvable (le compte s’est déconnecté partout depuis)"
        ),
        "error.ackLink.noNotification": Words(
            en: "Acknowledge link (no such notification) not found",
            sv: "Kvitteringslänken hittades inte (aviseringen finns inte)",
            de: "Quittierungslink nicht gefunden (diese Benachrichtigung gibt es nicht)",
            fr: "Lien d’acquittement introuvable (cette notification n’existe pas)"
        ),
        "error.ackLink.resolved": Words(
            en: "Acknowledge link (the alarm is resolved) not found",
            sv: "Kvitteringslänken hittades inte (larmet är åtgärdat)",
            de: "Quittierungslink nicht gefunden (der Alarm ist behoben)",
            fr: "Lien d’acquittement introuvable (l’alarme est résolue)"
        ),
        "error.ackLink.taken": Words(
            en: "Acknowledge link ({name} acknowledged it already) not found",
            sv: "Kvitteringslänken hittades inte ({name} har redan kvitterat den)",
            de: "Quittierungslink nicht gefunden ({name} hat bereits quittiert)",
            fr: "Lien d’acquittement introuvable ({name} l’a déjà acquittée)"
        ),
        "error.ackLink.withdrawn": Words(
            en: "Acknowledge link ({name} withdrew an acknowledgement since it was made) not found",
            sv: "Kvitteringslänken hittades inte ({name} har återkallat en kvittering sedan länken skapades)",
            de: "Quittierungslink nicht gefunden ({name} hat seit seiner Erstellung eine Quittierung zurückgezogen)",
            fr: "Lien d’acquittement introuvable ({name} a annulé un acquittement depuis sa création)"
        ),
        // Who may do what (HeraldCore/Access/AccessPolicy.swift), one entry per aspect a refusal names.
        "error.access.adminsOnly": Words(
            en: "The user doesn't have enough privileges",
            sv: "Användaren har inte tillräcklig behörighet",
            de: "Der Benutzer hat nicht genügend Berechtigungen",
            fr: "L’utilisateur n’a pas les droits suffisants"
        ),
        "error.access.writeBackAdminsOnly": Words(
            en: "Only an admin may say where a service's acknowledgements go: a silence in a shared Alertmanager reaches other teams' alerts",
            sv: "Bara en administratör får bestämma vart en tjänsts kvitteringar går: en tystning i en delad Alertmanager når andra gruppers larm",
            de: "Nur ein Admin darf festlegen, wohin die Quittierungen eines Dienstes gehen: eine Stummschaltung in einem gemeinsamen Alertmanager trifft auch die Alarme anderer Teams",
            fr: "Seul un administrateur peut décider où vont les acquittements d’un service : un silence dans un Alertmanager partagé touche les alertes d’autres équipes"
        ),
        "error.access.ownerOnly.settings": Words(
            en: "Only an owner of this service or an admin may change its settings",
            sv: "Bara en ägare av den här tjänsten eller en administratör får ändra dess inställningar",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine Einstellungen ändern",
            fr: "Seul un propriétaire de ce service ou un administrateur peut modifier ses paramètres"
        ),
        "error.access.ownerOnly.tokens": Words(
            en: "Only an owner of this service or an admin may keep its tokens",
            sv: "Bara en ägare av den här tjänsten eller en administratör får hantera dess token",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine Tokens verwalten",
            fr: "Seul un propriétaire de ce service ou un administrateur peut gérer ses tokens"
        ),
        "error.access.ownerOnly.templates": Words(
            en: "Only an owner of this service or an admin may keep its templates",
            sv: "Bara en ägare av den här tjänsten eller en administratör får hantera dess mallar",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine Vorlagen verwalten",
            fr: "Seul un propriétaire de ce service ou un administrateur peut gérer ses modèles"
        ),
        "error.access.ownerOnly.feeds": Words(
            en: "Only an owner of this service or an admin may keep its feeds",
            sv: "Bara en ägare av den här tjänsten eller en administratör får hantera dess flöden",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine Feeds verwalten",
            fr: "Seul un propriétaire de ce service ou un administrateur peut gérer ses flux"
        ),
        "error.access.ownerOnly.schedules": Words(
            en: "Only an owner of this service or an admin may keep its held and recurring notifications",
            sv: "Bara en ägare av den här tjänsten eller en administratör får hantera dess schemalagda och återkommande aviseringar",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine geplanten und wiederkehrenden Benachrichtigungen verwalten",
            fr: "Seul un propriétaire de ce service ou un administrateur peut gérer ses notifications programmées et récurrentes"
        ),
        "error.access.ownerOnly.rateLimit": Words(
            en: "Only an owner of this service or an admin may set its rate limit",
            sv: "Bara en ägare av den här tjänsten eller en administratör får ställa in dess hastighetsgräns",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf sein Ratenlimit festlegen",
            fr: "Seul un propriétaire de ce service ou un administrateur peut fixer sa limite de débit"
        ),
        "error.access.ownerOnly.alerting": Words(
            en: "Only an owner of this service or an admin may choose how its notifications alert",
            sv: "Bara en ägare av den här tjänsten eller en administratör får välja hur dess aviseringar larmar",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf festlegen, wie seine Benachrichtigungen alarmieren",
            fr: "Seul un propriétaire de ce service ou un administrateur peut choisir comment ses notifications alertent"
        ),
        "error.access.ownerOnly.escalation": Words(
            en: "Only an owner of this service or an admin may keep its escalation policy",
            sv: "Bara en ägare av den här tjänsten eller en administratör får hantera dess eskaleringspolicy",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine Eskalationsrichtlinie verwalten",
            fr: "Seul un propriétaire de ce service ou un administrateur peut gérer sa politique d’escalade"
        ),
        "error.access.ownerOnly.reports": Words(
            en: "Only an owner of this service or an admin may read its notifications' reports and timelines",
            sv: "Bara en ägare av den här tjänsten eller en administratör får läsa rapporter och tidslinjer för dess aviseringar",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf die Berichte und Zeitleisten seiner Benachrichtigungen lesen",
            fr: "Seul un propriétaire de ce service ou un administrateur peut lire les rapports et chronologies de ses notifications"
        ),
        "error.access.ownerOnly.roles": Words(
            en: "Only an owner of this service or an admin may grant its roles",
            sv: "Bara en ägare av den här tjänsten eller en administratör får dela ut dess roller",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine Rollen vergeben",
            fr: "Seul un propriétaire de ce service ou un administrateur peut attribuer ses rôles"
        ),
        "error.access.ownerOnly.subscriptions": Words(
            en: "Only an owner of this service or an admin may decide which teams receive it",
            sv: "Bara en ägare av den här tjänsten eller en administratör får bestämma vilka grupper som får den",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf festlegen, welche Teams ihn erhalten",
            fr: "Seul un propriétaire de ce service ou un administrateur peut décider quelles équipes le reçoivent"
        ),
        "error.access.ownerOnly.chatRooms": Words(
            en: "Only an owner of this service or an admin may keep its chat rooms",
            sv: "Bara en ägare av den här tjänsten eller en administratör får hantera dess chattrum",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf seine Chaträume verwalten",
            fr: "Seul un propriétaire de ce service ou un administrateur peut gérer ses salons de discussion"
        ),
        "error.access.publishersOnly": Words(
            en: "Only this service's publishers, its owners or an admin may post to it with their own token",
            sv: "Bara tjänstens publicerare, dess ägare eller en administratör får posta till den med sin egen token",
            de: "Nur die Herausgeber dieses Dienstes, seine Eigentümer oder ein Admin dürfen mit ihrem eigenen Token daran senden",
            fr: "Seuls les éditeurs de ce service, ses propriétaires ou un administrateur peuvent y publier avec leur propre token"
        ),
        "error.access.rotaOwnersOnly": Words(
            en: "Only an owner of this rota or an admin may change it",
            sv: "Bara en ägare av den här jourlistan eller en administratör får ändra den",
            de: "Nur ein Eigentümer dieses Dienstplans oder ein Admin darf ihn ändern",
            fr: "Seul un propriétaire de ce planning ou un administrateur peut le modifier"
        ),
        "error.access.auditOwnersOnly": Words(
            en: "Only admins and the owners of a service may read the audit log",
            sv: "Bara administratörer och ägare av en tjänst får läsa granskningsloggen",
            de: "Nur Admins und die Eigentümer eines Dienstes dürfen das Protokoll lesen",
            fr: "Seuls les administrateurs et les propriétaires d’un service peuvent lire le journal d’audit"
        ),
        "error.access.pageTeam": Words(
            en: "Only those granted the publisher role of this team's page service or an admin may page it",
            sv: "Bara de som har publicerarrollen för den här gruppens larmtjänst eller en administratör får larma den",
            de: "Nur wer die Herausgeber-Rolle des Alarmdienstes dieses Teams hat, oder ein Admin darf es alarmieren",
            fr: "Seuls les titulaires du rôle d’éditeur du service d’alerte de cette équipe ou un administrateur peuvent l’alerter"
        ),
        "error.access.pageRota": Words(
            en: "Only those granted the publisher role of this rota's page service, the rota's owners or an admin may page it",
            sv: "Bara de som har publicerarrollen för den här jourlistans larmtjänst, jourlistans ägare eller en administratör får larma den",
            de: "Nur wer die Herausgeber-Rolle des Alarmdienstes dieses Dienstplans hat, die Eigentümer des Dienstplans oder ein Admin dürfen ihn alarmieren",
            fr: "Seuls les titulaires du rôle d’éditeur du service d’alerte de ce planning, les propriétaires du planning ou un administrateur peuvent l’alerter"
        ),
        "error.access.giveBack": Words(
            en: "Only whoever took this alarm, an owner of its service or an admin may give it back",
            sv: "Bara den som tog det här larmet, en ägare av dess tjänst eller en administratör får lämna tillbaka det",
            de: "Nur wer diesen Alarm übernommen hat, ein Eigentümer seines Dienstes oder ein Admin darf ihn zurückgeben",
            fr: "Seuls la personne qui a pris cette alarme, un propriétaire de son service ou un administrateur peuvent la rendre"
        ),
        // Mandatory team subscriptions (HeraldCore/Access/SubscriptionPlan.swift) and page services (HeraldCore/OnCall/PagePlan.swift, `PagePlan.pagesOnly`: its `{id}` is literal text, carried over as it is).
        "error.plan.filterMandatory": Words(
            en: "Your team {team} must receive all of this service: a filter would hide some of it",
            sv: "Din grupp {team} måste få allt från den här tjänsten: ett filter skulle dölja en del av det",
            de: "Ihr Team {team} muss diesen Dienst vollständig erhalten: ein Filter würde einen Teil davon ausblenden",
            fr: "Votre équipe {team} doit recevoir tout ce service : un filtre en masquerait une partie"
        ),
        "error.plan.leaveMandatory": Words(
            en: "Your team {team} must receive this service: it cannot be left",
            sv: "Din grupp {team} måste få den här tjänsten: du kan inte lämna den",
            de: "Ihr Team {team} muss diesen Dienst erhalten: er kann nicht abbestellt werden",
            fr: "Votre équipe {team} doit recevoir ce service : impossible de le quitter"
        ),
        "error.plan.pagesOnly": Words(
            en: "This is a team's or a rota's page service: it takes pages only (POST /api/v2/teams/{id}/pages or /api/v2/rotas/{id}/pages)",
            sv: "Det här är en grupps eller en jourlistas larmtjänst: den tar bara emot larm (POST /api/v2/teams/{id}/pages eller /api/v2/rotas/{id}/pages)",
            de: "Dies ist der Alarmdienst eines Teams oder Dienstplans: er nimmt nur Alarmierungen an (POST /api/v2/teams/{id}/pages oder /api/v2/rotas/{id}/pages)",
            fr: "C’est le service d’alerte d’une équipe ou d’un planning : il n’accepte que des alertes (POST /api/v2/teams/{id}/pages ou /api/v2/rotas/{id}/pages)"
        ),
        // Text rules (HeraldCore/Rules/TextRules.swift): every text field's problems, alone and as pages prefix them (UserAccounts.username; ServiceAdminPages' token and service forms).
        "error.text.blank": Words(
            en: "String should have at least 1 non-blank character",
            sv: "Texten måste ha minst ett tecken som inte är blanksteg",
            de: "Der Text muss mindestens ein Zeichen enthalten, das kein Leerzeichen ist",
            fr: "Le texte doit contenir au moins un caractère non blanc"
        ),
        "error.text.tooLong": Words(
            en: "String should have at most {limit} characters",
            sv: "Texten får ha högst {limit} tecken",
            de: "Der Text darf höchstens {limit} Zeichen haben",
            fr: "Le texte doit comporter au plus {limit} caractères"
        ),
        "error.text.control": Words(
            en: "String should not contain control characters other than tab and line breaks",
            sv: "Texten får inte innehålla andra styrtecken än tabb och radbrytningar",
            de: "Der Text darf außer Tabulator und Zeilenumbrüchen keine Steuerzeichen enthalten",
            fr: "Le texte ne doit pas contenir de caractères de contrôle autres que la tabulation et les retours à la ligne"
        ),
        "error.text.userName.blank": Words(
            en: "User name: String should have at least 1 non-blank character",
            sv: "Användarnamn: Texten måste ha minst ett tecken som inte är blanksteg",
            de: "Benutzername: Der Text muss mindestens ein Zeichen enthalten, das kein Leerzeichen ist",
            fr: "Nom d’utilisateur : le texte doit contenir au moins un caractère non blanc"
        ),
        "error.text.userName.tooLong": Words(
            en: "User name: String should have at most {limit} characters",
            sv: "Användarnamn: Texten får ha högst {limit} tecken",
            de: "Benutzername: Der Text darf höchstens {limit} Zeichen haben",
            fr: "Nom d’utilisateur : le texte doit comporter au plus {limit} caractères"
        ),
        "error.text.userName.control": Words(
            en: "User name: String should not contain control characters other than tab and line breaks",
            sv: "Användarnamn: Texten får inte innehålla andra styrtecken än tabb och radbrytningar",
            de: "Benutzername: Der Text darf außer Tabulator und Zeilenumbrüchen keine Steuerzeichen enthalten",
            fr: "Nom d’utilisateur : le texte ne doit pas contenir de caractères de contrôle autres que la tabulation et les retours à la ligne"
        ),
        "error.text.tokenName.blank": Words(
            en: "Token name: String should have at least 1 non-blank character",
            sv: "Tokennamn: Texten måste ha minst ett tecken som inte är blanksteg",
            de: "Token-Name: Der Text muss mindestens ein Zeichen enthalten, das kein Leerzeichen ist",
            fr: "Nom du token : le texte doit contenir au moins un caractère non blanc"
        ),
        "error.text.tokenName.tooLong": Words(
            en: "Token name: String should have at most {limit} characters",
            sv: "Tokennamn: Texten får ha högst {limit} tecken",
            de: "Token-Name: Der Text darf höchstens {limit} Zeichen haben",
            fr: "Nom du token : le texte doit comporter au plus {limit} caractères"
        ),
        "error.text.tokenName.control": Words(
            en: "Token name: String should not contain control characters other than tab and line breaks",
            sv: "Tokennamn: Texten får inte innehålla andra styrtecken än tabb och radbrytningar",
            de: "Token-Name: Der Text darf außer Tabulator und Zeilenumbrüchen keine Steuerzeichen enthalten",
            fr: "Nom du token : le texte ne doit pas contenir de caractères de contrôle autres que la tabulation et les retours à la ligne"
        ),
        "error.text.serviceName.blank": Words(
            en: "Name: String should have at least 1 non-blank character",
            sv: "Namn: Texten måste ha minst ett tecken som inte är blanksteg",
            de: "Name: Der Text muss mindestens ein Zeichen enthalten, das kein Leerzeichen ist",
            fr: "Nom : le texte doit contenir au moins un caractère non blanc"
        ),
        "error.text.serviceName.tooLong": Words(
            en: "Name: String should have at most {limit} characters",
            sv: "Namn: Texten får ha högst {limit} tecken",
            de: "Name: Der Text darf höchstens {limit} Zeichen haben",
            fr: "Nom : le texte doit comporter au plus {limit} caractères"
        ),
        "error.text.serviceName.control": Words(
            en: "Name: String should not contain control characters other than tab and line breaks",
            sv: "Namn: Texten får inte innehålla andra styrtecken än tabb och radbrytningar",
            de: "Name: Der Text darf außer Tabulator und Zeilenumbrüchen keine Steuerzeichen enthalten",
            fr: "Nom : le texte ne doit pas contenir de caractères de contrôle autres que la tabulation et les retours à la ligne"
        ),
        "error.text.serviceOwner.tooLong": Words(
            en: "Owner: String should have at most {limit} characters",
            sv: "Ägare: Texten får ha högst {limit} tecken",
            de: "Zuständig: Der Text darf höchstens {limit} Zeichen haben",
            fr: "Responsable : le texte doit comporter au plus {limit} caractères"
        ),
        "error.text.serviceOwner.control": Words(
            en: "Owner: String should not contain control characters other than tab and line breaks",
            sv: "Ägare: Texten får inte innehålla andra styrtecken än tabb och radbrytningar",
            de: "Zuständig: Der Text darf außer Tabulator und Zeilenumbrüchen keine Steuerzeichen enthalten",
            fr: "Responsable : le texte ne doit pas contenir de caractères de contrôle autres que la tabulation et les retours à la ligne"
        ),
        "error.text.serviceColour": Words(
            en: "Colour: six hex digits, such as 2456d6",
            sv: "Färg: sex hexadecimala siffror, till exempel 2456d6",
            de: "Farbe: sechs Hexadezimalziffern, etwa 2456d6",
            fr: "Couleur : six chiffres hexadécimaux, par exemple 2456d6"
        ),
        // A notification's rules (HeraldCore/Rules/NotificationRules.swift, `validated`: what the publisher refuses).
        "error.rules.severity": Words(
            en: "Severity should be one of: {severities}",
            sv: "Allvarlighetsgraden ska vara en av: {severities}",
            de: "Der Schweregrad muss einer der folgenden sein: {severities}",
            fr: "La gravité doit être l’une de : {severities}"
        ),
        "error.rules.expiry": Words(
            en: "Expiry should be in the future",
            sv: "Utgångstiden ska ligga i framtiden",
            de: "Der Ablaufzeitpunkt muss in der Zukunft liegen",
            fr: "L’expiration doit être dans le futur"
        ),
        "error.rules.keyBytes": Words(
            en: "Key should have at most {limit} bytes",
            sv: "Nyckeln får ha högst {limit} byte",
            de: "Der Schlüssel darf höchstens {limit} Bytes haben",
            fr: "La clé doit faire au plus {limit} octets"
        ),
        "error.rules.keyReserved": Words(
            en: "Keys starting with {prefix} are the alert receivers' own",
            sv: "Nycklar som börjar med {prefix} tillhör larmmottagarna",
            de: "Schlüssel, die mit {prefix} beginnen, gehören den Alarmempfängern",
            fr: "Les clés commençant par {prefix} sont réservées aux récepteurs d’alertes"
        ),
        "error.rules.attributeCount": Words(
            en: "Attributes should have at most {limit} entries",
            sv: "Attributen får ha högst {limit} poster",
            de: "Die Attribute dürfen höchstens {limit} Einträge haben",
            fr: "Les attributs doivent comporter au plus {limit} entrées"
        ),
        "error.rules.attributeName": Words(
            en: "Attribute name '{name}' should be 1 to {limit} letters, digits, '_', '-' or '.', starting with a letter or '_'",
            sv: "Attributnamnet '{name}' ska vara 1 till {limit} bokstäver, siffror, '_', '-' eller '.' och börja med en bokstav eller '_'",
            de: "Der Attributname '{name}' muss aus 1 bis {limit} Buchstaben, Ziffern, '_', '-' oder '.' bestehen und mit einem Buchstaben oder '_' beginnen",
            fr: "Le nom d’attribut '{name}' doit compter 1 à {limit} lettres, chiffres, '_', '-' ou '.', et commencer par une lettre ou '_'"
        ),
        "error.rules.attributeTooLong": Words(
            en: "Attribute '{name}': String should have at most {limit} characters",
            sv: "Attributet '{name}': Texten får ha högst {limit} tecken",
            de: "Attribut '{name}': Der Text darf höchstens {limit} Zeichen haben",
            fr: "Attribut '{name}' : le texte doit comporter au plus {limit} caractères"
        ),
        "error.rules.attributeControl": Words(
            en: "Attribute '{name}': String should not contain control characters other than tab and line breaks",
            sv: "Attributet '{name}': Texten får inte innehålla andra styrtecken än tabb och radbrytningar",
            de: "Attribut '{name}': Der Text darf außer Tabulator und Zeilenumbrüchen keine Steuerzeichen enthalten",
            fr: "Attribut '{name}' : le texte ne doit pas contenir de caractères de contrôle autres que la tabulation et les retours à la ligne"
        ),
        "error.rules.attributeNumber": Words(
            en: "Attribute '{name}' should be a finite number",
            sv: "Attributet '{name}' ska vara ett ändligt tal",
            de: "Das Attribut '{name}' muss eine endliche Zahl sein",
            fr: "L’attribut '{name}' doit être un nombre fini"
        ),
        "error.rules.attributeBytes": Words(
            en: "Attributes should take at most {limit} bytes as JSON",
            sv: "Attributen får ta högst {limit} byte som JSON",
            de: "Die Attribute dürfen als JSON höchstens {limit} Bytes belegen",
            fr: "Les attributs doivent occuper au plus {limit} octets en JSON"
        ),
        "error.rules.urlSyntax": Words(
            en: "URL should not contain spaces or control characters",
            sv: "URL:en får inte innehålla blanksteg eller styrtecken",
            de: "Die URL darf keine Leerzeichen oder Steuerzeichen enthalten",
            fr: "L’URL ne doit pas contenir d’espaces ni de caractères de contrôle"
        ),
        "error.rules.urlScheme": Words(
            en: "URL scheme '{scheme}' is not allowed",
            sv: "URL-schemat '{scheme}' är inte tillåtet",
            de: "Das URL-Schema '{scheme}' ist nicht erlaubt",
            fr: "Le schéma d’URL '{scheme}' n’est pas autorisé"
        ),
        // Filters (HeraldCore/Filtering/FilterParser.swift, SubscriptionFilter.swift): a parse error "<message> at position <n>", its "found" part one of a token or the end.
        "error.filter.keywords": Words(
            en: "At most {limit} keywords",
            sv: "Högst {limit} nyckelord",
            de: "Höchstens {limit} Stichwörter",
            fr: "Au plus {limit} mots-clés"
        ),
        "error.filter.tooLong": Words(
            en: "A filter should have at most {limit} characters at position {position}",
            sv: "Ett filter får ha högst {limit} tecken (vid position {position})",
            de: "Ein Filter darf höchstens {limit} Zeichen haben (an Position {position})",
            fr: "Un filtre doit comporter au plus {limit} caractères (à la position {position})"
        ),
        "error.filter.andOrEnd": Words(
            en: "Expected 'and', 'or' or the end, found {token} at position {position}",
            sv: "Väntade 'and', 'or' eller slutet, hittade {token} vid position {position}",
            de: "Erwartet wurde 'and', 'or' oder das Ende, gefunden wurde {token} an Position {position}",
            fr: "Attendu 'and', 'or' ou la fin, trouvé {token} à la position {position}"
        ),
        "error.filter.unclosed": Words(
            en: "Text opened here is not closed at position {position}",
            sv: "Texten som öppnas vid position {position} stängs aldrig",
            de: "Der an Position {position} geöffnete Text wird nicht geschlossen",
            fr: "Le texte ouvert à la position {position} n’est pas fermé"
        ),
        "error.filter.bang": Words(
            en: "Expected '!=' or 'not' at position {position}",
            sv: "Väntade '!=' eller 'not' vid position {position}",
            de: "Erwartet wurde '!=' oder 'not' an Position {position}",
            fr: "Attendu '!=' ou 'not' à la position {position}"
        ),
        "error.filter.character": Words(
            en: "Unexpected character '{character}' at position {position}",
            sv: "Oväntat tecken '{character}' vid position {position}",
            de: "Unerwartetes Zeichen '{character}' an Position {position}",
            fr: "Caractère inattendu '{character}' à la position {position}"
        ),
        "error.filter.nested": Words(
            en: "Nested too deeply at position {position}",
            sv: "För djupt nästlat vid position {position}",
            de: "Zu tief verschachtelt an Position {position}",
            fr: "Imbrication trop profonde à la position {position}"
        ),
        "error.filter.attribute": Words(
            en: "'{attribute}' is not an attribute name at position {position}",
            sv: "'{attribute}' vid position {position} är inget attributnamn",
            de: "'{attribute}' an Position {position} ist kein Attributname",
            fr: "'{attribute}' à la position {position} n’est pas un nom d’attribut"
        ),
        "error.filter.containsText": Words(
            en: "Expected text after 'contains' at position {position}",
            sv: "Väntade text efter 'contains' vid position {position}",
            de: "Erwartet wurde Text nach 'contains' an Position {position}",
            fr: "Texte attendu après 'contains' à la position {position}"
        ),
        "error.filter.severity": Words(
            en: "Expected a severity ({severities}) at position {position}",
            sv: "Väntade en allvarlighetsgrad ({severities}) vid position {position}",
            de: "Erwartet wurde ein Schweregrad ({severities}) an Position {position}",
            fr: "Gravité attendue ({severities}) à la position {position}"
        ),
        "error.filter.duration": Words(
            en: "Expected a duration such as 90s, 30m, 48h or 7d at position {position}",
            sv: "Väntade en varaktighet som 90s, 30m, 48h eller 7d vid position {position}",
            de: "Erwartet wurde eine Dauer wie 90s, 30m, 48h oder 7d an Position {position}",
            fr: "Durée attendue, comme 90s, 30m, 48h ou 7d, à la position {position}"
        ),
        "error.filter.paren.found": Words(
            en: "Expected ')', found {token} at position {position}",
            sv: "Väntade ')', hittade {token} vid position {position}",
            de: "Erwartet wurde ')', gefunden wurde {token} an Position {position}",
            fr: "Attendu ')', trouvé {token} à la position {position}"
        ),
        "error.filter.paren.end": Words(
            en: "Expected ')', found the end at position {position}",
            sv: "Väntade ')', hittade slutet vid position {position}",
            de: "Erwartet wurde ')', gefunden wurde das Ende an Position {position}",
            fr: "Attendu ')', trouvé la fin à la position {position}"
        ),
        "error.filter.name.found": Words(
            en: "Expected a name (an attribute, title, subtitle, text, severity or age), found {token} at position {position}",
            sv: "Väntade ett namn (ett attribut, title, subtitle, text, severity eller age), hittade {token} vid position {position}",
            de: "Erwartet wurde ein Name (ein Attribut, title, subtitle, text, severity oder age), gefunden wurde {token} an Position {position}",
            fr: "Attendu un nom (un attribut, title, subtitle, text, severity ou age), trouvé {token} à la position {position}"
        ),
        "error.filter.name.end": Words(
            en: "Expected a name (an attribute, title, subtitle, text, severity or age), found the end at position {position}",
            sv: "Väntade ett namn (ett attribut, title, subtitle, text, severity eller age), hittade slutet vid position {position}",
            de: "Erwartet wurde ein Name (ein Attribut, title, subtitle, text, severity oder age), gefunden wurde das Ende an Position {position}",
            fr: "Attendu un nom (un attribut, title, subtitle, text, severity ou age), trouvé la fin à la position {position}"
        ),
        "error.filter.bracket.found": Words(
            en: "Expected '[' after 'in', found {token} at position {position}",
            sv: "Väntade '[' efter 'in', hittade {token} vid position {position}",
            de: "Erwartet wurde '[' nach 'in', gefunden wurde {token} an Position {position}",
            fr: "Attendu '[' après 'in', trouvé {token} à la position {position}"
        ),
        "error.filter.bracket.end": Words(
            en: "Expected '[' after 'in', found the end at position {position}",
            sv: "Väntade '[' efter 'in', hittade slutet vid position {position}",
            de: "Erwartet wurde '[' nach 'in', gefunden wurde das Ende an Position {position}",
            fr: "Attendu '[' après 'in', trouvé la fin à la position {position}"
        ),
        "error.filter.commaOrBracket.found": Words(
            en: "Expected ',' or ']', found {token} at position {position}",
            sv: "Väntade ',' eller ']', hittade {token} vid position {position}",
            de: "Erwartet wurde ',' oder ']', gefunden wurde {token} an Position {position}",
            fr: "Attendu ',' ou ']', trouvé {token} à la position {position}"
        ),
        "error.filter.commaOrBracket.end": Words(
            en: "Expected ',' or ']', found the end at position {position}",
            sv: "Väntade ',' eller ']', hittade slutet vid position {position}",
            de: "Erwartet wurde ',' oder ']', gefunden wurde das Ende an Position {position}",
            fr: "Attendu ',' ou ']', trouvé la fin à la position {position}"
        ),
        "error.filter.comparison.found": Words(
            en: "Expected a comparison (=, !=, <, <=, >, >=, in, contains or exists), found {token} at position {position}",
            sv: "Väntade en jämförelse (=, !=, <, <=, >, >=, in, contains eller exists), hittade {token} vid position {position}",
            de: "Erwartet wurde ein Vergleich (=, !=, <, <=, >, >=, in, contains oder exists), gefunden wurde {token} an Position {position}",
            fr: "Attendu une comparaison (=, !=, <, <=, >, >=, in, contains ou exists), trouvé {token} à la position {position}"
        ),
        "error.filter.comparison.end": Words(
            en: "Expected a comparison (=, !=, <, <=, >, >=, in, contains or exists), found the end at position {position}",
            sv: "Väntade en jämförelse (=, !=, <, <=, >, >=, in, contains eller exists), hittade slutet vid position {position}",
            de: "Erwartet wurde ein Vergleich (=, !=, <, <=, >, >=, in, contains oder exists), gefunden wurde das Ende an Position {position}",
            fr: "Attendu une comparaison (=, !=, <, <=, >, >=, in, contains ou exists), trouvé la fin à la position {position}"
        ),
        "error.filter.value.found": Words(
            en: "Expected a value, found {token} at position {position}",
            sv: "Väntade ett värde, hittade {token} vid position {position}",
            de: "Erwartet wurde ein Wert, gefunden wurde {token} an Position {position}",
            fr: "Attendu une valeur, trouvé {token} à la position {position}"
        ),
        "error.filter.value.end": Words(
            en: "Expected a value, found the end at position {position}",
            sv: "Väntade ett värde, hittade slutet vid position {position}",
            de: "Erwartet wurde ein Wert, gefunden wurde das Ende an Position {position}",
            fr: "Attendu une valeur, trouvé la fin à la position {position}"
        ),
        // Cron schedules of recurring notifications (HeraldCore/Scheduling/CronSchedule.swift), one entry per field a problem names.
        "error.cron.timeZone": Words(
            en: "'{zone}' is not a time zone (such as Europe/Stockholm or UTC)",
            sv: "'{zone}' är ingen tidszon (till exempel Europe/Stockholm eller UTC)",
            de: "'{zone}' ist keine Zeitzone (etwa Europe/Stockholm oder UTC)",
            fr: "'{zone}' n’est pas un fuseau horaire (comme Europe/Stockholm ou UTC)"
        ),
        "error.cron.fields": Words(
            en: "A cron expression has 5 fields (minute hour day month weekday), this has {count}",
            sv: "Ett cron-uttryck har 5 fält (minut timme dag månad veckodag), det här har {count}",
            de: "Ein Cron-Ausdruck hat 5 Felder (Minute Stunde Tag Monat Wochentag), dieser hat {count}",
            fr: "Une expression cron a 5 champs (minute, heure, jour, mois, jour de la semaine), celle-ci en a {count}"
        ),
        "error.cron.minute.value": Words(
            en: "'{word}' is not a minute (0-59)",
            sv: "'{word}' är ingen minut (0-59)",
            de: "'{word}' ist keine Minute (0-59)",
            fr: "'{word}' n’est pas une minute (0-59)"
        ),
        "error.cron.minute.step": Words(
            en: "'{part}' has no usable step for the minute",
            sv: "'{part}' har inget användbart steg för minuten",
            de: "'{part}' hat keine brauchbare Schrittweite für die Minute",
            fr: "'{part}' n’a pas de pas utilisable pour la minute"
        ),
        "error.cron.minute.backwards": Words(
            en: "'{part}' runs backwards for the minute",
            sv: "'{part}' går baklänges för minuten",
            de: "'{part}' läuft für die Minute rückwärts",
            fr: "'{part}' va à rebours pour la minute"
        ),
        "error.cron.hour.value": Words(
            en: "'{word}' is not a hour (0-23)",
            sv: "'{word}' är ingen timme (0-23)",
            de: "'{word}' ist keine Stunde (0-23)",
            fr: "'{word}' n’est pas une heure (0-23)"
        ),
        "error.cron.hour.step": Words(
            en: "'{part}' has no usable step for the hour",
            sv: "'{part}' har inget användbart steg för timmen",
            de: "'{part}' hat keine brauchbare Schrittweite für die Stunde",
            fr: "'{part}' n’a pas de pas utilisable pour l’heure"
        ),
        "error.cron.hour.backwards": Words(
            en: "'{part}' runs backwards for the hour",
            sv: "'{part}' går baklänges för timmen",
            de: "'{part}' läuft für die Stunde rückwärts",
            fr: "'{part}' va à rebours pour l’heure"
        ),
        "error.cron.day.value": Words(
            en: "'{word}' is not a day of the month (1-31)",
            sv: "'{word}' är ingen dag i månaden (1-31)",
            de: "'{word}' ist kein Tag des Monats (1-31)",
            fr: "'{word}' n’est pas un jour du mois (1-31)"
        ),
        "error.cron.day.step": Words(
            en: "'{part}' has no usable step for the day of the month",
            sv: "'{part}' har inget användbart steg för dagen i månaden",
            de: "'{part}' hat keine brauchbare Schrittweite für den Tag des Monats",
            fr: "'{part}' n’a pas de pas utilisable pour le jour du mois"
        ),
        "error.cron.day.backwards": Words(
            en: "'{part}' runs backwards for the day of the month",
            sv: "'{part}' går baklänges för dagen i månaden",
            de: "'{part}' läuft für den Tag des Monats rückwärts",
            fr: "'{part}' va à rebours pour le jour du mois"
        ),
        "error.cron.month.value": Words(
            en: "'{word}' is not a month (1-12)",
            sv: "'{word}' är ingen månad (1-12)",
            de: "'{word}' ist kein Monat (1-12)",
            fr: "'{word}' n’est pas un mois (1-12)"
        ),
        "error.cron.month.step": Words(
            en: "'{part}' has no usable step for the month",
            sv: "'{part}' har inget användbart steg för månaden",
            de: "'{part}' hat keine brauchbare Schrittweite für den Monat",
            fr: "'{part}' n’a pas de pas utilisable pour le mois"
        ),
        "error.cron.month.backwards": Words(
            en: "'{part}' runs backwards for the month",
            sv: "'{part}' går baklänges för månaden",
            de: "'{part}' läuft für den Monat rückwärts",
            fr: "'{part}' va à rebours pour le mois"
        ),
        "error.cron.weekday.value": Words(
            en: "'{word}' is not a day of the week (0-7)",
            sv: "'{word}' är ingen veckodag (0-7)",
            de: "'{word}' ist kein Wochentag (0-7)",
            fr: "'{word}' n’est pas un jour de la semaine (0-7)"
        ),
        "error.cron.weekday.step": Words(
            en: "'{part}' has no usable step for the day of the week",
            sv: "'{part}' har inget användbart steg för veckodagen",
            de: "'{part}' hat keine brauchbare Schrittweite für den Wochentag",
            fr: "'{part}' n’a pas de pas utilisable pour le jour de la semaine"
        ),
        "error.cron.weekday.backwards": Words(
            en: "'{part}' runs backwards for the day of the week",
            sv: "'{part}' går baklänges för veckodagen",
            de: "'{part}' läuft für den Wochentag rückwärts",
            fr: "'{part}' va à rebours pour le jour de la semaine"
        ),
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
        // Contact addresses (HeraldCore/Contact/ContactMethod.swift, `ContactAddress`).
        "error.address.matrix": Words(
            en: "A Matrix user is written @name:server (e.g. @ann:matrix.example.org)",
            sv: "En Matrix-användare skrivs @namn:server (t.ex. @ann:matrix.example.org)",
            de: "Ein Matrix-Benutzer wird @name:server geschrieben (z. B. @ann:matrix.example.org)",
            fr: "Un utilisateur Matrix s’écrit @nom:serveur (par ex. @ann:matrix.example.org)"
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
        // A person's notification rules (HeraldCore/Contact/ContactRules.swift), one entry per rule class a refusal names.
        "error.contactRules.notYours": Words(
            en: "Contact method {id} is not one of yours",
            sv: "Kontaktväg {id} är inte en av dina",
            de: "Kontaktweg {id} gehört nicht Ihnen",
            fr: "Le moyen de contact {id} n’est pas l’un des vôtres"
        ),
        "error.contactRules.verifyFirst": Words(
            en: "Verify {address} before a rule uses it",
            sv: "Verifiera {address} innan en regel använder den",
            de: "Bestätigen Sie {address}, bevor eine Regel ihn verwendet",
            fr: "Vérifiez {address} avant qu’une règle ne l’utilise"
        ),
        "error.contactRules.delay": Words(
            en: "A step's delay is 0 to {max} seconds",
            sv: "Ett stegs fördröjning är 0 till {max} sekunder",
            de: "Die Verzögerung eines Schritts beträgt 0 bis {max} Sekunden",
            fr: "Le délai d’une étape va de 0 à {max} secondes"
        ),
        "error.contactRules.steps.routine": Words(
            en: "At most {limit} steps for routine notifications",
            sv: "Högst {limit} steg för rutinaviseringar",
            de: "Höchstens {limit} Schritte für Routinebenachrichtigungen",
            fr: "Au plus {limit} étapes pour les notifications de routine"
        ),
        "error.contactRules.once.routine": Words(
            en: "Each method at most once for routine notifications",
            sv: "Varje kontaktväg högst en gång för rutinaviseringar",
            de: "Jeder Kontaktweg höchstens einmal für Routinebenachrichtigungen",
            fr: "Chaque moyen de contact au plus une fois pour les notifications de routine"
        ),
        "error.contactRules.floor.routine": Words(
            en: "The site asks that routine notifications reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att rutinaviseringar når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass Routinebenachrichtigungen Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreichen: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que les notifications de routine vous parviennent autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        "error.contactRules.steps.high": Words(
            en: "At most {limit} steps for high-severity notifications",
            sv: "Högst {limit} steg för aviseringar med hög allvarlighetsgrad",
            de: "Höchstens {limit} Schritte für Benachrichtigungen mit hohem Schweregrad",
            fr: "Au plus {limit} étapes pour les notifications de gravité élevée"
        ),
        "error.contactRules.once.high": Words(
            en: "Each method at most once for high-severity notifications",
            sv: "Varje kontaktväg högst en gång för aviseringar med hög allvarlighetsgrad",
            de: "Jeder Kontaktweg höchstens einmal für Benachrichtigungen mit hohem Schweregrad",
            fr: "Chaque moyen de contact au plus une fois pour les notifications de gravité élevée"
        ),
        "error.contactRules.floor.high": Words(
            en: "The site asks that high-severity notifications reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att aviseringar med hög allvarlighetsgrad når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass Benachrichtigungen mit hohem Schweregrad Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreichen: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que les notifications de gravité élevée vous parviennent autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        "error.contactRules.steps.critical": Words(
            en: "At most {limit} steps for critical notifications",
            sv: "Högst {limit} steg för kritiska aviseringar",
            de: "Höchstens {limit} Schritte für kritische Benachrichtigungen",
            fr: "Au plus {limit} étapes pour les notifications critiques"
        ),
        "error.contactRules.once.critical": Words(
            en: "Each method at most once for critical notifications",
            sv: "Varje kontaktväg högst en gång för kritiska aviseringar",
            de: "Jeder Kontaktweg höchstens einmal für kritische Benachrichtigungen",
            fr: "Chaque moyen de contact au plus une fois pour les notifications critiques"
        ),
        "error.contactRules.floor.critical": Words(
            en: "The site asks that critical notifications reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att kritiska aviseringar når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass kritische Benachrichtigungen Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreichen: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que les notifications critiques vous parviennent autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        "error.contactRules.steps.call": Words(
            en: "At most {limit} steps for an escalation's call",
            sv: "Högst {limit} steg för anrop från en eskalering",
            de: "Höchstens {limit} Schritte für den Anruf einer Eskalation",
            fr: "Au plus {limit} étapes pour l’appel d’une escalade"
        ),
        "error.contactRules.once.call": Words(
            en: "Each method at most once for an escalation's call",
            sv: "Varje kontaktväg högst en gång för anrop från en eskalering",
            de: "Jeder Kontaktweg höchstens einmal für den Anruf einer Eskalation",
            fr: "Chaque moyen de contact au plus une fois pour l’appel d’une escalade"
        ),
        "error.contactRules.floor.call": Words(
            en: "The site asks that an escalation's call reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att anrop från en eskalering når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass der Anruf einer Eskalation Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreicht: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que l’appel d’une escalade vous parvienne autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        // Signing in (HeraldUseCases/Accounts/SignIns.swift, one entry per pair of origins `spokenName` names; HeraldAPI/Auth/PasswordLogins.swift, AccountSessions.swift).
        "error.signIn.otherOrigin": Words(
            en: "This user name belongs to {account}, not to {login}: an administrator may link the two",
            sv: "Det här användarnamnet hör till {account}, inte till {login}: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu {account}, nicht zu {login}: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à {account}, pas à {login} : un administrateur peut relier les deux"
        ),
        "error.signIn.ldapNotLocal": Words(
            en: "This user name belongs to the directory (LDAP), not to a local account: an administrator may link the two",
            sv: "Det här användarnamnet hör till katalogen (LDAP), inte till ett lokalt konto: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu dem Verzeichnis (LDAP), nicht zu einem lokalen Konto: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à l’annuaire (LDAP), pas à un compte local : un administrateur peut relier les deux"
        ),
        "error.signIn.urlNotLocal": Words(
            en: "This user name belongs to the site's authentication URL, not to a local account: an administrator may link the two",
            sv: "Det här användarnamnet hör till anläggningens autentiserings-URL, inte till ett lokalt konto: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu der Authentifizierungs-URL der Einrichtung, nicht zu einem lokalen Konto: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à l’URL d’authentification du site, pas à un compte local : un administrateur peut relier les deux"
        ),
        "error.signIn.oidcNotLocal": Words(
            en: "This user name belongs to OpenID Connect, not to a local account: an administrator may link the two",
            sv: "Det här användarnamnet hör till OpenID Connect, inte till ett lokalt konto: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu OpenID Connect, nicht zu einem lokalen Konto: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à OpenID Connect, pas à un compte local : un administrateur peut relier les deux"
        ),
        "error.signIn.demoNotLocal": Words(
            en: "This user name belongs to the demo account, not to a local account: an administrator may link the two",
            sv: "Det här användarnamnet hör till demokontot, inte till ett lokalt konto: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu dem Demokonto, nicht zu einem lokalen Konto: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient au compte de démonstration, pas à un compte local : un administrateur peut relier les deux"
        ),
        "error.signIn.localNotLdap": Words(
            en: "This user name belongs to a local account, not to the directory (LDAP): an administrator may link the two",
            sv: "Det här användarnamnet hör till ett lokalt konto, inte till katalogen (LDAP): en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu einem lokalen Konto, nicht zu dem Verzeichnis (LDAP): ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à un compte local, pas à l’annuaire (LDAP) : un administrateur peut relier les deux"
        ),
        "error.signIn.urlNotLdap": Words(
            en: "This user name belongs to the site's authentication URL, not to the directory (LDAP): an administrator may link the two",
            sv: "Det här användarnamnet hör till anläggningens autentiserings-URL, inte till katalogen (LDAP): en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu der Authentifizierungs-URL der Einrichtung, nicht zu dem Verzeichnis (LDAP): ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à l’URL d’authentification du site, pas à l’annuaire (LDAP) : un administrateur peut relier les deux"
        ),
        "error.signIn.oidcNotLdap": Words(
            en: "This user name belongs to OpenID Connect, not to the directory (LDAP): an administrator may link the two",
            sv: "Det här användarnamnet hör till OpenID Connect, inte till katalogen (LDAP): en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu OpenID Connect, nicht zu dem Verzeichnis (LDAP): ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à OpenID Connect, pas à l’annuaire (LDAP) : un administrateur peut relier les deux"
        ),
        "error.signIn.demoNotLdap": Words(
            en: "This user name belongs to the demo account, not to the directory (LDAP): an administrator may link the two",
            sv: "Det här användarnamnet hör till demokontot, inte till katalogen (LDAP): en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu dem Demokonto, nicht zu dem Verzeichnis (LDAP): ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient au compte de démonstration, pas à l’annuaire (LDAP) : un administrateur peut relier les deux"
        ),
        "error.signIn.localNotUrl": Words(
            en: "This user name belongs to a local account, not to the site's authentication URL: an administrator may link the two",
            sv: "Det här användarnamnet hör till ett lokalt konto, inte till anläggningens autentiserings-URL: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu einem lokalen Konto, nicht zu der Authentifizierungs-URL der Einrichtung: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à un compte local, pas à l’URL d’authentification du site : un administrateur peut relier les deux"
        ),
        "error.signIn.ldapNotUrl": Words(
            en: "This user name belongs to the directory (LDAP), not to the site's authentication URL: an administrator may link the two",
            sv: "Det här användarnamnet hör till katalogen (LDAP), inte till anläggningens autentiserings-URL: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu dem Verzeichnis (LDAP), nicht zu der Authentifizierungs-URL der Einrichtung: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à l’annuaire (LDAP), pas à l’URL d’authentification du site : un administrateur peut relier les deux"
        ),
        "error.signIn.oidcNotUrl": Words(
            en: "This user name belongs to OpenID Connect, not to the site's authentication URL: an administrator may link the two",
            sv: "Det här användarnamnet hör till OpenID Connect, inte till anläggningens autentiserings-URL: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu OpenID Connect, nicht zu der Authentifizierungs-URL der Einrichtung: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à OpenID Connect, pas à l’URL d’authentification du site : un administrateur peut relier les deux"
        ),
        "error.signIn.demoNotUrl": Words(
            en: "This user name belongs to the demo account, not to the site's authentication URL: an administrator may link the two",
            sv: "Det här användarnamnet hör till demokontot, inte till anläggningens autentiserings-URL: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu dem Demokonto, nicht zu der Authentifizierungs-URL der Einrichtung: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient au compte de démonstration, pas à l’URL d’authentification du site : un administrateur peut relier les deux"
        ),
        "error.signIn.localNotOidc": Words(
            en: "This user name belongs to a local account, not to OpenID Connect: an administrator may link the two",
            sv: "Det här användarnamnet hör till ett lokalt konto, inte till OpenID Connect: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu einem lokalen Konto, nicht zu OpenID Connect: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à un compte local, pas à OpenID Connect : un administrateur peut relier les deux"
        ),
        "error.signIn.ldapNotOidc": Words(
            en: "This user name belongs to the directory (LDAP), not to OpenID Connect: an administrator may link the two",
            sv: "Det här användarnamnet hör till katalogen (LDAP), inte till OpenID Connect: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu dem Verzeichnis (LDAP), nicht zu OpenID Connect: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à l’annuaire (LDAP), pas à OpenID Connect : un administrateur peut relier les deux"
        ),
        "error.signIn.urlNotOidc": Words(
            en: "This user name belongs to the site's authentication URL, not to OpenID Connect: an administrator may link the two",
            sv: "Det här användarnamnet hör till anläggningens autentiserings-URL, inte till OpenID Connect: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu der Authentifizierungs-URL der Einrichtung, nicht zu OpenID Connect: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient à l’URL d’authentification du site, pas à OpenID Connect : un administrateur peut relier les deux"
        ),
        "error.signIn.demoNotOidc": Words(
            en: "This user name belongs to the demo account, not to OpenID Connect: an administrator may link the two",
            sv: "Det här användarnamnet hör till demokontot, inte till OpenID Connect: en administratör kan koppla ihop dem",
            de: "Dieser Benutzername gehört zu dem Demokonto, nicht zu OpenID Connect: ein Admin kann beide verknüpfen",
            fr: "Ce nom d’utilisateur appartient au compte de démonstration, pas à OpenID Connect : un administrateur peut relier les deux"
        ),
        "error.signIn.changedTwice": Words(
            en: "The account {name} changed twice while signing in: try again",
            sv: "Kontot {name} ändrades två gånger under inloggningen: försök igen",
            de: "Das Konto {name} wurde während der Anmeldung zweimal geändert: versuchen Sie es erneut",
            fr: "Le compte {name} a changé deux fois pendant la connexion : réessayez"
        ),
        "error.signIn.incorrect": Words(
            en: "Incorrect username or password",
            sv: "Fel användarnamn eller lösenord",
            de: "Benutzername oder Passwort ist falsch",
            fr: "Nom d’utilisateur ou mot de passe incorrect"
        ),
        "error.signIn.tooManyForAccount": Words(
            en: "Too many failed logins for this account: try again in {seconds} seconds",
            sv: "För många misslyckade inloggningar för det här kontot: försök igen om {seconds} sekunder",
            de: "Zu viele fehlgeschlagene Anmeldungen für dieses Konto: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Trop d’échecs de connexion pour ce compte : réessayez dans {seconds} secondes"
        ),
        "error.signIn.tooMany": Words(
            en: "Too many failed logins: try again in {seconds} seconds",
            sv: "För många misslyckade inloggningar: försök igen om {seconds} sekunder",
            de: "Zu viele fehlgeschlagene Anmeldungen: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Trop d’échecs de connexion : réessayez dans {seconds} secondes"
        ),
        "error.signIn.unavailable": Words(
            en: "Sign-in is unavailable, try again later",
            sv: "Inloggningen är inte tillgänglig, försök igen senare",
            de: "Die Anmeldung ist nicht verfügbar, versuchen Sie es später erneut",
            fr: "La connexion est indisponible, réessayez plus tard"
        ),
        // The browser's OpenID Connect sign-in (HeraldAPI/Controllers/OIDCController.swift, on the pages' router; its reasons from HeraldIdentity/OIDC).
        "error.oidc.notEnabled": Words(
            en: "OIDC is not enabled",
            sv: "OIDC är inte aktiverat",
            de: "OIDC ist nicht aktiviert",
            fr: "OIDC n’est pas activé"
        ),
        "error.oidc.publicURL": Words(
            en: "The browser sign-in needs PUBLIC_URL (where browsers reach Herald)",
            sv: "Inloggning i webbläsaren kräver PUBLIC_URL (där webbläsare når Herald)",
            de: "Die Anmeldung im Browser braucht PUBLIC_URL (wo Browser Herald erreichen)",
            fr: "La connexion par navigateur nécessite PUBLIC_URL (l’adresse où les navigateurs joignent Herald)"
        ),
        "error.oidc.providerError": Words(
            en: "The provider refused the sign-in: {error}",
            sv: "Leverantören avvisade inloggningen: {error}",
            de: "Der Anbieter hat die Anmeldung abgelehnt: {error}",
            fr: "Le fournisseur a refusé la connexion : {error}"
        ),
        "error.oidc.stateExpired": Words(
            en: "The sign-in expired or did not start here: start again at /login/oidc",
            sv: "Inloggningen har gått ut eller började inte här: börja om på /login/oidc",
            de: "Die Anmeldung ist abgelaufen oder hat nicht hier begonnen: beginnen Sie erneut unter /login/oidc",
            fr: "La connexion a expiré ou n’a pas commencé ici : recommencez sur /login/oidc"
        ),
        "error.oidc.unavailable": Words(
            en: "The sign-in provider is unavailable, try again later",
            sv: "Inloggningsleverantören är inte tillgänglig, försök igen senare",
            de: "Der Anmeldeanbieter ist nicht verfügbar, versuchen Sie es später erneut",
            fr: "Le fournisseur de connexion est indisponible, réessayez plus tard"
        ),
        "error.oidc.refused.anyReason": Words(
            en: "OpenID Connect sign-in refused: {reason}",
            sv: "Inloggningen med OpenID Connect avvisades: {reason}",
            de: "Anmeldung über OpenID Connect abgelehnt: {reason}",
            fr: "Connexion OpenID Connect refusée : {reason}"
        ),
        "error.oidc.refused.unknownKey": Words(
            en: "OpenID Connect sign-in refused: the ID token names an unknown key",
            sv: "Inloggningen med OpenID Connect avvisades: ID-token anger en okänd nyckel",
            de: "Anmeldung über OpenID Connect abgelehnt: das ID-Token nennt einen unbekannten Schlüssel",
            fr: "Connexion OpenID Connect refusée : l’ID token désigne une clé inconnue"
        ),
        "error.oidc.refused.notVerified": Words(
            en: "OpenID Connect sign-in refused: the ID token does not verify",
            sv: "Inloggningen med OpenID Connect avvisades: ID-token kan inte verifieras",
            de: "Anmeldung über OpenID Connect abgelehnt: das ID-Token lässt sich nicht prüfen",
            fr: "Connexion OpenID Connect refusée : l’ID token ne peut pas être vérifié"
        ),
        "error.oidc.refused.otherIssuer": Words(
            en: "OpenID Connect sign-in refused: the ID token is from another issuer",
            sv: "Inloggningen med OpenID Connect avvisades: ID-token kommer från en annan utfärdare",
            de: "Anmeldung über OpenID Connect abgelehnt: das ID-Token stammt von einem anderen Aussteller",
            fr: "Connexion OpenID Connect refusée : l’ID token vient d’un autre émetteur"
        ),
        "error.oidc.refused.otherClient": Words(
            en: "OpenID Connect sign-in refused: the ID token was issued to another client (azp)",
            sv: "Inloggningen med OpenID Connect avvisades: ID-token utfärdades till en annan klient (azp)",
            de: "Anmeldung über OpenID Connect abgelehnt: das ID-Token wurde für einen anderen Client ausgestellt (azp)",
            fr: "Connexion OpenID Connect refusée : l’ID token a été émis pour un autre client (azp)"
        ),
        "error.oidc.refused.expired": Words(
            en: "OpenID Connect sign-in refused: the ID token has expired",
            sv: "Inloggningen med OpenID Connect avvisades: ID-token har gått ut",
            de: "Anmeldung über OpenID Connect abgelehnt: das ID-Token ist abgelaufen",
            fr: "Connexion OpenID Connect refusée : l’ID token a expiré"
        ),
        "error.oidc.refused.nonce": Words(
            en: "OpenID Connect sign-in refused: the ID token's nonce does not match",
            sv: "Inloggningen med OpenID Connect avvisades: ID-tokens nonce stämmer inte",
            de: "Anmeldung über OpenID Connect abgelehnt: die Nonce des ID-Tokens stimmt nicht überein",
            fr: "Connexion OpenID Connect refusée : le nonce de l’ID token ne correspond pas"
        ),
        "error.oidc.refused.noProvider": Words(
            en: "OpenID Connect sign-in refused: no OpenID provider is configured",
            sv: "Inloggningen med OpenID Connect avvisades: ingen OpenID-leverantör är konfigurerad",
            de: "Anmeldung über OpenID Connect abgelehnt: kein OpenID-Anbieter ist eingerichtet",
            fr: "Connexion OpenID Connect refusée : aucun fournisseur OpenID n’est configuré"
        ),
        "error.oidc.refused.clientID": Words(
            en: "OpenID Connect sign-in refused: the client id is not this server's",
            sv: "Inloggningen med OpenID Connect avvisades: klient-id:t är inte den här serverns",
            de: "Anmeldung über OpenID Connect abgelehnt: die Client-ID ist nicht die dieses Servers",
            fr: "Connexion OpenID Connect refusée : l’identifiant client n’est pas celui de ce serveur"
        ),
        "error.oidc.refused.userinfo": Words(
            en: "OpenID Connect sign-in refused: the userinfo answer is about another subject",
            sv: "Inloggningen med OpenID Connect avvisades: userinfo-svaret gäller ett annat subjekt",
            de: "Anmeldung über OpenID Connect abgelehnt: die Userinfo-Antwort betrifft ein anderes Subjekt",
            fr: "Connexion OpenID Connect refusée : la réponse userinfo concerne un autre sujet"
        ),
        "error.oidc.refused.claim": Words(
            en: "OpenID Connect sign-in refused: the provider gave no usable '{claim}'",
            sv: "Inloggningen med OpenID Connect avvisades: leverantören gav inget användbart '{claim}'",
            de: "Anmeldung über OpenID Connect abgelehnt: der Anbieter lieferte kein brauchbares '{claim}'",
            fr: "Connexion OpenID Connect refusée : le fournisseur n’a donné aucun '{claim}' utilisable"
        ),
        "error.oidc.refused.providerRefused": Words(
            en: "OpenID Connect sign-in refused: the provider refused at {url} ({status})",
            sv: "Inloggningen med OpenID Connect avvisades: leverantören avvisade vid {url} ({status})",
            de: "Anmeldung über OpenID Connect abgelehnt: der Anbieter lehnte bei {url} ab ({status})",
            fr: "Connexion OpenID Connect refusée : le fournisseur a refusé sur {url} ({status})"
        ),
        "error.oidc.refused.endpoint": Words(
            en: "OpenID Connect sign-in refused: the provider names an endpoint Herald does not ask",
            sv: "Inloggningen med OpenID Connect avvisades: leverantören anger en slutpunkt som Herald inte frågar",
            de: "Anmeldung über OpenID Connect abgelehnt: der Anbieter nennt einen Endpunkt, den Herald nicht anfragt",
            fr: "Connexion OpenID Connect refusée : le fournisseur indique un point de terminaison que Herald n’interroge pas"
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
        "error.templates.parse": Words(
            en: "Template does not parse: {reason}",
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
        // Held and recurring notifications (HeraldUseCases/Schedules/Schedules.swift).
        "error.schedules.heldLimit": Words(
            en: "This service holds {limit} notifications for later, its limit (SCHEDULED_PER_SERVICE): cancel some or wait until they go out",
            sv: "Den här tjänsten håller {limit} aviseringar för senare, dess gräns (SCHEDULED_PER_SERVICE): avbryt några eller vänta tills de skickas",
            de: "Dieser Dienst hält {limit} Benachrichtigungen für später zurück, seine Grenze (SCHEDULED_PER_SERVICE): brechen Sie einige ab oder warten Sie, bis sie versendet sind",
            fr: "Ce service retient {limit} notifications pour plus tard, sa limite (SCHEDULED_PER_SERVICE) : annulez-en quelques-unes ou attendez qu’elles partent"
        ),
        "error.schedules.recurringLimit": Words(
            en: "This service has {limit} recurring notifications, its limit (RECURRING_PER_SERVICE): remove one first",
            sv: "Den här tjänsten har {limit} återkommande aviseringar, dess gräns (RECURRING_PER_SERVICE): ta bort en först",
            de: "Dieser Dienst hat {limit} wiederkehrende Benachrichtigungen, seine Grenze (RECURRING_PER_SERVICE): entfernen Sie zuerst eine",
            fr: "Ce service a {limit} notifications récurrentes, sa limite (RECURRING_PER_SERVICE) : supprimez-en une d’abord"
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
        "error.rateLimit.ownerCeiling": Words(
            en: "An owner may lower the site's limit ({perSecond} a second, bursts of {burst}), not lift it: ask an admin",
            sv: "En ägare får sänka anläggningens gräns ({perSecond} per sekund, toppar på {burst}), inte höja den: fråga en administratör",
            de: "Ein Eigentümer darf die Grenze der Einrichtung ({perSecond} pro Sekunde, Spitzen von {burst}) senken, nicht anheben: fragen Sie einen Admin",
            fr: "Un propriétaire peut abaisser la limite du site ({perSecond} par seconde, rafales de {burst}), pas la relever : demandez à un administrateur"
        ),
        "error.rateLimit.perSecond": Words(
            en: "Input should be a number from 0 (no limit) to {max}",
            sv: "Värdet ska vara ett tal från 0 (ingen gräns) till {max}",
            de: "Der Wert muss eine Zahl von 0 (keine Grenze) bis {max} sein",
            fr: "La valeur doit être un nombre de 0 (aucune limite) à {max}"
        ),
        "error.rateLimit.burst": Words(
            en: "Input should be a whole number from 1 to {max}",
            sv: "Värdet ska vara ett heltal från 1 till {max}",
            de: "Der Wert muss eine ganze Zahl von 1 bis {max} sein",
            fr: "La valeur doit être un nombre entier de 1 à {max}"
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
        // Chat rooms and linked chat accounts (HeraldUseCases/Chat/ChatRooms.swift).
        "error.chat.noService": Words(
            en: "This site has no chat service configured",
            sv: "Den här anläggningen har ingen chattjänst konfigurerad",
            de: "Für diese Einrichtung ist kein Chatdienst eingerichtet",
            fr: "Ce site n’a aucun service de discussion configuré"
        ),
        "error.chat.replayed": Words(
            en: "This call was made already",
            sv: "Det här anropet har redan gjorts",
            de: "Dieser Aufruf wurde bereits gemacht",
            fr: "Cet appel a déjà été fait"
        ),
        "error.chat.matrixRoom": Words(
            en: "A Matrix room's id (it starts with !, in the room's settings; invite the site's bot to it)",
            sv: "Ett Matrix-rums id (det börjar med !, i rummets inställningar; bjud in webbplatsens bot dit)",
            de: "Die ID eines Matrix-Raums (sie beginnt mit !, in den Raumeinstellungen; laden Sie den Bot der Site dorthin ein)",
            fr: "L’identifiant d’un salon Matrix (il commence par !, dans les paramètres du salon ; invitez-y le bot du site)"
        ),
        "error.chat.kinds": Words(
            en: "One of: {kinds}",
            sv: "En av: {kinds}",
            de: "Eine von: {kinds}",
            fr: "L’un de : {kinds}"
        ),
        "error.chat.slackChannel": Words(
            en: "A Slack channel's id (C or G and 8 to 23 capital letters and digits, as in its link)",
            sv: "En Slack-kanals id (C eller G och 8 till 23 versaler och siffror, som i dess länk)",
            de: "Die ID eines Slack-Kanals (C oder G und 8 bis 23 Großbuchstaben und Ziffern, wie in seinem Link)",
            fr: "L’identifiant d’un canal Slack (C ou G puis 8 à 23 majuscules et chiffres, comme dans son lien)"
        ),
        "error.chat.mattermostChannel": Words(
            en: "A Mattermost channel's id (26 lowercase letters and digits)",
            sv: "En Mattermost-kanals id (26 gemener och siffror)",
            de: "Die ID eines Mattermost-Kanals (26 Kleinbuchstaben und Ziffern)",
            fr: "L’identifiant d’un canal Mattermost (26 minuscules et chiffres)"
        ),
        "error.chat.teamsWebhook": Words(
            en: "A Teams Workflows webhook URL on a host this site allows (TEAMS_WEBHOOK_HOSTS)",
            sv: "En webhook-URL för Teams Workflows på en värd som anläggningen tillåter (TEAMS_WEBHOOK_HOSTS)",
            de: "Eine Webhook-URL von Teams Workflows auf einem Host, den diese Einrichtung erlaubt (TEAMS_WEBHOOK_HOSTS)",
            fr: "Une URL de webhook Teams Workflows sur un hôte que ce site autorise (TEAMS_WEBHOOK_HOSTS)"
        ),
        "error.chat.roomLimit": Words(
            en: "A service posts to at most {limit} chat rooms",
            sv: "En tjänst postar till högst {limit} chattrum",
            de: "Ein Dienst sendet an höchstens {limit} Chaträume",
            fr: "Un service publie dans au plus {limit} salons de discussion"
        ),
        "error.chat.roomTaken": Words(
            en: "The service posts to that room already",
            sv: "Tjänsten postar redan till det rummet",
            de: "Der Dienst sendet bereits an diesen Raum",
            fr: "Le service publie déjà dans ce salon"
        ),
        "error.chat.demoLink": Words(
            en: "The demo account cannot link chat accounts",
            sv: "Demokontot kan inte länka chattkonton",
            de: "Das Demokonto kann keine Chatkonten verknüpfen",
            fr: "Le compte de démonstration ne peut pas lier de comptes de discussion"
        ),
        "error.chat.linkedElsewhere": Words(
            en: "That {chat} account is linked to another person in Herald: they unlink it first",
            sv: "Det {chat}-kontot är länkat till en annan person i Herald: hen måste ta bort länken först",
            de: "Dieses {chat}-Konto ist in Herald mit einer anderen Person verknüpft: diese muss die Verknüpfung zuerst lösen",
            fr: "Ce compte {chat} est lié à une autre personne dans Herald : elle doit d’abord le délier"
        ),
        "error.chat.justLinkedElsewhere": Words(
            en: "That {chat} account was just linked to another person in Herald",
            sv: "Det {chat}-kontot länkades nyss till en annan person i Herald",
            de: "Dieses {chat}-Konto wurde gerade in Herald mit einer anderen Person verknüpft",
            fr: "Ce compte {chat} vient d’être lié à une autre personne dans Herald"
        ),
        // Roles, teams and devices (HeraldUseCases/Access: GranteeName, TeamSubscriptions, Teams; Devices/Devices.swift).
        "error.grantee.either": Words(
            en: "Name either a username or a team_id",
            sv: "Ange antingen ett username eller ett team_id",
            de: "Nennen Sie entweder einen username oder eine team_id",
            fr: "Indiquez soit un username, soit un team_id"
        ),
        "error.grantee.noAccount": Words(
            en: "No account is named {name}",
            sv: "Inget konto heter {name}",
            de: "Kein Konto heißt {name}",
            fr: "Aucun compte ne s’appelle {name}"
        ),
        "error.grantee.confined": Words(
            en: "{name} is confined to the demo service and can hold no role",
            sv: "{name} är begränsad till demotjänsten och kan inte ha någon roll",
            de: "{name} ist auf den Demodienst beschränkt und kann keine Rolle haben",
            fr: "{name} est limité au service de démonstration et ne peut avoir aucun rôle"
        ),
        "error.grantee.noTeam": Words(
            en: "No team has the id {id}",
            sv: "Ingen grupp har id {id}",
            de: "Kein Team hat die ID {id}",
            fr: "Aucune équipe n’a l’identifiant {id}"
        ),
        "error.teamSubscription.adminsOnly": Words(
            en: "Only an admin may subscribe a team that holds no role of this service",
            sv: "Bara en administratör får prenumerera en grupp som inte har någon roll i den här tjänsten",
            de: "Nur ein Admin darf ein Team abonnieren, das keine Rolle in diesem Dienst hat",
            fr: "Seul un administrateur peut abonner une équipe qui n’a aucun rôle dans ce service"
        ),
        "error.team.exists": Words(
            en: "A team named {name} exists",
            sv: "Det finns redan en grupp som heter {name}",
            de: "Es gibt bereits ein Team namens {name}",
            fr: "Une équipe nommée {name} existe déjà"
        ),
        "error.team.followsSource": Words(
            en: "The team {name} follows its source ({source}); its members change there",
            sv: "Gruppen {name} följer sin källa ({source}); dess medlemmar ändras där",
            de: "Das Team {name} folgt seiner Quelle ({source}); seine Mitglieder werden dort geändert",
            fr: "L’équipe {name} suit sa source ({source}) ; ses membres se modifient là-bas"
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
        // Rotas and overrides (HeraldUseCases/OnCall/Rotas.swift).
        "error.rota.siteLimit": Words(
            en: "A site keeps at most {limit} rotas",
            sv: "En anläggning har högst {limit} jourlistor",
            de: "Eine Einrichtung führt höchstens {limit} Dienstpläne",
            fr: "Un site conserve au plus {limit} plannings"
        ),
        "error.rota.nameTaken": Words(
            en: "A rota is already called {name}",
            sv: "Det finns redan en jourlista som heter {name}",
            de: "Es gibt bereits einen Dienstplan namens {name}",
            fr: "Un planning s’appelle déjà {name}"
        ),
        "error.rota.calledByPolicies": Words(
            en: "The escalation policies of {count} service(s) call this rota; change them first ({services})",
            sv: "Eskaleringspolicyerna för {count} tjänst(er) anropar den här jourlistan; ändra dem först ({services})",
            de: "Die Eskalationsrichtlinien von {count} Dienst(en) rufen diesen Dienstplan; ändern Sie sie zuerst ({services})",
            fr: "Les politiques d’escalade de {count} service(s) appellent ce planning ; modifiez-les d’abord ({services})"
        ),
        "error.rota.overrideOrder": Words(
            en: "An override ends after it begins",
            sv: "Ett vikariat slutar efter att det börjar",
            de: "Eine Vertretung endet, nachdem sie begonnen hat",
            fr: "Un remplacement se termine après avoir commencé"
        ),
        "error.rota.overrideLength": Words(
            en: "An override lasts at most 366 days; change the rota itself for longer",
            sv: "Ett vikariat varar högst 366 dagar; ändra själva jourlistan för längre tid",
            de: "Eine Vertretung dauert höchstens 366 Tage; ändern Sie für längere Zeit den Dienstplan selbst",
            fr: "Un remplacement dure au plus 366 jours ; pour plus longtemps, modifiez le planning lui-même"
        ),
        "error.rota.overridePast": Words(
            en: "That override would already be over",
            sv: "Det vikariatet skulle redan vara över",
            de: "Diese Vertretung wäre bereits vorbei",
            fr: "Ce remplacement serait déjà terminé"
        ),
        "error.rota.coverFrom": Words(
            en: "When the cover begins, as an RFC 3339 time",
            sv: "När vikariatet börjar, som en RFC 3339-tid",
            de: "Wann die Vertretung beginnt, als RFC-3339-Zeit",
            fr: "Quand le remplacement commence, en heure RFC 3339"
        ),
        "error.rota.coverUntil": Words(
            en: "When the cover ends, as an RFC 3339 time",
            sv: "När vikariatet slutar, som en RFC 3339-tid",
            de: "Wann die Vertretung endet, als RFC-3339-Zeit",
            fr: "Quand le remplacement se termine, en heure RFC 3339"
        ),
        "error.rota.overrideLimit": Words(
            en: "A rota keeps at most {limit} overrides; remove past ones first",
            sv: "En jourlista har högst {limit} vikariat; ta bort gamla först",
            de: "Ein Dienstplan führt höchstens {limit} Vertretungen; entfernen Sie zuerst vergangene",
            fr: "Un planning conserve au plus {limit} remplacements ; supprimez d’abord les anciens"
        ),
        "error.rota.demo": Words(
            en: "This account sees only the demo service: no on-call rotas",
            sv: "Det här kontot ser bara demotjänsten: inga jourlistor",
            de: "Dieses Konto sieht nur den Demodienst: keine Dienstpläne",
            fr: "Ce compte ne voit que le service de démonstration : aucun planning d’astreinte"
        ),
        "error.rota.noAccount": Words(
            en: "No account is called {name}",
            sv: "Det finns inget konto som heter {name}",
            de: "Es gibt kein Konto namens {name}",
            fr: "Aucun compte ne porte le nom {name}"
        ),
        "error.rota.confined": Words(
            en: "{name} is confined to the demo service (the demo account, or an untrusted realm's login); never on call",
            sv: "{name} är begränsad till demotjänsten (demokontot, eller en inloggning från en ej betrodd realm); har aldrig jour",
            de: "{name} ist auf den Demodienst beschränkt (das Demokonto oder eine Anmeldung aus einem nicht vertrauenswürdigen Realm); nie in Bereitschaft",
            fr: "{name} est limité au service de démonstration (le compte de démonstration, ou une connexion d’un realm non fiable) ; jamais d’astreinte"
        ),
        "error.rota.disabled": Words(
            en: "{name}'s account is disabled",
            sv: "Kontot för {name} är inaktiverat",
            de: "Das Konto von {name} ist deaktiviert",
            fr: "Le compte de {name} est désactivé"
        ),
        "error.rota.name": Words(
            en: "A rota's name has 1 to 100 characters and no control characters",
            sv: "En jourlistas namn har 1 till 100 tecken och inga styrtecken",
            de: "Der Name eines Dienstplans hat 1 bis 100 Zeichen und keine Steuerzeichen",
            fr: "Le nom d’un planning compte 1 à 100 caractères, sans caractères de contrôle"
        ),
        "error.rota.members": Words(
            en: "A rota has 1 to {limit} members, in the order they take turns",
            sv: "En jourlista har 1 till {limit} medlemmar, i den ordning de tar sina pass",
            de: "Ein Dienstplan hat 1 bis {limit} Mitglieder, in der Reihenfolge ihrer Schichten",
            fr: "Un planning compte 1 à {limit} membres, dans l’ordre de leurs tours"
        ),
        "error.rota.turn": Words(
            en: "A turn lasts 1–365 days, 1–52 weeks or 1–8760 hours (unit days, weeks or hours)",
            sv: "Ett pass varar 1–365 dagar, 1–52 veckor eller 1–8760 timmar (enhet dagar, veckor eller timmar)",
            de: "Eine Schicht dauert 1–365 Tage, 1–52 Wochen oder 1–8760 Stunden (Einheit Tage, Wochen oder Stunden)",
            fr: "Un tour dure 1–365 jours, 1–52 semaines ou 1–8760 heures (unité jours, semaines ou heures)"
        ),
        "error.rota.timeZone": Words(
            en: "Not a time zone name (such as Europe/Stockholm)",
            sv: "Inget namn på en tidszon (som Europe/Stockholm)",
            de: "Kein Name einer Zeitzone (wie Europe/Stockholm)",
            fr: "Ce n’est pas un nom de fuseau horaire (comme Europe/Stockholm)"
        ),
        "error.rota.startsOn": Words(
            en: "The day the first turn begins, as YYYY-MM-DD (2000–2100)",
            sv: "Dagen då första passet börjar, som ÅÅÅÅ-MM-DD (2000–2100)",
            de: "Der Tag, an dem die erste Schicht beginnt, als JJJJ-MM-TT (2000–2100)",
            fr: "Le jour où commence le premier tour, au format AAAA-MM-JJ (2000–2100)"
        ),
        "error.rota.handOff": Words(
            en: "The local time turns hand over, as HH:MM",
            sv: "Den lokala tid då passen lämnas över, som HH:MM",
            de: "Die Ortszeit der Schichtübergabe, als HH:MM",
            fr: "L’heure locale de la relève, au format HH:MM"
        ),
        "error.rota.noSuchDay": Words(
            en: "No such day",
            sv: "Den dagen finns inte",
            de: "Diesen Tag gibt es nicht",
            fr: "Ce jour n’existe pas"
        ),
        // Escalation policies (HeraldUseCases/OnCall/EscalationPolicies.swift).
        "error.escalation.steps": Words(
            en: "A policy has 1 to {limit} steps",
            sv: "En policy har 1 till {limit} steg",
            de: "Eine Richtlinie hat 1 bis {limit} Schritte",
            fr: "Une politique comporte 1 à {limit} étapes"
        ),
        "error.escalation.repeats": Words(
            en: "A policy is repeated 0 to {limit} more times",
            sv: "En policy upprepas 0 till {limit} gånger till",
            de: "Eine Richtlinie wird 0 bis {limit} weitere Male wiederholt",
            fr: "Une politique est répétée de 0 à {limit} fois de plus"
        ),
        "error.escalation.severity": Words(
            en: "Not a severity; one of {severities}",
            sv: "Ingen allvarlighetsgrad; en av {severities}",
            de: "Kein Schweregrad; einer von {severities}",
            fr: "Ce n’est pas une gravité ; l’une de {severities}"
        ),
        "error.escalation.targets": Words(
            en: "A step calls 1 to {limit} targets",
            sv: "Ett steg anropar 1 till {limit} mål",
            de: "Ein Schritt ruft 1 bis {limit} Ziele",
            fr: "Une étape appelle 1 à {limit} cibles"
        ),
        "error.escalation.wait": Words(
            en: "A step waits {min} to {max} seconds for an acknowledgement",
            sv: "Ett steg väntar {min} till {max} sekunder på en kvittering",
            de: "Ein Schritt wartet {min} bis {max} Sekunden auf eine Quittierung",
            fr: "Une étape attend un acquittement de {min} à {max} secondes"
        ),
        "error.escalation.waitMinimum": Words(
            en: "A step waits {min} to {max} seconds for an acknowledgement (ESCALATION_MIN_WAIT_SECONDS is {wait})",
            sv: "Ett steg väntar {min} till {max} sekunder på en kvittering (ESCALATION_MIN_WAIT_SECONDS är {wait})",
            de: "Ein Schritt wartet {min} bis {max} Sekunden auf eine Quittierung (ESCALATION_MIN_WAIT_SECONDS ist {wait})",
            fr: "Une étape attend un acquittement de {min} à {max} secondes (ESCALATION_MIN_WAIT_SECONDS vaut {wait})"
        ),
        "error.escalation.noRota": Words(
            en: "No rota has id {id}",
            sv: "Ingen jourlista har id {id}",
            de: "Kein Dienstplan hat die ID {id}",
            fr: "Aucun planning n’a l’identifiant {id}"
        ),
        "error.escalation.calls": Words(
            en: "This policy makes up to {calls} calls (targets × passes); ESCALATION_MAX_CALLS allows {limit}: fewer targets, steps or repeats",
            sv: "Den här policyn gör upp till {calls} anrop (mål × varv); ESCALATION_MAX_CALLS tillåter {limit}: färre mål, steg eller upprepningar",
            de: "Diese Richtlinie macht bis zu {calls} Anrufe (Ziele × Durchläufe); ESCALATION_MAX_CALLS erlaubt {limit}: weniger Ziele, Schritte oder Wiederholungen",
            fr: "Cette politique fait jusqu’à {calls} appels (cibles × passages) ; ESCALATION_MAX_CALLS en autorise {limit} : moins de cibles, d’étapes ou de répétitions"
        ),
        // Paging a team or a rota (HeraldUseCases/OnCall/Pages.swift).
        "error.page.noMembers": Words(
            en: "The team {name} has no members: nobody would be paged",
            sv: "Gruppen {name} har inga medlemmar: ingen skulle larmas",
            de: "Das Team {name} hat keine Mitglieder: niemand würde alarmiert",
            fr: "L’équipe {name} n’a aucun membre : personne ne serait alerté"
        ),
        "error.page.noActiveMember": Words(
            en: "Nobody on the rota {name} can be called: it has no active member",
            sv: "Ingen på jourlistan {name} kan anropas: den har ingen aktiv medlem",
            de: "Niemand im Dienstplan {name} kann gerufen werden: er hat kein aktives Mitglied",
            fr: "Personne du planning {name} ne peut être appelé : il n’a aucun membre actif"
        ),
        "error.page.startsTeam": Words(
            en: "This team was paged {count} times in the last minute (ESCALATION_STARTS_PER_MINUTE): another page would call nobody",
            sv: "Den här gruppen har larmats {count} gånger den senaste minuten (ESCALATION_STARTS_PER_MINUTE): ett larm till skulle inte anropa någon",
            de: "Dieses Team wurde in der letzten Minute {count}-mal alarmiert (ESCALATION_STARTS_PER_MINUTE): eine weitere Alarmierung würde niemanden rufen",
            fr: "Cette équipe a été alertée {count} fois au cours de la dernière minute (ESCALATION_STARTS_PER_MINUTE) : une nouvelle alerte n’appellerait personne"
        ),
        "error.page.startsRota": Words(
            en: "This rota was paged {count} times in the last minute (ESCALATION_STARTS_PER_MINUTE): another page would call nobody",
            sv: "Den här jourlistan har larmats {count} gånger den senaste minuten (ESCALATION_STARTS_PER_MINUTE): ett larm till skulle inte anropa någon",
            de: "Dieser Dienstplan wurde in der letzten Minute {count}-mal alarmiert (ESCALATION_STARTS_PER_MINUTE): eine weitere Alarmierung würde niemanden rufen",
            fr: "Ce planning a été alerté {count} fois au cours de la dernière minute (ESCALATION_STARTS_PER_MINUTE) : une nouvelle alerte n’appellerait personne"
        ),
        "error.page.severity": Words(
            en: "One of {severities}",
            sv: "En av {severities}",
            de: "Einer von {severities}",
            fr: "L’une de {severities}"
        ),
        "error.page.title": Words(
            en: "A page needs a title: what is wrong",
            sv: "Ett larm behöver en rubrik: vad som är fel",
            de: "Eine Alarmierung braucht einen Titel: was los ist",
            fr: "Une alerte a besoin d’un titre : quel est le problème"
        ),
        "error.page.perMinute": Words(
            en: "At most {limit} pages a minute: try again in {seconds} seconds",
            sv: "Högst {limit} larm per minut: försök igen om {seconds} sekunder",
            de: "Höchstens {limit} Alarmierungen pro Minute: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Au plus {limit} alertes par minute : réessayez dans {seconds} secondes"
        ),
        // Quiet hours and snoozes (HeraldUseCases/OnCall/QuietHoursChoices.swift).
        "error.quiet.windows": Words(
            en: "At most {limit} windows",
            sv: "Högst {limit} tidsfönster",
            de: "Höchstens {limit} Zeitfenster",
            fr: "Au plus {limit} plages"
        ),
        "error.quiet.days": Words(
            en: "Days are mon, tue, wed, thu, fri, sat and sun (at least one)",
            sv: "Dagarna är mon, tue, wed, thu, fri, sat och sun (minst en)",
            de: "Die Tage sind mon, tue, wed, thu, fri, sat und sun (mindestens einer)",
            fr: "Les jours sont mon, tue, wed, thu, fri, sat et sun (au moins un)"
        ),
        "error.quiet.time": Words(
            en: "A local time, as HH:MM",
            sv: "En lokal tid, som HH:MM",
            de: "Eine Ortszeit, als HH:MM",
            fr: "Une heure locale, au format HH:MM"
        ),
        "error.quiet.quieting": Words(
            en: "quietly or inbox_only",
            sv: "quietly eller inbox_only",
            de: "quietly oder inbox_only",
            fr: "quietly ou inbox_only"
        ),
        "error.quiet.demo": Words(
            en: "The demo account is shared; its quiet hours cannot be changed",
            sv: "Demokontot är delat; dess tysta timmar kan inte ändras",
            de: "Das Demokonto wird geteilt; seine Ruhezeiten können nicht geändert werden",
            fr: "Le compte de démonstration est partagé ; ses heures calmes ne peuvent pas être modifiées"
        ),
        // Contact methods and their codes (HeraldUseCases/Contact/ContactMethods.swift).
        "error.contact.demoAdd": Words(
            en: "The demo account cannot add contact methods",
            sv: "Demokontot kan inte lägga till kontaktvägar",
            de: "Das Demokonto kann keine Kontaktwege hinzufügen",
            fr: "Le compte de démonstration ne peut pas ajouter de moyens de contact"
        ),
        "error.contact.kindNotSentWithKinds": Words(
            en: "This site sends no {kind} messages (its kinds: {kinds})",
            sv: "Den här anläggningen skickar inga {kind}-meddelanden (dess sorter: {kinds})",
            de: "Diese Einrichtung sendet keine {kind}-Nachrichten (ihre Arten: {kinds})",
            fr: "Ce site n’envoie pas de messages {kind} (ses types : {kinds})"
        ),
        "error.contact.kindNotSent": Words(
            en: "This site sends no {kind} messages",
            sv: "Den här anläggningen skickar inga {kind}-meddelanden",
            de: "Diese Einrichtung sendet keine {kind}-Nachrichten",
            fr: "Ce site n’envoie pas de messages {kind}"
        ),
        "error.contact.testKindNotSent": Words(
            en: "this site sends no {kind} messages",
            sv: "den här anläggningen skickar inga {kind}-meddelanden",
            de: "diese Einrichtung sendet keine {kind}-Nachrichten",
            fr: "ce site n’envoie pas de messages {kind}"
        ),
        "error.contact.countries": Words(
            en: "This site texts numbers in {countries} only",
            sv: "Den här anläggningen skickar sms bara till nummer i {countries}",
            de: "Diese Einrichtung sendet SMS nur an Nummern in {countries}",
            fr: "Ce site n’envoie de SMS qu’aux numéros de {countries}"
        ),
        "error.contact.limit": Words(
            en: "At most {limit} contact methods each: remove one first",
            sv: "Högst {limit} kontaktvägar per person: ta bort en först",
            de: "Höchstens {limit} Kontaktwege pro Person: entfernen Sie zuerst einen",
            fr: "Au plus {limit} moyens de contact par personne : supprimez-en un d’abord"
        ),
        "error.contact.verifiedAlready": Words(
            en: "{address} is verified already",
            sv: "{address} är redan verifierad",
            de: "{address} ist bereits bestätigt",
            fr: "{address} est déjà vérifié"
        ),
        "error.contact.tooManyCodes": Words(
            en: "Too many codes sent: try again in {seconds} seconds",
            sv: "För många koder skickade: försök igen om {seconds} sekunder",
            de: "Zu viele Codes gesendet: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Trop de codes envoyés : réessayez dans {seconds} secondes"
        ),
        "error.contact.codeNotSent": Words(
            en: "The code could not be sent to {address}: {reason}",
            sv: "Koden kunde inte skickas till {address}: {reason}",
            de: "Der Code konnte nicht an {address} gesendet werden: {reason}",
            fr: "Le code n’a pas pu être envoyé à {address} : {reason}"
        ),
        "error.contact.noCode": Words(
            en: "No code is waiting for {address}: ask for one",
            sv: "Ingen kod väntar för {address}: be om en",
            de: "Für {address} wartet kein Code: fordern Sie einen an",
            fr: "Aucun code n’attend pour {address} : demandez-en un"
        ),
        "error.contact.tooManyWrong": Words(
            en: "Too many wrong codes: ask for a new one",
            sv: "För många felaktiga koder: be om en ny",
            de: "Zu viele falsche Codes: fordern Sie einen neuen an",
            fr: "Trop de codes erronés : demandez-en un nouveau"
        ),
        "error.contact.wrongCodeOne": Words(
            en: "That is not the code sent to {address}: {left} try left",
            sv: "Det är inte koden som skickades till {address}: {left} försök kvar",
            de: "Das ist nicht der an {address} gesendete Code: noch {left} Versuch",
            fr: "Ce n’est pas le code envoyé à {address} : il reste {left} essai"
        ),
        "error.contact.wrongCodeOther": Words(
            en: "That is not the code sent to {address}: {left} tries left",
            sv: "Det är inte koden som skickades till {address}: {left} försök kvar",
            de: "Das ist nicht der an {address} gesendete Code: noch {left} Versuche",
            fr: "Ce n’est pas le code envoyé à {address} : il reste {left} essais"
        ),
        "error.contact.codeExpired": Words(
            en: "The code has expired: ask for a new one",
            sv: "Koden har gått ut: be om en ny",
            de: "Der Code ist abgelaufen: fordern Sie einen neuen an",
            fr: "Le code a expiré : demandez-en un nouveau"
        ),
        "error.contact.demoRules": Words(
            en: "The demo account cannot set notification rules",
            sv: "Demokontot kan inte ställa in aviseringsregler",
            de: "Das Demokonto kann keine Benachrichtigungsregeln festlegen",
            fr: "Le compte de démonstration ne peut pas définir de règles de notification"
        ),
        "error.contact.demoTest": Words(
            en: "The demo account cannot test notification rules",
            sv: "Demokontot kan inte testa aviseringsregler",
            de: "Das Demokonto kann keine Benachrichtigungsregeln testen",
            fr: "Le compte de démonstration ne peut pas tester de règles de notification"
        ),
        "error.contact.testedRecently": Words(
            en: "Tested a moment ago: try again in {seconds} seconds",
            sv: "Testat alldeles nyss: försök igen om {seconds} sekunder",
            de: "Gerade erst getestet: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Testé il y a un instant : réessayez dans {seconds} secondes"
        ),
        // Accounts, sign-in links and the page language (HeraldUseCases/Accounts: UserAccounts, AccountLinks, LanguageChoices).
        "error.account.password": Words(
            en: "The password must have at least {count} characters",
            sv: "Lösenordet måste ha minst {count} tecken",
            de: "Das Passwort muss mindestens {count} Zeichen haben",
            fr: "Le mot de passe doit comporter au moins {count} caractères"
        ),
        "error.account.exists": Words(
            en: "There is already a user {name}",
            sv: "Det finns redan en användare {name}",
            de: "Es gibt bereits einen Benutzer {name}",
            fr: "Il existe déjà un utilisateur {name}"
        ),
        "error.account.ownDeactivate": Words(
            en: "You cannot deactivate or demote your own account: ask another administrator",
            sv: "Du kan inte inaktivera eller degradera ditt eget konto: be en annan administratör",
            de: "Sie können Ihr eigenes Konto nicht deaktivieren oder herabstufen: bitten Sie einen anderen Admin",
            fr: "Vous ne pouvez pas désactiver ni rétrograder votre propre compte : demandez à un autre administrateur"
        ),
        "error.account.ownDelete": Words(
            en: "You cannot delete your own account: ask another administrator",
            sv: "Du kan inte radera ditt eget konto: be en annan administratör",
            de: "Sie können Ihr eigenes Konto nicht löschen: bitten Sie einen anderen Admin",
            fr: "Vous ne pouvez pas supprimer votre propre compte : demandez à un autre administrateur"
        ),
        "error.accountLink.demo": Words(
            en: "the demo account is never linked to another sign-in method",
            sv: "demokontot kopplas aldrig till en annan inloggningsmetod",
            de: "das Demokonto wird nie mit einer anderen Anmeldemethode verknüpft",
            fr: "le compte de démonstration n’est jamais relié à une autre méthode de connexion"
        ),
        "error.accountLink.subjectTaken": Words(
            en: "that subject of {issuer} is bound to another account",
            sv: "det subjektet hos {issuer} är bundet till ett annat konto",
            de: "dieses Subjekt von {issuer} ist an ein anderes Konto gebunden",
            fr: "ce sujet de {issuer} est lié à un autre compte"
        ),
        "error.accountLink.subjectNeeded": Words(
            en: "an OpenID link names the person's subject (`sub`) at the provider: by name alone it would go to whoever signs in first with that name",
            sv: "en OpenID-koppling anger personens subjekt (`sub`) hos leverantören: med bara namnet skulle den gå till den som först loggar in med det namnet",
            de: "eine OpenID-Verknüpfung nennt das Subjekt (`sub`) der Person beim Anbieter: allein über den Namen ginge sie an den, der sich zuerst mit diesem Namen anmeldet",
            fr: "une liaison OpenID désigne le sujet (`sub`) de la personne chez le fournisseur : par le seul nom, elle irait à quiconque se connecte en premier avec ce nom"
        ),
        "error.accountLink.subjectLength": Words(
            en: "a subject has 1 to 255 characters, no control characters",
            sv: "ett subjekt har 1 till 255 tecken, inga styrtecken",
            de: "ein Subjekt hat 1 bis 255 Zeichen, keine Steuerzeichen",
            fr: "un sujet compte 1 à 255 caractères, sans caractères de contrôle"
        ),
        "error.accountLink.origin": Words(
            en: "an account is linked to ldap, url or oidc; a local password belongs to its account already",
            sv: "ett konto kopplas till ldap, url eller oidc; ett lokalt lösenord hör redan till sitt konto",
            de: "ein Konto wird mit ldap, url oder oidc verknüpft; ein lokales Passwort gehört bereits zu seinem Konto",
            fr: "un compte se relie à ldap, url ou oidc ; un mot de passe local appartient déjà à son compte"
        ),
        "error.accountLink.issuer": Words(
            en: "an OpenID link names its provider's issuer, the https URL its ID tokens carry in `iss`",
            sv: "en OpenID-koppling anger leverantörens utfärdare, https-URL:en som dess ID-token bär i `iss`",
            de: "eine OpenID-Verknüpfung nennt den Aussteller ihres Anbieters, die https-URL, die seine ID-Tokens in `iss` tragen",
            fr: "une liaison OpenID désigne l’émetteur de son fournisseur, l’URL https que ses ID tokens portent dans `iss`"
        ),
        "error.language.choice": Words(
            en: "One of {languages}, or none for the browser's",
            sv: "Ett av {languages}, eller inget för att följa webbläsaren",
            de: "Eine von {languages}, oder keine für die des Browsers",
            fr: "L’une de {languages}, ou aucune pour celle du navigateur"
        ),
        // A person's changes held back (HeraldUseCases/Users/UserChangeBrake.swift).
        "error.changes.tooMany": Words(
            en: "Too many changes (devices, subscriptions, filters, bookmarks): try again in {seconds} seconds",
            sv: "För många ändringar (enheter, prenumerationer, filter, bokmärken): försök igen om {seconds} sekunder",
            de: "Zu viele Änderungen (Geräte, Abonnements, Filter, Lesezeichen): versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Trop de modifications (appareils, abonnements, filtres, favoris) : réessayez dans {seconds} secondes"
        ),
        // Acknowledgements (HeraldUseCases/Inbox/Acknowledgements.swift; HeraldCore/Acknowledgement/AlarmResponders.swift names who may take an alarm).
        "error.ack.demo": Words(
            en: "The demo account cannot acknowledge notifications",
            sv: "Demokontot kan inte kvittera aviseringar",
            de: "Das Demokonto kann keine Benachrichtigungen quittieren",
            fr: "Le compte de démonstration ne peut pas acquitter de notifications"
        ),
        "error.ack.offlineTooOld": Words(
            en: "This acknowledgement was made offline over {hours} hours ago: acknowledge again if it still stands",
            sv: "Den här kvitteringen gjordes offline för över {hours} timmar sedan: kvittera igen om den fortfarande gäller",
            de: "Diese Quittierung wurde vor über {hours} Stunden offline vorgenommen: quittieren Sie erneut, wenn sie noch gilt",
            fr: "Cet acquittement a été fait hors ligne il y a plus de {hours} heures : acquittez de nouveau s’il tient toujours"
        ),
        "error.ack.withdrawnSinceOffline": Words(
            en: "{name} withdrew its acknowledgement after you acknowledged it offline: acknowledge again if it still stands",
            sv: "{name} återkallade sin kvittering efter att du kvitterade offline: kvittera igen om det fortfarande gäller",
            de: "{name} hat die Quittierung zurückgezogen, nachdem Sie offline quittiert hatten: quittieren Sie erneut, wenn es noch gilt",
            fr: "{name} a annulé son acquittement après que vous l’avez acquittée hors ligne : acquittez de nouveau si c’est toujours valable"
        ),
        "error.ack.respondersOnly": Words(
            en: "Only this alarm's responders may take it: {who}",
            sv: "Bara det här larmets insatspersoner får ta det: {who}",
            de: "Nur die Einsatzkräfte dieses Alarms dürfen ihn übernehmen: {who}",
            fr: "Seuls les intervenants de cette alarme peuvent la prendre : {who}"
        ),
        "error.ack.withdrawOthers": Words(
            en: "Only {name}, an owner of its service or an admin can withdraw this acknowledgement",
            sv: "Bara {name}, en ägare av dess tjänst eller en administratör kan återkalla den här kvitteringen",
            de: "Nur {name}, ein Eigentümer seines Dienstes oder ein Admin kann diese Quittierung zurückziehen",
            fr: "Seuls {name}, un propriétaire de son service ou un administrateur peuvent annuler cet acquittement"
        ),
        // The audit log and subscriptions (HeraldUseCases/Audit/AuditLog.swift, Subscriptions/Subscriptions.swift).
        "error.audit.ownersOnly": Words(
            en: "Only an owner of this service or an admin may read its audit log",
            sv: "Bara en ägare av den här tjänsten eller en administratör får läsa dess granskningslogg",
            de: "Nur ein Eigentümer dieses Dienstes oder ein Admin darf sein Protokoll lesen",
            fr: "Seul un propriétaire de ce service ou un administrateur peut lire son journal d’audit"
        ),
        "error.subscriptions.filterLimit": Words(
            en: "This service's subscribers hold {limit} different filters, its limit (FILTERS_PER_SERVICE): choose one without a filter, or one another subscriber uses",
            sv: "Den här tjänstens prenumeranter har {limit} olika filter, dess gräns (FILTERS_PER_SERVICE): välj inget filter, eller ett som en annan prenumerant använder",
            de: "Die Abonnenten dieses Dienstes haben {limit} verschiedene Filter, seine Grenze (FILTERS_PER_SERVICE): wählen Sie keinen Filter oder einen, den ein anderer Abonnent verwendet",
            fr: "Les abonnés de ce service ont {limit} filtres différents, sa limite (FILTERS_PER_SERVICE) : choisissez de ne pas filtrer, ou un filtre qu’un autre abonné utilise"
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
