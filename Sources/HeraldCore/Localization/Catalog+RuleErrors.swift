extension Catalog {
    /// Refusals of text, notification and filter rules, subscriptions and rates.
    static let ruleErrors: [String: Words] = [
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
        "error.templates.parse": Words(
            en: "Template does not parse: {reason}",
            sv: "Mallen kan inte tolkas: {reason}",
            de: "Die Vorlage lässt sich nicht lesen: {reason}",
            fr: "Le modèle ne peut pas être analysé : {reason}"
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
        "error.teamSubscription.adminsOnly": Words(
            en: "Only an admin may subscribe a team that holds no role of this service",
            sv: "Bara en administratör får prenumerera en grupp som inte har någon roll i den här tjänsten",
            de: "Nur ein Admin darf ein Team abonnieren, das keine Rolle in diesem Dienst hat",
            fr: "Seul un administrateur peut abonner une équipe qui n’a aucun rôle dans ce service"
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
    ]
}
