"""Herald's web app in a real headless Chromium (Debian's chromium and
chromium-driver, driven by Selenium's WebDriver client) against a running
`herald serve`: sign in, live notifications, read state, subscriptions,
admin tasks, expiring items, Web Push to this browser, a wrong password
and CSRF refusals. Every page is saved as a
screenshot at desktop and phone width.

Run by scripts/browser-test, which starts the server and passes its address
in HERALD_URL, the admin's and a user's passwords, and where screenshots go.
"""
import base64
import http.server
import json
import os
import re
import ssl
import sys
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from selenium_axe_python import Axe
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = os.environ["HERALD_URL"].rstrip("/")
ADMIN_PASSWORD = os.environ["HERALD_ADMIN_PASSWORD"]
USER_PASSWORD = os.environ["HERALD_USER_PASSWORD"]
SHOTS = os.environ.get("HERALD_SCREENSHOTS", "")
# The push service's certificate and key (Herald trusts it through CA_BUNDLE_FILE).
PUSH_CERT = os.environ["HERALD_PUSH_CERT"]
PUSH_KEY = os.environ["HERALD_PUSH_KEY"]
DESKTOP = (1280, 860)
PHONE = (390, 844)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_window_size(*DESKTOP)
    return driver


def wait(driver, condition, what, timeout=10):
    def check(d):
        try:
            return condition(d)
        except WebDriverException as error:
            # Chromium's own word for a stale element, when the check reads
            # one while the page is replaced (a form's answer): not yet.
            if "does not belong to the document" in (error.msg or ""):
                return False
            raise
    try:
        # A page that reloads mid-check leaves stale elements: not yet.
        ignored = (NoSuchElementException, StaleElementReferenceException)
        return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=ignored).until(check)
    except Exception as error:
        raise AssertionError(f"timed out waiting for {what} on {driver.current_url}") from error


# Every page a test shows is checked with axe-core against WCAG 2.0 and 2.1
# A and AA, in light and in dark mode: a serious or critical violation
# fails the test that showed the page. axe-core comes bundled in PyPI's
# selenium-axe-python (axe 4.9), the maintained fork of axe-selenium-python,
# whose axe 3.1 (2018) knows no WCAG 2.1 rule.
AXE_FINDINGS = {}
# Pages no browser test can reach, and why (none now: the acknowledge page is
# reached through the link a Web Push carries, the same an email does).
UNCHECKED_PAGES = {
    # Made only from a chat service's signed call (a Slack signing secret, or a
    # button Herald signed): its card and one-button form are the acknowledge
    # link page's, which is checked.
    "chat-link": "needs a chat service's signed call",
}


def accessibility(driver, name, scheme):
    axe = Axe(driver)
    if not driver.execute_script("return typeof axe === 'object'"):
        axe.inject()
    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}
    started = time.monotonic()
    # axe.run's own promise, with its rejection answered too (a refused
    # option would otherwise look like a script timeout).
    results = driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; axe.run(document, arguments[0]).then(done, (error) => done({error: String(error)}))", options)
    assert "error" not in results, f"axe on {name}: {results.get('error')}"
    AXE_FINDINGS.setdefault("seconds", {})[f"{name} {scheme}"] = time.monotonic() - started
    AXE_FINDINGS.setdefault("version", results.get("testEngine", {}).get("version"))
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    for violation in results["violations"]:
        AXE_FINDINGS.setdefault(violation["impact"], set()).add(violation["id"])
    AXE_FINDINGS.setdefault("pages", set()).add(f"{name} ({scheme})")
    AXE_FINDINGS.setdefault("templates", set()).add(driver.execute_script("return document.body.dataset.page"))
    assert not bad, f"{name} in {scheme} mode: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {[node['target'] for node in v['nodes']][:5]}" for v in bad)


# The pages also shot in dark mode (every page is checked in both).
DARK_SHOTS = {"login", "inbox", "subscriptions", "profile", "oncall", "oncall-rota", "offline-starred", "back-online", "contact-rules-tested"} | {
    f"{page}-{language}" for page in ("inbox", "oncall") for language in ("en", "sv", "de", "fr")
}


# Every control a keyboard reaches shows where the focus is: after one real
# Tab (so the browser treats focus as the keyboard's), each focusable element
# is focused in turn and its ring (or, for a switch, its visible part's) read.
FOCUS_RINGS = """
const focusable = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter((e) => !e.disabled && e.getClientRects().length && getComputedStyle(e).visibility !== "hidden");
const missing = [];
let reached = 0;
for (const e of focusable) {
  e.focus();
  if (document.activeElement !== e) continue;
  reached++;
  const shown = e.matches(".switch input") ? e.nextElementSibling : e;
  const style = getComputedStyle(shown);
  if (!e.matches(":focus-visible") || style.outlineStyle === "none" || parseFloat(style.outlineWidth) < 2) missing.push(e.outerHTML.slice(0, 120));
}
if (document.activeElement) document.activeElement.blur();
return [reached, missing];
"""


# The order Tab should follow: the document's (no positive tabindex
# reorders it), one radio button per group (the checked one, else the
# first), nothing hidden; each element marked so the walk can name it.
TAB_ORDER = """
const all = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter((e) => !e.disabled && e.getClientRects().length && e.checkVisibility({ visibilityProperty: true }) && e.tabIndex >= 0);
const positive = all.filter((e) => e.tabIndex > 0).map((e) => e.outerHTML.slice(0, 100));
const groups = new Set();
const order = [];
for (const e of all) {
  if (e.matches("input[type=radio]") && e.name) {
    if (groups.has(e.name)) continue;
    groups.add(e.name);
    const checked = all.find((r) => r.matches("input[type=radio]") && r.name === e.name && r.checked);
    order.push(checked || e);
  } else order.push(e);
}
order.forEach((e, i) => e.setAttribute("data-tab-order", i));
// The walk starts from the top: a mark focused before everything (not
// itself in the order), as a page just opened starts.
const start = document.createElement("span");
start.tabIndex = -1;
start.id = "tab-walk-start";
document.body.prepend(start);
start.focus();
return [order.length, positive];
"""


def tab_walk(driver, name):
    """Presses Tab (as keystrokes, through DevTools) from the top of the
    page until the focus leaves it: each press must land on the next
    control in the document's order, none skipped, none a trap."""
    count, positive = driver.execute_script(TAB_ORDER)
    assert not positive, f"{name}: a positive tabindex reorders the page: {positive[:3]}"
    seen = []
    # A date or time input takes a Tab per field (day, month, hours…) and stays focused: counted once.
    for _ in range(4 * count + 2):
        for kind in ("rawKeyDown", "keyUp"):
            driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": kind, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9})
        at = driver.execute_script("const e = document.activeElement; return e && e !== document.body ? [e.getAttribute('data-tab-order'), e.outerHTML.slice(0, 100)] : null")
        if at is None:
            break
        if seen and seen[-1] == at and re.search(r'type="(time|date|datetime-local|month|week)"', at[1]):
            continue
        seen.append(at)
        if len(seen) >= count:
            break
    driver.execute_script("document.getElementById('tab-walk-start')?.remove()")
    got = [int(position) if position is not None else None for position, _ in seen]
    assert got == list(range(count)), f"{name}: Tab went {[html for _, html in seen][:12]}… ({got[:20]}), not the document's {count} controls in order"
    AXE_FINDINGS["tabbed"] = AXE_FINDINGS.get("tabbed", 0) + count


def focus_rings(driver, name):
    # A page whose window lost focus (after DevTools sessions of its own)
    # shows no focus at all: the check is of the page, not the window.
    driver.execute_cdp_cmd("Emulation.setFocusEmulationEnabled", {"enabled": True})
    tab_walk(driver, name)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    reached, missing = driver.execute_script(FOCUS_RINGS)
    assert reached > 0, f"{name}: no control took the focus (not even the skip link)"
    AXE_FINDINGS["focusable"] = AXE_FINDINGS.get("focusable", 0) + reached
    assert not missing, f"{name}: no visible focus on {missing[:5]}"


def screenshot(driver, name):
    """Checks the page with axe in light and dark mode; saves it (up to a
    limit) at desktop and at phone width, in dark mode too for DARK_SHOTS."""
    focus_rings(driver, name)
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        accessibility(driver, name, scheme)
        if SHOTS and (scheme == "light" or name in DARK_SHOTS):
            shoot(driver, name if scheme == "light" else f"{name}-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def shoot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    for label, (width, height) in (("desktop", DESKTOP), ("phone", PHONE)):
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": label == "phone"}
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        time.sleep(0.2)
        overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{name} scrolls sideways by {overflow}px at {label} width"
        full = driver.execute_script("return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(metrics, height=min(max(full, height), 2600)))
        time.sleep(0.2)
        driver.save_screenshot(os.path.join(SHOTS, f"{name}-{label}.png"))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def sign_in(driver, name, password, keyboard=False):
    driver.get(BASE + "/login")
    user = driver.find_element(By.ID, "username")
    if keyboard:
        # Only the keyboard: type, Tab to the password, Enter to submit.
        user.send_keys(name, Keys.TAB)
        driver.switch_to.active_element.send_keys(password, Keys.ENTER)
    else:
        user.send_keys(name)
        driver.find_element(By.ID, "password").send_keys(password)
        driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button[type=submit]").click()


def post_notification(service_id, title, subtitle="", expires_in=None):
    fields = {"title": title, "subtitle": subtitle, "url": "https://ess.eu/alarms"}
    if expires_in is not None:
        fields["expires_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + expires_in))
    body = json.dumps(fields).encode()
    request = urllib.request.Request(f"{BASE}/api/v2/services/{service_id}/notifications", data=body, headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201, response.status
        return json.load(response)["id"]


def register_devices(name, password, tokens):
    """Signs in through the API, as the phone app does, and registers its tokens."""
    form = urllib.parse.urlencode({"username": name, "password": password}).encode()
    with urllib.request.urlopen(urllib.request.Request(f"{BASE}/api/v2/login", data=form, method="POST"), timeout=10) as response:
        token = json.load(response)["access_token"]
    for device in tokens:
        request = urllib.request.Request(
            f"{BASE}/api/v2/users/user/device-token", data=json.dumps({"device_token": device}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status in (200, 201), response.status


def set_switch(driver, label, on):
    box = driver.find_element(By.CSS_SELECTOR, f"input[aria-label='{label}']")
    if box.is_selected() != on:
        # The switch's visible part is the span next to the hidden checkbox.
        box.find_element(By.XPATH, "following-sibling::span").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"input[aria-label='{label}']").is_selected() == on, f"{label} = {on}")
    # Saved: the form is busy until the server has answered.
    wait(driver, lambda d: box.find_element(By.XPATH, "ancestor::form").get_attribute("aria-busy") is None, f"{label} saved")


def unbase64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A browser vendor's push service, as far as Herald sees one: HTTPS,
    takes what is posted to a subscription's endpoint and keeps it. What it
    got is checked by the test with libraries of its own (cryptography for
    the VAPID signature, http_ece for RFC 8291), not with Herald's code."""

    def __init__(self):
        received = self.received = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                received.append((self.path, dict(self.headers), body))
                # RFC 8030 section 5.2: TTL is required; push services answer 400 without it.
                if not self.headers.get("TTL", "").isdigit():
                    self.send_response(400)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(PUSH_CERT, PUSH_KEY)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


# Stands in for PushManager.subscribe, the one step that needs the browser
# vendor's push service (Chromium's is Google's, out of reach here): a real
# P-256 key pair and auth secret made with WebCrypto, as a browser makes
# them, and an endpoint at the tests' push service. The private key goes to
# localStorage so the test can decrypt what the push service receives.
SUBSCRIBE_STUB = """
const endpoint = arguments[0];
PushManager.prototype.subscribe = async function (options) {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const keys = { p256dh: b64(publicKey), auth: b64(auth) };
  localStorage.setItem("herald-test-push", JSON.stringify({ d: jwk.d, keys, serverKey: b64(new Uint8Array(options.applicationServerKey)) }));
  return { endpoint, toJSON: () => ({ endpoint, keys }) };
};
"""

# Whether herald-sw.js has a registration whose worker is active.
WORKER_ACTIVATED = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistrations()
  .then((registrations) => done(registrations.some((r) => r.active && r.active.state === "activated")), () => done(false));
"""

# The notifications the service worker shows (title, body, tag, its link).
# Its scope is /static/, so the profile page asks every registration.
SHOWN_NOTIFICATIONS = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistrations()
  .then((registrations) => Promise.all(registrations.map((registration) => registration.getNotifications())))
  .then((lists) => done(lists.flat().map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url,
    actions: (n.actions || []).map((a) => a.action) }))), () => done([]));
"""

# In the service worker itself: what tapping a notification's action does.
# Only a worker can make a NotificationEvent, and no CDP command clicks a
# notification, so the test dispatches one there (the worker's listener
# runs as for a real tap; its waitUntil refuses an untrusted event, after
# the fetch it was given has started).
CLICK_ACTION = """
self.registration.getNotifications().then((list) => {
  const shown = list.find((n) => n.data && n.data.acknowledge);
  if (!shown) return "no notification with the action";
  self.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown, action: "acknowledge" }));
  return "clicked";
})
"""


def in_service_worker(driver, expression):
    """Evaluates `expression` in herald-sw.js's worker, over the DevTools
    protocol of the browser the driver runs (its own target, not the page's)."""
    reply = worker_commands(driver, [("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})])[-1]
    return reply.get("result", {}).get("result", {}).get("value")


def worker_session(driver):
    """A DevTools connection to herald-sw.js's own target."""
    import websocket
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as response:
        targets = json.load(response)
    worker = next((t for t in targets if t.get("type") == "service_worker" and t.get("url", "").endswith("/herald-sw.js")), None)
    assert worker, f"no service worker target among {[t.get('type') for t in targets]}"
    return websocket.create_connection(worker["webSocketDebuggerUrl"], timeout=10, suppress_origin=True)


def send_commands(connection, commands):
    replies = []
    for number, (method, params) in enumerate(commands, start=1):
        connection.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            reply = json.loads(connection.recv())
            if reply.get("id") == number:
                assert "error" not in reply, f"{method}: {reply['error']}"
                replies.append(reply)
                break
    return replies


def worker_commands(driver, commands):
    """Sends DevTools commands to herald-sw.js's own target, in order;
    returns their replies."""
    connection = worker_session(driver)
    try:
        return send_commands(connection, commands)
    finally:
        connection.close()


def set_offline(driver, offline):
    """DevTools' network emulation, for the page and for its service worker
    (a target of its own, whose fetches the page's emulation does not
    cover). Emulation lasts as long as the session that set it, so the
    worker's stays open until the network comes back."""
    conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    held = STATE.pop("worker_session", None)
    if held is not None:
        held.close()
    if offline:
        connection = worker_session(driver)
        send_commands(connection, [("Network.enable", {}), ("Network.emulateNetworkConditions", conditions)])
        STATE["worker_session"] = connection


def api(token, method, path, body=None):
    request = urllib.request.Request(BASE + path, data=None if body is None else json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read()
        return json.loads(text) if text else None


def api_login(name, password):
    form = urllib.parse.urlencode({"username": name, "password": password}).encode()
    with urllib.request.urlopen(urllib.request.Request(f"{BASE}/api/v2/login", data=form, method="POST"), timeout=10) as response:
        return json.load(response)["access_token"]


def png_size(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.headers["Content-Type"] == "image/png", response.headers["Content-Type"]
        head = response.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", url
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def check_vapid(authorization, server_key, audience):
    """`vapid t=<JWT>, k=<key>`: the key is the one the browser was given,
    the JWT is ES256-signed by it for the push service's origin, unexpired."""
    assert authorization.startswith("vapid t="), authorization
    token, key = authorization[len("vapid t="):].split(", k=")
    assert key == server_key, "VAPID key is the applicationServerKey the page subscribed with"
    header, claims, signature = token.split(".")
    raw = unbase64url(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unbase64url(key))
    try:
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                      f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID JWT's signature does not verify")
    assert json.loads(unbase64url(header)) == {"typ": "JWT", "alg": "ES256"}, unbase64url(header)
    claims = json.loads(unbase64url(claims))
    assert claims["aud"] == audience, claims
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600, claims
    assert claims["sub"].startswith("mailto:"), claims


STATE = {}


def test_wrong_password_shows_an_error(driver):
    driver.get(BASE + "/login")
    screenshot(driver, "login")
    sign_in(driver, "admin", "not the password")
    alert = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[role=alert]"), "the error")
    assert "Incorrect username or password" in alert.text, alert.text
    assert driver.find_element(By.ID, "username").get_attribute("value") == "admin"
    screenshot(driver, "login-error")


def test_admin_creates_a_service_and_a_token(driver):
    sign_in(driver, "admin", ADMIN_PASSWORD, keyboard=True)
    wait(driver, lambda d: d.current_url.endswith("/inbox"), "the inbox after signing in")
    driver.get(BASE + "/admin/services")
    driver.find_element(By.ID, "category").send_keys("Beam alarms")
    driver.find_element(By.ID, "owner").send_keys("Accelerator operations")
    driver.execute_script("document.getElementById('color').value = '#c2410c'")
    driver.find_element(By.CSS_SELECTOR, "form[action='/admin/services'] button.primary").click()
    wait(driver, lambda d: "/admin/services/" in d.current_url, "the new service's page")
    service_id = re.search(r"/admin/services/([0-9a-f-]{36})", driver.current_url).group(1)
    assert "Created." in driver.page_source
    STATE["service"] = service_id
    # A second service, so pages show more than one.
    driver.get(BASE + "/admin/services")
    driver.find_element(By.ID, "category").send_keys("Cryogenics")
    driver.find_element(By.ID, "owner").send_keys("Cryo team")
    driver.find_element(By.CSS_SELECTOR, "form[action='/admin/services'] button.primary").click()
    wait(driver, lambda d: "/admin/services/" in d.current_url, "the second service's page")
    STATE["second"] = re.search(r"/admin/services/([0-9a-f-]{36})", driver.current_url).group(1)
    driver.get(f"{BASE}/admin/services/{service_id}")
    driver.find_element(By.ID, "token-name").send_keys("alertmanager")
    driver.find_element(By.CSS_SELECTOR, f"form[action='/admin/services/{service_id}/tokens'] button").click()
    token = wait(driver, lambda d: d.find_element(By.ID, "new-token"), "the new token").text
    assert re.fullmatch(r"hrld_[0-9a-f]{64}", token), token
    screenshot(driver, "admin-token-created")
    # The token works: a post from outside the allowlist... here, with the token.
    request = urllib.request.Request(
        f"{BASE}/api/v2/services/{service_id}/notifications", data=json.dumps({"title": "Posted with a token"}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
    driver.get(f"{BASE}/admin/services/{service_id}")
    assert "alertmanager" in driver.page_source and token not in driver.page_source, "a token is shown once"
    screenshot(driver, "admin-service")
    driver.get(BASE + "/admin/services")
    screenshot(driver, "admin-services")


def test_user_subscribes_and_sees_notifications_live(driver):
    sign_in(driver, "ann", USER_PASSWORD)
    wait(driver, lambda d: d.current_url.endswith("/inbox"), "the inbox")
    driver.get(BASE + "/subscriptions")
    set_switch(driver, "Subscribed to Beam alarms", True)
    set_switch(driver, "Subscribed to Cryogenics", True)
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, "input[aria-label='Subscribed to Beam alarms']").is_selected(), "the switch was saved"
    screenshot(driver, "subscriptions")

    # Ann's phone and tablet, so the notifications are pushed (and reported).
    register_devices("ann", USER_PASSWORD, ["a1b2c3d4" * 8, "fcm-token:" + "APA91b" * 24])
    driver.get(BASE + "/inbox")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".live").text == "Live", "the live stream")
    for title, subtitle in [("Cryo plant pressure high", "Cold box 2 at 1.9 bar"), ("Vacuum interlock in sector 7", "")]:
        post_notification(STATE["second"] if title.startswith("Cryo") else STATE["service"], title, subtitle)
    started = time.monotonic()
    STATE["beam"] = post_notification(STATE["service"], "Beam lost in the linac", "Ring current dropped to 0 mA")
    wait(driver, lambda d: "Beam lost in the linac" in d.find_element(By.CSS_SELECTOR, "ul.inbox").text, "the notification to appear without a reload")
    print(f"    live: the notification appeared {1000 * (time.monotonic() - started):.0f} ms after the post")
    # Screen readers hear it: the inbox's polite live region says what arrived.
    wait(driver, lambda d: "New: Beam lost in the linac, Beam alarms" in d.find_element(By.CSS_SELECTOR, "[data-announce]").get_attribute("textContent"),
         "the arrival announced")
    wait(driver, lambda d: d.title.startswith("(3) Inbox"), "the unread count in the title")
    item = driver.find_element(By.CSS_SELECTOR, f"li[data-id='{STATE['beam']}']")
    assert "unread" in item.get_attribute("class")
    assert "Beam alarms" in item.text, item.text
    screenshot(driver, "inbox")

    # Mark read: the marker goes, the count drops, and the server agrees.
    item.find_element(By.CSS_SELECTOR, "button[value=read]").click()
    wait(driver, lambda d: "unread" not in d.find_element(By.CSS_SELECTOR, f"li[data-id='{STATE['beam']}']").get_attribute("class"), "the item read")
    wait(driver, lambda d: d.title.startswith("(2) Inbox"), "the title's count to drop")
    driver.refresh()
    assert "unread" not in driver.find_element(By.CSS_SELECTOR, f"li[data-id='{STATE['beam']}']").get_attribute("class")
    driver.get(BASE + "/inbox?state=unread")
    assert "Beam lost in the linac" not in driver.find_element(By.CSS_SELECTOR, "main").text

    # Star it: the button turns into "Starred", and the Starred list holds it alone.
    driver.get(BASE + "/inbox")
    item = driver.find_element(By.CSS_SELECTOR, f"li[data-id='{STATE['beam']}']")
    item.find_element(By.CSS_SELECTOR, "button[value=star]").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"li[data-id='{STATE['beam']}'] button[value=unstar]").is_displayed(), "the Starred button")
    assert not item.find_element(By.CSS_SELECTOR, "button[value=star]").is_displayed()
    driver.get(BASE + "/inbox?state=starred")
    starred = driver.find_element(By.CSS_SELECTOR, "ul.inbox").text
    assert "Beam lost in the linac" in starred and "Cryo plant pressure high" not in starred, starred


def test_the_inbox_by_keyboard_alone(driver):
    # Only the keyboard: the skip link comes first and shows when focused,
    # every control after it is reached by Tab with a visible focus ring,
    # and Enter works the first item's read button.
    driver.get(BASE + "/inbox")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".live").text == "Live", "the live stream")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    skip = driver.switch_to.active_element
    assert skip.get_attribute("class") == "skip" and skip.is_displayed(), skip.get_attribute("outerHTML")
    assert skip.rect["x"] >= 0 and skip.rect["y"] >= 0 and skip.rect["x"] + skip.rect["width"] <= DESKTOP[0], ("the skip link in view when focused", skip.rect)
    first = driver.find_element(By.CSS_SELECTOR, "ul.inbox li[data-id]")
    wanted = "read" if "unread" in first.get_attribute("class") else "unread"
    for presses in range(1, 60):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        focused = driver.switch_to.active_element
        style = driver.execute_script("const s = getComputedStyle(arguments[0]); return [s.outlineStyle, parseFloat(s.outlineWidth)]", focused)
        assert style[0] != "none" and style[1] >= 2, f"no visible focus on {focused.get_attribute('outerHTML')[:120]}: {style}"
        if focused.get_attribute("value") == wanted and focused.find_element(By.XPATH, "ancestor::li").get_attribute("data-id") == first.get_attribute("data-id"):
            break
    else:
        raise AssertionError(f"Tab never reached the first item's {wanted} button")
    focused.send_keys(Keys.ENTER)
    item = first.get_attribute("data-id")
    wait(driver, lambda d: ("unread" in d.find_element(By.CSS_SELECTOR, f"li[data-id='{item}']").get_attribute("class")) == (wanted == "unread"),
         f"the item marked {wanted} from the keyboard")
    print(f"    keyboard: the first item's {wanted} button after {presses} presses of Tab past the skip link")


def test_user_unsubscribes_and_hears_no_more(driver):
    driver.get(BASE + "/subscriptions")
    set_switch(driver, "Subscribed to Beam alarms", False)
    driver.refresh()
    assert not driver.find_element(By.CSS_SELECTOR, "input[aria-label='Subscribed to Beam alarms']").is_selected()
    driver.get(BASE + "/inbox")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".live").text == "Live", "the live stream")
    post_notification(STATE["service"], "Not for ann")
    post_notification(STATE["second"], "Still for ann")
    wait(driver, lambda d: "Still for ann" in d.find_element(By.CSS_SELECTOR, "ul.inbox").text, "the subscribed service's notification")
    assert "Not for ann" not in driver.find_element(By.CSS_SELECTOR, "ul.inbox").text
    driver.get(BASE + "/profile")
    assert "ann" in driver.find_element(By.CSS_SELECTOR, "main").text
    screenshot(driver, "profile")


def test_expired_notifications_leave_the_open_inbox(driver):
    # One on the page when it loads, one arriving live: both leave at their
    # expiry without a reload; one without an expiry stays.
    kept = post_notification(STATE["second"], "Shift handover at 15:00")
    loaded = post_notification(STATE["second"], "Crane moving in hall 2", expires_in=8)
    driver.get(BASE + "/inbox")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".live").text == "Live", "the live stream")
    assert driver.find_element(By.CSS_SELECTOR, f"li[data-id='{loaded}']").get_attribute("data-expires"), "the item carries its expiry"
    live = post_notification(STATE["second"], "Door 3 open for delivery", expires_in=5)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"li[data-id='{live}']"), "the expiring notification to arrive")
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, f"li[data-id='{live}'], li[data-id='{loaded}']"), "both to leave at their expiry", timeout=30)
    assert driver.find_elements(By.CSS_SELECTOR, f"li[data-id='{kept}']"), "the one without an expiry stays"
    driver.refresh()
    assert not driver.find_elements(By.CSS_SELECTOR, f"li[data-id='{live}'], li[data-id='{loaded}']"), "the server agrees"


def test_web_push_in_this_browser(driver):
    # The profile's switch registers this browser; a post to a service ann
    # follows is pushed to its endpoint, encrypted for it; decrypted, it is
    # what was posted, and the page's service worker shows it.
    push = PushService()
    try:
        endpoint = f"https://localhost:{push.port}/push/ann-browser"
        driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": BASE, "permissions": ["notifications"]})
        driver.get(BASE + "/profile")
        card = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-webpush]:not([hidden])"), "the Notify me in this browser card")
        driver.execute_script(SUBSCRIBE_STUB, endpoint)
        card.find_element(By.CSS_SELECTOR, "button").click()
        wait(driver, lambda d: "Browser (Web Push)" in d.find_element(By.CSS_SELECTOR, "main").text, "the browser among the devices")
        subscription = json.loads(driver.execute_script("return localStorage.getItem('herald-test-push')"))
        with urllib.request.urlopen(BASE + "/api/v2/webpush/public-key", timeout=10) as response:
            assert json.load(response)["public_key"] == subscription["serverKey"], "subscribed with the server's VAPID key"

        notification = post_notification(STATE["second"], "Helium recovery full", "Tank 2 at 98 %")
        wait(driver, lambda d: push.received, "the push at the endpoint", timeout=20)
        path, headers, body = push.received[0]
        assert path == "/push/ann-browser", path
        assert headers.get("Content-Encoding") == "aes128gcm", headers
        assert int(headers.get("TTL", "-1")) > 0, headers
        check_vapid(headers["Authorization"], subscription["serverKey"], f"https://localhost:{push.port}")
        private = ec.derive_private_key(int.from_bytes(unbase64url(subscription["d"]), "big"), ec.SECP256R1())
        plaintext = http_ece.decrypt(body, private_key=private, auth_secret=unbase64url(subscription["keys"]["auth"]), version="aes128gcm")
        payload = json.loads(plaintext)
        assert payload["title"] == "Helium recovery full" and payload["body"] == "Tank 2 at 98 %", payload
        assert payload["notification_id"] == notification and payload["url"] == "https://ess.eu/alarms", payload
        assert payload["acknowledge"].startswith("/api/v2/acknowledge/"), payload
        print(f"    web push: {len(body)} encrypted bytes, decrypted to {payload['title']!r}")
        # The same link as a page (the one an email carries): shown, not yet
        # acted on (only its button posts), and checked like every page.
        driver.get(BASE + payload["acknowledge"].replace("/api/v2/acknowledge/", "/acknowledge/", 1))
        assert "Helium recovery full" in driver.find_element(By.CSS_SELECTOR, "main").text
        screenshot(driver, "acknowledge-link")
        driver.get(BASE + "/profile")

        # What the browser would do with it: the push event in the page's
        # service worker (herald-sw.js), which shows the notification.
        # register() answers before the worker is active, and a push given
        # to a worker still installing is lost, so wait for "activated".
        # Chromium numbers registrations from 0 in a fresh profile, and CDP
        # accepts an id whose worker cannot take the push yet, so deliver
        # again until it shows (the same tag replaces, never doubles).
        wait(driver, lambda d: d.execute_async_script(WORKER_ACTIVATED), "the service worker to activate", timeout=20)
        driver.execute_cdp_cmd("ServiceWorker.enable", {})

        def delivered_and_shown(d):
            for registration in range(5):
                try:
                    d.execute_cdp_cmd("ServiceWorker.deliverPushMessage", {"origin": BASE + "/", "registrationId": str(registration), "data": plaintext.decode()})
                except Exception:
                    continue
            time.sleep(0.3)
            return d.execute_async_script(SHOWN_NOTIFICATIONS)

        shown = wait(driver, delivered_and_shown, "the service worker to show the notification", timeout=20)
        assert shown[0]["title"] == "Helium recovery full" and shown[0]["body"] == "Tank 2 at 98 %", shown
        assert shown[0]["tag"] == f"herald-{notification}" and shown[0]["url"] == "https://ess.eu/alarms", shown
        assert shown[0]["actions"] == ["acknowledge"], shown

        # "Acknowledge" tapped on the notification (no page open, no
        # session: the link in the payload is the credential): everyone's
        # inbox shows ann took it.
        assert in_service_worker(driver, CLICK_ACTION) == "clicked"
        driver.get(BASE + "/inbox")
        wait(driver, lambda d: "✓ ann" in d.find_element(By.CSS_SELECTOR, f"li[data-id='{notification}']").text,
             "the acknowledgement from the notification's action", timeout=20)
        screenshot(driver, "acknowledged-from-notification")
        print("    web push: acknowledged from the notification's action")

        # The acknowledgement withdraws the alarm from every browser that
        # holds it: a second push, which the worker turns into a quiet
        # "Taken" line under the same tag (the alarm itself is gone).
        wait(driver, lambda d: len(push.received) >= 2, "the withdrawal at the endpoint", timeout=20)
        withdrawal = json.loads(http_ece.decrypt(push.received[1][2], private_key=private, auth_secret=unbase64url(subscription["keys"]["auth"]), version="aes128gcm"))
        assert withdrawal["withdraw"] is True and withdrawal["notification_id"] == notification, withdrawal
        assert push.received[1][1].get("Urgency") == "normal", push.received[1][1]

        def withdrawn(d):
            for registration in range(5):
                try:
                    d.execute_cdp_cmd("ServiceWorker.deliverPushMessage", {"origin": BASE + "/", "registrationId": str(registration), "data": json.dumps(withdrawal)})
                except Exception:
                    continue
            time.sleep(0.3)
            now_shown = d.execute_async_script(SHOWN_NOTIFICATIONS)
            return now_shown if any(n["title"].startswith("Taken: ") for n in now_shown) else None

        after = wait(driver, withdrawn, "the service worker to take the alarm down", timeout=20)
        assert [n["title"] for n in after] == ["Taken: Helium recovery full"], after
        assert after[0]["tag"] == f"herald-{notification}" and after[0]["actions"] == [], after
        print("    web push: the acknowledgement withdrew the alarm from the browser")
    finally:
        push.close()


def test_posts_without_the_csrf_token_are_refused(driver):
    # A script on the page that leaves the token out.
    status = driver.execute_async_script(
        "var done = arguments[0]; fetch('/subscriptions', {method: 'POST', credentials: 'same-origin', headers: {'Content-Type': 'application/x-www-form-urlencoded'},"
        " body: 'service=" + STATE["second"] + "&subscribed=off'}).then(function (r) { done(r.status); });")
    assert status == 403, status
    # Another site's page that posts a form to Herald with the user's cookies.
    evil = f"""<!doctype html><form id=f method=post action="{BASE}/subscriptions"><input name=service value="{STATE['second']}"><input name=subscribed value=off></form>
<script>document.getElementById('f').submit()</script>"""

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(evil.encode())

        def log_message(self, *args):
            pass

    # Threaded: Chromium's idle preconnections must not hold up the one that counts.
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Evil)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
        wait(driver, lambda d: d.current_url.startswith(BASE), "the forged post")
        assert "did not come from Herald" in driver.page_source, driver.page_source[:500]
        screenshot(driver, "error-csrf")
    finally:
        server.shutdown()
    driver.get(BASE + "/subscriptions")
    assert driver.find_element(By.CSS_SELECTOR, "input[aria-label='Subscribed to Cryogenics']").is_selected(), "nothing changed"


def test_admin_makes_a_rota_an_override_and_an_escalation_policy(driver):
    # Issue 26: a rota made in its form, drawn as a calendar on the server,
    # an override shown hatched and in the iCalendar feed, and a service's
    # escalation policy set in its form.
    driver.get(BASE + "/oncall")
    form = driver.find_element(By.CSS_SELECTOR, "form[action='/oncall/rotas']")
    form.find_element(By.NAME, "name").send_keys("Control room")
    form.find_element(By.NAME, "members").send_keys("ann, admin")
    # 15 days ago: at any hour of today, two whole weeks and less than three
    # have passed since the first hand-off, so ann (first) is on call now. (14
    # days ago made it admin's turn until today's hand-off hour.)
    started = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 15 * 86400))
    driver.execute_script("document.querySelector(\"input[name='starts_on']\").value = arguments[0]", started)
    form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
    wait(driver, lambda d: "Created." in d.page_source, "the new rota")
    calendar = driver.find_element(By.CSS_SELECTOR, "svg.rota-calendar")
    assert len(calendar.find_elements(By.CSS_SELECTOR, "rect[fill='#2563eb']")) >= 7, "ann's weeks drawn"
    assert calendar.find_elements(By.CSS_SELECTOR, "rect.today")
    legend = driver.find_element(By.CSS_SELECTOR, ".legend").text
    assert "ann" in legend and "admin" in legend, legend
    # Ann covers tomorrow (local wall time in the rota's zone).
    tomorrow = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 86400))
    after = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 2 * 86400))
    form = driver.find_element(By.CSS_SELECTOR, "form[action$='/overrides']")
    form.find_element(By.NAME, "username").send_keys("admin")
    driver.execute_script("document.querySelector(\"input[name='from']\").value = arguments[0]", tomorrow + "T09:00")
    driver.execute_script("document.querySelector(\"input[name='until']\").value = arguments[0]", after + "T09:00")
    form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
    wait(driver, lambda d: "Saved." in d.page_source, "the override")
    assert driver.find_elements(By.CSS_SELECTOR, "svg.rota-calendar rect[fill='url(#covering)']"), "the covering day is hatched"
    screenshot(driver, "oncall-rota")
    # The rota's feed address is shown once, when an admin makes it (issue 39).
    driver.find_element(By.CSS_SELECTOR, "button[data-new-feed]").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "code[data-feed]"), "the new feed address")
    screenshot(driver, "oncall-feed-created")
    feed_link = driver.find_element(By.CSS_SELECTOR, "code[data-feed]").text.strip()
    assert feed_link.startswith(BASE + "/api/v2/calendar/"), feed_link
    with urllib.request.urlopen(feed_link) as response:
        feed = response.read().decode()
        assert response.headers["Content-Type"].startswith("text/calendar")
    assert feed.startswith("BEGIN:VCALENDAR") and "(covering)" in feed, feed[:300]
    driver.get(BASE + "/oncall")
    assert "Control room" in driver.find_element(By.CSS_SELECTOR, "main table").text
    screenshot(driver, "oncall")
    # The service's policy: the rota's person, then the subscribers. The
    # form shows every step and target plus one empty of each (issue 39):
    # fill the empty step, save, and the page offers the next.
    driver.get(f"{BASE}/admin/services/{STATE['service']}/escalation")
    from selenium.webdriver.support.ui import Select
    assert not driver.find_elements(By.NAME, "step1.target0"), "one empty step on a service with no policy"
    Select(driver.find_element(By.NAME, "step0.target0")).select_by_visible_text("On call for Control room")
    wait_field = driver.find_element(By.NAME, "step0.wait")
    wait_field.clear()
    wait_field.send_keys("120")
    driver.find_element(By.CSS_SELECTOR, "form[action$='/escalation'] button[type='submit']").click()
    wait(driver, lambda d: "Saved." in d.page_source, "the first step")
    Select(driver.find_element(By.NAME, "step1.target0")).select_by_visible_text("The subscribers")
    driver.find_element(By.CSS_SELECTOR, "form[action$='/escalation'] button[type='submit']").click()
    wait(driver, lambda d: "Saved." in d.page_source and d.find_elements(By.NAME, "step2.target0"), "the second step")
    assert Select(driver.find_element(By.NAME, "step0.target0")).first_selected_option.text == "On call for Control room"
    assert Select(driver.find_element(By.NAME, "step0.target1")).first_selected_option.text == "—", "an empty target to add"
    assert Select(driver.find_element(By.NAME, "step1.target0")).first_selected_option.text == "The subscribers"
    assert driver.find_element(By.NAME, "step0.wait").get_attribute("value") == "120"
    screenshot(driver, "admin-escalation")
    # A policy that calls nobody known is refused with the step named, and
    # what was typed stays on the page.
    Select(driver.find_element(By.NAME, "step2.target0")).select_by_visible_text("A person (username)")
    driver.find_element(By.NAME, "step2.username0").send_keys("nobody-here")
    driver.find_element(By.CSS_SELECTOR, "form[action$='/escalation'] button[type='submit']").click()
    wait(driver, lambda d: "No account is called nobody-here" in d.page_source, "the refusal")
    assert "Step 3, target 1" in driver.find_element(By.CSS_SELECTOR, "[role='alert']").text
    assert driver.find_element(By.NAME, "step2.username0").get_attribute("value") == "nobody-here"


def test_admin_pages_the_rota_from_the_on_call_page(driver):
    # Issue 41: the on-call page's button pages the rota: ann, on call this
    # week, is called at once (her inbox, next test), the page escalates
    # like any alarm and is acknowledged like one.
    driver.get(BASE + "/oncall")
    driver.find_element(By.LINK_TEXT, "Control room").click()
    form = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "form[data-page-rota]"), "the page form")
    form.find_element(By.NAME, "title").send_keys("Cryo plant trip")
    form.find_element(By.NAME, "message").send_keys("Need someone on site")
    assert Select(form.find_element(By.NAME, "severity")).first_selected_option.text == "critical"
    screenshot(driver, "oncall-page-rota")
    STATE["paged_at"] = time.monotonic()
    form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
    wait(driver, lambda d: "Paged:" in d.page_source, "the page sent")
    driver.get(BASE + "/admin/audit")
    assert "page.sent" in driver.find_element(By.CSS_SELECTOR, "main table").text


def test_user_on_call_takes_the_page(driver):
    # Ann's browser: the page is in her inbox within seconds, and she takes it.
    def shown(d):
        d.get(BASE + "/inbox")
        items = [li for li in d.find_elements(By.CSS_SELECTOR, "li[data-id]") if "Cryo plant trip" in li.text]
        return items[0] if items else None
    item = wait(driver, shown, "the page in the on-call person's inbox", timeout=20)
    print(f"    the page reached ann's inbox {time.monotonic() - STATE['paged_at']:.1f} s after the click (with page loads)")
    assert "Paged by admin" in item.text, item.text
    item.find_element(By.CSS_SELECTOR, "button[value='acknowledge']").click()
    page_id = item.get_attribute("data-id")
    # "✓ you" from the button's answer, or "✓ ann" once the stream brings
    # her name: which comes last is a race (the stream's can beat the fetch's).
    wait(driver, lambda d: re.search(r"✓ (you|ann)\b", d.find_element(By.CSS_SELECTOR, f"li[data-id='{page_id}']").text),
         "ann's acknowledgement")
    screenshot(driver, "oncall-page-taken")


def test_the_installed_app_reads_and_acknowledges_offline(driver):
    # Issue 43: the web app is installable (a manifest Chromium reads without
    # errors, icons of the sizes it names, the worker at the root scope), and
    # offline it shows the inbox and a starred item from the worker's copies
    # within a second; an acknowledgement made offline is kept, sent when back
    # online, and reaches the server and the other recipients; one that came
    # too late is answered as someone else's.
    admin = api_login("admin", ADMIN_PASSWORD)
    api(admin, "PATCH", "/api/v2/users/user/services", [{"id": STATE["second"], "is_subscribed": True}])
    kept = post_notification(STATE["second"], "Cold box 1 filter log", "Keep for the shift")
    alarm = post_notification(STATE["second"], "Helium compressor 3 tripped", "Suction pressure falling")
    late = post_notification(STATE["second"], "Purifier 2 regeneration stuck", "Heater off")
    driver.get(BASE + "/inbox")
    driver.find_element(By.CSS_SELECTOR, f"li[data-id='{kept}'] button[value=star]").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"li[data-id='{kept}'] button[value=unstar]").is_displayed(), "the star")

    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["url"] == BASE + "/static/manifest.webmanifest" and not manifest["errors"], manifest
    data = json.loads(manifest["data"])
    assert data["display"] == "standalone" and data["start_url"] == "/inbox" and data["scope"] == "/", data
    sizes = {icon["sizes"]: icon for icon in data["icons"] if icon["type"] == "image/png"}
    for size in ("192x192", "512x512"):
        width, height = png_size(BASE + sizes[size]["src"])
        assert f"{width}x{height}" == size, (size, width, height)
    assert any(icon.get("purpose") == "maskable" for icon in data["icons"]), data["icons"]
    installability = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert not installability, installability
    scope = driver.execute_async_script(
        "const done = arguments[0]; navigator.serviceWorker.ready.then((r) => done(r.scope + ' ' + (r.active && r.active.scriptURL)))")
    assert scope == f"{BASE}/ {BASE}/static/herald-sw.js", scope
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the worker to control the page")

    # The copies: this visit's inbox, and the starred view the worker fetched after the star.
    def copies(d):
        return d.execute_async_script("""
            const done = arguments[0];
            caches.open("herald-pages-1").then((cache) => Promise.all(["/inbox", "/inbox?state=starred"].map(
                (path) => cache.match(path).then((hit) => hit ? hit.text() : "")))).then(done, () => done(["", ""]));""")
    driver.get(BASE + "/inbox")
    wait(driver, lambda d: all(f'data-id="{alarm}"' in page for page in copies(d)[:1]) and f'data-id="{kept}"' in copies(d)[1],
         "the worker's copies of the inbox and the starred view", timeout=15)

    set_offline(driver, True)
    # Posted now, so a page from the network would show it and the copy cannot.
    unseen = post_notification(STATE["second"], "Posted while ann is offline")
    for path, wanted in (("/inbox", alarm), ("/inbox?state=starred", kept)):
        driver.get(BASE + path)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-copy]"), f"the offline copy of {path}", timeout=5)
        assert driver.find_elements(By.CSS_SELECTOR, f"li[data-id='{wanted}']"), f"{wanted} in the copy of {path}"
        assert not driver.find_elements(By.CSS_SELECTOR, f"li[data-id='{unseen}']"), "the page came from the network"
        # The page's own timing (not Selenium's round trips): from the navigation's start to its content loaded.
        shown = driver.execute_script("const n = performance.getEntriesByType('navigation')[0]; return n.domContentLoadedEventEnd - n.startTime")
        assert 0 < shown < 1000, f"{path} took {shown:.0f} ms offline"
        print(f"    offline: {path} shown from the worker's copy in {shown:.0f} ms")
    screenshot(driver, "offline-starred")
    driver.get(BASE + "/inbox")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-offline-copy]"), "the offline inbox")
    for notification in (alarm, late):
        driver.find_element(By.CSS_SELECTOR, f"li[data-id='{notification}'] button[value=acknowledge]").click()
    wait(driver, lambda d: "2 changes made offline" in d.find_element(By.ID, "outbox-notice").text, "the changes kept offline")
    assert "✓ you" in driver.find_element(By.CSS_SELECTOR, f"li[data-id='{alarm}']").text
    screenshot(driver, "offline-acknowledged")
    inbox = {item["id"]: item for item in api(admin, "GET", "/api/v2/users/user/notifications?limit=50")}
    assert inbox[alarm].get("acknowledged_by") is None, "nothing reached the server while offline"
    # Meanwhile someone else takes the second alarm.
    api(admin, "POST", f"/api/v2/users/user/notifications/{late}/acknowledge", {})

    set_offline(driver, False)
    def acknowledged(_):
        items = {item["id"]: item for item in api(admin, "GET", "/api/v2/users/user/notifications?limit=50")}
        return items[alarm].get("acknowledged_by") == "ann" and items[late].get("acknowledged_by") == "admin"
    wait(driver, acknowledged, "ann's acknowledgement, sent when back online, in the other recipient's inbox", timeout=30)
    answer = wait(driver, lambda d: d.find_element(By.ID, "outbox-answer"), "the answer to the late acknowledgement")
    assert "admin acknowledged “Purifier 2 regeneration stuck” first" in answer.text, answer.text
    wait(driver, lambda d: d.find_element(By.ID, "outbox-notice").get_attribute("hidden") is not None, "no change left to send")
    assert "✓ admin" in driver.find_element(By.CSS_SELECTOR, f"li[data-id='{late}']").text
    # The live stream, reconnected (EventSource retries after the network's
    # errors), puts what was posted meanwhile at the top of the list. Waited
    # for before the Tab walk: an item arriving during it would be controls
    # the walk had not marked.
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"li[data-id='{unseen}']"), "the live stream's catch-up after coming back online", timeout=20)
    screenshot(driver, "back-online")
    driver.get(BASE + "/inbox")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-offline-copy]") and driver.find_elements(By.CSS_SELECTOR, f"li[data-id='{unseen}']"), \
        "online again, the page comes from the network"

    # Signing out leaves nothing of ann's in this browser: the worker's copies
    # and any change still waiting (one planted here) are gone.
    driver.execute_script("localStorage.setItem('herald.outbox.ann', JSON.stringify([{id: 'x', path: '/inbox/update', body: 'id=1&action=star', at: new Date().toISOString()}]))")
    driver.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
    wait(driver, lambda d: d.current_url.rstrip("/").endswith("/login") or "/login" in d.current_url, "the sign-in page")
    def nothing_kept(d):
        return d.execute_async_script("""
            const done = arguments[0];
            caches.open("herald-pages-1").then((cache) => cache.keys()).then((keys) => done(keys.length), () => done(-1));""") == 0
    wait(driver, nothing_kept, "the worker's copies emptied at sign-out")
    assert driver.execute_script("return localStorage.getItem('herald.outbox.ann')") is None, "the waiting changes forgotten at sign-out"
    sign_in(driver, "ann", USER_PASSWORD)
    wait(driver, lambda d: d.current_url.endswith("/inbox"), "ann signed in again")


def test_admin_makes_a_team_that_owns_a_service(driver):
    # Issue 41: a team kept by hand, given the service to run.
    driver.get(BASE + "/admin/teams")
    screenshot(driver, "admin-teams-empty")
    driver.find_element(By.ID, "team-name").send_keys("Beam team")
    driver.find_element(By.CSS_SELECTOR, "form[action='/admin/teams'] button.primary").click()
    wait(driver, lambda d: re.search(r"/admin/teams/\d+", d.current_url), "the new team's page")
    driver.find_element(By.ID, "member-name").send_keys("ann")
    driver.find_element(By.CSS_SELECTOR, "form[action$='/members'] button").click()
    wait(driver, lambda d: "Take ann out of the team" in d.page_source, "ann in the team")
    screenshot(driver, "admin-team")
    driver.get(f"{BASE}/admin/services/{STATE['service']}#roles")
    Select(driver.find_element(By.ID, "grant-role")).select_by_value("owner")
    Select(driver.find_element(By.ID, "grant-team")).select_by_visible_text("Beam team")
    driver.find_element(By.CSS_SELECTOR, f"form[action='/admin/services/{STATE['service']}/roles'] button").click()
    wait(driver, lambda d: "Revoke Beam team" in d.page_source, "the team's owner role")
    screenshot(driver, "admin-service-roles")
    driver.get(BASE + "/admin/audit")
    rows = driver.find_element(By.CSS_SELECTOR, "main table").text
    assert "role.granted" in rows and "team.member-added" in rows, rows
    screenshot(driver, "admin-audit")


def test_owner_keeps_their_service(driver):
    # Ann, no admin, runs the service through her team: its page, not its deletion, not the users.
    driver.get(BASE + "/inbox")
    nav = driver.find_element(By.CSS_SELECTOR, "nav.main").text
    assert "Services" in nav and "Users" not in nav, nav
    driver.find_element(By.CSS_SELECTOR, "nav.main a[href='/admin/services']").click()
    wait(driver, lambda d: "Beam alarms" in d.find_element(By.CSS_SELECTOR, "main").text, "her services")
    assert "New service" not in driver.page_source
    driver.get(f"{BASE}/admin/services/{STATE['service']}")
    assert not driver.find_elements(By.CSS_SELECTOR, f"a[href='/admin/services/{STATE['service']}/delete']")
    owner = driver.find_element(By.ID, "owner")
    owner.clear()
    owner.send_keys("Beam team")
    driver.find_element(By.CSS_SELECTOR, f"form[action='/admin/services/{STATE['service']}'] button.primary").click()
    wait(driver, lambda d: "Saved." in d.page_source, "her change saved")
    assert driver.find_element(By.ID, "owner").get_attribute("value") == "Beam team"
    screenshot(driver, "owner-service")
    driver.get(BASE + "/admin/users")
    assert "enough privileges" in driver.page_source


def test_admin_pages_users_report_and_docs(driver):
    # Still signed in from creating the services.
    driver.get(BASE + "/admin/users")
    assert "ann" in driver.find_element(By.CSS_SELECTOR, "main").text
    # A new local account, made here rather than on the command line.
    driver.find_element(By.ID, "new-username").send_keys("operator")
    driver.find_element(By.ID, "new-password").send_keys("operator-password")
    driver.find_element(By.CSS_SELECTOR, "form[action='/admin/users'] button.primary").click()
    wait(driver, lambda d: "Created." in d.page_source, "the new account")
    assert "operator" in driver.find_element(By.CSS_SELECTOR, "main table").text
    # Ann made an administrator with her switch.
    set_switch(driver, "ann is an admin", True)
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, "input[aria-label='ann is an admin']").is_selected()
    screenshot(driver, "admin-users")
    # How ann signs in: her origin, and a link to her subject at an OpenID
    # provider (issue 23; issue 39: the subject is required).
    driver.find_element(By.CSS_SELECTOR, "a[title='Sign-in methods linked to ann']").click()
    wait(driver, lambda d: "How ann signs in" in d.page_source, "ann's sign-in links")
    driver.find_element(By.ID, "link-issuer").send_keys("https://sso.example.org/realms/site")
    driver.find_element(By.ID, "link-subject").send_keys("8d1f6c1e-ann")
    driver.find_element(By.CSS_SELECTOR, "form[action$='/links'] button.primary").click()
    wait(driver, lambda d: "8d1f6c1e-ann" in d.page_source, "the link with her subject")
    assert "https://sso.example.org/realms/site" in driver.find_element(By.CSS_SELECTOR, "main ul").text
    screenshot(driver, "admin-user-links")
    driver.get(f"{BASE}/admin/services/{STATE['service']}/notifications/{STATE['beam']}")
    assert "Delivery report" in driver.page_source and driver.find_elements(By.CSS_SELECTOR, "svg.chart")
    screenshot(driver, "admin-delivery-report")
    driver.get(f"{BASE}/admin/services/{STATE['second']}/delete")
    screenshot(driver, "admin-confirm-delete")
    driver.find_element(By.CSS_SELECTOR, "button.danger").click()
    wait(driver, lambda d: "Deleted." in d.page_source, "the deletion")
    assert "Cryogenics" not in driver.find_element(By.CSS_SELECTOR, "main table").text
    driver.get(BASE + "/docs#post--api-v2-login")
    assert len(driver.find_elements(By.CSS_SELECTOR, "details.op")) > 30
    login = driver.find_element(By.ID, "post--api-v2-login")
    wait(driver, lambda d: login.get_attribute("open") is not None, "the linked operation to open")
    assert "curl -X POST" in login.text and "Who may call it: Anyone" in login.text, login.text
    screenshot(driver, "docs")
    # Sign out: back to the sign-in page, and the inbox needs signing in again.
    driver.find_element(By.CSS_SELECTOR, "header form[action='/logout'] button").click()
    wait(driver, lambda d: "/login" in d.current_url, "the sign-in page")
    driver.get(BASE + "/inbox")
    assert "/login" in driver.current_url


def gammu_texts():
    """What the fake phone sent: (number, text) per text, oldest first."""
    folder = os.path.join(os.environ["HERALD_GAMMU_DIR"], "transmitted")
    texts = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".tmp"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            number, _, text = handle.read().partition("\n")
        texts.append((number, text))
    return texts


def test_user_adds_and_verifies_a_number(driver):
    # Issue 42: ann adds her mobile number; the code Herald texts it (through
    # a real Gammu SMSD) is what she types to verify it.
    before = len(gammu_texts())
    driver.get(BASE + "/profile")
    driver.find_element(By.LINK_TEXT, "Reaching you").click()
    wait(driver, lambda d: d.current_url.endswith("/profile/contact"), "the contact page")
    driver.find_element(By.CSS_SELECTOR, "form[data-contact-add] input[name='address']").send_keys("+46 70 555 01 23")
    driver.find_element(By.CSS_SELECTOR, "form[data-contact-add] button").click()
    wait(driver, lambda d: "A code is on its way" in d.page_source, "the code sent")
    sent = wait(driver, lambda d: gammu_texts()[before:] or None, "the code's text leaving the modem", timeout=20)
    number, text = sent[0]
    assert number == "+46705550123", number
    code = re.search(r"\b(\d{6})\b", text).group(1)
    row = driver.find_element(By.CSS_SELECTOR, "tr[data-method='+46705550123']")
    row.find_element(By.NAME, "code").send_keys("000000" if code != "000000" else "111111")
    row.find_element(By.CSS_SELECTOR, "form[action='/profile/contact/verify'] button").click()
    wait(driver, lambda d: "tries left" in d.page_source, "a wrong code refused")
    driver.get(BASE + "/profile/contact")
    row = driver.find_element(By.CSS_SELECTOR, "tr[data-method='+46705550123']")
    row.find_element(By.NAME, "code").send_keys(code)
    row.find_element(By.CSS_SELECTOR, "form[action='/profile/contact/verify'] button").click()
    wait(driver, lambda d: "Verified: your rules can text it now." in d.page_source, "the number verified")
    assert "Verified" in driver.find_element(By.CSS_SELECTOR, "tr[data-method='+46705550123']").text
    screenshot(driver, "contact-verified")


def test_user_sets_a_rule_and_tests_it(driver):
    # Her rule for critical notifications: a text 30 s after the push; "test my setup" texts it now.
    driver.get(BASE + "/profile/contact")
    form = driver.find_element(By.CSS_SELECTOR, "form[data-rule='critical']")
    field = form.find_element(By.CSS_SELECTOR, "input[name^='delay_']")
    field.clear()
    field.send_keys("30")
    form.find_element(By.CSS_SELECTOR, "button[type='submit']:not([formaction]):not([name])").click()
    wait(driver, lambda d: "Saved." in d.page_source, "the rule saved")
    summary = driver.find_element(By.CSS_SELECTOR, "form[data-rule='critical'] [data-rule-summary]").text
    assert "a text to +46705550123 after 30 s" in summary and "default" not in summary, summary
    before = len(gammu_texts())
    driver.find_element(By.CSS_SELECTOR, "form[data-rule='critical'] button[formaction='/profile/contact/test']").click()
    card = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-contact-tested]"), "the test's outcome")[0]
    assert "+46705550123" in card.text and "sent" in card.find_element(By.CSS_SELECTOR, "[data-outcome]").text, card.text
    sent = wait(driver, lambda d: gammu_texts()[before:] or None, "the test text leaving the modem", timeout=20)
    assert sent[0][0] == "+46705550123" and sent[0][1].startswith("Herald test:"), sent
    screenshot(driver, "contact-rules-tested")


LANGUAGES = {
    "en": {"inbox": "Inbox", "oncall": "On call", "live": "Live", "acknowledge": "Acknowledge"},
    "sv": {"inbox": "Inkorg", "oncall": "Jour", "live": "Direkt", "acknowledge": "Kvittera"},
    "de": {"inbox": "Posteingang", "oncall": "Bereitschaft", "live": "Live", "acknowledge": "Quittieren"},
    "fr": {"inbox": "Boîte de réception", "oncall": "Astreinte", "live": "En direct", "acknowledge": "Acquitter"},
}


def test_user_reads_the_inbox_and_on_call_in_every_language(driver):
    """Issue 43: the person's language, chosen on the profile: the inbox and
    the on-call page in each (light and dark, desktop and phone, axe on
    each), the live status and dates in that language too; the
    notifications' own words as they were written."""
    try:
        for code, words in LANGUAGES.items():
            driver.get(BASE + "/profile")
            Select(driver.find_element(By.ID, "language")).select_by_value(code)
            driver.find_element(By.CSS_SELECTOR, "form[data-language] button[type=submit]").click()
            wait(driver, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == code, f"the profile in {code}")
            driver.get(BASE + "/inbox")
            assert driver.find_element(By.TAG_NAME, "h1").text == words["inbox"], driver.find_element(By.TAG_NAME, "h1").text
            wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".live").text == words["live"], f"the live status in {code}")
            text = driver.find_element(By.CSS_SELECTOR, "ul.inbox").text
            assert "Beam lost in the linac" in text, "a notification's words are never translated"
            # The browser writes dates in the page's language (a month's name differs between these).
            stamp = driver.find_element(By.CSS_SELECTOR, "ul.inbox time").text
            expected = driver.execute_script(
                "var t = document.querySelector('ul.inbox time'); return new Date(t.getAttribute('datetime')).toLocaleString(arguments[0], {dateStyle: 'medium', timeStyle: 'short'})", code)
            assert stamp == expected, (stamp, expected)
            screenshot(driver, f"inbox-{code}")
            driver.get(BASE + "/oncall")
            assert driver.find_element(By.TAG_NAME, "h1").text == words["oncall"]
            screenshot(driver, f"oncall-{code}")
    finally:
        # Back to the browser's language for whatever runs next.
        driver.get(BASE + "/profile")
        Select(driver.find_element(By.ID, "language")).select_by_value("")
        driver.find_element(By.CSS_SELECTOR, "form[data-language] button[type=submit]").click()


TESTS = [
    test_wrong_password_shows_an_error,
    test_admin_creates_a_service_and_a_token,
    test_user_subscribes_and_sees_notifications_live,
    test_the_inbox_by_keyboard_alone,
    test_user_unsubscribes_and_hears_no_more,
    test_expired_notifications_leave_the_open_inbox,
    test_web_push_in_this_browser,
    test_posts_without_the_csrf_token_are_refused,
    test_admin_makes_a_rota_an_override_and_an_escalation_policy,
    test_admin_pages_the_rota_from_the_on_call_page,
    test_user_on_call_takes_the_page,
    test_the_installed_app_reads_and_acknowledges_offline,
    test_user_adds_and_verifies_a_number,
    test_user_sets_a_rule_and_tests_it,
    test_admin_makes_a_team_that_owns_a_service,
    test_owner_keeps_their_service,
    test_admin_pages_users_report_and_docs,
    test_user_reads_the_inbox_and_on_call_in_every_language,
]


def main():
    failed = 0
    admin = browser()
    user = browser()
    try:
        for test in TESTS:
            # Admin tasks in one browser, the user's in another (separate cookies).
            driver = admin if "admin" in test.__name__ or "password" in test.__name__ else user
            started = time.monotonic()
            try:
                test(driver)
                print(f"✔ browser {test.__name__} ({time.monotonic() - started:.1f} s)")
            except Exception:
                failed += 1
                print(f"✘ browser {test.__name__} failed")
                traceback.print_exc()
                if SHOTS:
                    driver.save_screenshot(os.path.join(SHOTS, f"FAILED-{test.__name__}.png"))
                break  # later tests build on earlier ones
    finally:
        admin.quit()
        user.quit()
    if not failed:
        # Every page template was checked (partials and the layout are parts of pages).
        folder = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "HeraldAPI", "Resources", "web")
        pages = {name[:-len(".mustache")] for name in os.listdir(folder) if open(os.path.join(folder, name)).read().startswith("{{<layout}}")}
        unchecked = pages - AXE_FINDINGS.get("templates", set()) - set(UNCHECKED_PAGES)
        if unchecked:
            failed += 1
            print(f"✘ browser tests: no test showed (and axe checked) the page templates {sorted(unchecked)}")
        slowest = sorted(AXE_FINDINGS.get("seconds", {}).items(), key=lambda item: -item[1])[:5]
        print(f"    axe: {sum(AXE_FINDINGS.get('seconds', {}).values()):.1f} s in all; slowest " + ", ".join(f"{page} {seconds:.1f} s" for page, seconds in slowest))
        for page, why in UNCHECKED_PAGES.items():
            print(f"    axe: {page} not checked here: {why}")
    if AXE_FINDINGS:
        minor = ", ".join(f"{impact}: {sorted(AXE_FINDINGS[impact])}" for impact in ("moderate", "minor") if impact in AXE_FINDINGS)
        print(f"browser tests: {AXE_FINDINGS.get('focusable', 0)} focusable controls on those pages, each with a visible focus ring; "
              f"{AXE_FINDINGS.get('tabbed', 0)} reached by Tab in the document's order, none skipped and no trap")
        print(f"browser tests: axe-core {AXE_FINDINGS['version']} on {len(AXE_FINDINGS['pages'])} page views (light and dark): "
              f"no serious or critical violation{'; ' + minor if minor else ''}" if not failed else "")
    print(f"browser tests: {len(TESTS) - failed if not failed else TESTS.index(test)} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
