// Herald's web app: progressive enhancement. Every page works without this
// file; with it, the inbox updates live and forms act without a reload.
(function () {
  "use strict";
  var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  // The page's words for what this script writes (the catalog's js.* keys,
  // in the page's language); English where a page lacks them.
  var words = {};
  try { words = JSON.parse((document.getElementById("herald-words") || {}).textContent || "{}") || {}; } catch (error) { words = {}; }
  function say(key, english, values) {
    return (words[key] || english).replace(/\{(\w+)\}/g, function (whole, name) { return values && name in values ? String(values[name]) : whole; });
  }
  function pluralForm(count) {
    return typeof Intl !== "undefined" && Intl.PluralRules && new Intl.PluralRules(document.documentElement.lang || "en").select(count) === "one" ? "one" : "other";
  }

  function setUnread(count) {
    count = Math.max(0, count);
    document.body.dataset.unread = String(count);
    document.querySelectorAll("[data-unread-badge]").forEach(function (badge) {
      badge.textContent = count > 0 ? String(count) : "";
      badge.dataset.count = String(count);
    });
    document.querySelectorAll("[data-unread-text]").forEach(function (text) {
      // The page's words (data-all-read, data-unread-one/-other with {count}) and its language's plural rule.
      var form = typeof Intl !== "undefined" && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en").select(count) : (count === 1 ? "one" : "other");
      var words = form === "one" ? text.dataset.unreadOne : text.dataset.unreadOther;
      text.textContent = count === 0 ? (text.dataset.allRead || "All read") : (words || "{count} unread").replace("{count}", String(count));
    });
    var base = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? "(" + count + ") " + base : base;
  }
  function unread() { return parseInt(document.body.dataset.unread || "0", 10) || 0; }

  // Local times for UTC timestamps.
  function localTimes(root) {
    root.querySelectorAll("time[datetime]").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (!isNaN(date)) { el.textContent = date.toLocaleString(document.documentElement.lang || [], { dateStyle: "medium", timeStyle: "short" }); el.title = date.toISOString(); }
    });
  }
  localTimes(document);

  // The installed app and offline reading: the service worker (its root
  // scope) for a signed-in person; signing out empties its kept pages.
  var worker = document.querySelector('meta[name="herald-worker"]');
  var me = worker ? worker.dataset.user : null;
  if ("serviceWorker" in navigator) {
    if (worker) navigator.serviceWorker.register(worker.content, { scope: "/" }).catch(function () {});
    else if (location.pathname === "/login" && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({ type: "signed-out" });
  }

  // Notices this script adds (offline, changes waiting, answers to them),
  // read out by screen readers as they come.
  function notice(text, kind, id) {
    var main = document.getElementById("content");
    if (!main) return null;
    var shown = id ? document.getElementById(id) : null;
    if (!shown) {
      shown = document.createElement("div");
      if (id) shown.id = id;
      shown.setAttribute("role", kind === "error" ? "alert" : "status");
      main.insertBefore(shown, main.firstChild);
    }
    shown.className = "notice " + (kind || "");
    shown.textContent = text;
    shown.hidden = !text;
    return shown;
  }

  // Inbox changes made offline (read, star, acknowledge), kept per person in
  // this browser and sent in order when the network is back, through the
  // same forms' endpoints as online (so the same rules answer them: an alarm
  // someone else took meanwhile is said to be theirs; one put back in play
  // since is not taken again). Signing out forgets them; so does time: a
  // change older than MAX_AGE_MS is dropped, not sent.
  var outbox = (function () {
    var key = me ? "herald.outbox." + me : null;
    var paths = ["/inbox/update", "/inbox/acknowledge"];
    var MAX_AGE_MS = 12 * 3600 * 1000;
    var sending = false, halted = false, notBefore = 0;
    function read() { try { var items = JSON.parse(localStorage.getItem(key) || "[]"); return Array.isArray(items) ? items : []; } catch (error) { return []; } }
    function write(items) {
      if (items.length) localStorage.setItem(key, JSON.stringify(items)); else localStorage.removeItem(key);
      show();
    }
    function show() {
      var count = key ? read().length : 0;
      var form = pluralForm(count);
      notice(count === 0 ? "" : say("changesWaiting." + form, form === "one" ? "{count} change made offline, to be sent when back online." : "{count} changes made offline, to be sent when back online.", { count: count }), "", "outbox-notice");
    }
    function titleOf(form) {
      var li = form.closest("li[data-id]");
      var title = li && li.querySelector(".title");
      return title ? title.textContent : "";
    }
    function add(form, body) {
      var fields = new URLSearchParams(body);
      fields.delete("csrf");
      var at = new Date().toISOString();
      if (fields.get("action") === "acknowledge") fields.set("queued_at", at);
      var items = read();
      items.push({ id: at + "-" + Math.random().toString(36).slice(2), path: form.getAttribute("action"), body: fields.toString(), title: titleOf(form), at: at });
      write(items);
    }
    function drop(id) { write(read().filter(function (entry) { return entry.id !== id; })); }
    function quote(entry) { return entry.title ? "“" + entry.title + "”" : say("aChange", "a change"); }
    // One tab at a time (the installed app and a browser tab share the
    // outbox): the Web Locks API where the browser has it.
    function send() {
      if (sending || halted || !key || navigator.onLine === false || Date.now() < notBefore || !read().length) return;
      if (navigator.locks) navigator.locks.request("herald-outbox-" + me, { ifAvailable: true }, function (lock) { return lock ? sendAll() : null; });
      else sendAll();
    }
    function sendAll() {
      var items = read();
      if (!items.length) return Promise.resolve();
      var entry = items[0];
      if (paths.indexOf(entry.path) < 0 || !(Date.now() - new Date(entry.at).getTime() <= MAX_AGE_MS)) {
        notice(say("tooOld", "Not sent: {item} was made offline too long ago.", { item: quote(entry) }), "error", "outbox-answer");
        drop(entry.id);
        return sendAll();
      }
      sending = true;
      var fields = new URLSearchParams(entry.body);
      fields.set("csrf", csrf);
      return fetch(entry.path, { method: "POST", body: fields, credentials: "same-origin", headers: { "Accept": "application/json", "X-CSRF-Token": csrf } })
        .then(function (response) {
          // Signed out, or this page's form expired: kept, and not tried
          // again from this page (a reload or a sign-in sends them).
          if (response.redirected || response.headers.get("X-Herald-Refusal") === "form-expired") {
            halted = true;
            notice(say("signInAgain", "Sign in again (or reload) to send the changes made offline."), "error", "outbox-notice");
            throw new Error("kept");
          }
          // Not now (the person's change budget, a server coming back): kept, tried later.
          if (response.status === 429 || response.status >= 500) {
            notBefore = Date.now() + 1000 * Math.max(5, Math.min(300, parseInt(response.headers.get("Retry-After") || "10", 10) || 10));
            throw new Error("later");
          }
          return response.json().catch(function () { return {}; }).then(function (answer) {
            var sent = new URLSearchParams(entry.body);
            if (!response.ok) {
              notice(say("notSent", "Not sent: {item}: {reason}", { item: quote(entry), reason: answer.detail || "HTTP " + response.status }), "error", "outbox-answer");
            } else if (sent.get("action") === "acknowledge" && answer.acknowledged_by && answer.acknowledged_by !== me) {
              notice(say("takenFirst", "While you were offline, {name} acknowledged {item} first.", { name: answer.acknowledged_by, item: quote(entry) }), "", "outbox-answer");
              var li = document.querySelector('li[data-id="' + CSS.escape(sent.get("id") || "") + '"]');
              if (li) li.dispatchEvent(new CustomEvent("herald:taken", { bubbles: true, detail: { by: answer.acknowledged_by } }));
            }
            drop(entry.id);
            sending = false;
            return sendAll();
          });
        })
        .catch(function () { sending = false; });
    }
    if (key) {
      show();
      window.addEventListener("online", send);
      setInterval(send, 10000);
      send();
      // Signing out forgets what this person left unsent here.
      document.addEventListener("submit", function (event) {
        var action = event.target.getAttribute && event.target.getAttribute("action");
        if (action === "/logout" || action === "/logout-everywhere") localStorage.removeItem(key);
      }, true);
    }
    return { accepts: function (form) { return !!key && paths.indexOf(form.getAttribute("action")) >= 0; }, add: add };
  })();
  window.addEventListener("offline", function () { notice(say("offline", "You are offline: what is shown may be out of date; changes are kept and sent when you are back online."), "", "offline-notice"); });
  window.addEventListener("online", function () { notice("", "", "offline-notice"); });

  // Forms marked data-fetch post in the background.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-fetch]")) return;
    event.preventDefault();
    var body = new URLSearchParams(new FormData(form));
    if (event.submitter && event.submitter.name) body.set(event.submitter.name, event.submitter.value);
    // Busy until the server has it, so leaving the page early is visible
    // (and a test can wait for the save rather than for the click).
    form.setAttribute("aria-busy", "true");
    // getAttribute: a field named "action" shadows form.action.
    fetch(form.getAttribute("action"), { method: "POST", body: body, credentials: "same-origin", headers: { "Accept": "application/json", "X-CSRF-Token": csrf } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.status === 200 ? response.json().catch(function () { return {}; }) : {};
      })
      .then(function (answer) {
        form.removeAttribute("aria-busy");
        form.dispatchEvent(new CustomEvent("herald:done", { bubbles: true, detail: { action: body.get("action"), by: answer.acknowledged_by } }));
      })
      .catch(function (error) {
        // No network (fetch's TypeError, not an answer): an inbox change is
        // kept and sent when back online, and shown as made meanwhile.
        if (error instanceof TypeError && outbox.accepts(form)) {
          outbox.add(form, body);
          form.removeAttribute("aria-busy");
          form.dispatchEvent(new CustomEvent("herald:done", { bubbles: true, detail: { action: body.get("action"), queued: true } }));
          return;
        }
        // Offline, and not a change that can wait: say so rather than post
        // the plain way into the browser's own offline page.
        if (error instanceof TypeError && navigator.onLine === false) {
          form.removeAttribute("aria-busy");
          notice(say("needsNetwork", "You are offline: this needs the network."), "error", "outbox-answer");
          return;
        }
        // Post it the plain way, so the answer (an error page) is seen;
        // submit() leaves the clicked button's value out, so carry it.
        if (event.submitter && event.submitter.name) {
          var carried = document.createElement("input");
          carried.type = "hidden";
          carried.name = event.submitter.name;
          carried.value = event.submitter.value;
          form.appendChild(carried);
        }
        form.submit();
      });
  });

  // Switches save as soon as they change: their Save buttons (for pages
  // without this script) are not needed.
  document.querySelectorAll("input[data-autosave]").forEach(function (input) {
    var button = input.form && input.form.querySelector("button");
    if (button) button.hidden = true;
  });
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches("input[data-autosave]")) return;
    var form = input.form;
    var button = form.querySelector("button");
    if (button) button.hidden = true;
    form.requestSubmit();
  });

  // The API reference: a link to an operation opens it.
  function openTarget() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.tagName === "DETAILS") target.open = true;
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();

  // Web Push: "Notify me in this browser" on the profile page, shown when
  // the browser can and the server has Web Push on.
  var webPush = document.querySelector("[data-webpush]");
  if (webPush && "serviceWorker" in navigator && "PushManager" in window) {
    fetch("/api/v2/webpush/public-key", { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) {
        if (!body) return;
        webPush.hidden = false;
        var button = webPush.querySelector("button");
        var status = webPush.querySelector("[data-webpush-status]");
        button.addEventListener("click", function () {
          var key = body.public_key.replace(/-/g, "+").replace(/_/g, "/");
          while (key.length % 4) key += "=";
          var raw = atob(key), bytes = new Uint8Array(raw.length);
          for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
          Notification.requestPermission()
            .then(function () { return navigator.serviceWorker.register(webPush.dataset.worker, { scope: "/" }); })
            .then(function (registration) { return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes }); })
            .then(function (subscription) {
              var json = subscription.toJSON();
              var form = new URLSearchParams({ endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth });
              return fetch("/profile/web-push", { method: "POST", body: form, credentials: "same-origin", headers: { "Accept": "application/json", "X-CSRF-Token": csrf } });
            })
            .then(function (response) {
              if (!response.ok) throw new Error(String(response.status));
              location.reload();
            })
            .catch(function (error) { status.textContent = say("subscribeFailed", "This browser could not be subscribed: {error}", { error: error.message }); });
        });
      });
  }

  // The inbox: live items, read state and counts.
  var list = document.querySelector("ul.inbox[data-live]");
  if (!list) return;
  var template = document.getElementById("inbox-item");
  var status = document.querySelector(".live");
  var position = list.dataset.position;
  var filterService = list.dataset.service || "";
  var filterState = list.dataset.state || "all";
  var firstPage = list.dataset.firstPage === "true";
  var services = JSON.parse(document.getElementById("services-json").textContent || "{}");

  function itemFor(id) { return list.querySelector('li[data-id="' + id + '"]'); }
  function matches(item) {
    if (filterService && item.service_id !== filterService) return false;
    if (filterState === "unread" && item.is_read) return false;
    if (filterState === "read" && !item.is_read) return false;
    if (filterState === "starred" && !item.is_starred) return false;
    return true;
  }
  function applyRead(li, isRead) {
    var was = li.classList.contains("unread");
    li.classList.toggle("unread", !isRead);
    li.querySelector("[data-when-unread]").hidden = isRead;
    li.querySelector("[data-when-read]").hidden = !isRead;
    if (was && isRead) setUnread(unread() - 1);
    if (!was && !isRead) setUnread(unread() + 1);
  }
  function applyStarred(li, isStarred) {
    li.classList.toggle("starred", isStarred);
    li.querySelector("[data-when-unstarred]").hidden = isStarred;
    li.querySelector("[data-when-starred]").hidden = !isStarred;
    if (!isStarred) expireLater(li);
  }
  // An item leaves the open inbox when its notification expires, as it
  // leaves the server's lists (starred ones stay). Timers past setTimeout's
  // range (24 days) are left to the next load.
  function expireLater(li) {
    var at = Date.parse(li.dataset.expires || "");
    if (isNaN(at) || at - Date.now() > 2147483647) return;
    setTimeout(function () {
      if (li.isConnected && !li.classList.contains("starred")) remove(li);
    }, Math.max(0, at - Date.now()));
  }
  function remove(li) {
    if (li.classList.contains("unread")) setUnread(unread() - 1);
    li.remove();
    if (!list.querySelector("li")) document.querySelector("[data-empty]").hidden = false;
  }
  // What an item says, for a new item and for one its source changed (an
  // alarm resolved: same id, new title, severity and state).
  function fill(li, item) {
    li.querySelector(".title").textContent = item.title;
    li.querySelector(".subtitle").textContent = item.subtitle || "";
    li.querySelector(".subtitle").hidden = !item.subtitle;
    var severity = li.querySelector(".severity");
    severity.className = "severity" + (item.severity ? " " + item.severity : "");
    severity.textContent = item.severity || "";
    severity.hidden = !item.severity;
    var state = li.querySelector(".state");
    state.className = "state" + (item.state ? " " + item.state : "");
    state.textContent = item.state || "";
    state.hidden = !item.state;
    if (item.may_take === true) li.setAttribute("data-may-take", "");
    else if (item.may_take === false) li.removeAttribute("data-may-take");
    applyAcknowledged(li, item.acknowledged_by, item.acknowledgement_comment);
  }
  // Who took it (everyone's inbox shows it live), and which button applies.
  // Only where this user may take it (the server says: data-may-take, or a
  // streamed item's may_take), and Withdraw only on their own or as an admin.
  // Screen readers hear what arrives and who took what (a polite live region).
  var announcer = document.querySelector("[data-announce]");
  function announce(text) {
    if (!announcer) return;
    announcer.textContent = "";
    setTimeout(function () { announcer.textContent = text; }, 50);
  }
  function titleOf(li) { var title = li.querySelector(".title"); return title ? title.textContent : ""; }
  function applyAcknowledged(li, by, comment) {
    var shown = li.querySelector(".acknowledged-by");
    var before = shown.hidden ? "" : shown.textContent;
    if (by && "✓ " + by !== before && by !== "you") announce(say("acknowledgedBy", "{title}: acknowledged by {name}", { title: titleOf(li), name: by }));
    shown.textContent = by ? "✓ " + by : "";
    shown.title = comment || "";
    shown.hidden = !by;
    var mayTake = li.hasAttribute("data-may-take");
    var mine = by === "you" || by === list.dataset.me;
    li.querySelector("[data-when-open]").hidden = !!by || !mayTake;
    li.querySelector("[data-when-acknowledged]").hidden = !by || !mayTake || !(mine || list.hasAttribute("data-admin"));
  }
  function render(item) {
    var li = template.content.firstElementChild.cloneNode(true);
    var service = services[item.service_id] || { name: "", color: "888888" };
    li.dataset.id = item.id;
    li.classList.add("fresh");
    fill(li, item);
    var chip = li.querySelector(".chip");
    chip.style.setProperty("--chip", "#" + service.color);
    chip.querySelector("span").textContent = service.name;
    var time = li.querySelector("time");
    time.setAttribute("datetime", item.timestamp + "Z");
    var link = li.querySelector("a.link");
    if (/^https?:\/\//i.test(item.url || "")) { link.href = item.url; link.hidden = false; }
    li.querySelectorAll("input[name=id]").forEach(function (input) { input.value = item.id; });
    if (item.expires_at) li.dataset.expires = item.expires_at + "Z";
    li.classList.add("unread");
    localTimes(li);
    return li;
  }

  list.addEventListener("herald:done", function (event) {
    var li = event.target.closest("li");
    if (!li) return;
    var action = event.detail.action;
    if (action === "delete") remove(li);
    else if (action === "star" || action === "unstar") applyStarred(li, action === "star");
    // The answer names who holds it (someone else, if they were first); the
    // stream brings the same. Kept offline: this user's word until it is sent.
    else if (action === "acknowledge") applyAcknowledged(li, event.detail.by && event.detail.by !== list.dataset.me ? event.detail.by : "you", "");
    else if (action === "withdraw") applyAcknowledged(li, null, "");
    else applyRead(li, action === "read");
  });
  list.addEventListener("herald:taken", function (event) {
    var li = event.target.closest("li");
    if (li) applyAcknowledged(li, event.detail.by, "");
  });
  list.querySelectorAll("li[data-expires]").forEach(expireLater);
  var markAll = document.querySelector("form.mark-all");
  if (markAll) markAll.addEventListener("herald:done", function () {
    list.querySelectorAll("li.unread").forEach(function (li) { applyRead(li, true); });
    setUnread(0);
  });

  if (!window.EventSource) return;
  var source = new EventSource("/api/v2/users/user/notifications/stream?last_event_id=" + encodeURIComponent(position), { withCredentials: true });
  source.addEventListener("open", function () { if (status) { status.classList.add("on"); status.textContent = status.dataset.liveText || "Live"; } });
  source.addEventListener("error", function () { if (status) { status.classList.remove("on"); status.textContent = status.dataset.reconnectingText || "Reconnecting…"; } });
  source.addEventListener("notification", function (event) {
    var item = JSON.parse(event.data);
    var li = itemFor(item.id);
    if (li) { fill(li, item); applyRead(li, item.is_read); applyStarred(li, !!item.is_starred); return; }
    if (item.is_read) return;
    setUnread(unread() + 1);
    if (!firstPage || !matches(item)) return;
    var fresh = render(item);
    list.insertBefore(fresh, list.firstChild);
    announce("New" + (item.severity ? " " + item.severity : "") + ": " + (item.title || "") + (services[item.service_id] ? ", " + services[item.service_id].name : ""));
    expireLater(fresh);
    document.querySelector("[data-empty]").hidden = true;
  });
  source.addEventListener("removed", function (event) {
    var li = itemFor(JSON.parse(event.data).id);
    if (li) remove(li);
  });
})();
