extension Catalog {
    /// Refusals of signing in and of accounts and their links.
    static let signInErrors: [String: Words] = [
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
    ]
}
