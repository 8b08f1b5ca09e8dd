// Herald's service worker: shows the Web Push notifications the server
// sends this browser, and opens the notification's link (or the inbox)
// when one is clicked.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = { title: "Herald", body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(data.title || "Herald", {
    body: data.body || "",
    tag: data.notification_id ? "herald-" + data.notification_id : undefined,
    data: { url: /^https?:\/\//i.test(data.url || "") ? data.url : "/inbox" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data && event.notification.data.url || "/inbox"));
});
