// Herald's service worker: shows the Web Push notifications the server
// sends this browser, and opens the notification's link (or the inbox)
// when one is clicked.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = { title: "Herald", body: event.data ? event.data.text() : "" }; }
  var tag = data.notification_id ? "herald-" + data.notification_id : undefined;
  // The server's urgency (docs/urgency.md): a critical notification stays
  // until dismissed and alerts again when its update replaces it; a
  // passive one arrives without sound or vibration.
  var critical = data.urgency === "critical";
  event.waitUntil(self.registration.showNotification(data.title || "Herald", {
    body: data.body || "",
    tag: tag,
    requireInteraction: critical,
    renotify: critical && tag !== undefined,
    silent: data.urgency === "passive",
    data: { url: /^https?:\/\//i.test(data.url || "") ? data.url : "/inbox", urgency: data.urgency || "active" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data && event.notification.data.url || "/inbox"));
});
