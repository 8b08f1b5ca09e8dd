#!/usr/bin/env python3
"""Mocks of Slack's Web API, Mattermost's REST API v4 and a Microsoft Teams
Workflows webhook, for tests. Python 3.11 standard library only.

    python3 mock_chat.py --slack-token xoxb-... --slack-signing-secret SECRET \
        --mattermost-token TOKEN [--port 0] [--host 127.0.0.1]

Prints one line, {"port": N}, once it listens; runs until killed.

Slack's side (api.slack.com/methods): every /api/* call needs "Authorization:
Bearer <slack token>" ({"ok":false,"error":"not_authed"} without one,
"invalid_auth" with another); the body is JSON or form-encoded (blocks and
metadata then JSON strings); API errors are HTTP 200 {"ok":false,"error":...}.
  POST /api/chat.postMessage        {channel, text, blocks?, metadata?}:
      {"ok":true,"channel","ts","message"}; ts strictly increasing. A
      channel that is a member's id ([UW][A-Z0-9]{8,}, one the test made)
      posts to the app's direct message with them: the answer's channel is
      that conversation's D id. Refused: an unknown member, a channel not of
      [CGD][A-Z0-9]{8,} (channel_not_found), neither text nor
      blocks (no_text), text over 40000 characters (msg_too_long), over 50
      blocks or a button whose value is over 2000 or action_id over 255
      characters (invalid_blocks), metadata without an event_type string or
      with an event_payload that is not an object (invalid_metadata_format).
  POST /api/chat.update             {channel, ts, text?, blocks?, metadata?}:
      {"ok":true,"channel","ts","text"}; unknown ts: message_not_found.
      Blocks left out stay as they were (as Slack keeps them).
  GET|POST /api/conversations.history   channel, limit (100, at most 999),
      oldest (exclusive unless inclusive), include_all_metadata: the
      channel's messages newest first, latest versions, with "metadata"
      only when include_all_metadata is true.
  An unknown method answers 404 {"ok":false,"error":"unknown_method"}.

Mattermost's side (api.mattermost.com): every /api/v4/* call needs
"Authorization: Bearer <mattermost token>" (401 otherwise); errors are 4xx
{"id":"api.x.y","message":"...","status_code":N}.
  POST /api/v4/posts                {channel_id, message, props?,
      pending_post_id?}: 201 with the post. Refused: a channel_id not of
      [a-z0-9]{26} (403), a message over 16383 characters (400), an
      attachment action whose id is not of [A-Za-z0-9]+, without a name, or
      whose integration.url is not http(s) (400). A pending_post_id already used
      in the channel answers that post again (201) and creates nothing.
  PUT  /api/v4/posts/{id}/patch     {message?, props?}: 200 with the post,
      edit_at set; 404 for an unknown id.
  GET  /api/v4/users/me             the bot: {"id", "username", "is_bot"}
  GET  /api/v4/users/username/{name}   a user the test made: {"id", ...};
      404 for anyone else
  POST /api/v4/channels/direct      [bot id, user id]: 201 {"id", "type": "D"},
      the same channel for the same pair
  GET  /api/v4/channels/{channel_id}/posts?since=MS   {"order": [ids newest
      first], "posts": {id: post}}: those updated after `since` (all without it).

Teams' side (a Workflows "post to a channel when a webhook request is
received" URL; the URL is the secret, so no auth):
  POST /teams/{id}                  {"type":"message","attachments":[{
      "contentType":"application/vnd.microsoft.card.adaptive","content":{
      "type":"AdaptiveCard","version":"1.x","body":[...]}}]}: 202, empty.
      Any other shape, or a body over 28 KB: 400 with the reason as text.

The test's side:
  GET  /_mock/slack              every message posted, in order: channel, ts,
      text, blocks, metadata (as they are now), versions [{text, blocks}]
      (the original first, then each update) and member (the member a
      direct message went to, else null)
  POST /_mock/slack/members      {"id"}: a member the app may write to
  POST /_mock/mattermost/users   {"username"}: a user (made once), {"id"}
  POST /_mock/slack/ratelimit    {"count": N, "retry_after": S}: the next N
      chat.postMessage calls answer 429 (Retry-After: S, "ratelimited") and
      post nothing
  POST /_mock/slack/click        {"channel", "ts", "action_id", "user_id",
      "team_id", "url"[, "age_seconds"][, "bad_signature"]}: a person clicks
      the button on the message's latest version: the mock POSTs the
      block_actions payload Slack would to `url`, signed with the signing
      secret (or another), timestamped age_seconds ago; answers {"status": N,
      "body": "..."} (status 0 when it could not connect)
  POST /_mock/slack/replay       sends the last click's request again, byte for
      byte (an attacker who captured it); answers as a click does
  POST /_mock/slack/response/{n} a click's response_url (no auth): keeps the
      JSON posted to it; answers 200 "ok"
  GET  /_mock/slack/responses    [{"n", "body"}], in order
  GET  /_mock/mattermost         every post, in order, with versions
      [{message, props}] and direct_to (the user a post in the bot's direct
      channel with them went to, else null)
  POST /_mock/mattermost/click   {"post_id", "action_id", "user_id",
      "user_name"[, "url"]}: a person clicks the attachment action: the mock
      POSTs what Mattermost would to `url` (or the action's
      integration.url); answers {"status": N, "body": "..."}
  GET  /_mock/teams              [{"id", "card"}] for every card accepted
  POST /_mock/fail               {"status": 500|503|429, "count": N}: the next
      N API requests (of any of the three) answer that status (429 with
      Retry-After: 1)
  GET  /_mock/requests           API requests received (failed ones too), by
      kind: chat.postMessage, chat.update, conversations.history, posts,
      patch, channel.posts, teams (other Slack methods by their name)
"""

import argparse
import hashlib
import hmac
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
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SLACK_CHANNEL = re.compile(r"^[CGD][A-Z0-9]{8,}$")
SLACK_MEMBER = re.compile(r"^[UW][A-Z0-9]{8,}$")
MM_ID = re.compile(r"^[a-z0-9]{26}$")
MM_ACTION_ID = re.compile(r"^[A-Za-z0-9]+$")
TEAMS_ID = re.compile(r"^/teams/([A-Za-z0-9_-]+)$")
ADAPTIVE = "application/vnd.microsoft.card.adaptive"
BOT_USER = "botuserid00000000000000000"
MM_ALPHABET = "ybndrfg8ejkmcpqxot1uwisza345h769"  # the base32 of Mattermost's NewId

lock = threading.Lock()
state = {
    "slack": [], "responses": [], "directs": {}, "slack_members": set(), "mm_users": {}, "ratelimit": None, "last_ts": 0, "clicks": 0,
    "mattermost": [], "teams": [], "fail": None,
    "requests": {k: 0 for k in ("chat.postMessage", "chat.update", "conversations.history", "posts", "patch", "channel.posts", "teams")},
}


def next_ts():
    """A Slack ts (seconds.microseconds), later than every earlier one. Under the lock."""
    micros = max(int(time.time() * 1_000_000), state["last_ts"] + 1)
    state["last_ts"] = micros
    return f"{micros // 1_000_000}.{micros % 1_000_000:06d}"


def buttons(value):
    """Every button element anywhere in blocks (an actions block's, a section's accessory)."""
    if isinstance(value, dict) and value.get("type") == "button":
        yield value
    for item in value if isinstance(value, list) else value.values() if isinstance(value, dict) else []:
        yield from buttons(item)


def slack_refusal(text, blocks, metadata):
    """The error Slack answers a message with, or None."""
    if text is not None and not isinstance(text, str):
        return "invalid_arguments"
    if not text and not blocks:
        return "no_text"
    if len(text or "") > 40000:
        return "msg_too_long"
    if blocks is not None:
        if not isinstance(blocks, list) or len(blocks) > 50 \
                or not all(isinstance(b, dict) and isinstance(b.get("type"), str) for b in blocks):
            return "invalid_blocks"
        for button in buttons(blocks):
            if len(str(button.get("value", ""))) > 2000 or len(str(button.get("action_id", ""))) > 255:
                return "invalid_blocks"
    if metadata is not None and not (isinstance(metadata, dict) and isinstance(metadata.get("event_type"), str)
                                     and metadata["event_type"] and isinstance(metadata.get("event_payload", {}), dict)):
        return "invalid_metadata_format"
    return None


def mm_refusal(message, props):
    """(status, id, message) Mattermost answers a post with, or None."""
    if not isinstance(message or "", str) or len(message or "") > 16383:
        return 400, "model.post.is_valid.msg.app_error", "Invalid message: over 16383 characters"
    if props is not None and not isinstance(props, dict):
        return 400, "model.post.is_valid.props.app_error", "Invalid props"
    for attachment in (props or {}).get("attachments") or []:
        for action in (attachment.get("actions") or []) if isinstance(attachment, dict) else []:
            if not isinstance(action, dict) or not MM_ACTION_ID.match(str(action.get("id", ""))):
                return 400, "api.post.action.id.app_error", "An action's id must be letters and digits"
            if not action.get("name"):
                return 400, "api.post.action.name.app_error", "An action needs a name"
            url = (action.get("integration") or {}).get("url") or ""
            if not re.match(r"^https?://", url):
                return 400, "api.post.action.integration.app_error", "An action's integration URL must be http(s)"
    return None


def teams_refusal(raw):
    """Why a Workflows webhook answers 400 to this body, or None."""
    if len(raw) > 28 * 1024:
        return "The request body is over 28 KB."
    try:
        body = json.loads(raw)
    except ValueError:
        return "The request body is not JSON."
    if not isinstance(body, dict) or body.get("type") != "message" \
            or not isinstance(body.get("attachments"), list) or not body["attachments"]:
        return 'The body must be {"type": "message", "attachments": [...]} with at least one attachment.'
    for attachment in body["attachments"]:
        card = attachment.get("content") if isinstance(attachment, dict) else None
        if not isinstance(card, dict) or attachment.get("contentType") != ADAPTIVE or card.get("type") != "AdaptiveCard" \
                or not re.match(r"^1\.\d+$", str(card.get("version", ""))) or not isinstance(card.get("body"), list):
            return (f'Every attachment must be {{"contentType": "{ADAPTIVE}", '
                    '"content": {"type": "AdaptiveCard", "version": "1.x", "body": [...]}}.')
    return None


def loads_object(raw):
    """The JSON object a body holds ({} for none), or None."""
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def relay(request):
    """Makes the request a click makes; {"status", "body"} of its answer."""
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return {"status": response.status, "body": response.read().decode()}
    except urllib.error.HTTPError as error:
        return {"status": error.code, "body": error.read().decode()}
    except (urllib.error.URLError, OSError) as error:
        return {"status": 0, "body": str(error)}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mock-chat"

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=None):
        data = json.dumps(body).encode()
        self.send(status, data, "application/json; charset=utf-8", headers)

    def send(self, status, data, content_type, headers=None):
        self.send_response(status)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length) if length else b""

    def mm_error(self, status, ident, message):
        self.reply(status, {"id": ident, "message": message, "status_code": status, "request_id": secrets.token_hex(13)})

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        lists = {"/_mock/slack": "slack", "/_mock/teams": "teams", "/_mock/slack/responses": "responses", "/_mock/requests": "requests"}
        with lock:
            if url.path in lists:
                return self.reply(200, state[lists[url.path]])
            if url.path == "/_mock/mattermost":
                bot_and = {channel: [u for u in users if u != BOT_USER] for channel, users in state["directs"].items()}
                return self.reply(200, [dict(p["post"], versions=p["versions"],
                                             direct_to=(bot_and.get(p["post"]["channel_id"]) or [None])[0]) for p in state["mattermost"]])
        if url.path.startswith("/api/"):
            return self.api(url, b"")
        self.reply(404, {"error": "not found"})

    def do_PUT(self):
        self.do_POST()

    def do_POST(self):
        url = urllib.parse.urlparse(self.path)
        raw = self.body()
        match = re.match(r"^/_mock/slack/response/(\d+)$", url.path)
        if match:
            try:
                body = json.loads(raw or b"null")
            except ValueError:
                body = raw.decode("utf-8", "replace")
            with lock:
                state["responses"].append({"n": int(match.group(1)), "body": body})
            return self.send(200, b"ok", "text/plain")
        if url.path.startswith("/_mock/"):
            return self.mock(url.path, json.loads(raw or b"{}"))
        self.api(url, raw)

    def api(self, url, raw):
        path = url.path
        if path.startswith("/api/v4/"):
            kind = "posts" if path == "/api/v4/posts" else "patch" if path.endswith("/patch") else \
                "channel.posts" if re.match(r"^/api/v4/channels/[^/]+/posts$", path) else "v4 " + path
        elif path.startswith("/api/"):
            kind = path[len("/api/"):]
        elif TEAMS_ID.match(path):
            kind = "teams"
        else:
            return self.reply(404, {"error": "not found"})
        with lock:
            state["requests"][kind] = state["requests"].get(kind, 0) + 1
            fail, status = state["fail"], None
            if fail and fail["count"] > 0:
                fail["count"], status = fail["count"] - 1, fail["status"]
        if status:
            return self.reply(status, {"error": "mock failure"}, {"Retry-After": "1"} if status == 429 else None)
        if kind == "teams":
            return self.teams(TEAMS_ID.match(path).group(1), raw)
        if path.startswith("/api/v4/"):
            return self.mattermost(path, url.query, raw)
        self.slack(kind, url.query, raw)

    def slack(self, method, query, raw):
        auth = self.headers.get("authorization")
        if not auth:
            return self.reply(200, {"ok": False, "error": "not_authed"})
        if not hmac.compare_digest(auth.encode(), ("Bearer " + args.slack_token).encode()):
            return self.reply(200, {"ok": False, "error": "invalid_auth"})
        params = {k: v[0] for k, v in urllib.parse.parse_qs(query).items()}
        if (self.headers.get("content-type") or "").startswith("application/json"):
            body = loads_object(raw)
            if body is None:
                return self.reply(200, {"ok": False, "error": "invalid_json"})
            params.update(body)
        else:
            for key, values in urllib.parse.parse_qs(raw.decode(), keep_blank_values=True).items():
                params[key] = values[0]
            for key in ("blocks", "metadata"):
                if params.get(key) == "":
                    del params[key]
                elif isinstance(params.get(key), str):
                    try:
                        params[key] = json.loads(params[key])
                    except ValueError:
                        pass  # left a string: refused as Slack refuses it
        channel = str(params.get("channel") or "")
        if method == "chat.postMessage":
            with lock:
                limit = state["ratelimit"]
                if limit and limit["count"] > 0:
                    limit["count"] -= 1
                    return self.reply(429, {"ok": False, "error": "ratelimited"}, {"Retry-After": str(limit["retry_after"])})
            return self.reply(200, self.post_message(channel, params))
        if method == "chat.update":
            return self.reply(200, self.update_message(channel, params))
        if method == "conversations.history":
            return self.reply(200, self.history(channel, params))
        self.reply(404, {"ok": False, "error": "unknown_method"})

    def post_message(self, channel, params):
        member = None
        if SLACK_MEMBER.match(channel):
            # A member's id: the app's direct message with them (Slack answers with that channel's D id).
            with lock:
                if channel not in state["slack_members"]:
                    return {"ok": False, "error": "channel_not_found"}
            member, channel = channel, "D" + hashlib.sha256(channel.encode()).hexdigest()[:10].upper()
        if not SLACK_CHANNEL.match(channel):
            return {"ok": False, "error": "channel_not_found"}
        text, blocks, metadata = params.get("text"), params.get("blocks"), params.get("metadata")
        error = slack_refusal(text, blocks, metadata)
        if error:
            return {"ok": False, "error": error}
        with lock:
            ts = next_ts()
            state["slack"].append({"channel": channel, "ts": ts, "text": text or "", "blocks": blocks, "metadata": metadata,
                                   "versions": [{"text": text or "", "blocks": blocks}], "member": member})
        message = {"type": "message", "ts": ts, "text": text or "", "blocks": blocks, "metadata": metadata}
        return {"ok": True, "channel": channel, "ts": ts, "message": message}

    def update_message(self, channel, params):
        if not SLACK_CHANNEL.match(channel):
            return {"ok": False, "error": "channel_not_found"}
        with lock:
            found = [m for m in state["slack"] if m["channel"] == channel and m["ts"] == str(params.get("ts"))]
            if not found:
                return {"ok": False, "error": "message_not_found"}
            message = found[0]
            text = params["text"] if params.get("text") is not None else message["text"]
            blocks = params["blocks"] if "blocks" in params else message["blocks"]
            error = slack_refusal(text, blocks, params.get("metadata"))
            if error:
                return {"ok": False, "error": error}
            message["text"], message["blocks"] = text, blocks
            if params.get("metadata") is not None:
                message["metadata"] = params["metadata"]
            message["versions"].append({"text": message["text"], "blocks": blocks})
            return {"ok": True, "channel": channel, "ts": message["ts"], "text": message["text"]}

    def history(self, channel, params):
        if not SLACK_CHANNEL.match(channel):
            return {"ok": False, "error": "channel_not_found"}
        try:
            limit = min(max(int(params.get("limit") or 100), 1), 999)
            oldest = Decimal(str(params.get("oldest") or "0"))
        except (ValueError, ArithmeticError):
            return {"ok": False, "error": "invalid_arguments"}
        inclusive = params.get("inclusive") in (True, 1, "true", "1")
        with_metadata = params.get("include_all_metadata") in (True, 1, "true", "1")
        with lock:
            found = [m for m in reversed(state["slack"]) if m["channel"] == channel
                     and (Decimal(m["ts"]) > oldest or (inclusive and Decimal(m["ts"]) == oldest))]
            messages = [dict({"type": "message", "ts": m["ts"], "text": m["text"], "blocks": m["blocks"]},
                             **({"metadata": m["metadata"]} if with_metadata and m["metadata"] is not None else {})) for m in found[:limit]]
        return {"ok": True, "messages": messages, "has_more": len(found) > limit}

    def mattermost(self, path, query, raw):
        if self.headers.get("authorization") != "Bearer " + args.mattermost_token:
            return self.mm_error(401, "api.context.session_expired.app_error", "Invalid or expired session, please login again.")
        match = re.match(r"^/api/v4/channels/([^/]+)/posts$", path)
        if match and self.command == "GET":
            return self.channel_posts(match.group(1), urllib.parse.parse_qs(query))
        if path == "/api/v4/users/me" and self.command == "GET":
            return self.reply(200, {"id": BOT_USER, "username": "herald", "is_bot": True})
        match = re.match(r"^/api/v4/users/username/([^/]+)$", path)
        if match and self.command == "GET":
            with lock:
                user = state["mm_users"].get(urllib.parse.unquote(match.group(1)))
            if not user:
                return self.mm_error(404, "app.user.missing_account.const", "Unable to find the user.")
            return self.reply(200, {"id": user, "username": urllib.parse.unquote(match.group(1)), "is_bot": False})
        if path == "/api/v4/channels/direct" and self.command == "POST":
            # A direct channel between two users: the same one each time, as Mattermost's.
            try:
                body = json.loads(raw or b"null")
            except ValueError:
                body = None
            if not isinstance(body, list) or len(body) != 2 or not all(isinstance(u, str) and u for u in body) or BOT_USER not in body:
                return self.mm_error(400, "api.context.invalid_body_param.app_error", "Invalid or missing user_ids in request body.")
            digest = hashlib.sha256("__".join(sorted(body)).encode()).hexdigest()
            channel = "".join(MM_ALPHABET[int(digest[i:i + 2], 16) % len(MM_ALPHABET)] for i in range(0, 52, 2))
            with lock:
                state["directs"][channel] = sorted(body)
            return self.reply(201, {"id": channel, "type": "D", "name": "__".join(sorted(body))})
        body = loads_object(raw)
        if body is None:
            return self.mm_error(400, "api.context.invalid_body_param.app_error", "Invalid or missing body in request body.")
        now = int(time.time() * 1000)
        if path == "/api/v4/posts" and self.command == "POST":
            channel = str(body.get("channel_id") or "")
            if not MM_ID.match(channel):
                return self.mm_error(403, "api.context.permissions.app_error", "You do not have the appropriate permissions.")
            refusal = mm_refusal(body.get("message"), body.get("props"))
            if refusal:
                return self.mm_error(*refusal)
            pending = str(body.get("pending_post_id") or "")
            with lock:
                again = [p for p in state["mattermost"] if pending and p["post"]["channel_id"] == channel
                         and p["post"]["pending_post_id"] == pending]
                if again:
                    return self.reply(201, again[0]["post"])
                post = {"id": "".join(secrets.choice(MM_ALPHABET) for _ in range(26)),
                        "create_at": now, "update_at": now, "edit_at": 0, "delete_at": 0, "user_id": BOT_USER,
                        "channel_id": channel, "root_id": "", "type": "", "message": body.get("message") or "",
                        "props": body.get("props") or {}, "pending_post_id": pending}
                state["mattermost"].append({"post": post, "versions": [{"message": post["message"], "props": post["props"]}]})
            return self.reply(201, post)
        match = re.match(r"^/api/v4/posts/([^/]+)/patch$", path)
        if match and self.command == "PUT":
            refusal = mm_refusal(body.get("message"), body.get("props"))
            if refusal:
                return self.mm_error(*refusal)
            with lock:
                found = [p for p in state["mattermost"] if p["post"]["id"] == match.group(1)]
                if not found:
                    return self.mm_error(404, "app.post.get.app_error", "Unable to get the post.")
                post = found[0]["post"]
                for key in ("message", "props"):
                    if body.get(key) is not None:
                        post[key] = body[key]
                post["edit_at"] = post["update_at"] = max(now, post["update_at"] + 1)
                found[0]["versions"].append({"message": post["message"], "props": post["props"]})
                return self.reply(200, post)
        self.mm_error(404, "api.no_route", "Not found")

    def channel_posts(self, channel, query):
        if not MM_ID.match(channel):
            return self.mm_error(403, "api.context.permissions.app_error", "You do not have the appropriate permissions.")
        since = int((query.get("since") or ["0"])[0] or 0)
        with lock:
            posts = [p["post"] for p in reversed(state["mattermost"])
                     if p["post"]["channel_id"] == channel and p["post"]["update_at"] > since]
        self.reply(200, {"order": [p["id"] for p in posts], "posts": {p["id"]: p for p in posts},
                         "next_post_id": "", "prev_post_id": "", "has_next": False})

    def teams(self, ident, raw):
        reason = teams_refusal(raw)
        if reason:
            return self.send(400, reason.encode(), "text/plain; charset=utf-8")
        with lock:
            state["teams"].extend({"id": ident, "card": a["content"]} for a in json.loads(raw)["attachments"])
        self.send(202, b"", "text/plain")

    def mock(self, path, body):
        if path == "/_mock/fail":
            with lock:
                state["fail"] = {"status": int(body["status"]), "count": int(body["count"])}
            return self.reply(200, {})
        if path == "/_mock/slack/ratelimit":
            with lock:
                state["ratelimit"] = {"count": int(body["count"]), "retry_after": int(body.get("retry_after", 1))}
            return self.reply(200, {})
        if path == "/_mock/slack/members":
            with lock:
                state["slack_members"].add(str(body["id"]))
            return self.reply(200, {})
        if path == "/_mock/mattermost/users":
            with lock:
                user = state["mm_users"].setdefault(str(body["username"]), "".join(secrets.choice(MM_ALPHABET) for _ in range(26)))
            return self.reply(200, {"id": user})
        if path == "/_mock/slack/click":
            return self.slack_click(body)
        if path == "/_mock/slack/replay":
            with lock:
                last = state.get("last_slack_click")
            if not last:
                return self.reply(404, {"error": "no click to replay"})
            url, data, headers = last
            return self.reply(200, relay(urllib.request.Request(url, data=data, method="POST", headers=headers)))
        if path == "/_mock/mattermost/click":
            return self.mattermost_click(body)
        self.reply(404, {"error": "not found"})

    def slack_click(self, body):
        channel, ts, action_id = body["channel"], body["ts"], body["action_id"]
        with lock:
            found = [m for m in state["slack"] if m["channel"] == channel and m["ts"] == ts]
            latest = found[0]["versions"][-1] if found else {"blocks": None}
            hits = [(block, element) for block in latest["blocks"] or [] if block.get("type") == "actions"
                    for element in block.get("elements") or [] if isinstance(element, dict)
                    and element.get("type") == "button" and element.get("action_id") == action_id]
            if not hits:
                return self.reply(404, {"error": "no button " + action_id + " on the message's latest version"})
            state["clicks"] += 1
            n = state["clicks"]
        block, button = hits[0]
        user, team = body["user_id"], body["team_id"]
        payload = {
            "type": "block_actions", "user": {"id": user, "username": "u-" + user, "name": "u-" + user, "team_id": team},
            "api_app_id": "A0MOCK", "token": "legacy",
            "container": {"type": "message", "message_ts": ts, "channel_id": channel, "is_ephemeral": False},
            "trigger_id": "1.2.3", "team": {"id": team, "domain": "mock"}, "channel": {"id": channel, "name": "mock"},
            "message": {"type": "message", "ts": ts, "text": latest["text"], "blocks": latest["blocks"]},
            "response_url": f"http://{args.host}:{server.server_address[1]}/_mock/slack/response/{n}",
            "actions": [{"action_id": action_id, "block_id": block.get("block_id") or f"mockblock{n}",
                         "text": {"type": "plain_text", "text": (button.get("text") or {}).get("text", "")},
                         "value": button.get("value", ""), "type": "button", "action_ts": f"{time.time():.6f}"}],
        }
        data = urllib.parse.urlencode({"payload": json.dumps(payload)})
        timestamp = str(int(time.time()) - int(body.get("age_seconds") or 0))
        secret = args.slack_signing_secret + ("-forged" if body.get("bad_signature") else "")
        signature = "v0=" + hmac.new(secret.encode(), f"v0:{timestamp}:{data}".encode(), hashlib.sha256).hexdigest()
        headers = {"content-type": "application/x-www-form-urlencoded", "x-slack-request-timestamp": timestamp, "x-slack-signature": signature}
        with lock:
            state["last_slack_click"] = (body["url"], data.encode(), headers)
        request = urllib.request.Request(body["url"], data=data.encode(), method="POST", headers=headers)
        self.reply(200, relay(request))

    def mattermost_click(self, body):
        with lock:
            found = [p for p in state["mattermost"] if p["post"]["id"] == body["post_id"]]
        actions = [a for p in found for attachment in (p["versions"][-1]["props"] or {}).get("attachments") or []
                   for a in attachment.get("actions") or [] if a.get("id") == body["action_id"]]
        if not actions:
            return self.reply(404, {"error": "no action " + body["action_id"] + " on the post's latest version"})
        integration = actions[0].get("integration") or {}
        payload = {"user_id": body["user_id"], "user_name": body["user_name"], "channel_id": found[0]["post"]["channel_id"],
                   "team_id": "teamid0000000000000000000", "team_domain": "mock", "post_id": body["post_id"],
                   "trigger_id": "t", "type": "", "data_source": "", "context": integration.get("context") or {}}
        request = urllib.request.Request(body.get("url") or integration["url"], data=json.dumps(payload).encode(), method="POST",
                                         headers={"content-type": "application/json"})
        self.reply(200, relay(request))


parser = argparse.ArgumentParser()
parser.add_argument("--slack-token", required=True)
parser.add_argument("--slack-signing-secret", required=True)
parser.add_argument("--mattermost-token", required=True)
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--host", default="127.0.0.1")
args = parser.parse_args()
server = ThreadingHTTPServer((args.host, args.port), Handler)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
print(json.dumps({"port": server.server_address[1]}), flush=True)
server.serve_forever()
