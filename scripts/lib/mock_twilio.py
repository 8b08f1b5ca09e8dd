#!/usr/bin/env python3
"""A Twilio-compatible mock of the REST API 2010-04-01 (Messages and Calls)
and of the webhooks Twilio sends, for tests. Python 3.11 standard library only.

    python3 mock_twilio.py --account-sid AC<32 hex> --auth-token TOKEN \
        [--port 0] [--host 127.0.0.1] [--callback-delay 0.05] [--verbose]

Prints one line, {"port": N}, once it listens; runs until killed.

Twilio's side (what the server under test calls):
  POST /2010-04-01/Accounts/{AccountSid}/Messages.json    201 message resource
  GET  /2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json
  POST /2010-04-01/Accounts/{AccountSid}/Calls.json       201 call resource
  GET  /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json
  A message with StatusCallback gets signed POSTs to it, "sent" then
  "delivered", from a background thread.

The test's side (drives the mock, not part of Twilio):
  GET  /_mock/messages      everything accepted on Messages.json, in order
  GET  /_mock/calls         everything accepted on Calls.json, in order
  GET  /_mock/inbound       every inbound text sent with /_mock/inbound
  POST /_mock/reset         forget all of it (and any pending failure)
  POST /_mock/fail          {"status": 500|503|429, "count": N}: the next N
                            API requests answer that status
  POST /_mock/delivery      {"status": "undelivered"|"failed", "error_code":
                            30003, "count": N}: the next N messages end so
  POST /_mock/inbound       {"url", "from", "to", "body"[, "signature": "bad"]
                            [, "token": "..."][, "extra": {...}]}: POST what
                            Twilio POSTs to a number's messaging webhook
  POST /_mock/calls/{CallSid}/press   {"digits": "1"}: run the call's TwiML
                            up to its <Gather> and POST the digits to the
                            Gather's action, as Twilio would

Every request the mock makes to the server under test is signed with
X-Twilio-Signature = base64(HMAC-SHA1(auth token, URL + each POST parameter's
name and value, sorted by name)).
"""

import argparse
import base64
import hashlib
import hmac
import json
import re
import secrets
import signal
import sys
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
import uuid
import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

API_VERSION = "2010-04-01"
E164 = re.compile(r"\+[1-9][0-9]{7,14}")  # "+" then 8-15 digits
SHORT_CODE = re.compile(r"[0-9]{3,8}")
# An alphanumeric sender ID: up to 11 of A-Z a-z 0-9 space, at least one letter.
ALPHA_SENDER = re.compile(r"(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}")
ACCOUNT_SID = re.compile(r"AC[0-9a-f]{32}")
SERVICE_SID = re.compile(r"MG[0-9a-fA-F]{32}")
BODY_LIMIT = 1600


# --- Twilio's request signature ------------------------------------------

def twilio_signature(token, url, params):
    """X-Twilio-Signature for a request to `url` carrying form `params` (a
    dict or (name, value) pairs; empty for a GET, whose parameters are in the
    URL): base64(HMAC-SHA1(token, url + name1 + value1 + name2 + value2 ...)),
    names sorted (a repeated name: its values sorted)."""
    pairs = params.items() if isinstance(params, dict) else params
    data = url + "".join(name + value for name, value in sorted(pairs))
    digest = hmac.new(token.encode("utf-8"), data.encode("utf-8"), hashlib.sha1).digest()
    return base64.b64encode(digest).decode("ascii")


# --- SMS segments ----------------------------------------------------------

# GSM 03.38 default alphabet (1 septet each; ESC 0x1B is not a character)...
GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅå"
    "\u0394_\u03a6\u0393\u039b\u03a9\u03a0\u03a8\u03a3\u0398\u039e"  # Δ_ΦΓΛΩΠΨΣΘΞ
    "ÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
# ...and its extension table (ESC + 1 septet: 2 septets each).
GSM7_EXTENSION = frozenset("\f^{}\\[~]|€")


def _grapheme_clusters(text):
    """An approximation of Unicode extended grapheme clusters (what Twilio's
    segment calculator keeps in one segment): CR LF, combining marks,
    variation selectors, emoji modifiers and tags, ZWJ sequences and
    regional-indicator pairs stay with the character before them."""
    clusters = []
    after_zwj = False
    open_flag = False
    for ch in text:
        cp = ord(ch)
        joins = bool(clusters) and (
            after_zwj
            or (ch == "\n" and clusters[-1].endswith("\r"))
            or unicodedata.category(ch) in ("Mn", "Me", "Mc")
            or cp == 0x200D
            or 0xFE00 <= cp <= 0xFE0F
            or 0x1F3FB <= cp <= 0x1F3FF
            or 0xE0020 <= cp <= 0xE007F
            or (open_flag and 0x1F1E6 <= cp <= 0x1F1FF)
        )
        if joins:
            clusters[-1] += ch
            open_flag = False
        else:
            clusters.append(ch)
            open_flag = 0x1F1E6 <= cp <= 0x1F1FF
        after_zwj = cp == 0x200D
    return clusters


def sms_encoding(body):
    if all(c in GSM7_BASIC or c in GSM7_EXTENSION for c in body):
        return "GSM-7"
    return "UCS-2"


def count_segments(body):
    """The number of SMS segments of `body`: GSM-7 when every character is in
    the GSM 03.38 alphabet or its extension (extension characters take 2
    septets), 160 septets in one segment, else 153 a segment; otherwise UCS-2,
    counted in UTF-16 code units, 70 in one segment, else 67 a segment. A
    segment never splits an escape pair, a surrogate pair or a grapheme
    cluster."""
    if sms_encoding(body) == "GSM-7":
        costs = [2 if c in GSM7_EXTENSION else 1 for c in body]
        single, multi = 160, 153
    else:
        costs = [len(c.encode("utf-16-le")) // 2 for c in _grapheme_clusters(body)]
        single, multi = 70, 67
    if sum(costs) <= single:
        return 1
    segments, used = 1, 0
    for cost in costs:
        if used and used + cost > multi:
            segments += 1
            used = 0
        used += cost
    return segments


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


# --- helpers -----------------------------------------------------------------

def now_rfc2822():
    return format_datetime(datetime.now(timezone.utc).replace(microsecond=0))


def new_sid(prefix):
    return prefix + secrets.token_hex(16)


def twilio_error(status, code, message):
    return {
        "code": code,
        "message": message,
        "more_info": f"https://www.twilio.com/docs/errors/{code}",
        "status": status,
    }


AUTH_ERROR = twilio_error(401, 20003, "Authenticate")
FAIL_DEFAULTS = {
    429: (20429, "Too Many Requests"),
    500: (20500, "Internal Server Error"),
    503: (20503, "Service Unavailable"),
}


def is_http_url(value):
    try:
        parts = urllib.parse.urlsplit(value)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def nanp_formatted(number):
    """Twilio's *_formatted: (415) 867-5309 for +1 numbers, else as given."""
    if re.fullmatch(r"\+1[0-9]{10}", number):
        return f"({number[2:5]}) {number[5:8]}-{number[8:]}"
    return number


def form_dict(pairs):
    """Form pairs as a dict; a repeated name becomes a list of its values."""
    out = {}
    for name, value in pairs:
        if name in out:
            if not isinstance(out[name], list):
                out[name] = [out[name]]
            out[name].append(value)
        else:
            out[name] = value
    return out


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


# No proxies (a test's webhook is on this machine), no redirects followed.
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


def send_webhook(method, url, params, token, signature=None, timeout=15.0):
    """Send a request as Twilio sends a webhook: a form POST (or a GET with the
    parameters appended to the query string), signed with X-Twilio-Signature.
    Credentials in the URL (user:pass@) are not in the signed URL, and for
    https neither is the port (as Twilio documents); they are offered as Basic
    auth after a 401, as Twilio does. Returns (status, body text, content type,
    signed URL, signature)."""
    parts = urllib.parse.urlsplit(url)
    username, password = parts.username, parts.password
    if method == "GET":
        query = urllib.parse.urlencode(list(params.items()))
        if query:
            url = url + ("&" if parts.query else ("" if url.endswith("?") else "?")) + query
            parts = urllib.parse.urlsplit(url)
        body = None
    else:
        body = urllib.parse.urlencode(list(params.items())).encode("utf-8")
    request_url = url
    if parts.username is not None or parts.password is not None:
        host = parts.hostname or ""
        if ":" in host:
            host = f"[{host}]"
        netloc = host + (f":{parts.port}" if parts.port else "")
        request_url = urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    signed_url = request_url
    if parts.scheme == "https" and parts.port:
        p = urllib.parse.urlsplit(request_url)
        host = p.hostname if ":" not in (p.hostname or "") else f"[{p.hostname}]"
        signed_url = urllib.parse.urlunsplit((p.scheme, host, p.path, p.query, p.fragment))
    sig = signature if signature is not None else twilio_signature(
        token, signed_url, {} if method == "GET" else params)
    headers = {
        "X-Twilio-Signature": sig,
        "User-Agent": "TwilioProxy/1.1",
        "Accept": "*/*",
        "I-Twilio-Idempotency-Token": str(uuid.uuid4()),
    }
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    def attempt(extra):
        req = urllib.request.Request(request_url, data=body, method=method, headers={**headers, **extra})
        try:
            with _opener.open(req, timeout=timeout) as resp:
                return resp.status, resp.read(), resp.headers.get("Content-Type", "")
        except urllib.error.HTTPError as err:
            with err:
                return err.code, err.read(), err.headers.get("Content-Type", "") if err.headers else ""

    status, raw, ctype = attempt({})
    if status == 401 and username is not None:
        cred = base64.b64encode(f"{urllib.parse.unquote(username)}:{urllib.parse.unquote(password or '')}"
                                .encode("utf-8")).decode("ascii")
        status, raw, ctype = attempt({"Authorization": "Basic " + cred})
    return status, raw.decode("utf-8", "replace"), ctype, signed_url, sig


# --- state -------------------------------------------------------------------

class State:
    def __init__(self, account_sid, auth_token, callback_delay, verbose):
        self.account_sid = account_sid
        self.auth_token = auth_token
        self.callback_delay = callback_delay
        self.verbose = verbose
        self.lock = threading.Lock()
        self.generation = 0
        self.messages = []
        self.calls = []
        self.inbound = []
        self.fail = None       # {"status", "count", "code", "message"}
        self.delivery = None   # {"status", "error_code", "count"}

    def reset(self):
        with self.lock:
            self.generation += 1
            self.messages = []
            self.calls = []
            self.inbound = []
            self.fail = None
            self.delivery = None

    def take_failure(self):
        with self.lock:
            if not self.fail or self.fail["count"] <= 0:
                return None
            self.fail["count"] -= 1
            failure = dict(self.fail)
            if self.fail["count"] <= 0:
                self.fail = None
            return failure

    def take_delivery_outcome(self):
        with self.lock:
            if not self.delivery or self.delivery["count"] <= 0:
                return None
            self.delivery["count"] -= 1
            outcome = dict(self.delivery)
            if self.delivery["count"] <= 0:
                self.delivery = None
            return outcome

    def log(self, text):
        if self.verbose:
            sys.stderr.write(f"mock_twilio: {text}\n")
            sys.stderr.flush()


# --- the HTTP handler ----------------------------------------------------------

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mock-twilio"
    sys_version = ""

    @property
    def state(self):
        return self.server.state

    def log_message(self, fmt, *args):
        if self.state.verbose:
            super().log_message(fmt, *args)

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def do_PUT(self):
        self._dispatch("PUT")

    def do_DELETE(self):
        self._dispatch("DELETE")

    def do_PATCH(self):
        self._dispatch("PATCH")

    # -- plumbing

    def _read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline().strip():
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _send(self, status, payload, extra_headers=None):
        body = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra_headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _dispatch(self, method):
        try:
            raw = self._read_body()
        except (ValueError, OSError):
            self.close_connection = True
            return
        split = urllib.parse.urlsplit(self.path)
        path = split.path
        try:
            if path.startswith("/2010-04-01/"):
                self._api(method, path, raw)
            elif path.startswith("/_mock/"):
                self._mock(method, path, raw)
            else:
                self._send(404, twilio_error(404, 20404, f"The requested resource {path} was not found"))
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as err:  # a bug in the mock: say so rather than hang
            self.state.log(f"error handling {method} {path}: {err!r}")
            try:
                self._send(500, {"error": f"mock_twilio internal error: {err!r}"})
            except OSError:
                self.close_connection = True

    # -- Twilio's REST API

    def _authenticated(self):
        header = self.headers.get("Authorization", "")
        if not header.startswith("Basic "):
            return False
        try:
            decoded = base64.b64decode(header[6:].strip(), validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            return False
        user, sep, password = decoded.partition(":")
        if not sep:
            return False
        ok_user = hmac.compare_digest(user.encode(), self.state.account_sid.encode())
        ok_pass = hmac.compare_digest(password.encode(), self.state.auth_token.encode())
        return ok_user and ok_pass

    def _api(self, method, path, raw):
        state = self.state
        request_id = "RQ" + secrets.token_hex(16)
        headers = {"Twilio-Request-Id": request_id}
        failure = state.take_failure()
        if failure:
            status = failure["status"]
            self._send(status, twilio_error(status, failure["code"], failure["message"]), headers)
            return
        if not self._authenticated():
            self._send(401, AUTH_ERROR, {**headers, "WWW-Authenticate": 'Basic realm="Twilio API"'})
            return
        m = re.fullmatch(r"/2010-04-01/Accounts/([^/]+)/(Messages|Calls)(?:/([^/]+))?\.json", path)
        if not m:
            self._send(404, twilio_error(404, 20404, f"The requested resource {path} was not found"), headers)
            return
        account, collection, sid = m.groups()
        if account != state.account_sid:
            # Credentials of one account used on another account's resources.
            self._send(401, AUTH_ERROR, {**headers, "WWW-Authenticate": 'Basic realm="Twilio API"'})
            return
        if sid is not None:
            if method != "GET":
                self._send(405, twilio_error(405, 20004, "Method not allowed"), headers)
                return
            with state.lock:
                records = state.messages if collection == "Messages" else state.calls
                found = next((r["resource"] for r in records if r["sid"] == sid), None)
                found = json.loads(json.dumps(found)) if found else None
            if found is None:
                self._send(404, twilio_error(404, 20404, f"The requested resource {path} was not found"), headers)
            else:
                self._send(200, found, headers)
            return
        if method != "POST":
            self._send(405, twilio_error(405, 20004, "Method not allowed"), headers)
            return
        ctype = self.headers.get("Content-Type", "")
        note = None
        if ctype.split(";")[0].strip().lower() == "application/x-www-form-urlencoded":
            try:
                pairs = urllib.parse.parse_qsl(raw.decode("utf-8"), keep_blank_values=True,
                                               strict_parsing=False, errors="strict")
            except (UnicodeDecodeError, ValueError):
                pairs = []
                note = "the form body is not UTF-8"
        else:
            # Twilio reads its parameters from a form body only: any other body
            # means no parameters at all.
            pairs = []
            note = (f"Content-Type was {ctype!r}, not application/x-www-form-urlencoded: "
                    "Twilio reads no parameters from such a body")
        if collection == "Messages":
            status, payload = self._create_message(pairs)
        else:
            status, payload = self._create_call(pairs)
        if note and status >= 400:
            payload["mock_note"] = note
        self._send(status, payload, headers)

    def _create_message(self, pairs):
        state = self.state
        form = form_dict(pairs)
        first = {}
        for name, value in pairs:
            first.setdefault(name, value)
        to = first.get("To", "")
        sender = first.get("From", "")
        service = first.get("MessagingServiceSid", "")
        body = first.get("Body")
        media = [v for n, v in pairs if n == "MediaUrl"]
        callback = first.get("StatusCallback", "")
        if not to:
            return 400, twilio_error(400, 21604, "A 'To' phone number is required.")
        if not E164.fullmatch(to):
            return 400, twilio_error(400, 21211, f"The 'To' number {to} is not a valid phone number.")
        if not sender and not service:
            return 400, twilio_error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required "
                                                 "to send a message.")
        if sender and not (E164.fullmatch(sender) or SHORT_CODE.fullmatch(sender)
                           or ALPHA_SENDER.fullmatch(sender)):
            return 400, twilio_error(400, 21212, f"The 'From' number {sender} is not a valid phone number, "
                                                 "shortcode, or alphanumeric sender ID.")
        if service and not SERVICE_SID.fullmatch(service):
            return 400, twilio_error(400, 21701, f"The Messaging Service Sid {service} is invalid.")
        if not body and not media:
            return 400, twilio_error(400, 21602, "Message body is required.")
        if body and utf16_length(body) > BODY_LIMIT:
            return 400, twilio_error(400, 21617, "The concatenated message body exceeds the 1600 character limit.")
        if callback and not is_http_url(callback):
            return 400, twilio_error(400, 21609, f"The StatusCallback URL {callback} is not a valid URL.")
        body = body or ""
        sid = new_sid("MM" if media else "SM")
        created = now_rfc2822()
        uri = f"/2010-04-01/Accounts/{state.account_sid}/Messages/{sid}.json"
        # With a Messaging Service and no From, Twilio answers "accepted", picks
        # the sender later, and reports num_segments "0" in this answer.
        via_service_only = bool(service) and not sender
        resource = {
            "account_sid": state.account_sid,
            "api_version": API_VERSION,
            "body": body,
            "date_created": created,
            "date_sent": None,
            "date_updated": created,
            "direction": "outbound-api",
            "error_code": None,
            "error_message": None,
            "from": sender or None,
            "messaging_service_sid": service or None,
            "num_media": str(len(media)),
            "num_segments": "0" if via_service_only else str(count_segments(body) if body else 1),
            "price": None,
            "price_unit": "USD",
            "sid": sid,
            "status": "accepted" if via_service_only else "queued",
            "subresource_uris": {"media": f"/2010-04-01/Accounts/{state.account_sid}/Messages/{sid}/Media.json"},
            "to": to,
            "uri": uri,
        }
        record = {
            "sid": sid,
            "form": form,
            "received_at": time.time(),
            "resource": resource,
            "encoding": sms_encoding(body),
            "segments": count_segments(body) if body else 1,
            "user_agent": self.headers.get("User-Agent"),
            "callbacks": [],
        }
        with state.lock:
            state.messages.append(record)
            generation = state.generation
            snapshot = json.loads(json.dumps(resource))
        outcome = state.take_delivery_outcome()
        threading.Thread(target=_message_lifecycle, args=(state, record, generation, outcome),
                         daemon=True).start()
        state.log(f"message {sid} to {to} accepted")
        return 201, snapshot

    def _create_call(self, pairs):
        state = self.state
        form = form_dict(pairs)
        first = {}
        for name, value in pairs:
            first.setdefault(name, value)
        to = first.get("To", "")
        sender = first.get("From", "")
        url = first.get("Url", "")
        twiml = first.get("Twiml", "")
        application = first.get("ApplicationSid", "")
        method = (first.get("Method") or "POST").upper()
        if not to:
            return 400, twilio_error(400, 21201, "No 'To' number is specified")
        if not sender:
            return 400, twilio_error(400, 21213, "No 'From' number is specified")
        to_ok = E164.fullmatch(to) or to.startswith("client:") or to.startswith("sip:")
        if not to_ok:
            return 400, twilio_error(400, 21211, f"The 'To' number {to} is not a valid phone number.")
        if not (E164.fullmatch(sender) or sender.startswith("client:")):
            return 400, twilio_error(400, 21212, f"The 'From' number {sender} is not a valid phone number.")
        if not url and not twiml and not application:
            return 400, twilio_error(400, 21205, "Url parameter is required. Either a 'Url', 'Twiml' or "
                                                 "'ApplicationSid' parameter must be given.")
        if url and not is_http_url(url):
            return 400, twilio_error(400, 21205, f"Url is not a valid URL: {url}")
        if method not in ("GET", "POST"):
            return 400, twilio_error(400, 21207, f"Method {method} is not valid: use GET or POST.")
        warnings = []
        if url and twiml:
            # Twilio accepts both, uses Url, and logs warning 32019.
            warnings.append({"code": 32019, "message": "Twiml and Voice URL are both set. Using Voice URL."})
        sid = new_sid("CA")
        created = now_rfc2822()
        base = f"/2010-04-01/Accounts/{state.account_sid}/Calls/{sid}"
        resource = {
            "account_sid": state.account_sid,
            "annotation": None,
            "answered_by": None,
            "api_version": API_VERSION,
            "caller_name": None,
            "date_created": created,
            "date_updated": created,
            "direction": "outbound-api",
            "duration": None,
            "end_time": None,
            "forwarded_from": None,
            "from": sender,
            "from_formatted": nanp_formatted(sender),
            "group_sid": None,
            "parent_call_sid": None,
            "phone_number_sid": None,
            "price": None,
            "price_unit": "USD",
            "queue_time": "0",
            "sid": sid,
            "start_time": None,
            "status": "queued",
            "subresource_uris": {
                "notifications": f"{base}/Notifications.json",
                "recordings": f"{base}/Recordings.json",
                "payments": f"{base}/Payments.json",
                "events": f"{base}/Events.json",
                "siprec": f"{base}/Siprec.json",
                "streams": f"{base}/Streams.json",
                "transcriptions": f"{base}/Transcriptions.json",
                "user_defined_message_subscriptions": f"{base}/UserDefinedMessageSubscriptions.json",
                "user_defined_messages": f"{base}/UserDefinedMessages.json",
            },
            "to": to,
            "to_formatted": nanp_formatted(to),
            "trunk_sid": None,
            "uri": f"{base}.json",
        }
        record = {
            "sid": sid,
            "form": form,
            "resource": resource,
            "warnings": warnings,
            "user_agent": self.headers.get("User-Agent"),
            "presses": [],
        }
        with state.lock:
            state.calls.append(record)
            snapshot = json.loads(json.dumps(resource))
        state.log(f"call {sid} to {to} accepted")
        return 201, snapshot

    # -- the mock's own endpoints

    def _json_body(self, raw):
        if not raw.strip():
            return {}
        try:
            value = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as err:
            raise MockUsageError(f"the body is not JSON: {err}") from None
        if not isinstance(value, dict):
            raise MockUsageError("the body must be a JSON object")
        return value

    def _mock(self, method, path, raw):
        state = self.state
        try:
            if method == "GET" and path in ("/_mock/messages", "/_mock/calls", "/_mock/inbound"):
                with state.lock:
                    items = {"/_mock/messages": state.messages, "/_mock/calls": state.calls,
                             "/_mock/inbound": state.inbound}[path]
                    payload = json.loads(json.dumps(items))
                self._send(200, payload)
            elif method == "POST" and path == "/_mock/reset":
                state.reset()
                self._send(200, {"ok": True})
            elif method == "POST" and path == "/_mock/fail":
                self._send(200, self._set_fail(self._json_body(raw)))
            elif method == "POST" and path == "/_mock/delivery":
                self._send(200, self._set_delivery(self._json_body(raw)))
            elif method == "POST" and path == "/_mock/inbound":
                status, payload = self._inbound(self._json_body(raw))
                self._send(status, payload)
            elif re.fullmatch(r"/_mock/calls/[^/]+/press", path):
                if method != "POST":
                    self._send(405, {"error": "use POST"})
                    return
                status, payload = self._press(path.split("/")[3], self._json_body(raw))
                self._send(status, payload)
            else:
                self._send(404, {"error": f"no mock endpoint {method} {path}"})
        except MockUsageError as err:
            self._send(400, {"error": str(err)})

    def _set_fail(self, spec):
        status = spec.get("status")
        count = spec.get("count", 1)
        if not isinstance(status, int) or not 400 <= status <= 599:
            raise MockUsageError("'status' must be an HTTP error status such as 500, 503 or 429")
        if not isinstance(count, int) or count < 0:
            raise MockUsageError("'count' must be a non-negative integer")
        code, message = FAIL_DEFAULTS.get(status, (20000 + status, "Mock failure"))
        code = spec.get("code", code)
        message = spec.get("message", message)
        with self.state.lock:
            self.state.fail = {"status": status, "count": count, "code": code, "message": message} if count else None
        return {"ok": True, "status": status, "count": count, "code": code}

    def _set_delivery(self, spec):
        status = spec.get("status", "undelivered")
        count = spec.get("count", 1)
        if status not in ("undelivered", "failed", "delivered"):
            raise MockUsageError("'status' must be 'undelivered', 'failed' or 'delivered'")
        if not isinstance(count, int) or count < 0:
            raise MockUsageError("'count' must be a non-negative integer")
        default_code = {"undelivered": 30003, "failed": 30008, "delivered": None}[status]
        code = spec.get("error_code", default_code)
        with self.state.lock:
            self.state.delivery = {"status": status, "error_code": code, "count": count} if count else None
        return {"ok": True, "status": status, "error_code": code, "count": count}

    def _inbound(self, spec):
        state = self.state
        for key in ("url", "from", "to"):
            if not isinstance(spec.get(key), str) or not spec[key]:
                raise MockUsageError(f"'{key}' is required (a string)")
        if not is_http_url(spec["url"]):
            raise MockUsageError("'url' must be an absolute http(s) URL")
        body = spec.get("body", "")
        if not isinstance(body, str):
            raise MockUsageError("'body' must be a string")
        sid = new_sid("SM")
        params = {
            "SmsMessageSid": sid,
            "NumMedia": "0",
            "SmsSid": sid,
            "SmsStatus": "received",
            "Body": body,
            "To": spec["to"],
            "NumSegments": str(count_segments(body) if body else 1),
            "MessageSid": sid,
            "AccountSid": state.account_sid,
            "From": spec["from"],
            "ApiVersion": API_VERSION,
        }
        extra = spec.get("extra") or {}
        if not isinstance(extra, dict) or not all(isinstance(v, str) for v in extra.values()):
            raise MockUsageError("'extra' must be an object of string values")
        params.update(extra)
        token = spec.get("token", state.auth_token)
        forged = None
        if "signature" in spec:
            forged = spec["signature"]
            if forged == "bad":
                forged = base64.b64encode(secrets.token_bytes(20)).decode("ascii")
        try:
            status, text, ctype, signed_url, sig = send_webhook(
                "POST", spec["url"], params, token, signature=forged)
        except (OSError, ValueError, urllib.error.URLError) as err:
            entry = {"sid": sid, "url": spec["url"], "params": params, "error": str(err)}
            with state.lock:
                state.inbound.append(entry)
            return 502, {"status": None, "error": f"could not reach {spec['url']}: {err}", "message_sid": sid}
        entry = {"sid": sid, "url": spec["url"], "params": params, "signature": sig,
                 "status": status, "body": text, "content_type": ctype}
        with state.lock:
            state.inbound.append(entry)
        state.log(f"inbound {sid} to {spec['url']}: {status}")
        return 200, {"status": status, "body": text, "content_type": ctype,
                     "message_sid": sid, "params": params, "signature": sig}

    def _press(self, call_sid, spec):
        state = self.state
        digits = spec.get("digits")
        if not isinstance(digits, str):
            raise MockUsageError("'digits' is required (a string such as \"1\")")
        with state.lock:
            record = next((c for c in state.calls if c["sid"] == call_sid), None)
            form = dict(record["form"]) if record else None
        if record is None:
            return 404, {"error": f"no call {call_sid}"}
        first = {k: (v[0] if isinstance(v, list) else v) for k, v in form.items()}
        base = {
            "AccountSid": state.account_sid,
            "ApiVersion": API_VERSION,
            "CallSid": call_sid,
            "CallStatus": "in-progress",
            "Called": first["To"],
            "Caller": first["From"],
            "Direction": "outbound-api",
            "From": first["From"],
            "To": first["To"],
        }
        result = {"call_sid": call_sid}
        doc_url = first.get("Url") or None
        if doc_url:
            method = (first.get("Method") or "POST").upper()
            try:
                status, text, ctype, signed_url, _ = send_webhook(method, doc_url, base, state.auth_token)
            except (OSError, ValueError, urllib.error.URLError) as err:
                return 502, {**result, "error": f"could not fetch the TwiML at {doc_url}: {err}"}
            result["twiml_fetch"] = {"url": signed_url, "method": method, "status": status}
            if not 200 <= status < 300:
                return 502, {**result, "error": f"the TwiML URL answered {status}", "body": text}
            twiml = text
        elif first.get("Twiml"):
            twiml = first["Twiml"]
        else:
            return 409, {**result, "error": "the mock cannot run a call made with ApplicationSid"}
        result["twiml"] = twiml
        try:
            root = ET.fromstring(twiml.encode("utf-8"))
        except ET.ParseError as err:
            return 409, {**result, "error": f"the TwiML does not parse: {err}"}
        if root.tag != "Response":
            return 409, {**result, "error": f"the TwiML's root is <{root.tag}>, not <Response>"}
        gather = next(root.iter("Gather"), None)
        if gather is None:
            return 409, {**result, "error": "the TwiML has no <Gather>"}
        action = gather.get("action")
        if action:
            action_url = urllib.parse.urljoin(doc_url, action) if doc_url else action
        else:
            action_url = doc_url  # Twilio requests the current document's URL
        if not action_url or not is_http_url(action_url):
            return 409, {**result, "error": f"the <Gather> action {action!r} is not an absolute URL "
                                            "and there is no document URL to resolve it against"}
        gather_method = (gather.get("method") or "POST").upper()
        finish_key = gather.get("finishOnKey", "#")
        params = dict(base)
        pressed = digits
        if finish_key and finish_key in pressed:
            pressed = pressed[:pressed.index(finish_key)]
            params["FinishedOnKey"] = finish_key
        num = gather.get("numDigits")
        if num and num.isdigit() and int(num) > 0:
            pressed = pressed[:int(num)]
        params["Digits"] = pressed
        try:
            status, text, ctype, signed_url, sig = send_webhook(gather_method, action_url, params, state.auth_token)
        except (OSError, ValueError, urllib.error.URLError) as err:
            return 502, {**result, "error": f"could not reach the action {action_url}: {err}"}
        press = {"digits": pressed, "action_url": signed_url, "method": gather_method, "params": params,
                 "status": status, "body": text, "content_type": ctype}
        with state.lock:
            record["presses"].append(press)
            record["resource"]["status"] = "in-progress"
            record["resource"]["date_updated"] = now_rfc2822()
        state.log(f"call {call_sid} pressed {pressed!r}: {action_url} answered {status}")
        return 200, {**result, **press}


class MockUsageError(Exception):
    pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # the default, 5, resets bursts of connections


def _message_lifecycle(state, record, generation, outcome):
    """Move a message through sent and delivered (or the outcome set with
    /_mock/delivery), POSTing a signed status callback at each step if the
    message had a StatusCallback."""
    form = record["form"]
    callback = form.get("StatusCallback")
    if isinstance(callback, list):
        callback = callback[0]
    final = outcome["status"] if outcome else "delivered"
    error_code = outcome["error_code"] if outcome else None
    steps = ["sent", final] if final != "failed" else ["failed"]
    for step in steps:
        time.sleep(state.callback_delay)
        with state.lock:
            if state.generation != generation:
                return
            resource = record["resource"]
            resource["status"] = step
            resource["date_updated"] = now_rfc2822()
            if step == "sent":
                resource["date_sent"] = resource["date_updated"]
            if step in ("undelivered", "failed"):
                resource["error_code"] = error_code
                resource["error_message"] = None
            sender = resource["from"]
        if not callback:
            continue
        params = {
            "AccountSid": state.account_sid,
            "ApiVersion": API_VERSION,
            "MessageSid": record["sid"],
            "MessageStatus": step,
            "SmsSid": record["sid"],
            "SmsStatus": step,
            "To": resource["to"],
        }
        if sender:
            params["From"] = sender
        if resource["messaging_service_sid"]:
            params["MessagingServiceSid"] = resource["messaging_service_sid"]
        if step in ("undelivered", "failed") and error_code is not None:
            params["ErrorCode"] = str(error_code)
        try:
            status, text, _, signed_url, sig = send_webhook("POST", callback, params, state.auth_token)
            result = {"status_sent": step, "url": signed_url, "params": params, "signature": sig,
                      "response_status": status}
        except (OSError, ValueError, urllib.error.URLError) as err:
            result = {"status_sent": step, "url": callback, "params": params, "error": str(err)}
        with state.lock:
            if state.generation != generation:
                return
            record["callbacks"].append(result)
        state.log(f"status callback {record['sid']} {step}: {result.get('response_status', result.get('error'))}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="A Twilio-compatible mock server for tests.")
    parser.add_argument("--account-sid", required=True, help="AC followed by 32 lowercase hex digits")
    parser.add_argument("--auth-token", required=True)
    parser.add_argument("--port", type=int, default=0, help="0 (the default): any free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--callback-delay", type=float, default=0.05,
                        help="seconds before each message status change (default 0.05)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    args = parser.parse_args(argv)
    if not ACCOUNT_SID.fullmatch(args.account_sid):
        parser.error("--account-sid must be AC followed by 32 lowercase hex digits")
    if not args.auth_token:
        parser.error("--auth-token must not be empty")

    server = Server((args.host, args.port), Handler)
    server.state = State(args.account_sid, args.auth_token, args.callback_delay, args.verbose)

    def stop(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(json.dumps({"port": server.server_address[1]}), flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
