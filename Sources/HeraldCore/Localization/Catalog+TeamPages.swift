extension Catalog {
    /// Teams (admins' pages).
    static let teamPages: [String: Words] = [
        // Teams.
        "teams.title": Words(
            en: "Teams",
            sv: "Grupper",
            de: "Teams",
            fr: "Équipes"
        ),
        "teams.intro": Words(
            en: "A team's members come from a directory group, an OpenID Connect claim, or are kept here. Grant a team a role of a service on that service's page.",
            sv: "En grupps medlemmar kommer från en kataloggrupp, ett OpenID Connect-claim eller hålls här. Ge en grupp en roll i en tjänst på tjänstens sida.",
            de: "Die Mitglieder eines Teams kommen aus einer Verzeichnisgruppe, einem OpenID-Connect-Claim oder werden hier gepflegt. Eine Rolle eines Dienstes vergeben Sie an ein Team auf der Seite des Dienstes.",
            fr: "Les membres d’une équipe viennent d’un groupe de l’annuaire, d’une revendication OpenID Connect, ou sont tenus ici. Attribuez à une équipe un rôle d’un service sur la page de ce service."
        ),
        "teams.team": Words(
            en: "Team",
            sv: "Grupp",
            de: "Team",
            fr: "Équipe"
        ),
        "teams.membersFrom": Words(
            en: "Members from",
            sv: "Medlemmar från",
            de: "Mitglieder aus",
            fr: "Membres issus de"
        ),
        "teams.empty": Words(
            en: "No teams yet: make the first below.",
            sv: "Inga grupper än: skapa den första nedan.",
            de: "Noch keine Teams: legen Sie unten das erste an.",
            fr: "Aucune équipe pour l’instant : créez la première ci-dessous."
        ),
        "teams.new": Words(
            en: "New team",
            sv: "Ny grupp",
            de: "Neues Team",
            fr: "Nouvelle équipe"
        ),
        "teams.name": Words(
            en: "Name",
            sv: "Namn",
            de: "Name",
            fr: "Nom"
        ),
        "teams.reference": Words(
            en: "Group DN or claim value (not for a team kept here)",
            sv: "Gruppens DN eller claim-värde (inte för en grupp som hålls här)",
            de: "Gruppen-DN oder Claim-Wert (nicht für ein hier gepflegtes Team)",
            fr: "DN du groupe ou valeur de la revendication (pas pour une équipe tenue ici)"
        ),
        "teams.make": Words(
            en: "Make team",
            sv: "Skapa grupp",
            de: "Team anlegen",
            fr: "Créer l’équipe"
        ),
        "teams.source.manual": Words(
            en: "kept here by hand",
            sv: "hålls här för hand",
            de: "hier von Hand gepflegt",
            fr: "tenue ici à la main"
        ),
        "teams.source.ldap": Words(
            en: "a directory group (its DN)",
            sv: "en kataloggrupp (dess DN)",
            de: "eine Verzeichnisgruppe (ihr DN)",
            fr: "un groupe de l’annuaire (son DN)"
        ),
        "teams.source.oidc": Words(
            en: "an OpenID Connect claim's value",
            sv: "värdet av ett OpenID Connect-claim",
            de: "der Wert eines OpenID-Connect-Claims",
            fr: "la valeur d’une revendication OpenID Connect"
        ),
        "teams.sourceText.manual": Words(
            en: "kept by hand",
            sv: "hålls för hand",
            de: "von Hand gepflegt",
            fr: "tenue à la main"
        ),
        "teams.sourceText.ldap": Words(
            en: "directory group {dn}",
            sv: "kataloggrupp {dn}",
            de: "Verzeichnisgruppe {dn}",
            fr: "groupe de l’annuaire {dn}"
        ),
        "teams.sourceText.oidc": Words(
            en: "OpenID Connect claim {value}",
            sv: "OpenID Connect-claim {value}",
            de: "OpenID-Connect-Claim {value}",
            fr: "revendication OpenID Connect {value}"
        ),
        // One team.
        "team.back": Words(
            en: "← Teams",
            sv: "← Grupper",
            de: "← Teams",
            fr: "← Équipes"
        ),
        "team.membersFrom": Words(
            en: "Members from:",
            sv: "Medlemmar från:",
            de: "Mitglieder aus:",
            fr: "Membres issus de :"
        ),
        "team.followSource": Words(
            en: "They follow their source at each sign-in and sync; change them there.",
            sv: "De följer sin källa vid varje inloggning och synkronisering; ändra dem där.",
            de: "Sie folgen ihrer Quelle bei jeder Anmeldung und Synchronisierung; ändern Sie sie dort.",
            fr: "Ils suivent leur source à chaque connexion et synchronisation ; modifiez-les là-bas."
        ),
        "team.member": Words(
            en: "Member",
            sv: "Medlem",
            de: "Mitglied",
            fr: "Membre"
        ),
        "team.removeLabel": Words(
            en: "Take {name} out of the team",
            sv: "Ta bort {name} ur gruppen",
            de: "{name} aus dem Team nehmen",
            fr: "Retirer {name} de l’équipe"
        ),
        "team.remove": Words(
            en: "Remove",
            sv: "Ta bort",
            de: "Entfernen",
            fr: "Retirer"
        ),
        "team.empty": Words(
            en: "No members.",
            sv: "Inga medlemmar.",
            de: "Keine Mitglieder.",
            fr: "Aucun membre."
        ),
        "team.addLabel": Words(
            en: "Add an account by its user name",
            sv: "Lägg till ett konto med dess användarnamn",
            de: "Ein Konto über seinen Benutzernamen hinzufügen",
            fr: "Ajouter un compte par son nom d’utilisateur"
        ),
        "team.add": Words(
            en: "Add",
            sv: "Lägg till",
            de: "Hinzufügen",
            fr: "Ajouter"
        ),
        "team.deleteExplained": Words(
            en: "Deleting the team takes its memberships and every role granted to it.",
            sv: "Om du raderar gruppen försvinner dess medlemskap och alla roller den har fått.",
            de: "Mit dem Team werden seine Mitgliedschaften und alle ihm vergebenen Rollen gelöscht.",
            fr: "Supprimer l’équipe supprime ses adhésions et chaque rôle qui lui a été attribué."
        ),
        "team.delete": Words(
            en: "Delete team",
            sv: "Radera gruppen",
            de: "Team löschen",
            fr: "Supprimer l’équipe"
        ),
    ]
}
