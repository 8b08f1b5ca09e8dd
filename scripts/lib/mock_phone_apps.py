#!/usr/bin/env python3
"""Mocks of ntfy's publishing API and Pushover's Message and Receipt APIs,
for tests (issue 43). Python 3.11 standard library only.

    python3 mock_phone_apps.py --pushover-token TOKEN [--ntfy-token TOKEN] \
        [--port 0] [--host 127.0.0.1]

Prints one line, {"port": N}, once it listens; runs until killed.

ntfy's side (as documented at docs.ntfy.sh, 2.16+):
  POST|PUT /{topic}                  publish: the body is the message;
      Title (RFC 2047 encoded words decoded), Priority 1-5 or min..max/urgent,
      Tags, Click, Actions (the short format), X-Sequence-ID; 200 with the
      message as JSON. A message with the sequence id of an earlier one on
      the topic replaces it.
  PUT /{topic}/{sequence_id}/clear   clear (dismiss) a message
  With --ntfy-token, every request needs "Authorization: Bearer TOKEN" (401
  otherwise, as an access-controlled server answers).
  Refused with 400 as ntfy refuses: a topic not of [-_A-Za-z0-9]{1,64}, a
  priority out of range, a sequence id not of [-_A-Za-z0-9]{1,64}, an
  action that is not view/http/broadcast/copy or an http action whose URL is
  not http(s), more than 3 actions, a message over 4096 bytes.

Pushover's side (pushover.net/api, /api/receipts):
  POST /1/messages.json         form: token, user, message required;
      title <= 250, message <= 1024 characters, priority -2..2, priority 2
      needs retry >= 30 and expire <= 10800; url <= 512; 200
      {"status":1,"request":...} (+ "receipt" for priority 2), 400
      {"status":0,"errors":[...]} otherwise (an unknown token or user too).
  GET  /1/receipts/{receipt}.json?token=    the receipt's state
  POST /1/receipts/{receipt}/cancel.json    form: token; stops its retries
  POST /1/receipts/cancel_by_tag/{tag}.json form: token; stops every
      emergency sent with that tag (the message's `tags`, comma-separated)
  Users are any key of 30 letters and digits starting with "u" (--users
  limits them); the token must be --pushover-token.

The test's side:
  GET  /_mock/ntfy                 every accepted publish and clear, in order
  GET  /_mock/pushover             every accepted message, in order
  GET  /_mock/receipts             every receipt and its state
  POST /_mock/receipts/{r}/acknowledge   {"user": key}: the person presses
                                   Acknowledge in Pushover's app
  POST /_mock/ntfy/press           {"topic", "sequence_id"[, "origin"]}: the
                                   person taps the message's http action: the
                                   mock makes the request ntfy's app would
                                   make (to "origin", e.g. http://127.0.0.1:N,
                                   in place of the URL's own scheme, host and
                                   port: where the public name leads), and
                                   answers {"status": N, "body": "..."}
  POST /_mock/fail                 {"status": 500|503|429, "count": N}: the
                                   next N API requests answer that status
  POST /_mock/pushover/lose        {"count": N}: the next N messages are taken
                                   (receipt and all) but their answer never
                                   comes (the connection is closed)
"""

import argparse
import base64
import json
import re
import secrets
import signal
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from email.header import decode_header, make_header
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NAME = re.compile(r"^[-_A-Za-z0-9]{1,64}$")
PRIORITIES = {"1": 1, "min": 1, "2": 2, "low": 2, "3": 3, "default": 3, "4": 4, "high": 4, "5": 5, "max": 5, "urgent": 5}
KEY = re.compile(r"^[A-Za-z0-9]{30}$")

lock = threading.Lock()
state = {"ntfy": [], "pushover": [], "receipts": {}, "fail": None, "lose": 0}


def decoded(value):
    """A header as ntfy reads it: RFC 2047 encoded words decoded."""
    if value is None:
        return None
    if "=?" in value:
        return str(make_header(decode_header(value)))
    return value


def parse_actions(text):
    """ntfy's short action format: 'action, label, url[, key=value...]; ...'."""
    actions = []
    for part in [p.strip() for p in text.split(";") if p.strip()]:
        fields = [f.strip() for f in part.split(",")]
        if len(fields) < 2:
            raise ValueError("an action needs at least a type and a label")
        action = {"action": fields[0], "label": fields[1]}
        rest = fields[2:]
        if action["action"] in ("view", "http"):
            if not rest:
                raise ValueError("a view or http action needs a URL")
            action["url"] = rest[0]
            rest = rest[1:]
        for item in rest:
            key, _, value = item.partition("=")
            action[key.strip()] = value.strip()
        if action["action"] not in ("view", "http", "broadcast", "copy"):
            raise ValueError("unknown action type " + action["action"])
        if action["action"] == "http":
            if not re.match(r"^https?://", action["url"]):
                raise ValueError("an http action's URL must be http(s)")
            action.setdefault("method", "POST")
        actions.append(action)
    if len(actions) > 3:
        raise ValueError("at most 3 actions")
    return actions


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mock-phone-apps"

    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length) if length else b""

    def failing(self):
        with lock:
            fail = state["fail"]
            if fail and fail["count"] > 0:
                fail["count"] -= 1
                return fail["status"]
        return None

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/_mock/ntfy":
            with lock:
                return self.reply(200, state["ntfy"])
        if url.path == "/_mock/pushover":
            with lock:
                return self.reply(200, state["pushover"])
        if url.path == "/_mock/receipts":
            with lock:
                return self.reply(200, state["receipts"])
        match = re.match(r"^/1/receipts/([^/]+)\.json$", url.path)
        if match:
            query = urllib.parse.parse_qs(url.query)
            if query.get("token", [""])[0] != args.pushover_token:
                return self.reply(400, {"status": 0, "errors": ["application token is invalid"]})
            with lock:
                receipt = state["receipts"].get(match.group(1))
                if receipt is None:
                    return self.reply(404, {"status": 0, "errors": ["receipt not found"]})
                receipt["reads"] += 1
                now = int(time.time())
                expired = now >= receipt["expires_at"] or receipt["cancelled"]
                return self.reply(200, {
                    "status": 1, "request": secrets.token_hex(16),
                    "acknowledged": 1 if receipt["acknowledged_by"] else 0,
                    "acknowledged_at": receipt["acknowledged_at"] or 0,
                    "acknowledged_by": receipt["acknowledged_by"] or "",
                    "acknowledged_by_device": "phone" if receipt["acknowledged_by"] else "",
                    "last_delivered_at": receipt["sent_at"], "expired": 1 if expired else 0, "expires_at": receipt["expires_at"],
                    "called_back": 0, "called_back_at": 0,
                })
        self.reply(404, {"error": "not found"})

    def do_PUT(self):
        self.do_POST()

    def do_POST(self):
        url = urllib.parse.urlparse(self.path)
        raw = self.body()
        if url.path.startswith("/_mock/"):
            return self.mock(url.path, json.loads(raw or b"{}"))
        status = self.failing()
        if status:
            return self.reply(status, {"error": "mock failure"})
        if url.path.startswith("/1/"):
            return self.pushover(url.path, urllib.parse.parse_qs(raw.decode(), keep_blank_values=True))
        return self.ntfy(url.path, raw)

    def ntfy(self, path, raw):
        if args.ntfy_token and self.headers.get("authorization") != "Bearer " + args.ntfy_token:
            return self.reply(401, {"code": 40101, "http": 401, "error": "unauthorized"})
        parts = path.strip("/").split("/")
        if len(parts) == 3 and parts[2] == "clear" and self.command == "PUT":
            topic, sequence = parts[0], parts[1]
            if not NAME.match(topic) or not NAME.match(sequence):
                return self.reply(400, {"code": 40010, "http": 400, "error": "invalid topic or sequence id"})
            with lock:
                state["ntfy"].append({"event": "clear", "topic": topic, "sequence_id": sequence})
            return self.reply(200, {"id": secrets.token_hex(6), "event": "message_clear", "topic": topic, "sequence_id": sequence})
        if len(parts) != 1 or not NAME.match(parts[0]):
            return self.reply(400, {"code": 40009, "http": 400, "error": "invalid topic"})
        if len(raw) > 4096:
            return self.reply(413, {"code": 41301, "http": 413, "error": "message too large"})
        priority = self.headers.get("priority") or self.headers.get("x-priority") or "3"
        if priority.lower() not in PRIORITIES:
            return self.reply(400, {"code": 40007, "http": 400, "error": "invalid priority"})
        sequence = self.headers.get("x-sequence-id")
        if sequence is not None and not NAME.match(sequence):
            return self.reply(400, {"code": 40049, "http": 400, "error": "invalid sequence id"})
        try:
            actions = parse_actions(self.headers.get("actions") or "")
        except ValueError as error:
            return self.reply(400, {"code": 40018, "http": 400, "error": "invalid action: " + str(error)})
        message = {
            "event": "message", "id": secrets.token_hex(6), "time": int(time.time()), "topic": parts[0],
            "title": decoded(self.headers.get("title")), "message": raw.decode("utf-8"), "priority": PRIORITIES[priority.lower()],
            "tags": [t.strip() for t in (self.headers.get("tags") or "").split(",") if t.strip()],
            "click": self.headers.get("click"), "actions": actions, "sequence_id": sequence,
        }
        with lock:
            replaced = any(m.get("sequence_id") == sequence and m["topic"] == parts[0] for m in state["ntfy"] if sequence)
            message["replaces"] = replaced
            state["ntfy"].append(message)
        self.reply(200, {k: v for k, v in message.items() if k != "replaces" and v is not None})

    def pushover(self, path, form):
        def field(name):
            values = form.get(name)
            return values[0] if values else None

        if field("token") != args.pushover_token:
            return self.reply(400, {"status": 0, "errors": ["application token is invalid"], "token": "invalid"})
        match = re.match(r"^/1/receipts/cancel_by_tag/([^/]+)\.json$", path)
        if match:
            with lock:
                cancelled = [r for r in state["receipts"].values() if match.group(1) in r["tags"] and not r["cancelled"]]
                for receipt in cancelled:
                    receipt["cancelled"] = True
            return self.reply(200, {"status": 1, "cancelled": len(cancelled), "request": secrets.token_hex(16)})
        match = re.match(r"^/1/receipts/([^/]+)/cancel\.json$", path)
        if match:
            with lock:
                receipt = state["receipts"].get(match.group(1))
                if receipt is None:
                    return self.reply(404, {"status": 0, "errors": ["receipt not found"]})
                receipt["cancelled"] = True
            return self.reply(200, {"status": 1, "request": secrets.token_hex(16)})
        if path != "/1/messages.json":
            return self.reply(404, {"status": 0, "errors": ["not found"]})
        user = field("user") or ""
        errors = []
        if not KEY.match(user) or not user.startswith("u") or (args.users and user not in args.users.split(",")):
            errors.append("user identifier is not a valid user, group, or subscribed user key")
        message = field("message")
        if not message:
            errors.append("message cannot be blank")
        elif len(message) > 1024:
            errors.append("message is too long")
        if len(field("title") or "") > 250:
            errors.append("title is too long")
        if len(field("url") or "") > 512:
            errors.append("url is too long")
        try:
            priority = int(field("priority") or "0")
        except ValueError:
            priority = 99
        if priority not in range(-2, 3):
            errors.append("priority is invalid")
        receipt = None
        if priority == 2:
            retry, expire = int(field("retry") or 0), int(field("expire") or 0)
            if retry < 30:
                errors.append("retry is invalid")
            if expire <= 0 or expire > 10800:
                errors.append("expire is invalid")
        if errors:
            return self.reply(400, {"status": 0, "errors": errors, "request": secrets.token_hex(16)})
        record = {k: v[0] for k, v in form.items() if k != "token"}
        if priority == 2:
            receipt = "r" + secrets.token_hex(15)[:29]
            with lock:
                state["receipts"][receipt] = {
                    "user": user, "sent_at": int(time.time()), "expires_at": int(time.time()) + expire, "acknowledged_by": None,
                    "acknowledged_at": None, "cancelled": False, "reads": 0,
                    "tags": [t.strip() for t in (field("tags") or "").split(",") if t.strip()],
                }
            record["receipt"] = receipt
        with lock:
            state["pushover"].append(record)
            lose = state["lose"] > 0
            if lose:
                state["lose"] -= 1
        if lose:
            # Taken, but the answer is lost on the way back.
            self.close_connection = True
            self.connection.shutdown(2)
            return
        answer = {"status": 1, "request": secrets.token_hex(16)}
        if receipt:
            answer["receipt"] = receipt
        self.reply(200, answer)

    def mock(self, path, body):
        if path == "/_mock/pushover/lose":
            with lock:
                state["lose"] = int(body["count"])
            return self.reply(200, {})
        if path == "/_mock/fail":
            with lock:
                state["fail"] = {"status": int(body["status"]), "count": int(body["count"])}
            return self.reply(200, {})
        match = re.match(r"^/_mock/receipts/([^/]+)/acknowledge$", path)
        if match:
            with lock:
                receipt = state["receipts"].get(match.group(1))
                if receipt is None or receipt["cancelled"]:
                    return self.reply(404, {"error": "no such open receipt"})
                receipt["acknowledged_by"] = body.get("user", receipt["user"])
                receipt["acknowledged_at"] = int(time.time())
            return self.reply(200, {})
        if path == "/_mock/ntfy/press":
            with lock:
                found = [m for m in state["ntfy"] if m.get("event") == "message" and m["topic"] == body["topic"]
                         and m.get("sequence_id") == body["sequence_id"]]
            # The latest revision with a button: a replaced message's old one
            # stays in the topic's cache, where whoever reads it can tap it.
            found = [m for m in found if [a for a in m["actions"] if a["action"] == "http"]]
            if not found:
                return self.reply(404, {"error": "no message with an http action"})
            action = [a for a in found[-1]["actions"] if a["action"] == "http"][0]
            target = urllib.parse.urlsplit(action["url"])
            if body.get("origin"):
                origin = urllib.parse.urlsplit(body["origin"])
                target = target._replace(scheme=origin.scheme, netloc=origin.netloc)
            request = urllib.request.Request(urllib.parse.urlunsplit(target), method=action.get("method", "POST"), data=b"")
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return self.reply(200, {"status": response.status, "body": response.read().decode()})
            except urllib.error.HTTPError as error:
                return self.reply(200, {"status": error.code, "body": error.read().decode()})
            except (urllib.error.URLError, OSError) as error:
                return self.reply(200, {"status": 0, "body": "the request failed: " + str(error)})
        self.reply(404, {"error": "not found"})


parser = argparse.ArgumentParser()
parser.add_argument("--pushover-token", required=True)
parser.add_argument("--ntfy-token")
parser.add_argument("--users", default="")
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--host", default="127.0.0.1")
args = parser.parse_args()
server = ThreadingHTTPServer((args.host, args.port), Handler)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
print(json.dumps({"port": server.server_address[1]}), flush=True)
server.serve_forever()
