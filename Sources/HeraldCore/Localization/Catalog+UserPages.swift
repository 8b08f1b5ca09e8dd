extension Catalog {
    /// Users and a user's sign-in links (admins' pages).
    static let userPages: [String: Words] = [
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
    ]
}
