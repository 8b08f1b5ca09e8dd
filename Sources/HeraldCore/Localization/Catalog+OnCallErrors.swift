extension Catalog {
    /// Refusals of rotas, escalations, pages, quiet hours, schedules and teams.
    static let onCallErrors: [String: Words] = [
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
    ]
}
