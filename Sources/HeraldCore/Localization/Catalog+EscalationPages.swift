extension Catalog {
    /// A service's escalation policy, on its admin page.
    static let escalationPages: [String: Words] = [
        // A service's escalation policy (admin-escalation).
        "escalation.title": Words(
            en: "Escalation",
            sv: "Eskalering",
            de: "Eskalation",
            fr: "Escalade"
        ),
        "escalation.explained": Words(
            en: "A notification at or above the minimum severity calls each step's people in turn, with a push to every device, until someone acknowledges it or its alarm resolves.",
            sv: "En avisering på eller över lägsta allvarlighetsgrad larmar varje stegs personer i tur och ordning, med en push till varje enhet, tills någon kvitterar den eller larmet upphör.",
            de: "Eine Benachrichtigung ab dem Mindestschweregrad ruft nacheinander die Personen jedes Schritts, mit einem Push an jedes Gerät, bis jemand sie quittiert oder ihr Alarm endet.",
            fr: "Une notification de gravité égale ou supérieure au minimum appelle tour à tour les personnes de chaque étape, avec un push vers chaque appareil, jusqu’à ce que quelqu’un l’acquitte ou que son alarme prenne fin."
        ),
        "escalation.howToAdd": Words(
            en: "Every step and target of the policy is shown. To add a target or a step, fill in the empty one and save: the page then offers another. A target left on — with no username, and a step with no target, are left out.",
            sv: "Policyns alla steg och mål visas. Lägg till ett mål eller ett steg genom att fylla i det tomma och spara: sidan erbjuder då ett till. Ett mål som står på — utan användarnamn, och ett steg utan mål, utelämnas.",
            de: "Jeder Schritt und jedes Ziel der Richtlinie wird angezeigt. Um ein Ziel oder einen Schritt hinzuzufügen, füllen Sie das leere aus und speichern: Die Seite bietet dann ein weiteres an. Ein Ziel, das ohne Benutzernamen auf — steht, und ein Schritt ohne Ziel werden weggelassen.",
            fr: "Chaque étape et chaque cible de la politique sont affichées. Pour ajouter une cible ou une étape, remplissez celle qui est vide et enregistrez : la page en propose alors une autre. Une cible laissée sur — sans nom d’utilisateur, et une étape sans cible, sont ignorées."
        ),
        "escalation.step": Words(
            en: "Step {number}",
            sv: "Steg {number}",
            de: "Schritt {number}",
            fr: "Étape {number}"
        ),
        "escalation.stepNew": Words(
            en: "Step {number} (new)",
            sv: "Steg {number} (nytt)",
            de: "Schritt {number} (neu)",
            fr: "Étape {number} (nouvelle)"
        ),
        "escalation.calls": Words(
            en: "calls",
            sv: "larmar",
            de: "ruft",
            fr: "appelle"
        ),
        "escalation.username": Words(
            en: "Username",
            sv: "Användarnamn",
            de: "Benutzername",
            fr: "Nom d’utilisateur"
        ),
        "escalation.thenWaits": Words(
            en: "then waits (s)",
            sv: "väntar sedan (s)",
            de: "wartet dann (s)",
            fr: "puis attend (s)"
        ),
        "escalation.repeatBefore": Words(
            en: "Repeat the whole",
            sv: "Upprepa alltihop",
            de: "Das Ganze",
            fr: "Répéter le tout"
        ),
        "escalation.repeatAfter": Words(
            en: "more times",
            sv: "gånger till",
            de: "weitere Male wiederholen",
            fr: "fois de plus"
        ),
        "escalation.fromSeverity": Words(
            en: "From severity",
            sv: "Från allvarlighetsgrad",
            de: "Ab Schweregrad",
            fr: "À partir de la gravité"
        ),
        "escalation.save": Words(
            en: "Save policy",
            sv: "Spara policyn",
            de: "Richtlinie speichern",
            fr: "Enregistrer la politique"
        ),
        "escalation.remove": Words(
            en: "Remove policy",
            sv: "Ta bort policyn",
            de: "Richtlinie entfernen",
            fr: "Retirer la politique"
        ),
        "escalation.target.subscribers": Words(
            en: "The subscribers",
            sv: "Prenumeranterna",
            de: "Die Abonnenten",
            fr: "Les abonnés"
        ),
        "escalation.target.user": Words(
            en: "A person (username)",
            sv: "En person (användarnamn)",
            de: "Eine Person (Benutzername)",
            fr: "Une personne (nom d’utilisateur)"
        ),
        "escalation.target.rota": Words(
            en: "On call for {name}",
            sv: "Jourhavande i {name}",
            de: "Bereitschaft von {name}",
            fr: "Astreinte de {name}"
        ),
        "escalation.target.missing": Words(
            en: "Rota {id} (not found)",
            sv: "Jourlista {id} (hittades inte)",
            de: "Dienstplan {id} (nicht gefunden)",
            fr: "Planning {id} (introuvable)"
        ),
        "escalation.problem.step": Words(
            en: "Step {step}: {message}",
            sv: "Steg {step}: {message}",
            de: "Schritt {step}: {message}",
            fr: "Étape {step} : {message}"
        ),
        "escalation.problem.target": Words(
            en: "Step {step}, target {target}: {message}",
            sv: "Steg {step}, mål {target}: {message}",
            de: "Schritt {step}, Ziel {target}: {message}",
            fr: "Étape {step}, cible {target} : {message}"
        ),
        "escalation.problem.repeats": Words(
            en: "Repeats: {message}",
            sv: "Upprepningar: {message}",
            de: "Wiederholungen: {message}",
            fr: "Répétitions : {message}"
        ),
        "escalation.problem.minimum": Words(
            en: "From severity: {message}",
            sv: "Från allvarlighetsgrad: {message}",
            de: "Ab Schweregrad: {message}",
            fr: "À partir de la gravité : {message}"
        ),
    ]
}
