// Herald's service worker: shows the Web Push notifications the server
// sends this browser, and opens the notification's link (or the inbox)
// when one is clicked.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = { title: "Herald", body: event.data ? event.data.text() : "" }; }
  var tag = data.notification_id ? "herald-" + data.notification_id : undefined;
  // Someone acknowledged it: the alarm this browser shows under its tag is
  // taken down, replaced by a quiet line (a push must show something, or
  // the browser shows its own notice instead).
  if (data.withdraw === true && tag !== undefined) {
    event.waitUntil(self.registration.getNotifications({ tag: tag }).then(function (shown) {
      shown.forEach(function (notification) { notification.close(); });
      return self.registration.showNotification("Taken: " + (data.title || "Herald"), {
        body: "Someone acknowledged it.", tag: tag, silent: true, requireInteraction: false,
        data: { url: "/inbox", urgency: "passive", withdrawn: true }
      });
    }));
    return;
  }
  // The server's urgency (docs/urgency.md): a critical notification stays
  // until dismissed and alerts again when its update replaces it; a
  // passive one arrives without sound or vibration.
  var critical = data.urgency === "critical";
  // "Acknowledge" on the notification itself (the lock screen): the link the
  // server sent is the credential; a resolved alarm needs no one.
  var acknowledge = typeof data.acknowledge === "string" && data.acknowledge.indexOf("/api/v2/acknowledge/") === 0 && data.alarm !== "resolved"
    ? data.acknowledge : null;
  event.waitUntil(self.registration.showNotification(data.title || "Herald", {
    body: data.body || "",
    tag: tag,
    requireInteraction: critical,
    renotify: critical && tag !== undefined,
    silent: data.urgency === "passive",
    actions: acknowledge ? [{ action: "acknowledge", title: "Acknowledge" }] : [],
    data: { url: /^https?:\/\//i.test(data.url || "") ? data.url : "/inbox", urgency: data.urgency || "active", acknowledge: acknowledge }
  }));
});

self.addEventListener("notificationclick", function (event) {
  var data = event.notification.data || {};
  event.notification.close();
  if (event.action === "acknowledge" && data.acknowledge) {
    event.waitUntil(fetch(data.acknowledge, { method: "POST", credentials: "omit" }).catch(function () {}));
    return;
  }
  event.waitUntil(self.clients.openWindow(data.url || "/inbox"));
});
