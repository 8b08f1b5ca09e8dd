// Herald's service worker: shows the Web Push notifications the server
// sends this browser, opens the notification's link (or the inbox) when one
// is clicked, and keeps the web app readable offline: the static files, and
// the signed-in person's latest inbox and starred items (the pages as last
// fetched, marked as such when shown offline). Changes made offline are
// kept by the page (herald.js) and sent when back online.

// The app shell: static files by their versioned URL (?v=), cache-first;
// unversioned ones (the manifest, icons) network-first, kept for offline.
var SHELL = "herald-shell-1";
// The pages kept for reading offline, network-first; emptied at sign-out.
var PAGES = "herald-pages-1";
var KEPT_PAGES = ["/inbox", "/inbox?state=starred"];
// A copy older than this is not shown (a shared computer left signed in
// offline shows nobody an old inbox), and is deleted.
var COPY_MAX_AGE_MS = 12 * 3600 * 1000;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== SHELL && name !== PAGES; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// Which kept page a URL is read from offline: the starred view, else the inbox.
function keptPageFor(url) {
  if (url.pathname !== "/inbox") return null;
  return url.searchParams.get("state") === "starred" ? "/inbox?state=starred" : "/inbox";
}
// When the person last signed out: a page fetched before then is never kept
// (a refresh under way during the sign-out would otherwise put it back).
var signedOutAt = 0;
function forgetPages() { signedOutAt = Date.now(); return caches.delete(PAGES); }

// Keeps a page's answer fetched at `started`: only a clean one, only if no
// sign-out came since; a redirect to the sign-in page empties them all.
function keep(path, response, started) {
  if (response.type === "opaqueredirect" || (response.redirected && new URL(response.url).pathname === "/login")) return forgetPages();
  if (!response.ok || response.redirected || response.type !== "basic" || started < signedOutAt) return Promise.resolve();
  return caches.open(PAGES).then(function (cache) { return started < signedOutAt ? null : cache.put(path, response); });
}

// A fresh copy of each kept page after a change (once for a burst of
// changes) or a visit (at most every 30 s).
var lastRefresh = 0, pendingRefresh = null;
function refreshKeptPages() {
  lastRefresh = Date.now();
  var started = Date.now();
  return Promise.all(KEPT_PAGES.map(function (path) {
    return fetch(path, { credentials: "same-origin", redirect: "follow" }).then(function (response) { return keep(path, response, started); }).catch(function () {});
  }));
}
function refreshSoon() {
  if (!pendingRefresh) {
    pendingRefresh = new Promise(function (resolve) { setTimeout(resolve, 1500); })
      .then(refreshKeptPages).then(function () { pendingRefresh = null; }, function () { pendingRefresh = null; });
  }
  return pendingRefresh;
}

function escapeHTML(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// A kept page shown offline says so, and how old it is (the Date it was
// fetched with); one too old is not shown at all.
function offlineCopy(cached) {
  var fetched = new Date(cached.headers.get("date") || 0);
  if (isNaN(fetched) || Date.now() - fetched.getTime() > COPY_MAX_AGE_MS) return forgetPages().then(function () { throw new Error("too old"); });
  return cached.text().then(function (html) {
    // In the kept page's own language: its words travel with it (herald-words).
    var english = "You are offline: this is the page as of {time}. Changes you make here are kept and sent when you are back online.";
    var text = english;
    var found = /<script type="application\/json" id="herald-words">([^<]*)<\/script>/.exec(html);
    try { text = (found && JSON.parse(found[1]).offlineCopy) || english; } catch (error) { text = english; }
    var lang = (/<html lang="([a-z]{2})"/.exec(html) || [])[1] || "en";
    var when = fetched.toUTCString();
    try { when = fetched.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" }); } catch (error) { when = fetched.toUTCString(); }
    var time = '<time datetime="' + fetched.toISOString() + '">' + escapeHTML(when) + "</time>";
    var notice = '<div class="notice offline" role="status" data-offline-copy>' + escapeHTML(text).split("{time}").join(time) + "</div>";
    var marked = html.replace('<main id="content" class="wrap">', '<main id="content" class="wrap">' + notice);
    var headers = new Headers(cached.headers);
    headers.set("X-Herald-Offline-Copy", "1");
    return new Response(marked, { status: 200, headers: headers });
  });
}

// The network's answer (kept as the page's copy); the copy only when the
// network fails (offline), never because it is slow.
function fromNetworkElseKept(request, kept) {
  var started = Date.now();
  return fetch(request).then(function (response) {
    var url = new URL(request.url);
    if (url.pathname + url.search === kept || response.type === "opaqueredirect") keep(kept, response.clone(), started);
    return response;
  }, function (failure) {
    return caches.open(PAGES).then(function (cache) { return cache.match(kept); }).then(function (cached) {
      if (!cached) throw failure;
      return offlineCopy(cached);
    });
  });
}

function shellFile(request, url) {
  return caches.open(SHELL).then(function (cache) {
    var store = function (response) {
      if (response.ok && response.type === "basic") {
        // One version of each file: the older ones go.
        cache.keys().then(function (keys) {
          keys.forEach(function (key) { if (new URL(key.url).pathname === url.pathname && key.url !== request.url) cache.delete(key); });
        });
        cache.put(request, response.clone());
      }
      return response;
    };
    if (url.searchParams.has("v")) {
      return cache.match(request).then(function (hit) { return hit || fetch(request).then(store); });
    }
    return fetch(request).then(store, function (failure) {
      return cache.match(request).then(function (hit) { if (hit) return hit; throw failure; });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out empties the kept pages before anyone else uses this browser.
  if (request.method === "POST" && (url.pathname === "/logout" || url.pathname === "/logout-everywhere")) { event.waitUntil(forgetPages()); return; }
  // A change made on a page (read, star, acknowledge): the kept copies follow
  // once it is done. The request itself is the page's own, not re-sent here.
  if (request.method === "POST" && (url.pathname === "/inbox/update" || url.pathname === "/inbox/acknowledge" || url.pathname === "/inbox/read-all")) {
    event.waitUntil(refreshSoon());
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.indexOf("/static/") === 0 && url.pathname !== "/static/herald-sw.js") {
    event.respondWith(shellFile(request, url));
    return;
  }
  var kept = request.mode === "navigate" ? keptPageFor(url) : null;
  if (kept) {
    event.respondWith(fromNetworkElseKept(request, kept));
    if (Date.now() - lastRefresh > 30000) event.waitUntil(refreshKeptPages());
  }
});

// The pages say when they know more than the worker: signed out (the
// login page), or a change went through that the copies should show.
self.addEventListener("message", function (event) {
  var type = event.data && event.data.type;
  if (type === "signed-out") event.waitUntil(forgetPages());
  else if (type === "refresh") event.waitUntil(refreshSoon());
});

// The person's words (the catalog's js.* keys, in their language), as the
// kept inbox page carries them; none (English) before a page was kept.
function keptWords() {
  return caches.open(PAGES).then(function (cache) { return cache.match("/inbox"); }).then(function (cached) {
    return cached ? cached.text() : "";
  }).then(function (html) {
    var found = /<script type="application\/json" id="herald-words">([^<]*)<\/script>/.exec(html);
    return found ? JSON.parse(found[1]) || {} : {};
  }).catch(function () { return {}; });
}

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = { title: "Herald", body: event.data ? event.data.text() : "" }; }
  var tag = data.notification_id ? "herald-" + data.notification_id : undefined;
  // Someone acknowledged it: the alarm this browser shows under its tag is
  // taken down, replaced by a quiet line (a push must show something, or
  // the browser shows its own notice instead).
  if (data.withdraw === true && tag !== undefined) {
    event.waitUntil(Promise.all([self.registration.getNotifications({ tag: tag }), keptWords()]).then(function (found) {
      var words = found[1];
      found[0].forEach(function (notification) { notification.close(); });
      return self.registration.showNotification((words.taken || "Taken: {title}").split("{title}").join(data.title || "Herald"), {
        body: words.takenBody || "Someone acknowledged it.", tag: tag, silent: true, requireInteraction: false,
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
  event.waitUntil(keptWords().then(function (words) {
    return self.registration.showNotification(data.title || "Herald", {
      body: data.body || "",
      tag: tag,
      requireInteraction: critical,
      renotify: critical && tag !== undefined,
      silent: data.urgency === "passive",
      actions: acknowledge ? [{ action: "acknowledge", title: words.acknowledge || "Acknowledge" }] : [],
      data: { url: /^https?:\/\//i.test(data.url || "") ? data.url : "/inbox", urgency: data.urgency || "active", acknowledge: acknowledge }
    });
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
