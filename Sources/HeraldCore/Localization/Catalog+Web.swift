extension Catalog {
    /// Words every page may show: confirmations, the error page, the
    /// deletion question, a new feed address, and what herald.js and the
    /// service worker write.
    static let webPages: [String: Words] = [
        // Confirmations after a redirect (`?flash=`).
        "flash.saved": Words(
            en: "Saved.",
            sv: "Sparat.",
            de: "Gespeichert.",
            fr: "Enregistré."
        ),
        "flash.created": Words(
            en: "Created.",
            sv: "Skapat.",
            de: "Angelegt.",
            fr: "Créé."
        ),
        "flash.deleted": Words(
            en: "Deleted.",
            sv: "Borttaget.",
            de: "Gelöscht.",
            fr: "Supprimé."
        ),
        "flash.revoked": Words(
            en: "Revoked.",
            sv: "Återkallat.",
            de: "Widerrufen.",
            fr: "Révoqué."
        ),
        "flash.signedOut": Words(
            en: "You are signed out.",
            sv: "Du är utloggad.",
            de: "Sie sind abgemeldet.",
            fr: "Vous êtes déconnecté."
        ),
        "flash.signedOutEverywhere": Words(
            en: "Every session of yours has ended.",
            sv: "Alla dina sessioner har avslutats.",
            de: "Alle Ihre Sitzungen wurden beendet.",
            fr: "Toutes vos sessions ont pris fin."
        ),
        "flash.removed": Words(
            en: "Removed.",
            sv: "Borttaget.",
            de: "Entfernt.",
            fr: "Retiré."
        ),
        "flash.cancelled": Words(
            en: "Cancelled.",
            sv: "Avbrutet.",
            de: "Abgebrochen.",
            fr: "Annulé."
        ),
        "flash.signedOutUser": Words(
            en: "Every session of that user has ended.",
            sv: "Alla sessioner för den användaren har avslutats.",
            de: "Alle Sitzungen dieses Benutzers wurden beendet.",
            fr: "Toutes les sessions de cet utilisateur ont pris fin."
        ),
        "flash.paged": Words(
            en: "Paged: whoever is called can acknowledge it from their inbox.",
            sv: "Larmat: den som anropas kan kvittera i sin inkorg.",
            de: "Alarmiert: wer gerufen wird, kann es in seinem Posteingang quittieren.",
            fr: "Alerte envoyée : chaque personne appelée peut l’acquitter depuis sa boîte de réception."
        ),
        "flash.codeSent": Words(
            en: "A code is on its way: type it here within 10 minutes.",
            sv: "En kod är på väg: skriv in den här inom 10 minuter.",
            de: "Ein Code ist unterwegs: Geben Sie ihn innerhalb von 10 Minuten hier ein.",
            fr: "Un code est en route : saisissez-le ici dans les 10 minutes."
        ),
        "flash.verified": Words(
            en: "Verified: your rules can text it now.",
            sv: "Verifierat: dina regler kan nu skicka sms dit.",
            de: "Bestätigt: Ihre Regeln können jetzt dorthin SMS senden.",
            fr: "Vérifié : vos règles peuvent maintenant y envoyer des SMS."
        ),
        // The page that says what went wrong.
        "errorPage.status400": Words(
            en: "That did not work",
            sv: "Det gick inte",
            de: "Das hat nicht geklappt",
            fr: "Cela n’a pas fonctionné"
        ),
        "errorPage.status403": Words(
            en: "Not allowed",
            sv: "Inte tillåtet",
            de: "Nicht erlaubt",
            fr: "Non autorisé"
        ),
        "errorPage.status404": Words(
            en: "Not found",
            sv: "Hittades inte",
            de: "Nicht gefunden",
            fr: "Introuvable"
        ),
        "errorPage.status405": Words(
            en: "Not possible here",
            sv: "Inte möjligt här",
            de: "Hier nicht möglich",
            fr: "Impossible ici"
        ),
        "errorPage.status409": Words(
            en: "Not possible",
            sv: "Inte möjligt",
            de: "Nicht möglich",
            fr: "Impossible"
        ),
        "errorPage.status413": Words(
            en: "Too large",
            sv: "För stort",
            de: "Zu groß",
            fr: "Trop volumineux"
        ),
        "errorPage.status422": Words(
            en: "Please check the form",
            sv: "Kontrollera formuläret",
            de: "Bitte prüfen Sie das Formular",
            fr: "Veuillez vérifier le formulaire"
        ),
        "errorPage.status429": Words(
            en: "Slow down",
            sv: "Sakta ner",
            de: "Bitte langsamer",
            fr: "Ralentissez"
        ),
        "errorPage.unknownStatus": Words(
            en: "Something went wrong",
            sv: "Något gick fel",
            de: "Etwas ist schiefgegangen",
            fr: "Une erreur s’est produite"
        ),
        "errorPage.back": Words(
            en: "Back",
            sv: "Tillbaka",
            de: "Zurück",
            fr: "Retour"
        ),
        // The page that asks before something is deleted.
        "confirm.cancel": Words(
            en: "Cancel",
            sv: "Avbryt",
            de: "Abbrechen",
            fr: "Annuler"
        ),
        // A new calendar feed address, shown once.
        "feed.title": Words(
            en: "New calendar feed address",
            sv: "Ny adress för kalenderflöde",
            de: "Neue Kalender-Feed-Adresse",
            fr: "Nouvelle adresse de flux d’agenda"
        ),
        "feed.copyNow": Words(
            en: "Copy it now into your calendar: Herald keeps only its digest and cannot show it again. The address it replaces no longer works.",
            sv: "Kopiera den till din kalender nu: Herald sparar bara dess kontrollsumma och kan inte visa den igen. Adressen den ersätter fungerar inte längre.",
            de: "Kopieren Sie sie jetzt in Ihren Kalender: Herald speichert nur ihren Hashwert und kann sie nicht noch einmal anzeigen. Die Adresse, die sie ersetzt, funktioniert nicht mehr.",
            fr: "Copiez-la maintenant dans votre agenda : Herald n’en garde que l’empreinte et ne peut plus l’afficher. L’adresse qu’elle remplace ne fonctionne plus."
        ),
        "feed.isTheKey": Words(
            en: "The address is the key: whoever has it sees {what}. Make a new one here whenever it may have gone astray.",
            sv: "Adressen är nyckeln: den som har den ser {what}. Skapa en ny här så fort den kan ha kommit på avvägar.",
            de: "Die Adresse ist der Schlüssel: Wer sie hat, sieht {what}. Erstellen Sie hier eine neue, sobald sie in falsche Hände geraten sein könnte.",
            fr: "L’adresse est la clé : qui la détient voit {what}. Créez-en une nouvelle ici dès qu’elle a pu s’égarer."
        ),
        "feed.done": Words(
            en: "Done",
            sv: "Klar",
            de: "Fertig",
            fr: "Terminé"
        ),
        "feed.whatRota": Words(
            en: "everyone's shifts on this rota",
            sv: "allas pass i det här schemat",
            de: "die Schichten aller auf diesem Dienstplan",
            fr: "les gardes de chacun sur ce planning"
        ),
        "feed.whatMine": Words(
            en: "your shifts on every rota",
            sv: "dina pass i alla scheman",
            de: "Ihre Schichten auf allen Dienstplänen",
            fr: "vos gardes sur tous les plannings"
        ),
        // Words herald.js writes (the page hands them over as JSON).
        "js.aChange": Words(
            en: "a change",
            sv: "en ändring",
            de: "eine Änderung",
            fr: "une modification"
        ),
        "js.changesWaiting.one": Words(
            en: "{count} change made offline, to be sent when back online.",
            sv: "{count} ändring gjord offline, skickas när du är online igen.",
            de: "{count} Änderung offline vorgenommen, wird gesendet, sobald Sie wieder online sind.",
            fr: "{count} modification faite hors ligne, envoyée dès le retour en ligne."
        ),
        "js.changesWaiting.other": Words(
            en: "{count} changes made offline, to be sent when back online.",
            sv: "{count} ändringar gjorda offline, skickas när du är online igen.",
            de: "{count} Änderungen offline vorgenommen, werden gesendet, sobald Sie wieder online sind.",
            fr: "{count} modifications faites hors ligne, envoyées dès le retour en ligne."
        ),
        "js.tooOld": Words(
            en: "Not sent: {item} was made offline too long ago.",
            sv: "Inte skickat: {item} gjordes offline för länge sedan.",
            de: "Nicht gesendet: {item} wurde vor zu langer Zeit offline vorgenommen.",
            fr: "Non envoyé : {item} a été fait hors ligne il y a trop longtemps."
        ),
        "js.signInAgain": Words(
            en: "Sign in again (or reload) to send the changes made offline.",
            sv: "Logga in igen (eller ladda om) för att skicka ändringarna som gjordes offline.",
            de: "Melden Sie sich erneut an (oder laden Sie neu), um die offline vorgenommenen Änderungen zu senden.",
            fr: "Reconnectez-vous (ou rechargez) pour envoyer les modifications faites hors ligne."
        ),
        "js.notSent": Words(
            en: "Not sent: {item}: {reason}",
            sv: "Inte skickat: {item}: {reason}",
            de: "Nicht gesendet: {item}: {reason}",
            fr: "Non envoyé : {item} : {reason}"
        ),
        "js.takenFirst": Words(
            en: "While you were offline, {name} acknowledged {item} first.",
            sv: "Medan du var offline kvitterade {name} {item} först.",
            de: "Während Sie offline waren, hat {name} {item} zuerst quittiert.",
            fr: "Pendant que vous étiez hors ligne, {name} a acquitté {item} en premier."
        ),
        "js.offline": Words(
            en: "You are offline: what is shown may be out of date; changes are kept and sent when you are back online.",
            sv: "Du är offline: det som visas kan vara inaktuellt; ändringar sparas och skickas när du är online igen.",
            de: "Sie sind offline: Das Angezeigte ist womöglich veraltet; Änderungen werden aufbewahrt und gesendet, sobald Sie wieder online sind.",
            fr: "Vous êtes hors ligne : ce qui est affiché peut être périmé ; les modifications sont gardées et envoyées dès le retour en ligne."
        ),
        "js.needsNetwork": Words(
            en: "You are offline: this needs the network.",
            sv: "Du är offline: det här kräver nätverket.",
            de: "Sie sind offline: Dafür wird das Netzwerk benötigt.",
            fr: "Vous êtes hors ligne : cette action nécessite le réseau."
        ),
        "js.subscribeFailed": Words(
            en: "This browser could not be subscribed: {error}",
            sv: "Den här webbläsaren kunde inte prenumerera: {error}",
            de: "Dieser Browser konnte nicht angemeldet werden: {error}",
            fr: "Ce navigateur n’a pas pu être abonné : {error}"
        ),
        "js.acknowledgedBy": Words(
            en: "{title}: acknowledged by {name}",
            sv: "{title}: kvitterad av {name}",
            de: "{title}: quittiert von {name}",
            fr: "{title} : acquittée par {name}"
        ),
        "js.acknowledge": Words(
            en: "Acknowledge",
            sv: "Kvittera",
            de: "Quittieren",
            fr: "Acquitter"
        ),
        "js.taken": Words(
            en: "Taken: {title}",
            sv: "Tagen: {title}",
            de: "Übernommen: {title}",
            fr: "Prise : {title}"
        ),
        "js.takenBody": Words(
            en: "Someone acknowledged it.",
            sv: "Någon har kvitterat den.",
            de: "Jemand hat es quittiert.",
            fr: "Quelqu’un l’a acquittée."
        ),
        "js.offlineCopy": Words(
            en: "You are offline: this is the page as of {time}. Changes you make here are kept and sent when you are back online.",
            sv: "Du är offline: så här såg sidan ut {time}. Ändringar du gör här sparas och skickas när du är online igen.",
            de: "Sie sind offline: Dies ist die Seite mit Stand {time}. Änderungen, die Sie hier vornehmen, werden aufbewahrt und gesendet, sobald Sie wieder online sind.",
            fr: "Vous êtes hors ligne : voici la page telle qu’elle était le {time}. Les modifications faites ici sont gardées et envoyées dès le retour en ligne."
        ),
    ]
}
