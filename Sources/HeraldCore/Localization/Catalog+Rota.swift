extension Catalog {
    /// A rota's page: its calendar, shifts, overrides and paging it.
    static let rotaPages: [String: Words] = [
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
            en: "Reached only by push (no rule texts, calls or emails them for a critical alarm or an escalation's call):",
            sv: "Nås bara via push (ingen regel sms:ar, ringer eller mejlar dem vid ett kritiskt larm eller en eskalerings anrop):",
            de: "Nur per Push erreichbar (keine Regel schreibt, ruft oder mailt ihnen bei einem kritischen Alarm oder dem Ruf einer Eskalation):",
            fr: "Joignables uniquement par push (aucune règle ne leur envoie de SMS, d’appel ou d’e-mail pour une alarme critique ou l’appel d’une escalade) :"
        ),
        "rota.pushOnlyRisk": Words(
            en: "A phone in a drawer or a site without internet misses their calls.",
            sv: "Med telefonen i en låda eller på en plats utan internet missar de sina larm.",
            de: "Liegt das Telefon in der Schublade oder fehlt am Standort das Internet, verpassen sie ihre Rufe.",
            fr: "Avec un téléphone dans un tiroir ou sur un site sans internet, ils manquent leurs appels."
        ),
        "rota.pushOnlyTold": Words(
            en: "Herald tells each of them before their shift.",
            sv: "Herald säger till var och en före deras pass.",
            de: "Herald weist jede und jeden vor der Schicht darauf hin.",
            fr: "Herald prévient chacun avant son astreinte."
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
