#!/usr/bin/env python3
"""Self-test of mock_twilio.py: starts it as a subprocess, talks to it as the
server under test would, and runs a small webhook receiver of its own that
checks every X-Twilio-Signature with its own implementation of Twilio's
algorithm (not the mock's). Exits 1 on any failure.

    python3 scripts/lib/mock_twilio_selftest.py [-v]
"""

import base64
import hashlib
import hmac
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from email.utils import parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
SID = "AC" + "0123456789abcdef" * 2
TOKEN = "selftest-auth-token"
VERBOSE = "-v" in sys.argv

failures = []


def check(condition, what, detail=None):
    if condition:
        if VERBOSE:
            print(f"ok    {what}")
    else:
        failures.append(what)
        print(f"FAIL  {what}" + (f": {detail}" if detail is not None else ""))


# --- an independent signature check -------------------------------------------

def expected_signature(token, url, pairs):
    s = url
    for name, value in sorted(pairs, key=lambda p: (p[0], p[1])):
        s += name + value
    return base64.b64encode(hmac.new(token.encode(), s.encode(), hashlib.sha1).digest()).decode()


# --- the webhook receiver (stands in for the server under test) ---------------

class Receiver(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen = []
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def do_POST(self):
        self._handle()

    def do_GET(self):
        self._handle()

    def _handle(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        pairs = urllib.parse.parse_qsl(raw.decode(), keep_blank_values=True) if self.command == "POST" else []
        url = f"http://127.0.0.1:{self.server.server_address[1]}{self.path}"
        sig = self.headers.get("X-Twilio-Signature", "")
        valid = hmac.compare_digest(sig, expected_signature(TOKEN, url, pairs))
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
        with Receiver.lock:
            Receiver.seen.append({"method": self.command, "path": self.path, "params": dict(pairs),
                                  "query": query, "valid": valid,
                                  "content_type": self.headers.get("Content-Type", "")})
        route = urllib.parse.urlsplit(self.path).path
        if not valid:
            return self._reply(403, "text/plain", "bad signature")
        if route == "/sms":
            return self._reply(200, "text/xml", "<Response><Message>Got it</Message></Response>")
        if route == "/status":
            return self._reply(204, None, "")
        if route == "/voice":
            return self._reply(200, "text/xml",
                               '<?xml version="1.0" encoding="UTF-8"?><Response>'
                               '<Gather action="gather-done?step=2" numDigits="1" method="POST">'
                               '<Say>Press 1 to acknowledge.</Say></Gather></Response>')
        if route == "/gather-done":
            return self._reply(200, "text/xml", "<Response><Say>Acknowledged.</Say><Hangup/></Response>")
        return self._reply(404, "text/plain", "no such route")

    def _reply(self, status, ctype, text):
        body = text.encode()
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def seen(path_prefix):
    with Receiver.lock:
        return [r for r in Receiver.seen if r["path"].startswith(path_prefix)]


# --- a client ------------------------------------------------------------------

opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def request(base, method, path, form=None, json_body=None, auth=(SID, TOKEN), content_type=None):
    headers = {}
    data = None
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = content_type or "application/x-www-form-urlencoded"
    elif json_body is not None:
        data = json.dumps(json_body).encode()
        headers["Content-Type"] = content_type or "application/json"
    if auth:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with opener.open(req, timeout=20) as resp:
            return resp.status, dict(resp.headers), json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as err:
        with err:
            return err.code, dict(err.headers), json.loads(err.read() or b"null")


def wait_for(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def main():
    check(expected_signature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2",
                             [("CallSid", "CA1234567890ABCDE"), ("Caller", "+12349013030"), ("Digits", "1234"),
                              ("From", "+12349013030"), ("To", "+18005551212")]) == "0/KCTR6DLpKmkAf8muzZqo1nDgQ=",
          "the self-test's signature check matches Twilio's published example")

    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    receiver.daemon_threads = True
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    hook = f"http://127.0.0.1:{receiver.server_address[1]}"

    proc = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "mock_twilio.py"), "--account-sid", SID, "--auth-token", TOKEN,
         "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        try:
            port = json.loads(line)["port"]
        except (ValueError, KeyError, TypeError):
            print(f"FAIL  the mock did not print {{\"port\": N}}: {line!r} {proc.stderr.read()!r}")
            return 1
        base = f"http://127.0.0.1:{port}"
        run(base, hook)
    finally:
        proc.terminate()
        try:
            _, err = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        receiver.shutdown()
    check(err.strip() == "", "the mock wrote nothing to stderr without --verbose", err[-2000:])
    check(proc.returncode in (0, -15), "the mock stopped cleanly on SIGTERM", proc.returncode)
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("mock_twilio self-test: all checks passed")
    return 0


def run(base, hook):
    messages = f"/2010-04-01/Accounts/{SID}/Messages.json"
    calls = f"/2010-04-01/Accounts/{SID}/Calls.json"
    good = {"To": "+46701234567", "From": "+46101234567", "Body": "Hello"}

    # -- authentication
    status, headers, body = request(base, "POST", messages, form=good, auth=(SID, "wrong"))
    check(status == 401, "a wrong auth token is 401", status)
    check(body == {"code": 20003, "message": "Authenticate", "more_info": "https://www.twilio.com/docs/errors/20003",
                   "status": 401}, "the 401 body is Twilio's", body)
    status, headers, _ = request(base, "POST", messages, form=good, auth=None)
    check(status == 401 and "Basic" in headers.get("WWW-Authenticate", ""), "no credentials is 401 with a Basic challenge")
    other = "AC" + "f" * 32
    status, _, body = request(base, "POST", f"/2010-04-01/Accounts/{other}/Messages.json", form=good)
    check(status == 401 and body["code"] == 20003, "another account's path is refused", (status, body))

    # -- validation
    def error_of(form, **kw):
        status, _, body = request(base, "POST", messages, form=form, **kw)
        return status, (body or {}).get("code"), (body or {}).get("message")

    status, code, message = error_of({**good, "To": "0701234567"})
    check((status, code) == (400, 21211), "a To that is not E.164 is 400 21211", (status, code))
    check(message == "The 'To' number 0701234567 is not a valid phone number.", "the 21211 message", message)
    check(error_of({**good, "To": "+4670"})[:2] == (400, 21211), "a too short To is 400 21211")
    check(error_of({**good, "To": "+1234567890123456"})[:2] == (400, 21211), "a 16-digit To is 400 21211")
    check(error_of({k: v for k, v in good.items() if k != "To"})[:2] == (400, 21604), "no To is 400 21604")
    check(error_of({k: v for k, v in good.items() if k != "From"})[:2] == (400, 21603),
          "no From and no MessagingServiceSid is 400 21603")
    check(error_of({k: v for k, v in good.items() if k != "Body"})[:2] == (400, 21602), "no Body is 400 21602")
    check(error_of({**good, "Body": ""})[:2] == (400, 21602), "an empty Body is 400 21602")
    check(error_of({**good, "Body": "x" * 1601})[:2] == (400, 21617), "a 1601-character Body is 400 21617")
    status, _, _ = request(base, "POST", messages, form={**good, "Body": "x" * 1600})
    check(status == 201, "a 1600-character Body is accepted", status)
    status, _, body = request(base, "POST", messages, json_body=good)
    check(status == 400 and body.get("code") == 21604, "a JSON body carries no parameters (400)", (status, body))

    # -- a good message
    status, _, msg = request(base, "POST", messages, form={**good, "StatusCallback": f"{hook}/status?m=1"})
    check(status == 201, "a good message is 201", (status, msg))
    check(re.fullmatch(r"SM[0-9a-f]{32}", msg.get("sid", "")) is not None, "the sid is SM + 32 hex", msg.get("sid"))
    check(msg.get("status") == "queued", "the new message is queued", msg.get("status"))
    check((msg.get("account_sid"), msg.get("to"), msg.get("from"), msg.get("body")) ==
          (SID, good["To"], good["From"], good["Body"]), "the resource echoes the message")
    check(msg.get("num_segments") == "1" and msg.get("num_media") == "0", "num_segments and num_media are strings")
    check(msg.get("uri") == f"/2010-04-01/Accounts/{SID}/Messages/{msg.get('sid')}.json", "the uri", msg.get("uri"))
    check(msg.get("direction") == "outbound-api" and msg.get("api_version") == "2010-04-01", "direction, api_version")
    try:
        created = parsedate_to_datetime(msg["date_created"])
        check(created.utcoffset().total_seconds() == 0 and msg["date_created"].endswith("+0000"),
              "date_created is RFC 2822 in UTC", msg["date_created"])
    except (KeyError, TypeError, ValueError) as err:
        check(False, "date_created is RFC 2822", err)

    # -- segments
    cases = [
        ("a" * 160, "1", "160 GSM-7 characters"),
        ("a" * 161, "2", "161 GSM-7 characters"),
        ("a" * 306, "2", "306 GSM-7 characters"),
        ("a" * 307, "3", "307 GSM-7 characters"),
        ("€" * 80, "1", "80 '€' (extension, 2 septets each: 160)"),
        ("€" * 81, "2", "81 '€' (162 septets)"),
        ("ä" * 160, "1", "160 'ä' (in the GSM-7 alphabet)"),
        ("ä" * 68 + "😀", "1", "68 'ä' + an emoji (70 UTF-16 units)"),
        ("ä" * 69 + "😀", "2", "69 'ä' + an emoji (71 UTF-16 units)"),
        ("ж" * 70, "1", "70 Cyrillic"),
        ("ж" * 71, "2", "71 Cyrillic"),
        ("ж" * 134, "2", "134 Cyrillic (2 x 67)"),
        ("ж" * 135, "3", "135 Cyrillic"),
        ("a" * 152 + "€" + "a" * 152, "3", "306 septets whose escape pair would straddle a segment boundary"),
    ]
    for text, expected, what in cases:
        status, _, res = request(base, "POST", messages, form={**good, "Body": text})
        got = res.get("num_segments") if status == 201 else (status, res)
        check(got == expected, f"num_segments {expected} for {what}", got)

    # -- Messaging Service
    status, _, res = request(base, "POST", messages,
                             form={"To": good["To"], "MessagingServiceSid": "MG" + "a" * 32, "Body": "hi"})
    check(status == 201 and res.get("status") == "accepted" and res.get("from") is None,
          "a MessagingServiceSid without From is accepted (status 'accepted')", (status, res))

    # -- the status callbacks
    check(wait_for(lambda: len(seen("/status?m=1")) >= 2), "two status callbacks arrive", seen("/status"))
    cbs = seen("/status?m=1")
    check([c["params"].get("MessageStatus") for c in cbs[:2]] == ["sent", "delivered"],
          "status callbacks: sent then delivered", [c["params"].get("MessageStatus") for c in cbs])
    check(all(c["valid"] for c in cbs), "the status callbacks are signed (URL with its query string)")
    if cbs:
        p = cbs[-1]["params"]
        check(p.get("MessageSid") == msg.get("sid") and p.get("SmsSid") == msg.get("sid")
              and p.get("AccountSid") == SID and p.get("To") == good["To"] and p.get("From") == good["From"]
              and p.get("ApiVersion") == "2010-04-01" and p.get("SmsStatus") == p.get("MessageStatus"),
              "the status callback's parameters", p)
        check(cbs[-1]["content_type"].startswith("application/x-www-form-urlencoded"),
              "callbacks are form posts", cbs[-1]["content_type"])
    status, _, res = request(base, "GET", msg.get("uri", "/"))
    check(status == 200 and res.get("status") == "delivered", "GET the message shows it delivered", (status, res))

    # -- a delivery failure
    request(base, "POST", "/_mock/delivery", json_body={"status": "undelivered", "count": 1}, auth=None)
    status, _, res = request(base, "POST", messages, form={**good, "StatusCallback": f"{hook}/status?m=2"})
    check(wait_for(lambda: len(seen("/status?m=2")) >= 2), "an undelivered message gets two callbacks")
    cbs = seen("/status?m=2")
    check([c["params"].get("MessageStatus") for c in cbs] == ["sent", "undelivered"]
          and cbs[-1]["params"].get("ErrorCode") == "30003", "sent then undelivered with ErrorCode 30003",
          [c["params"] for c in cbs])

    # -- inbound text
    status, _, res = request(base, "POST", "/_mock/inbound", auth=None, json_body={
        "url": f"{hook}/sms?tenant=a&x=%2F", "from": "+46701234567", "to": "+46101234567", "body": "ACK 123456"})
    check(status == 200 and res.get("status") == 200, "an inbound text reaches the webhook (200)", (status, res))
    check("<Message>Got it</Message>" in (res or {}).get("body", "") and res.get("content_type") == "text/xml",
          "the mock returns the webhook's TwiML and content type", res)
    got = seen("/sms?tenant=a")
    check(len(got) == 1 and got[0]["valid"], "the inbound webhook's signature verifies", got)
    if got:
        p = got[0]["params"]
        check(p.get("Body") == "ACK 123456" and p.get("From") == "+46701234567" and p.get("To") == "+46101234567"
              and p.get("NumMedia") == "0" and p.get("NumSegments") == "1" and p.get("ApiVersion") == "2010-04-01"
              and p.get("AccountSid") == SID and re.fullmatch(r"SM[0-9a-f]{32}", p.get("MessageSid", ""))
              and p.get("SmsSid") == p.get("MessageSid"), "the inbound webhook's parameters", p)
    status, _, res = request(base, "POST", "/_mock/inbound", auth=None, json_body={
        "url": f"{hook}/sms?tenant=b", "from": "+46701234567", "to": "+46101234567", "body": "x",
        "signature": "bad"})
    check(status == 200 and res.get("status") == 403, "a forged signature is refused by the webhook (403)", res)
    status, _, res = request(base, "POST", "/_mock/inbound", auth=None, json_body={
        "url": f"{hook}/sms?tenant=c", "from": "+46701234567", "to": "+46101234567", "body": "x",
        "token": "another-token"})
    check(status == 200 and res.get("status") == 403, "a signature with another token is refused (403)", res)

    # -- calls
    def call_error(form):
        status, _, body = request(base, "POST", calls, form=form)
        return status, (body or {}).get("code")

    call = {"To": "+46701234567", "From": "+46101234567"}
    check(call_error(call) == (400, 21205), "a call with neither Url nor Twiml is 400 21205")
    check(call_error({**call, "Url": "not a url"}) == (400, 21205), "a call with a bad Url is 400 21205")
    check(call_error({"From": call["From"], "Twiml": "<Response/>"}) == (400, 21201), "a call without To is 400 21201")
    check(call_error({"To": call["To"], "Twiml": "<Response/>"}) == (400, 21213), "a call without From is 400 21213")
    check(call_error({**call, "To": "12345", "Twiml": "<Response/>"}) == (400, 21211), "a call to a bad To is 400 21211")
    status, _, _ = request(base, "POST", calls, form=call, auth=(SID, "nope"))
    check(status == 401, "a call with a wrong token is 401")

    twiml = (f'<Response><Gather action="{hook}/gather-done?step=1" numDigits="1">'
             f'<Say>Press 1</Say></Gather></Response>')
    status, _, res = request(base, "POST", calls, form={**call, "Twiml": twiml})
    check(status == 201 and re.fullmatch(r"CA[0-9a-f]{32}", res.get("sid", "")) and res.get("status") == "queued",
          "a call with Twiml is 201, CA sid, queued", (status, res))
    call_sid = res.get("sid", "CAmissing")
    status, _, res = request(base, "POST", f"/_mock/calls/{call_sid}/press", json_body={"digits": "1"}, auth=None)
    check(status == 200 and res.get("status") == 200 and "Acknowledged" in res.get("body", ""),
          "pressing 1 reaches the Gather action", (status, res))
    got = seen("/gather-done?step=1")
    check(len(got) == 1 and got[0]["valid"], "the Gather action's signature verifies", got)
    if got:
        p = got[0]["params"]
        check(p.get("Digits") == "1" and p.get("CallSid") == call_sid and p.get("From") == call["From"]
              and p.get("To") == call["To"] and p.get("AccountSid") == SID and p.get("CallStatus") == "in-progress",
              "the Gather action's parameters", p)

    status, _, res = request(base, "POST", calls, form={**call, "Url": f"{hook}/voice?c=9"})
    check(status == 201, "a call with Url is 201", (status, res))
    url_call = res.get("sid", "CAmissing")
    status, _, res = request(base, "POST", f"/_mock/calls/{url_call}/press", json_body={"digits": "7"}, auth=None)
    check(status == 200 and res.get("status") == 200, "pressing on a Url call reaches the action", (status, res))
    fetch = seen("/voice?c=9")
    check(len(fetch) == 1 and fetch[0]["valid"] and fetch[0]["params"].get("CallStatus") == "in-progress"
          and fetch[0]["params"].get("Direction") == "outbound-api" and fetch[0]["params"].get("CallSid") == url_call,
          "the TwiML fetch is a signed POST with the call's parameters", fetch)
    got = seen("/gather-done?step=2")
    check(len(got) == 1 and got[0]["valid"] and got[0]["params"].get("Digits") == "7",
          "a relative action resolves against the Url, signed, with Digits", got)

    status, _, res = request(base, "POST", "/_mock/calls/CA0000/press", json_body={"digits": "1"}, auth=None)
    check(status == 404, "pressing on an unknown call is 404", status)

    # -- the mock's lists
    status, _, listed = request(base, "GET", "/_mock/calls", auth=None)
    check(status == 200 and [c["sid"] for c in listed] == [call_sid, url_call], "GET /_mock/calls lists the calls in order")
    check(listed and listed[0]["form"].get("Twiml") == twiml, "the recorded call keeps its form fields")
    status, _, listed = request(base, "GET", "/_mock/messages", auth=None)
    check(status == 200 and listed and listed[0]["form"].get("Body") == "x" * 1600,
          "GET /_mock/messages lists accepted messages with their form", len(listed or []))
    check(all(m["resource"]["status"] != "" for m in listed), "each listed message has its resource")

    # -- injected failures
    request(base, "POST", "/_mock/fail", json_body={"status": 503, "count": 2}, auth=None)
    s1, _, b1 = request(base, "POST", messages, form=good)
    s2, _, b2 = request(base, "POST", messages, form=good)
    s3, _, _ = request(base, "POST", messages, form=good)
    check((s1, s2, s3) == (503, 503, 201), "fail 503 x2, then 201", (s1, s2, s3))
    check(b1 == {"code": 20503, "message": "Service Unavailable",
                 "more_info": "https://www.twilio.com/docs/errors/20503", "status": 503}, "the 503 body", b1)
    request(base, "POST", "/_mock/fail", json_body={"status": 429, "count": 1}, auth=None)
    s4, h4, b4 = request(base, "POST", messages, form=good)
    check(s4 == 429 and b4.get("code") == 20429 and "Retry-After" not in h4, "429 code 20429, no Retry-After",
          (s4, b4, h4))
    request(base, "POST", "/_mock/fail", json_body={"status": 500, "count": 1}, auth=None)
    s5, _, b5 = request(base, "POST", calls, form={**call, "Twiml": twiml})
    check(s5 == 500 and b5.get("code") == 20500, "500 code 20500 applies to Calls too", (s5, b5))

    # -- reset
    status, _, _ = request(base, "POST", "/_mock/reset", auth=None)
    _, _, m_after = request(base, "GET", "/_mock/messages", auth=None)
    _, _, c_after = request(base, "GET", "/_mock/calls", auth=None)
    check(status == 200 and m_after == [] and c_after == [], "reset empties the lists")


if __name__ == "__main__":
    sys.exit(main())
