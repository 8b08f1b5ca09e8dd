extension Catalog {
    /// The audit log, delivery reports, teams, users and their sign-in links, and a rota's page.
    static let adminPeoplePages: [String: Words] = [
        // The audit log.
        "audit.title": Words(
            en: "Audit log",
            sv: "Granskningslogg",
            de: "Protokoll",
            fr: "Journal d’audit"
        ),
        "audit.intro": Words(
            en: "Who changed what, when and from where: every change to services, tokens, roles, teams, policies, rotas, write-back and accounts, every acknowledgement and withdrawal, every burst of failed sign-ins.",
            sv: "Vem som ändrade vad, när och varifrån: varje ändring av tjänster, token, roller, grupper, policyer, jourlistor, återrapportering och konton, varje kvittering och återkallelse, varje skur av misslyckade inloggningar.",
            de: "Wer was wann und von wo geändert hat: jede Änderung an Diensten, Tokens, Rollen, Teams, Richtlinien, Dienstplänen, Rückmeldungen an die Quelle und Konten, jede Quittierung und Rücknahme, jede Häufung fehlgeschlagener Anmeldungen.",
            fr: "Qui a modifié quoi, quand et d’où : chaque modification des services, tokens, rôles, équipes, règles, plannings, retours vers la source et comptes, chaque acquittement et annulation, chaque série de connexions échouées."
        ),
        "audit.filterLabel": Words(
            en: "Filter the audit log",
            sv: "Filtrera granskningsloggen",
            de: "Protokoll filtern",
            fr: "Filtrer le journal d’audit"
        ),
        "audit.service": Words(
            en: "Service",
            sv: "Tjänst",
            de: "Dienst",
            fr: "Service"
        ),
        "audit.action": Words(
            en: "Action",
            sv: "Åtgärd",
            de: "Aktion",
            fr: "Action"
        ),
        "audit.by": Words(
            en: "By",
            sv: "Av",
            de: "Von",
            fr: "Par"
        ),
        "audit.fromDate": Words(
            en: "From (UTC)",
            sv: "Från (UTC)",
            de: "Von (UTC)",
            fr: "Du (UTC)"
        ),
        "audit.toDate": Words(
            en: "To (UTC)",
            sv: "Till (UTC)",
            de: "Bis (UTC)",
            fr: "Au (UTC)"
        ),
        "audit.filter": Words(
            en: "Filter",
            sv: "Filtrera",
            de: "Filtern",
            fr: "Filtrer"
        ),
        "audit.when": Words(
            en: "When",
            sv: "När",
            de: "Wann",
            fr: "Quand"
        ),
        "audit.who": Words(
            en: "Who",
            sv: "Vem",
            de: "Wer",
            fr: "Qui"
        ),
        "audit.what": Words(
            en: "What",
            sv: "Vad",
            de: "Was",
            fr: "Quoi"
        ),
        "audit.change": Words(
            en: "Change",
            sv: "Ändring",
            de: "Änderung",
            fr: "Modification"
        ),
        "audit.fromAddress": Words(
            en: "from",
            sv: "från",
            de: "von",
            fr: "depuis"
        ),
        "audit.before": Words(
            en: "before",
            sv: "före",
            de: "vorher",
            fr: "avant"
        ),
        "audit.after": Words(
            en: "after",
            sv: "efter",
            de: "nachher",
            fr: "après"
        ),
        "audit.empty": Words(
            en: "No entries.",
            sv: "Inga poster.",
            de: "Keine Einträge.",
            fr: "Aucune entrée."
        ),
        "audit.older": Words(
            en: "Older entries →",
            sv: "Äldre poster →",
            de: "Ältere Einträge →",
            fr: "Entrées plus anciennes →"
        ),
        "audit.everyService": Words(
            en: "every service",
            sv: "alla tjänster",
            de: "alle Dienste",
            fr: "tous les services"
        ),
        "audit.everyAction": Words(
            en: "every action",
            sv: "alla åtgärder",
            de: "alle Aktionen",
            fr: "toutes les actions"
        ),
        // A notification's delivery report.
        "report.title": Words(
            en: "Delivery report",
            sv: "Leveransrapport",
            de: "Zustellbericht",
            fr: "Rapport de distribution"
        ),
        "report.service": Words(
            en: "Service",
            sv: "Tjänst",
            de: "Dienst",
            fr: "Service"
        ),
        "report.posted": Words(
            en: "Posted",
            sv: "Publicerad",
            de: "Veröffentlicht",
            fr: "Publiée"
        ),
        "report.deliveries.one": Words(
            en: "{count} delivery",
            sv: "{count} leverans",
            de: "{count} Zustellung",
            fr: "{count} distribution"
        ),
        "report.deliveries.other": Words(
            en: "{count} deliveries",
            sv: "{count} leveranser",
            de: "{count} Zustellungen",
            fr: "{count} distributions"
        ),
        "report.whatHappened": Words(
            en: "What happened to it",
            sv: "Vad som hände med den",
            de: "Was damit geschah",
            fr: "Ce qu’il en est advenu"
        ),
        "report.readBy.one": Words(
            en: "{count} of {recipients} recipients read it",
            sv: "{count} av {recipients} mottagare har läst den",
            de: "{count} von {recipients} Empfängern hat sie gelesen",
            fr: "{count} destinataire sur {recipients} l’a lue"
        ),
        "report.readBy.other": Words(
            en: "{count} of {recipients} recipients read it",
            sv: "{count} av {recipients} mottagare har läst den",
            de: "{count} von {recipients} Empfängern haben sie gelesen",
            fr: "{count} destinataires sur {recipients} l’ont lue"
        ),
        "report.readBarLabel": Words(
            en: "{read} of {recipients} read",
            sv: "{read} av {recipients} har läst",
            de: "{read} von {recipients} gelesen",
            fr: "lue par {read} sur {recipients}"
        ),
        "report.acknowledged": Words(
            en: "✓ Acknowledged by {name} at {time}",
            sv: "✓ Kvitterad av {name} den {time}",
            de: "✓ Quittiert von {name} am {time}",
            fr: "✓ Acquittée par {name} le {time}"
        ),
        "report.acknowledgedWithComment": Words(
            en: "✓ Acknowledged by {name} at {time}: “{comment}”",
            sv: "✓ Kvitterad av {name} den {time}: ”{comment}”",
            de: "✓ Quittiert von {name} am {time}: „{comment}“",
            fr: "✓ Acquittée par {name} le {time} : « {comment} »"
        ),
        "report.nobodyAcknowledged": Words(
            en: "Nobody has acknowledged it.",
            sv: "Ingen har kvitterat den.",
            de: "Niemand hat sie quittiert.",
            fr: "Personne ne l’a acquittée."
        ),
        "report.toldSource": Words(
            en: "Told its source:",
            sv: "Meddelat källan:",
            de: "An die Quelle gemeldet:",
            fr: "Transmis à sa source :"
        ),
        "report.failedTries.one": Words(
            en: "{count} failed try",
            sv: "{count} misslyckat försök",
            de: "{count} fehlgeschlagener Versuch",
            fr: "{count} tentative échouée"
        ),
        "report.failedTries.other": Words(
            en: "{count} failed tries",
            sv: "{count} misslyckade försök",
            de: "{count} fehlgeschlagene Versuche",
            fr: "{count} tentatives échouées"
        ),
        "report.writeBack.done": Words(
            en: "done",
            sv: "klart",
            de: "erledigt",
            fr: "fait"
        ),
        "report.writeBack.refused": Words(
            en: "refused",
            sv: "avvisat",
            de: "abgelehnt",
            fr: "refusé"
        ),
        "report.writeBack.pending": Words(
            en: "pending",
            sv: "väntar",
            de: "ausstehend",
            fr: "en attente"
        ),
        "report.writeBack.retrying": Words(
            en: "retrying",
            sv: "försöker igen",
            de: "neuer Versuch",
            fr: "nouvel essai"
        ),
        "report.goal.acknowledged": Words(
            en: "acknowledged",
            sv: "kvitterad",
            de: "quittiert",
            fr: "acquittée"
        ),
        "report.goal.withdrawn": Words(
            en: "withdrawn",
            sv: "återkallad",
            de: "zurückgezogen",
            fr: "annulée"
        ),
        "report.goal.resolved": Words(
            en: "resolved",
            sv: "löst",
            de: "behoben",
            fr: "résolue"
        ),
        "report.timeline": Words(
            en: "Timeline",
            sv: "Tidslinje",
            de: "Zeitverlauf",
            fr: "Chronologie"
        ),
        "report.event.posted": Words(
            en: "posted",
            sv: "publicerad",
            de: "veröffentlicht",
            fr: "publiée"
        ),
        "report.event.called": Words(
            en: "called",
            sv: "larmad",
            de: "gerufen",
            fr: "appelé"
        ),
        "report.event.pushed": Words(
            en: "pushed",
            sv: "skickad",
            de: "gesendet",
            fr: "envoyé"
        ),
        "report.event.acknowledged": Words(
            en: "acknowledged",
            sv: "kvitterad",
            de: "quittiert",
            fr: "acquittée"
        ),
        "report.event.ended": Words(
            en: "ended",
            sv: "avslutad",
            de: "beendet",
            fr: "terminée"
        ),
        "report.event.resumed": Words(
            en: "resumed",
            sv: "återupptagen",
            de: "fortgesetzt",
            fr: "reprise"
        ),
        "report.event.next": Words(
            en: "next",
            sv: "härnäst",
            de: "als Nächstes",
            fr: "à suivre"
        ),
        "report.step": Words(
            en: "step {step}",
            sv: "steg {step}",
            de: "Schritt {step}",
            fr: "étape {step}"
        ),
        "report.pushesPerMinute": Words(
            en: "Pushes per minute",
            sv: "Pushar per minut",
            de: "Pushes pro Minute",
            fr: "Push par minute"
        ),
        "report.noPushes": Words(
            en: "No pushes: nobody subscribed had a device.",
            sv: "Inga pushar: ingen prenumerant hade någon enhet.",
            de: "Keine Pushes: kein Abonnent hatte ein Gerät.",
            fr: "Aucun push : aucun abonné n’avait d’appareil."
        ),
        "report.chartLabel": Words(
            en: "{total} pushes over {minutes} minutes, at most {peak} a minute",
            sv: "{total} pushar under {minutes} minuter, högst {peak} per minut",
            de: "{total} Pushes in {minutes} Minuten, höchstens {peak} pro Minute",
            fr: "{total} push sur {minutes} minutes, au plus {peak} par minute"
        ),
        "report.outcome.sent": Words(
            en: "sent",
            sv: "skickad",
            de: "gesendet",
            fr: "envoyé"
        ),
        "report.outcome.skipped": Words(
            en: "skipped",
            sv: "överhoppad",
            de: "übersprungen",
            fr: "ignoré"
        ),
        "report.outcome.pending": Words(
            en: "pending",
            sv: "väntar",
            de: "ausstehend",
            fr: "en attente"
        ),
        "report.outcome.retrying": Words(
            en: "retrying",
            sv: "försöker igen",
            de: "neuer Versuch",
            fr: "nouvel essai"
        ),
        "report.outcome.dropped": Words(
            en: "dropped",
            sv: "borttagen",
            de: "verworfen",
            fr: "abandonné"
        ),
        "report.outcome.failed": Words(
            en: "failed",
            sv: "misslyckad",
            de: "fehlgeschlagen",
            fr: "échoué"
        ),
        "report.devices": Words(
            en: "Devices",
            sv: "Enheter",
            de: "Geräte",
            fr: "Appareils"
        ),
        "report.platform": Words(
            en: "Platform",
            sv: "Plattform",
            de: "Plattform",
            fr: "Plateforme"
        ),
        "report.token": Words(
            en: "Token",
            sv: "Token",
            de: "Token",
            fr: "Token"
        ),
        "report.state": Words(
            en: "State",
            sv: "Status",
            de: "Status",
            fr: "État"
        ),
        "report.attempts": Words(
            en: "Attempts",
            sv: "Försök",
            de: "Versuche",
            fr: "Tentatives"
        ),
        "report.lastError": Words(
            en: "Last error",
            sv: "Senaste fel",
            de: "Letzter Fehler",
            fr: "Dernière erreur"
        ),
        "report.removed": Words(
            en: "removed",
            sv: "borttagen",
            de: "entfernt",
            fr: "supprimé"
        ),
        "report.withdrawal": Words(
            en: "(withdrawal)",
            sv: "(återkallelse)",
            de: "(Rücknahme)",
            fr: "(retrait)"
        ),
        "report.escalationCall": Words(
            en: "(escalation call)",
            sv: "(eskaleringslarm)",
            de: "(Eskalationsruf)",
            fr: "(appel d’escalade)"
        ),
        "report.noDevices": Words(
            en: "No subscriber had a device when this was posted.",
            sv: "Ingen prenumerant hade någon enhet när den publicerades.",
            de: "Kein Abonnent hatte ein Gerät, als dies veröffentlicht wurde.",
            fr: "Aucun abonné n’avait d’appareil lors de la publication."
        ),
        "report.truncated": Words(
            en: "Showing the first {shown} of {total}.",
            sv: "Visar de första {shown} av {total}.",
            de: "Die ersten {shown} von {total} werden angezeigt.",
            fr: "Affichage des {shown} premiers sur {total}."
        ),
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
        // Users.
        "users.title": Words(
            en: "Users",
            sv: "Användare",
            de: "Benutzer",
            fr: "Utilisateurs"
        ),
        "users.user": Words(
            en: "User",
            sv: "Användare",
            de: "Benutzer",
            fr: "Utilisateur"
        ),
        "users.signsInWith": Words(
            en: "Signs in with",
            sv: "Loggar in med",
            de: "Meldet sich an über",
            fr: "Se connecte avec"
        ),
        "users.lastSignIn": Words(
            en: "Last sign-in",
            sv: "Senaste inloggning",
            de: "Letzte Anmeldung",
            fr: "Dernière connexion"
        ),
        "users.active": Words(
            en: "Active",
            sv: "Aktiv",
            de: "Aktiv",
            fr: "Actif"
        ),
        "users.admin": Words(
            en: "Admin",
            sv: "Admin",
            de: "Admin",
            fr: "Admin"
        ),
        "users.linksTitle": Words(
            en: "Sign-in methods linked to {name}",
            sv: "Inloggningsmetoder kopplade till {name}",
            de: "Mit {name} verknüpfte Anmeldemethoden",
            fr: "Méthodes de connexion liées à {name}"
        ),
        "users.never": Words(
            en: "never",
            sv: "aldrig",
            de: "nie",
            fr: "jamais"
        ),
        "users.activeLabel": Words(
            en: "{name} is active",
            sv: "{name} är aktiv",
            de: "{name} ist aktiv",
            fr: "{name} est actif"
        ),
        "users.adminLabel": Words(
            en: "{name} is an admin",
            sv: "{name} är administratör",
            de: "{name} ist Admin",
            fr: "{name} est administrateur"
        ),
        "users.save": Words(
            en: "Save",
            sv: "Spara",
            de: "Speichern",
            fr: "Enregistrer"
        ),
        "users.signOutTitle": Words(
            en: "End every session of {name}",
            sv: "Avsluta alla sessioner för {name}",
            de: "Alle Sitzungen von {name} beenden",
            fr: "Mettre fin à toutes les sessions de {name}"
        ),
        "users.signOut": Words(
            en: "Sign out",
            sv: "Logga ut",
            de: "Abmelden",
            fr: "Déconnecter"
        ),
        "users.delete": Words(
            en: "Delete…",
            sv: "Radera…",
            de: "Löschen…",
            fr: "Supprimer…"
        ),
        "users.more": Words(
            en: "More users →",
            sv: "Fler användare →",
            de: "Weitere Benutzer →",
            fr: "Plus d’utilisateurs →"
        ),
        "users.new": Words(
            en: "New local account",
            sv: "Nytt lokalt konto",
            de: "Neues lokales Konto",
            fr: "Nouveau compte local"
        ),
        "users.userName": Words(
            en: "User name",
            sv: "Användarnamn",
            de: "Benutzername",
            fr: "Nom d’utilisateur"
        ),
        "users.password": Words(
            en: "Password (at least 8 characters)",
            sv: "Lösenord (minst 8 tecken)",
            de: "Passwort (mindestens 8 Zeichen)",
            fr: "Mot de passe (au moins 8 caractères)"
        ),
        "users.administrator": Words(
            en: "Administrator",
            sv: "Administratör",
            de: "Administrator",
            fr: "Administrateur"
        ),
        "users.create": Words(
            en: "Create account",
            sv: "Skapa konto",
            de: "Konto anlegen",
            fr: "Créer le compte"
        ),
        "users.hint": Words(
            en: "Directory and OpenID Connect users need no account here: theirs is made at their first sign-in. A password here always signs in, whatever the configured method (a break-glass account).",
            sv: "Katalog- och OpenID Connect-användare behöver inget konto här: deras skapas vid första inloggningen. Ett lösenord här loggar alltid in, oavsett vilken metod som är konfigurerad (ett nödkonto).",
            de: "Verzeichnis- und OpenID-Connect-Benutzer brauchen hier kein Konto: ihres wird bei der ersten Anmeldung angelegt. Ein Passwort hier meldet immer an, unabhängig von der eingestellten Methode (ein Notfallkonto).",
            fr: "Les utilisateurs de l’annuaire et d’OpenID Connect n’ont pas besoin de compte ici : le leur est créé à leur première connexion. Un mot de passe défini ici permet toujours de se connecter, quelle que soit la méthode configurée (un compte de secours)."
        ),
        "users.origin.local": Words(
            en: "a local account",
            sv: "ett lokalt konto",
            de: "ein lokales Konto",
            fr: "un compte local"
        ),
        "users.origin.ldap": Words(
            en: "the directory (LDAP)",
            sv: "katalogen (LDAP)",
            de: "das Verzeichnis (LDAP)",
            fr: "l’annuaire (LDAP)"
        ),
        "users.origin.url": Words(
            en: "the site's authentication URL",
            sv: "anläggningens autentiserings-URL",
            de: "die Authentifizierungs-URL der Einrichtung",
            fr: "l’URL d’authentification du site"
        ),
        "users.origin.oidc": Words(
            en: "OpenID Connect",
            sv: "OpenID Connect",
            de: "OpenID Connect",
            fr: "OpenID Connect"
        ),
        "users.origin.demo": Words(
            en: "the demo account",
            sv: "demokontot",
            de: "das Demokonto",
            fr: "le compte de démonstration"
        ),
        "users.deleteTitle": Words(
            en: "Delete user",
            sv: "Radera användaren",
            de: "Benutzer löschen",
            fr: "Supprimer l’utilisateur"
        ),
        "users.deleteHeading": Words(
            en: "Delete {name}?",
            sv: "Radera {name}?",
            de: "{name} löschen?",
            fr: "Supprimer {name} ?"
        ),
        "users.deleteMessage": Words(
            en: "Their devices, subscriptions and inbox go with the account. A directory or OpenID Connect user gets a new, empty account at their next sign-in.",
            sv: "Personens enheter, prenumerationer och inkorg försvinner med kontot. En katalog- eller OpenID Connect-användare får ett nytt, tomt konto vid nästa inloggning.",
            de: "Geräte, Abonnements und Posteingang der Person werden mit dem Konto gelöscht. Ein Verzeichnis- oder OpenID-Connect-Benutzer erhält bei der nächsten Anmeldung ein neues, leeres Konto.",
            fr: "Ses appareils, abonnements et boîte de réception disparaissent avec le compte. Un utilisateur de l’annuaire ou d’OpenID Connect obtient un nouveau compte vide à sa prochaine connexion."
        ),
        // A user's sign-in links.
        "userLinks.title": Words(
            en: "Sign-in links",
            sv: "Inloggningskopplingar",
            de: "Anmeldeverknüpfungen",
            fr: "Liens de connexion"
        ),
        "userLinks.back": Words(
            en: "← Users",
            sv: "← Användare",
            de: "← Benutzer",
            fr: "← Utilisateurs"
        ),
        "userLinks.heading": Words(
            en: "How {name} signs in",
            sv: "Hur {name} loggar in",
            de: "Wie sich {name} anmeldet",
            fr: "Comment {name} se connecte"
        ),
        "userLinks.madeBy": Words(
            en: "The account was made by {origin}.",
            sv: "Kontot skapades av {origin}.",
            de: "Das Konto wurde von {origin} angelegt.",
            fr: "Le compte a été créé par {origin}."
        ),
        "userLinks.madeByWithPassword": Words(
            en: "The account was made by {origin}, and has a password kept here.",
            sv: "Kontot skapades av {origin} och har ett lösenord som sparas här.",
            de: "Das Konto wurde von {origin} angelegt und hat ein hier gespeichertes Passwort.",
            fr: "Le compte a été créé par {origin}, et a un mot de passe conservé ici."
        ),
        "userLinks.othersRefused": Words(
            en: "A sign-in through another method with the name {name} is refused, unless it is linked here.",
            sv: "En inloggning via en annan metod med namnet {name} nekas, om den inte är kopplad här.",
            de: "Eine Anmeldung über eine andere Methode mit dem Namen {name} wird abgelehnt, sofern sie hier nicht verknüpft ist.",
            fr: "Une connexion par une autre méthode avec le nom {name} est refusée, sauf si elle est liée ici."
        ),
        "userLinks.subject": Words(
            en: "subject",
            sv: "subjekt",
            de: "Subject",
            fr: "sujet"
        ),
        "userLinks.noSubject": Words(
            en: "no subject: reaches nobody until linked again with one",
            sv: "inget subjekt: når ingen förrän den kopplas igen med ett",
            de: "kein Subject: erreicht niemanden, bis sie erneut mit einem verknüpft wird",
            fr: "aucun sujet : n’atteint personne tant qu’il n’est pas lié de nouveau avec un sujet"
        ),
        "userLinks.remove": Words(
            en: "Remove",
            sv: "Ta bort",
            de: "Entfernen",
            fr: "Retirer"
        ),
        "userLinks.none": Words(
            en: "No other method is linked.",
            sv: "Ingen annan metod är kopplad.",
            de: "Keine andere Methode ist verknüpft.",
            fr: "Aucune autre méthode n’est liée."
        ),
        "userLinks.linkAnother": Words(
            en: "Link another sign-in method",
            sv: "Koppla en annan inloggningsmetod",
            de: "Eine weitere Anmeldemethode verknüpfen",
            fr: "Lier une autre méthode de connexion"
        ),
        "userLinks.method": Words(
            en: "Method",
            sv: "Metod",
            de: "Methode",
            fr: "Méthode"
        ),
        "userLinks.choice.oidc": Words(
            en: "OpenID Connect",
            sv: "OpenID Connect",
            de: "OpenID Connect",
            fr: "OpenID Connect"
        ),
        "userLinks.choice.ldap": Words(
            en: "The directory (LDAP)",
            sv: "Katalogen (LDAP)",
            de: "Das Verzeichnis (LDAP)",
            fr: "L’annuaire (LDAP)"
        ),
        "userLinks.choice.url": Words(
            en: "The authentication URL",
            sv: "Autentiserings-URL:en",
            de: "Die Authentifizierungs-URL",
            fr: "L’URL d’authentification"
        ),
        "userLinks.issuer": Words(
            en: "OpenID provider's issuer (for OpenID Connect)",
            sv: "OpenID-leverantörens utfärdare (för OpenID Connect)",
            de: "Issuer des OpenID-Anbieters (für OpenID Connect)",
            fr: "Émetteur (issuer) du fournisseur OpenID (pour OpenID Connect)"
        ),
        "userLinks.subjectLabel": Words(
            en: "Subject (for OpenID Connect, required: the person's {sub} at that provider, which stays when their name changes)",
            sv: "Subjekt (för OpenID Connect, krävs: personens {sub} hos den leverantören, som består när namnet ändras)",
            de: "Subject (für OpenID Connect, erforderlich: das {sub} der Person bei diesem Anbieter, das bleibt, wenn sich ihr Name ändert)",
            fr: "Sujet (pour OpenID Connect, obligatoire : le {sub} de la personne chez ce fournisseur, qui reste quand son nom change)"
        ),
        "userLinks.link": Words(
            en: "Link",
            sv: "Koppla",
            de: "Verknüpfen",
            fr: "Lier"
        ),
        "userLinks.warning": Words(
            en: "Link only what you know is the same person: whoever signs in through the linked method with this name gets this account, its subscriptions and its rights.",
            sv: "Koppla bara det du vet är samma person: den som loggar in via den kopplade metoden med det här namnet får det här kontot, dess prenumerationer och dess rättigheter.",
            de: "Verknüpfen Sie nur, was sicher dieselbe Person ist: Wer sich über die verknüpfte Methode mit diesem Namen anmeldet, erhält dieses Konto, seine Abonnements und seine Rechte.",
            fr: "Ne liez que ce dont vous savez que c’est la même personne : quiconque se connecte par la méthode liée avec ce nom obtient ce compte, ses abonnements et ses droits."
        ),
        "userLinks.reaching": Words(
            en: "Reaching them",
            sv: "Nå personen",
            de: "Erreichbarkeit",
            fr: "Joindre la personne"
        ),
        "userLinks.verified": Words(
            en: "verified",
            sv: "verifierad",
            de: "bestätigt",
            fr: "vérifié"
        ),
        "userLinks.notVerified": Words(
            en: "not verified",
            sv: "inte verifierad",
            de: "nicht bestätigt",
            fr: "non vérifié"
        ),
        "userLinks.noContacts": Words(
            en: "No number or address: pushes only.",
            sv: "Inget nummer eller adress: bara pushar.",
            de: "Keine Nummer oder Adresse: nur Pushes.",
            fr: "Aucun numéro ni adresse : push uniquement."
        ),
        // A rota, with its calendar.
        "rota.back": Words(
            en: "← On call",
            sv: "← Jour",
            de: "← Bereitschaft",
            fr: "← Astreinte"
        ),
        "rota.handOffsIn": Words(
            en: "hand-offs in",
            sv: "överlämningar i tidszonen",
            de: "Übergaben in Zeitzone",
            fr: "relèves à l’heure de"
        ),
        "rota.pushOnly": Words(
            en: "Reached only by push (no verified number or address):",
            sv: "Nås bara via push (inget verifierat nummer eller adress):",
            de: "Nur per Push erreichbar (keine bestätigte Nummer oder Adresse):",
            fr: "Joignables uniquement par push (aucun numéro ni adresse vérifiés) :"
        ),
        "rota.pushOnlyRisk": Words(
            en: "A phone in a drawer or a site without internet misses their calls.",
            sv: "Med telefonen i en låda eller på en plats utan internet missar de sina larm.",
            de: "Liegt das Telefon in der Schublade oder fehlt am Standort das Internet, verpassen sie ihre Rufe.",
            fr: "Avec un téléphone dans un tiroir ou sur un site sans internet, ils manquent leurs appels."
        ),
        "rota.pageTitle": Words(
            en: "Page this rota",
            sv: "Larma den här jourlistan",
            de: "Diesen Dienstplan alarmieren",
            fr: "Alerter ce planning"
        ),
        "rota.whatIsWrong": Words(
            en: "What is wrong",
            sv: "Vad är fel",
            de: "Was ist los",
            fr: "Quel est le problème"
        ),
        "rota.whatIsWrongExample": Words(
            en: "RF trip: need the expert on call",
            sv: "RF har löst ut: behöver experten som har jour",
            de: "HF ausgefallen: Fachkraft in Bereitschaft benötigt",
            fr: "Arrêt HF : besoin de l’expert d’astreinte"
        ),
        "rota.severity": Words(
            en: "Severity",
            sv: "Allvarlighetsgrad",
            de: "Schweregrad",
            fr: "Gravité"
        ),
        "rota.message": Words(
            en: "Message",
            sv: "Meddelande",
            de: "Nachricht",
            fr: "Message"
        ),
        "rota.pageExplained": Words(
            en: "Calls whoever is on call now; unanswered, each other member in turn, then everyone once more, until someone acknowledges.",
            sv: "Larmar den som har jour nu; om ingen svarar, var och en av de andra medlemmarna i tur och ordning, sedan alla en gång till, tills någon kvitterar.",
            de: "Ruft, wer jetzt Bereitschaft hat; ohne Antwort nacheinander jedes andere Mitglied, dann alle noch einmal, bis jemand quittiert.",
            fr: "Appelle la personne d’astreinte maintenant ; sans réponse, chaque autre membre à tour de rôle, puis tout le monde une fois de plus, jusqu’à ce que quelqu’un acquitte."
        ),
        "rota.pageButton": Words(
            en: "Page the person on call",
            sv: "Larma den som har jour",
            de: "Person in Bereitschaft alarmieren",
            fr: "Alerter la personne d’astreinte"
        ),
        "rota.nextShifts": Words(
            en: "Next shifts",
            sv: "Kommande pass",
            de: "Nächste Schichten",
            fr: "Prochains tours"
        ),
        "rota.who": Words(
            en: "Who",
            sv: "Vem",
            de: "Wer",
            fr: "Qui"
        ),
        "rota.from": Words(
            en: "From",
            sv: "Från",
            de: "Von",
            fr: "Du"
        ),
        "rota.until": Words(
            en: "Until",
            sv: "Till",
            de: "Bis",
            fr: "Jusqu’au"
        ),
        "rota.covering": Words(
            en: "(covering)",
            sv: "(vikarierar)",
            de: "(Vertretung)",
            fr: "(remplacement)"
        ),
        "rota.ownShifts": Words(
            en: "Your own shifts on every rota: the calendar feed on your",
            sv: "Dina egna pass på alla jourlistor: kalenderflödet på din",
            de: "Ihre eigenen Schichten auf allen Dienstplänen: der Kalender-Feed in Ihrem",
            fr: "Vos propres tours sur tous les plannings : le flux de calendrier de votre"
        ),
        "rota.profile": Words(
            en: "profile",
            sv: "profil",
            de: "Profil",
            fr: "profil"
        ),
        "rota.feed": Words(
            en: "This rota's iCalendar feed (everyone's shifts; the address is the key, shown once):",
            sv: "Den här jourlistans iCalendar-flöde (allas pass; adressen är nyckeln och visas en gång):",
            de: "Der iCalendar-Feed dieses Dienstplans (die Schichten aller; die Adresse ist der Schlüssel und wird einmal angezeigt):",
            fr: "Le flux iCalendar de ce planning (les tours de tous ; l’adresse est la clé, affichée une seule fois) :"
        ),
        "rota.newFeed": Words(
            en: "Make a new address",
            sv: "Skapa en ny adress",
            de: "Neue Adresse erzeugen",
            fr: "Créer une nouvelle adresse"
        ),
        "rota.overrides": Words(
            en: "Overrides",
            sv: "Vikariat",
            de: "Vertretungen",
            fr: "Remplacements"
        ),
        "rota.remove": Words(
            en: "Remove",
            sv: "Ta bort",
            de: "Entfernen",
            fr: "Retirer"
        ),
        "rota.none": Words(
            en: "None.",
            sv: "Inga.",
            de: "Keine.",
            fr: "Aucun."
        ),
        "rota.whoCovers": Words(
            en: "Who covers",
            sv: "Vem vikarierar",
            de: "Wer vertritt",
            fr: "Qui remplace"
        ),
        "rota.addOverride": Words(
            en: "Add override",
            sv: "Lägg till vikariat",
            de: "Vertretung hinzufügen",
            fr: "Ajouter un remplacement"
        ),
        "rota.delete": Words(
            en: "Delete rota",
            sv: "Radera jourlistan",
            de: "Dienstplan löschen",
            fr: "Supprimer le planning"
        ),
        "rota.calendarLabel": Words(
            en: "Who is on call for the next four weeks (the same shifts are listed under Next shifts)",
            sv: "Vem som har jour de kommande fyra veckorna (samma pass listas under Kommande pass)",
            de: "Wer in den nächsten vier Wochen Bereitschaft hat (dieselben Schichten stehen unter Nächste Schichten)",
            fr: "Qui est d’astreinte les quatre prochaines semaines (les mêmes tours sont listés sous Prochains tours)"
        ),
        "rota.unknownUser": Words(
            en: "user {id}",
            sv: "användare {id}",
            de: "Benutzer {id}",
            fr: "utilisateur {id}"
        ),
    ]
}
