extension Catalog {
    /// What Herald writes to people outside its pages: texts, email, calls,
    /// phone apps, chat rooms and pushes it composes. Notifications' own
    /// words are never translated; only Herald's around them.
    static let messages: [String: Words] = [
        // Texts, email, calls and phone apps (the recipient's language).
        // A coming shift's notice to someone reached only by push (issue 42).
        "msg.shiftNoticeTitle": Words(
            en: "Your on-call shift on {rota} starts {when}",
            sv: "Ditt jourpass i {rota} börjar {when}",
            de: "Ihre Bereitschaft in {rota} beginnt {when}",
            fr: "Votre astreinte sur {rota} commence {when}"
        ),
        "msg.shiftNoticeBody": Words(
            en: "Herald can reach you only by push. If your phone is off, silenced or offline, an alarm will not reach you: add a phone number or an email address, and a rule that uses it, under Profile, “Reaching you”.",
            sv: "Herald kan bara nå dig med push. Om telefonen är avstängd, tystad eller utan nät når larmet dig inte: lägg till ett telefonnummer eller en e-postadress, och en regel som använder den, under Profil, ”Nå dig”.",
            de: "Herald kann Sie nur per Push erreichen. Ist Ihr Telefon aus, stumm oder offline, erreicht Sie kein Alarm: Fügen Sie unter Profil, „Sie erreichen“, eine Telefonnummer oder E-Mail-Adresse und eine Regel hinzu, die sie verwendet.",
            fr: "Herald ne peut vous joindre que par notification push. Si votre téléphone est éteint, en silencieux ou hors ligne, aucune alarme ne vous parviendra : ajoutez un numéro de téléphone ou une adresse e-mail, et une règle qui l’utilise, dans Profil, « Vous joindre »."
        ),
        "msg.replyToTake": Words(
            en: "Reply {code} to take it.",
            sv: "Svara {code} för att ta den.",
            de: "Antworten Sie {code}, um es zu übernehmen.",
            fr: "Répondez {code} pour la prendre."
        ),
        "msg.escalationCalls": Words(
            en: "An escalation calls you: nobody has taken this yet.",
            sv: "En eskalering anropar dig: ingen har tagit den än.",
            de: "Eine Eskalation ruft Sie: Niemand hat es bisher übernommen.",
            fr: "Une escalade vous appelle : personne ne l’a encore prise."
        ),
        "msg.link": Words(
            en: "Link: {url}",
            sv: "Länk: {url}",
            de: "Link: {url}",
            fr: "Lien : {url}"
        ),
        "msg.acknowledge": Words(
            en: "Acknowledge (take it)",
            sv: "Kvittera (ta den)",
            de: "Quittieren (übernehmen)",
            fr: "Acquitter (la prendre)"
        ),
        "msg.acknowledgeAt": Words(
            en: "Acknowledge (take it): {url}",
            sv: "Kvittera (ta den): {url}",
            de: "Quittieren (übernehmen): {url}",
            fr: "Acquitter (la prendre) : {url}"
        ),
        "msg.sentAt": Words(
            en: "Sent by Herald at {time}.",
            sv: "Skickat av Herald {time}.",
            de: "Gesendet von Herald am {time}.",
            fr: "Envoyé par Herald le {time}."
        ),
        "msg.acknowledgedBy": Words(
            en: "Acknowledged by {name}.",
            sv: "Kvitterad av {name}.",
            de: "Quittiert von {name}.",
            fr: "Acquittée par {name}."
        ),
        "msg.code": Words(
            en: "Herald: your code is {code}. It works for 10 minutes. If you did not ask for it, ignore this message.",
            sv: "Herald: din kod är {code}. Den gäller i 10 minuter. Om du inte bad om den kan du bortse från meddelandet.",
            de: "Herald: Ihr Code ist {code}. Er gilt 10 Minuten. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.",
            fr: "Herald : votre code est {code}. Il est valable 10 minutes. Si vous ne l’avez pas demandé, ignorez ce message."
        ),
        "msg.codeSubject": Words(
            en: "Your Herald code: {code}",
            sv: "Din Herald-kod: {code}",
            de: "Ihr Herald-Code: {code}",
            fr: "Votre code Herald : {code}"
        ),
        "msg.testSubject": Words(
            en: "Herald test",
            sv: "Herald-test",
            de: "Herald-Test",
            fr: "Test Herald"
        ),
        "msg.resolved": Words(
            en: "Resolved.",
            sv: "Åtgärdad.",
            de: "Behoben.",
            fr: "Résolue."
        ),
        // A call (Twilio reads these aloud in the language's voice).
        "msg.voice.press": Words(
            en: "Press 1 to take it.",
            sv: "Tryck 1 för att ta den.",
            de: "Drücken Sie 1, um es zu übernehmen.",
            fr: "Appuyez sur 1 pour la prendre."
        ),
        "msg.voice.nobody": Words(
            en: "Nobody pressed 1. Goodbye.",
            sv: "Ingen tryckte 1. Hej då.",
            de: "Niemand hat 1 gedrückt. Auf Wiederhören.",
            fr: "Personne n’a appuyé sur 1. Au revoir."
        ),
        "msg.voice.code": Words(
            en: "Your Herald code is {digits}.",
            sv: "Din Herald-kod är {digits}.",
            de: "Ihr Herald-Code ist {digits}.",
            fr: "Votre code Herald est {digits}."
        ),
        "msg.voice.again": Words(
            en: "Again: {digits}.",
            sv: "En gång till: {digits}.",
            de: "Noch einmal: {digits}.",
            fr: "Je répète : {digits}."
        ),
        // Answers to a text or a keypress.
        "msg.reply.taken": Words(
            en: "Taken. Thank you.",
            sv: "Tagen. Tack.",
            de: "Übernommen. Danke.",
            fr: "Prise en charge. Merci."
        ),
        "msg.reply.takenBy": Words(
            en: "{name} took it already.",
            sv: "{name} har redan tagit den.",
            de: "{name} hat es bereits übernommen.",
            fr: "{name} l’a déjà prise."
        ),
        "msg.reply.nothing": Words(
            en: "Nothing was taken. Goodbye.",
            sv: "Inget togs. Hej då.",
            de: "Nichts wurde übernommen. Auf Wiederhören.",
            fr: "Rien n’a été pris. Au revoir."
        ),
        // Chat rooms (the site's language).
        "msg.chat.acknowledgedBy": Words(
            en: "Acknowledged by {name}",
            sv: "Kvitterad av {name}",
            de: "Quittiert von {name}",
            fr: "Acquittée par {name}"
        ),
        "msg.chat.resolved": Words(
            en: "Resolved",
            sv: "Åtgärdad",
            de: "Behoben",
            fr: "Résolue"
        ),
        "msg.chat.resolvedAcknowledgedBy": Words(
            en: "Resolved (acknowledged by {name})",
            sv: "Åtgärdad (kvitterad av {name})",
            de: "Behoben (quittiert von {name})",
            fr: "Résolue (acquittée par {name})"
        ),
        "msg.chat.digestTitle.one": Words(
            en: "{count} notification at once",
            sv: "{count} avisering på en gång",
            de: "{count} Benachrichtigung auf einmal",
            fr: "{count} notification à la fois"
        ),
        "msg.chat.digestTitle.other": Words(
            en: "{count} notifications at once",
            sv: "{count} aviseringar på en gång",
            de: "{count} Benachrichtigungen auf einmal",
            fr: "{count} notifications à la fois"
        ),
        "msg.chat.digestText": Words(
            en: "Too many to post one by one; each is in Herald's inbox.",
            sv: "För många för att posta en och en; alla finns i Heralds inkorg.",
            de: "Zu viele, um sie einzeln zu posten; jede steht im Posteingang von Herald.",
            fr: "Trop nombreuses pour être publiées une à une ; chacune est dans la boîte de réception de Herald."
        ),
        "msg.chat.more": Words(
            en: "… and {count} more",
            sv: "… och {count} till",
            de: "… und {count} weitere",
            fr: "… et {count} de plus"
        ),
        "msg.chat.acknowledge": Words(
            en: "Acknowledge",
            sv: "Kvittera",
            de: "Quittieren",
            fr: "Acquitter"
        ),
        "msg.chat.acknowledgeInHerald": Words(
            en: "Acknowledge in Herald",
            sv: "Kvittera i Herald",
            de: "In Herald quittieren",
            fr: "Acquitter dans Herald"
        ),
        "msg.chat.reactToTake": Words(
            en: "React with ✅ to take it.",
            sv: "Reagera med ✅ för att ta den.",
            de: "Reagieren Sie mit ✅, um es zu übernehmen.",
            fr: "Réagissez avec ✅ pour la prendre."
        ),
        // What the presser of a chat Acknowledge button is told (privately).
        "msg.chat.pressTaken": Words(
            en: "Acknowledged: it is yours.",
            sv: "Kvitterad: den är din.",
            de: "Quittiert: Sie gehört Ihnen.",
            fr: "Acquittée : elle est à vous."
        ),
        "msg.chat.pressTakenBy": Words(
            en: "{name} acknowledged it already.",
            sv: "{name} har redan kvitterat den.",
            de: "{name} hat sie bereits quittiert.",
            fr: "{name} l’a déjà acquittée."
        ),
        "msg.chat.pressLink": Words(
            en: "Link your chat account to Herald first (the link works for 15 minutes, signed in to Herald): {url}",
            sv: "Koppla först ditt chattkonto till Herald (länken gäller i 15 minuter, inloggad i Herald): {url}",
            de: "Verknüpfen Sie zuerst Ihr Chat-Konto mit Herald (der Link gilt 15 Minuten, angemeldet bei Herald): {url}",
            fr: "Liez d’abord votre compte de discussion à Herald (le lien est valable 15 minutes, connecté à Herald) : {url}"
        ),
        "msg.chat.linkSent": Words(
            en: "Herald sent you a link in a direct message: open it signed in to Herald to link your account.",
            sv: "Herald har skickat en länk till dig i ett direktmeddelande: öppna den inloggad i Herald för att koppla ditt konto.",
            de: "Herald hat Ihnen einen Link per Direktnachricht gesendet: Öffnen Sie ihn angemeldet bei Herald, um Ihr Konto zu verknüpfen.",
            fr: "Herald vous a envoyé un lien en message direct : ouvrez-le connecté à Herald pour lier votre compte."
        ),
        "msg.chat.linkNotSent": Words(
            en: "Herald could not send you a link to link your account; try again later.",
            sv: "Herald kunde inte skicka en länk för att koppla ditt konto; försök igen senare.",
            de: "Herald konnte Ihnen keinen Link zum Verknüpfen Ihres Kontos senden; versuchen Sie es später erneut.",
            fr: "Herald n’a pas pu vous envoyer de lien pour lier votre compte ; réessayez plus tard."
        ),
        "msg.chat.open": Words(
            en: "Open",
            sv: "Öppna",
            de: "Öffnen",
            fr: "Ouvrir"
        ),
    ]
}
