extension Catalog {
    /// Refusals of contact methods and rules, and of chat rooms. Found by
    /// their English text (`Catalog.message`).
    static let contactErrors: [String: Words] = [
        // A person's notification rules (HeraldCore/Contact/ContactRules.swift), one entry per rule class a refusal names.
        "error.contact.fromSignIn": Words(
            en: "This address comes from your sign-in and returns with it: leave it out of your rules instead",
            sv: "Den här adressen kommer från din inloggning och återkommer med den: lämna den utanför dina regler i stället",
            de: "Diese Adresse stammt aus Ihrer Anmeldung und kehrt mit ihr zurück: Lassen Sie sie stattdessen in Ihren Regeln weg",
            fr: "Cette adresse vient de votre connexion et revient avec elle : laissez-la plutôt hors de vos règles"
        ),
        "error.contactRules.notYours": Words(
            en: "Contact method {id} is not one of yours",
            sv: "Kontaktväg {id} är inte en av dina",
            de: "Kontaktweg {id} gehört nicht Ihnen",
            fr: "Le moyen de contact {id} n’est pas l’un des vôtres"
        ),
        "error.contactRules.verifyFirst": Words(
            en: "Verify {address} before a rule uses it",
            sv: "Verifiera {address} innan en regel använder den",
            de: "Bestätigen Sie {address}, bevor eine Regel ihn verwendet",
            fr: "Vérifiez {address} avant qu’une règle ne l’utilise"
        ),
        "error.contactRules.delay": Words(
            en: "A step's delay is 0 to {max} seconds",
            sv: "Ett stegs fördröjning är 0 till {max} sekunder",
            de: "Die Verzögerung eines Schritts beträgt 0 bis {max} Sekunden",
            fr: "Le délai d’une étape va de 0 à {max} secondes"
        ),
        "error.contactRules.steps.routine": Words(
            en: "At most {limit} steps for routine notifications",
            sv: "Högst {limit} steg för rutinaviseringar",
            de: "Höchstens {limit} Schritte für Routinebenachrichtigungen",
            fr: "Au plus {limit} étapes pour les notifications de routine"
        ),
        "error.contactRules.once.routine": Words(
            en: "Each method at most once for routine notifications",
            sv: "Varje kontaktväg högst en gång för rutinaviseringar",
            de: "Jeder Kontaktweg höchstens einmal für Routinebenachrichtigungen",
            fr: "Chaque moyen de contact au plus une fois pour les notifications de routine"
        ),
        "error.contactRules.floor.routine": Words(
            en: "The site asks that routine notifications reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att rutinaviseringar når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass Routinebenachrichtigungen Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreichen: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que les notifications de routine vous parviennent autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        "error.contactRules.steps.high": Words(
            en: "At most {limit} steps for high-severity notifications",
            sv: "Högst {limit} steg för aviseringar med hög allvarlighetsgrad",
            de: "Höchstens {limit} Schritte für Benachrichtigungen mit hohem Schweregrad",
            fr: "Au plus {limit} étapes pour les notifications de gravité élevée"
        ),
        "error.contactRules.once.high": Words(
            en: "Each method at most once for high-severity notifications",
            sv: "Varje kontaktväg högst en gång för aviseringar med hög allvarlighetsgrad",
            de: "Jeder Kontaktweg höchstens einmal für Benachrichtigungen mit hohem Schweregrad",
            fr: "Chaque moyen de contact au plus une fois pour les notifications de gravité élevée"
        ),
        "error.contactRules.floor.high": Words(
            en: "The site asks that high-severity notifications reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att aviseringar med hög allvarlighetsgrad når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass Benachrichtigungen mit hohem Schweregrad Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreichen: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que les notifications de gravité élevée vous parviennent autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        "error.contactRules.steps.critical": Words(
            en: "At most {limit} steps for critical notifications",
            sv: "Högst {limit} steg för kritiska aviseringar",
            de: "Höchstens {limit} Schritte für kritische Benachrichtigungen",
            fr: "Au plus {limit} étapes pour les notifications critiques"
        ),
        "error.contactRules.once.critical": Words(
            en: "Each method at most once for critical notifications",
            sv: "Varje kontaktväg högst en gång för kritiska aviseringar",
            de: "Jeder Kontaktweg höchstens einmal für kritische Benachrichtigungen",
            fr: "Chaque moyen de contact au plus une fois pour les notifications critiques"
        ),
        "error.contactRules.floor.critical": Words(
            en: "The site asks that critical notifications reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att kritiska aviseringar når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass kritische Benachrichtigungen Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreichen: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que les notifications critiques vous parviennent autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        "error.contactRules.steps.call": Words(
            en: "At most {limit} steps for an escalation's call",
            sv: "Högst {limit} steg för anrop från en eskalering",
            de: "Höchstens {limit} Schritte für den Anruf einer Eskalation",
            fr: "Au plus {limit} étapes pour l’appel d’une escalade"
        ),
        "error.contactRules.once.call": Words(
            en: "Each method at most once for an escalation's call",
            sv: "Varje kontaktväg högst en gång för anrop från en eskalering",
            de: "Jeder Kontaktweg höchstens einmal für den Anruf einer Eskalation",
            fr: "Chaque moyen de contact au plus une fois pour l’appel d’une escalade"
        ),
        "error.contactRules.floor.call": Words(
            en: "The site asks that an escalation's call reach you by a way other than push (a text, a call, email, ntfy or Pushover) within {seconds} s: add such a step",
            sv: "Anläggningen kräver att anrop från en eskalering når dig på annat sätt än push (sms, samtal, e-post, ntfy eller Pushover) inom {seconds} s: lägg till ett sådant steg",
            de: "Die Einrichtung verlangt, dass der Anruf einer Eskalation Sie auf anderem Weg als per Push (SMS, Anruf, E-Mail, ntfy oder Pushover) innerhalb von {seconds} s erreicht: fügen Sie einen solchen Schritt hinzu",
            fr: "Le site demande que l’appel d’une escalade vous parvienne autrement que par push (SMS, appel, e-mail, ntfy ou Pushover) en moins de {seconds} s : ajoutez une telle étape"
        ),
        // Chat rooms and linked chat accounts (HeraldUseCases/Chat/ChatRooms.swift).
        "error.chat.noService": Words(
            en: "This site has no chat service configured",
            sv: "Den här anläggningen har ingen chattjänst konfigurerad",
            de: "Für diese Einrichtung ist kein Chatdienst eingerichtet",
            fr: "Ce site n’a aucun service de discussion configuré"
        ),
        "error.chat.replayed": Words(
            en: "This call was made already",
            sv: "Det här anropet har redan gjorts",
            de: "Dieser Aufruf wurde bereits gemacht",
            fr: "Cet appel a déjà été fait"
        ),
        // A chat button's press refused (HeraldUseCases/Chat/ChatRooms.swift), told to the presser in their language.
        "error.chat.pressRoomGone": Words(
            en: "This alarm's room is no longer posted to.",
            sv: "Det här larmets rum får inte längre inlägg.",
            de: "In den Raum dieses Alarms wird nicht mehr gepostet.",
            fr: "Le salon de cette alarme ne reçoit plus de messages."
        ),
        "error.chat.pressLinkInHerald": Words(
            en: "Link your {kind} account in Herald to acknowledge from here.",
            sv: "Koppla ditt {kind}-konto i Herald för att kvittera härifrån.",
            de: "Verknüpfen Sie Ihr {kind}-Konto in Herald, um von hier aus zu quittieren.",
            fr: "Liez votre compte {kind} dans Herald pour acquitter d’ici."
        ),
        "error.chat.pressDisabled": Words(
            en: "Your linked Herald account is disabled.",
            sv: "Ditt kopplade Herald-konto är inaktiverat.",
            de: "Ihr verknüpftes Herald-Konto ist deaktiviert.",
            fr: "Votre compte Herald lié est désactivé."
        ),
        "error.chat.pressSignedOut": Words(
            en: "Your Herald account signed out everywhere since this chat account was linked: link it again.",
            sv: "Ditt Herald-konto har loggats ut överallt sedan det här chattkontot kopplades: koppla det igen.",
            de: "Ihr Herald-Konto wurde überall abgemeldet, seit dieses Chat-Konto verknüpft wurde: Verknüpfen Sie es erneut.",
            fr: "Votre compte Herald a été déconnecté partout depuis que ce compte de discussion a été lié : liez-le à nouveau."
        ),
        "error.chat.pressOtherAccount": Words(
            en: "This message was sent to another {kind} account, or its contact method was removed.",
            sv: "Det här meddelandet skickades till ett annat {kind}-konto, eller så har dess kontaktväg tagits bort.",
            de: "Diese Nachricht wurde an ein anderes {kind}-Konto gesendet, oder ihr Kontaktweg wurde entfernt.",
            fr: "Ce message a été envoyé à un autre compte {kind}, ou son moyen de contact a été supprimé."
        ),
        "error.chat.pressNotReceived": Words(
            en: "You do not receive this service's notifications in Herald, so you cannot acknowledge them.",
            sv: "Du får inte den här tjänstens aviseringar i Herald och kan därför inte kvittera dem.",
            de: "Sie erhalten die Benachrichtigungen dieses Dienstes in Herald nicht und können sie daher nicht quittieren.",
            fr: "Vous ne recevez pas les notifications de ce service dans Herald, vous ne pouvez donc pas les acquitter."
        ),
        "error.ack.resolved": Words(
            en: "The alarm is resolved",
            sv: "Larmet är åtgärdat",
            de: "Der Alarm ist behoben",
            fr: "L’alarme est résolue"
        ),
        "error.ack.withdrawnSinceMessage": Words(
            en: "{name} withdrew its acknowledgement after the text was sent",
            sv: "{name} drog tillbaka sin kvittering efter att meddelandet skickats",
            de: "{name} hat die Quittierung zurückgezogen, nachdem die Nachricht gesendet wurde",
            fr: "{name} a retiré son acquittement après l’envoi du message"
        ),
        "error.chat.noMatrixBot": Words(
            en: "This site has no Matrix bot",
            sv: "Den här anläggningen har ingen Matrix-bot",
            de: "Diese Einrichtung hat keinen Matrix-Bot",
            fr: "Ce site n’a pas de bot Matrix"
        ),
        "error.chat.matrixVerifyFirst": Words(
            en: "Verify your Matrix id under Reaching you first: a keeper adds a Matrix room they are in",
            sv: "Verifiera först ditt Matrix-id under Nå dig: en förvaltare lägger till ett Matrix-rum som hen själv är med i",
            de: "Bestätigen Sie zuerst Ihre Matrix-ID unter Sie erreichen: Verantwortliche fügen einen Matrix-Raum hinzu, in dem sie selbst sind",
            fr: "Vérifiez d’abord votre identifiant Matrix sous Vous joindre : un responsable ajoute un salon Matrix dont il est membre"
        ),
        "error.chat.matrixInviteBot": Words(
            en: "Invite the site's bot to the room first",
            sv: "Bjud först in anläggningens bot till rummet",
            de: "Laden Sie zuerst den Bot der Einrichtung in den Raum ein",
            fr: "Invitez d’abord le bot du site dans le salon"
        ),
        "error.chat.matrixRefused": Words(
            en: "Matrix refused the room ({reason})",
            sv: "Matrix vägrade rummet ({reason})",
            de: "Matrix hat den Raum abgelehnt ({reason})",
            fr: "Matrix a refusé le salon ({reason})"
        ),
        "error.chat.matrixInvitedByOther": Words(
            en: "Someone else invited the site's bot to that room: a keeper adds a Matrix room they are in or invited it to",
            sv: "Någon annan bjöd in anläggningens bot till det rummet: en förvaltare lägger till ett Matrix-rum som hen är med i eller bjöd in den till",
            de: "Jemand anderes hat den Bot der Einrichtung in diesen Raum eingeladen: Verantwortliche fügen einen Matrix-Raum hinzu, in dem sie sind oder in den sie ihn eingeladen haben",
            fr: "Quelqu’un d’autre a invité le bot du site dans ce salon : un responsable ajoute un salon Matrix dont il est membre ou où il l’a invité"
        ),
        "error.chat.matrixDirectChat": Words(
            en: "A person's direct chat with the bot is no service's room",
            sv: "En persons direktchatt med boten är inte en tjänsts rum",
            de: "Der Direktchat einer Person mit dem Bot ist kein Raum eines Dienstes",
            fr: "La discussion directe d’une personne avec le bot n’est le salon d’aucun service"
        ),
        "error.chat.matrixProbes": Words(
            en: "Too many Matrix rooms tried: try again in {seconds} seconds",
            sv: "För många Matrix-rum provade: försök igen om {seconds} sekunder",
            de: "Zu viele Matrix-Räume versucht: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Trop de salons Matrix essayés : réessayez dans {seconds} secondes"
        ),
        "error.chat.matrixMembersUnknown": Words(
            en: "Matrix could not be asked who is in the room: try again later",
            sv: "Matrix kunde inte tillfrågas om vilka som är i rummet: försök igen senare",
            de: "Matrix konnte nicht gefragt werden, wer im Raum ist: versuchen Sie es später erneut",
            fr: "Impossible de demander à Matrix qui est dans le salon : réessayez plus tard"
        ),
        "error.chat.matrixNotInRoom": Words(
            en: "Your verified Matrix id is not in that room: a keeper adds a Matrix room they are in",
            sv: "Ditt verifierade Matrix-id är inte med i det rummet: en förvaltare lägger till ett Matrix-rum som hen själv är med i",
            de: "Ihre bestätigte Matrix-ID ist nicht in diesem Raum: Verantwortliche fügen einen Matrix-Raum hinzu, in dem sie selbst sind",
            fr: "Votre identifiant Matrix vérifié n’est pas dans ce salon : un responsable ajoute un salon Matrix dont il est membre"
        ),
        "error.chat.matrixRoom": Words(
            en: "A Matrix room's id (it starts with !, in the room's settings; invite the site's bot to it)",
            sv: "Ett Matrix-rums id (det börjar med !, i rummets inställningar; bjud in webbplatsens bot dit)",
            de: "Die ID eines Matrix-Raums (sie beginnt mit !, in den Raumeinstellungen; laden Sie den Bot der Site dorthin ein)",
            fr: "L’identifiant d’un salon Matrix (il commence par !, dans les paramètres du salon ; invitez-y le bot du site)"
        ),
        "error.chat.kinds": Words(
            en: "One of: {kinds}",
            sv: "En av: {kinds}",
            de: "Eine von: {kinds}",
            fr: "L’un de : {kinds}"
        ),
        "error.chat.slackChannel": Words(
            en: "A Slack channel's id (C or G and 8 to 23 capital letters and digits, as in its link)",
            sv: "En Slack-kanals id (C eller G och 8 till 23 versaler och siffror, som i dess länk)",
            de: "Die ID eines Slack-Kanals (C oder G und 8 bis 23 Großbuchstaben und Ziffern, wie in seinem Link)",
            fr: "L’identifiant d’un canal Slack (C ou G puis 8 à 23 majuscules et chiffres, comme dans son lien)"
        ),
        "error.chat.mattermostChannel": Words(
            en: "A Mattermost channel's id (26 lowercase letters and digits)",
            sv: "En Mattermost-kanals id (26 gemener och siffror)",
            de: "Die ID eines Mattermost-Kanals (26 Kleinbuchstaben und Ziffern)",
            fr: "L’identifiant d’un canal Mattermost (26 minuscules et chiffres)"
        ),
        "error.chat.teamsWebhook": Words(
            en: "A Teams Workflows webhook URL on a host this site allows (TEAMS_WEBHOOK_HOSTS)",
            sv: "En webhook-URL för Teams Workflows på en värd som anläggningen tillåter (TEAMS_WEBHOOK_HOSTS)",
            de: "Eine Webhook-URL von Teams Workflows auf einem Host, den diese Einrichtung erlaubt (TEAMS_WEBHOOK_HOSTS)",
            fr: "Une URL de webhook Teams Workflows sur un hôte que ce site autorise (TEAMS_WEBHOOK_HOSTS)"
        ),
        "error.chat.roomLimit": Words(
            en: "A service posts to at most {limit} chat rooms",
            sv: "En tjänst postar till högst {limit} chattrum",
            de: "Ein Dienst sendet an höchstens {limit} Chaträume",
            fr: "Un service publie dans au plus {limit} salons de discussion"
        ),
        "error.chat.roomTaken": Words(
            en: "The service posts to that room already",
            sv: "Tjänsten postar redan till det rummet",
            de: "Der Dienst sendet bereits an diesen Raum",
            fr: "Le service publie déjà dans ce salon"
        ),
        "error.chat.demoLink": Words(
            en: "The demo account cannot link chat accounts",
            sv: "Demokontot kan inte länka chattkonton",
            de: "Das Demokonto kann keine Chatkonten verknüpfen",
            fr: "Le compte de démonstration ne peut pas lier de comptes de discussion"
        ),
        "error.chat.linkedElsewhere": Words(
            en: "That {chat} account is linked to another person in Herald: they unlink it first",
            sv: "Det {chat}-kontot är länkat till en annan person i Herald: hen måste ta bort länken först",
            de: "Dieses {chat}-Konto ist in Herald mit einer anderen Person verknüpft: diese muss die Verknüpfung zuerst lösen",
            fr: "Ce compte {chat} est lié à une autre personne dans Herald : elle doit d’abord le délier"
        ),
        "error.chat.justLinkedElsewhere": Words(
            en: "That {chat} account was just linked to another person in Herald",
            sv: "Det {chat}-kontot länkades nyss till en annan person i Herald",
            de: "Dieses {chat}-Konto wurde gerade in Herald mit einer anderen Person verknüpft",
            fr: "Ce compte {chat} vient d’être lié à une autre personne dans Herald"
        ),
        // Contact methods and their codes (HeraldUseCases/Contact/ContactMethods.swift).
        "error.contact.demoAdd": Words(
            en: "The demo account cannot add contact methods",
            sv: "Demokontot kan inte lägga till kontaktvägar",
            de: "Das Demokonto kann keine Kontaktwege hinzufügen",
            fr: "Le compte de démonstration ne peut pas ajouter de moyens de contact"
        ),
        "error.contact.kindNotSentWithKinds": Words(
            en: "This site sends no {kind} messages (its kinds: {kinds})",
            sv: "Den här anläggningen skickar inga {kind}-meddelanden (dess sorter: {kinds})",
            de: "Diese Einrichtung sendet keine {kind}-Nachrichten (ihre Arten: {kinds})",
            fr: "Ce site n’envoie pas de messages {kind} (ses types : {kinds})"
        ),
        "error.contact.kindNotSent": Words(
            en: "This site sends no {kind} messages",
            sv: "Den här anläggningen skickar inga {kind}-meddelanden",
            de: "Diese Einrichtung sendet keine {kind}-Nachrichten",
            fr: "Ce site n’envoie pas de messages {kind}"
        ),
        "error.contact.testKindNotSent": Words(
            en: "this site sends no {kind} messages",
            sv: "den här anläggningen skickar inga {kind}-meddelanden",
            de: "diese Einrichtung sendet keine {kind}-Nachrichten",
            fr: "ce site n’envoie pas de messages {kind}"
        ),
        "error.contact.countries": Words(
            en: "This site texts numbers in {countries} only",
            sv: "Den här anläggningen skickar sms bara till nummer i {countries}",
            de: "Diese Einrichtung sendet SMS nur an Nummern in {countries}",
            fr: "Ce site n’envoie de SMS qu’aux numéros de {countries}"
        ),
        "error.contact.limit": Words(
            en: "At most {limit} contact methods each: remove one first",
            sv: "Högst {limit} kontaktvägar per person: ta bort en först",
            de: "Höchstens {limit} Kontaktwege pro Person: entfernen Sie zuerst einen",
            fr: "Au plus {limit} moyens de contact par personne : supprimez-en un d’abord"
        ),
        "error.contact.verifiedAlready": Words(
            en: "{address} is verified already",
            sv: "{address} är redan verifierad",
            de: "{address} ist bereits bestätigt",
            fr: "{address} est déjà vérifié"
        ),
        "error.contact.tooManyCodes": Words(
            en: "Too many codes sent: try again in {seconds} seconds",
            sv: "För många koder skickade: försök igen om {seconds} sekunder",
            de: "Zu viele Codes gesendet: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Trop de codes envoyés : réessayez dans {seconds} secondes"
        ),
        "error.contact.tooManyLookups": Words(
            en: "Too many usernames looked up: try again in {seconds} seconds",
            sv: "För många användarnamn uppslagna: försök igen om {seconds} sekunder",
            de: "Zu viele Benutzernamen nachgeschlagen: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Trop de noms d’utilisateur recherchés : réessayez dans {seconds} secondes"
        ),
        "error.contact.codeNotSent": Words(
            en: "The code could not be sent to {address}: {reason}",
            sv: "Koden kunde inte skickas till {address}: {reason}",
            de: "Der Code konnte nicht an {address} gesendet werden: {reason}",
            fr: "Le code n’a pas pu être envoyé à {address} : {reason}"
        ),
        "error.contact.noCode": Words(
            en: "No code is waiting for {address}: ask for one",
            sv: "Ingen kod väntar för {address}: be om en",
            de: "Für {address} wartet kein Code: fordern Sie einen an",
            fr: "Aucun code n’attend pour {address} : demandez-en un"
        ),
        "error.contact.tooManyWrong": Words(
            en: "Too many wrong codes: ask for a new one",
            sv: "För många felaktiga koder: be om en ny",
            de: "Zu viele falsche Codes: fordern Sie einen neuen an",
            fr: "Trop de codes erronés : demandez-en un nouveau"
        ),
        "error.contact.wrongCodeOne": Words(
            en: "That is not the code sent to {address}: {left} try left",
            sv: "Det är inte koden som skickades till {address}: {left} försök kvar",
            de: "Das ist nicht der an {address} gesendete Code: noch {left} Versuch",
            fr: "Ce n’est pas le code envoyé à {address} : il reste {left} essai"
        ),
        "error.contact.wrongCodeOther": Words(
            en: "That is not the code sent to {address}: {left} tries left",
            sv: "Det är inte koden som skickades till {address}: {left} försök kvar",
            de: "Das ist nicht der an {address} gesendete Code: noch {left} Versuche",
            fr: "Ce n’est pas le code envoyé à {address} : il reste {left} essais"
        ),
        "error.contact.codeExpired": Words(
            en: "The code has expired: ask for a new one",
            sv: "Koden har gått ut: be om en ny",
            de: "Der Code ist abgelaufen: fordern Sie einen neuen an",
            fr: "Le code a expiré : demandez-en un nouveau"
        ),
        "error.contact.demoRules": Words(
            en: "The demo account cannot set notification rules",
            sv: "Demokontot kan inte ställa in aviseringsregler",
            de: "Das Demokonto kann keine Benachrichtigungsregeln festlegen",
            fr: "Le compte de démonstration ne peut pas définir de règles de notification"
        ),
        "error.contact.demoTest": Words(
            en: "The demo account cannot test notification rules",
            sv: "Demokontot kan inte testa aviseringsregler",
            de: "Das Demokonto kann keine Benachrichtigungsregeln testen",
            fr: "Le compte de démonstration ne peut pas tester de règles de notification"
        ),
        "error.contact.testedRecently": Words(
            en: "Tested a moment ago: try again in {seconds} seconds",
            sv: "Testat alldeles nyss: försök igen om {seconds} sekunder",
            de: "Gerade erst getestet: versuchen Sie es in {seconds} Sekunden erneut",
            fr: "Testé il y a un instant : réessayez dans {seconds} secondes"
        ),
    ]
}
