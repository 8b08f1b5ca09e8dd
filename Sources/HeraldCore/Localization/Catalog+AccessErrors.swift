extension Catalog {
    /// Refusals of who may do what: roles and grantees, plans, acknowledgements
    /// and their links. Found by their English text (`Catalog.message`).
    static let accessErrors: [String: Words] = [
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
    ]
}
