extension Catalog {
    /// A service's page: who holds which role on it and which teams receive it.
    static let serviceAccessPages: [String: Words] = [
        // Roles.
        "service.roles.title": Words(
            en: "Roles",
            sv: "Roller",
            de: "Rollen",
            fr: "Rôles"
        ),
        "service.roles.explained": Words(
            en: "Owners keep everything of this service but its deletion; responders take its alarms; publishers post to it with their own token; viewers see it. Each role is a person's or a whole team's.",
            sv: "Ägare sköter allt för tjänsten utom att radera den; insatspersoner tar hand om dess larm; avsändare skickar till den med sin egen token; läsare ser den. Varje roll tillhör en person eller en hel grupp.",
            de: "Eigentümer verwalten alles an diesem Dienst außer seiner Löschung; Einsatzkräfte übernehmen seine Alarme; Absender senden mit ihrem eigenen Token an ihn; Leser sehen ihn. Jede Rolle gehört einer Person oder einem ganzen Team.",
            fr: "Les propriétaires gèrent tout ce service sauf sa suppression ; les intervenants prennent en charge ses alarmes ; les émetteurs y publient avec leur propre token ; les lecteurs le voient. Chaque rôle appartient à une personne ou à toute une équipe."
        ),
        "service.roles.role": Words(
            en: "Role",
            sv: "Roll",
            de: "Rolle",
            fr: "Rôle"
        ),
        "service.roles.heldBy": Words(
            en: "Held by",
            sv: "Innehas av",
            de: "Inhaber",
            fr: "Détenu par"
        ),
        "service.roles.team": Words(
            en: "(team)",
            sv: "(grupp)",
            de: "(Team)",
            fr: "(équipe)"
        ),
        "service.roles.revokeLabel": Words(
            en: "Revoke {name}'s {role} role",
            sv: "Återkalla rollen {role} för {name}",
            de: "Rolle „{role}“ von {name} widerrufen",
            fr: "Révoquer le rôle {role} de {name}"
        ),
        "service.roles.none": Words(
            en: "Nobody holds a role: only admins keep this service.",
            sv: "Ingen har någon roll: bara administratörer sköter den här tjänsten.",
            de: "Niemand hat eine Rolle: Nur Admins verwalten diesen Dienst.",
            fr: "Personne ne détient de rôle : seuls les administrateurs gèrent ce service."
        ),
        "service.roles.toPerson": Words(
            en: "To a person (user name)",
            sv: "Till en person (användarnamn)",
            de: "An eine Person (Benutzername)",
            fr: "À une personne (nom d’utilisateur)"
        ),
        "service.roles.orTeam": Words(
            en: "or a team",
            sv: "eller en grupp",
            de: "oder ein Team",
            fr: "ou une équipe"
        ),
        "service.roles.grant": Words(
            en: "Grant",
            sv: "Tilldela",
            de: "Vergeben",
            fr: "Attribuer"
        ),
        "service.role.owner": Words(
            en: "owner",
            sv: "ägare",
            de: "Eigentümer",
            fr: "propriétaire"
        ),
        "service.role.responder": Words(
            en: "responder",
            sv: "insatsperson",
            de: "Einsatzkraft",
            fr: "intervenant"
        ),
        "service.role.publisher": Words(
            en: "publisher",
            sv: "avsändare",
            de: "Absender",
            fr: "émetteur"
        ),
        "service.role.viewer": Words(
            en: "viewer",
            sv: "läsare",
            de: "Leser",
            fr: "lecteur"
        ),
        // Teams that receive it.
        "service.teams.title": Words(
            en: "Teams that receive it",
            sv: "Grupper som tar emot den",
            de: "Teams, die ihn erhalten",
            fr: "Équipes qui le reçoivent"
        ),
        "service.teams.explained": Words(
            en: "Everyone in the team is subscribed, now and when they join. A required subscription cannot be left; quiet hours still apply.",
            sv: "Alla i gruppen prenumererar, nu och när de går med. En obligatorisk prenumeration går inte att lämna; tysta timmar gäller fortfarande.",
            de: "Alle im Team sind abonniert, jetzt und sobald sie beitreten. Ein verpflichtendes Abonnement lässt sich nicht kündigen; Ruhezeiten gelten weiterhin.",
            fr: "Tous les membres de l’équipe sont abonnés, maintenant et dès qu’ils la rejoignent. Un abonnement obligatoire ne peut pas être quitté ; les heures calmes s’appliquent toujours."
        ),
        "service.teams.privateHint": Words(
            en: "This service is private: grant the team a role too.",
            sv: "Den här tjänsten är privat: ge gruppen en roll också.",
            de: "Dieser Dienst ist privat: Vergeben Sie dem Team auch eine Rolle.",
            fr: "Ce service est privé : attribuez aussi un rôle à l’équipe."
        ),
        "service.teams.team": Words(
            en: "Team",
            sv: "Grupp",
            de: "Team",
            fr: "Équipe"
        ),
        "service.teams.required": Words(
            en: "Required",
            sv: "Obligatorisk",
            de: "Verpflichtend",
            fr: "Obligatoire"
        ),
        "service.teams.isRequired": Words(
            en: "required",
            sv: "obligatorisk",
            de: "verpflichtend",
            fr: "obligatoire"
        ),
        "service.teams.mayLeave": Words(
            en: "may leave",
            sv: "frivillig",
            de: "freiwillig",
            fr: "facultatif"
        ),
        "service.teams.removeLabel": Words(
            en: "Stop subscribing {team}",
            sv: "Sluta prenumerera åt {team}",
            de: "Abonnement für {team} beenden",
            fr: "Ne plus abonner {team}"
        ),
        "service.teams.none": Words(
            en: "No team is subscribed.",
            sv: "Ingen grupp prenumererar.",
            de: "Kein Team ist abonniert.",
            fr: "Aucune équipe n’est abonnée."
        ),
        "service.teams.subscribe": Words(
            en: "Subscribe the team",
            sv: "Låt gruppen prenumerera",
            de: "Team abonnieren",
            fr: "Abonner l’équipe"
        ),
    ]
}
