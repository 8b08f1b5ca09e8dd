"""What a post is and what its answer means, without any transport.

The sync and asyncio clients share this, so they cannot differ: the body
sent, the key that makes a retry safe, how an answer is read, and when to
try again.
"""
from __future__ import annotations

import email.utils
import json
import random
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Dict, Iterable, List, Mapping, Optional, Union

AttributeValue = Union[str, int, float, bool]
When = Union[datetime, str]

#: The fields ESS Notify's v1 sender API takes.
V1_FIELDS = frozenset({"title", "subtitle", "url"})


class HeraldError(Exception):
    """The server did not take the notification. ``status`` is the HTTP
    status (0 when no answer came), ``reason`` the server's words."""

    def __init__(self, status: int, reason: str, attempts: int = 1) -> None:
        super().__init__(f"HTTP {status}: {reason}" if status else reason)
        self.status = status
        self.reason = reason
        self.attempts = attempts


class Refused(HeraldError):
    """The notification breaks a rule (422, 413, 400): fix it; do not retry."""


class NotAllowed(HeraldError):
    """Not from an allowlisted address, or the token is wrong (401, 403)."""


class UnknownService(HeraldError):
    """No such service (404)."""


class TryLater(HeraldError):
    """Not now (429, 5xx, no connection) and the retries ran out."""


class UnexpectedAnswer(HeraldError):
    """An answer the client does not understand."""


@dataclass(frozen=True)
class Notification:
    """A stored notification, as the server answered."""

    id: int
    service_id: str
    title: str
    subtitle: str = ""
    url: str = ""
    timestamp: str = ""
    severity: Optional[str] = None
    key: Optional[str] = None
    #: 201 stored, 200 an existing key's notification updated or unchanged.
    status: int = 201
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Held:
    """A notification held until ``deliver_at`` (answered 202)."""

    id: int
    service_id: str
    deliver_at: str
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)


def _when(value: When) -> str:
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise ValueError("a datetime needs a time zone (naive times are ambiguous)")
        return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
    return value


def body(
    title: str,
    *,
    subtitle: Optional[str] = None,
    url: Optional[str] = None,
    severity: Optional[str] = None,
    attributes: Optional[Mapping[str, AttributeValue]] = None,
    key: Optional[str] = None,
    expires_at: Optional[When] = None,
    deliver_at: Optional[When] = None,
) -> Dict[str, Any]:
    """The v2 body. Without a key, one of the client's own: a retry after a
    lost answer is then the same notification, never a second."""
    if not isinstance(title, str) or not title.strip():
        raise ValueError("a notification needs a title")
    fields: Dict[str, Any] = {"title": title, "key": key if key is not None else f"herald-client:{uuid.uuid4()}"}
    if subtitle is not None:
        fields["subtitle"] = subtitle
    if url is not None:
        fields["url"] = url
    if severity is not None:
        fields["severity"] = severity
    if attributes is not None:
        fields["attributes"] = dict(attributes)
    if expires_at is not None:
        fields["expires_at"] = _when(expires_at)
    if deliver_at is not None:
        fields["deliver_at"] = _when(deliver_at)
    return fields


def v1_body(title: str, *, subtitle: str = "", url: str = "") -> Dict[str, Any]:
    if not isinstance(title, str) or not title.strip():
        raise ValueError("a notification needs a title")
    return {"title": title, "subtitle": subtitle, "url": url}


def path(service_id: str, version: str = "v2") -> str:
    service = str(uuid.UUID(str(service_id)))  # refuses what is not a UUID before sending
    return f"/api/{version}/services/{service}/notifications"


def reason(text: bytes, status: int) -> str:
    """The server's ``detail``: a sentence, or each field's message."""
    try:
        detail = json.loads(text).get("detail")
    except (ValueError, AttributeError, RecursionError):
        detail = None
    if isinstance(detail, str) and detail:
        return detail
    if isinstance(detail, list) and detail:
        parts: List[str] = []
        for entry in detail:
            if not isinstance(entry, dict):
                continue
            where = ".".join(str(p) for p in entry.get("loc", []) if p != "body")
            message = str(entry.get("msg", "invalid"))
            parts.append(f"{where}: {message}" if where else message)
        if parts:
            return "; ".join(parts)
    return f"HTTP {status}"


RETRYABLE = frozenset({429, 500, 502, 503, 504})
#: The most of an answer the client reads (Herald's are a few KB).
MAX_ANSWER_BYTES = 1 << 20


class AnswerTooLarge(Exception):
    """An answer over MAX_ANSWER_BYTES or slower than the timeout: treated as no answer."""


def capped(chunks: "Iterable[bytes]", started: float, timeout: float) -> bytes:
    """The answer's body, at most MAX_ANSWER_BYTES, within `timeout` seconds of `started`."""
    body = bytearray()
    for chunk in chunks:
        body += chunk
        if len(body) > MAX_ANSWER_BYTES or time.monotonic() - started > timeout:
            raise AnswerTooLarge("the answer was too large or too slow")
    return bytes(body)


def retry_after(value: Optional[str], now: float) -> Optional[float]:
    """Retry-After in seconds (delay-seconds or an HTTP-date), at most a day."""
    if value is None:
        return None
    value = value.strip()
    # ASCII digits only (str.isdigit takes "²"), and few of them (int() refuses thousands).
    if value.isascii() and value.isdigit():
        return float(min(int(value[:9]) if len(value) <= 9 else 86_400, 86_400))
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, min(when.timestamp() - now, 86_400.0))


@dataclass
class RetryPlan:
    """Backoff doubling from ``first`` to ``longest`` (jittered in its upper
    half); a Retry-After is a floor; nothing past ``budget`` seconds."""

    budget: float = 60.0
    first: float = 0.5
    longest: float = 30.0

    def next_wait(self, attempt: int, asked: Optional[float], elapsed: float, jitter: Optional[float] = None) -> Optional[float]:
        """Seconds to wait before try ``attempt + 1``, or None to stop."""
        remaining = self.budget - elapsed
        if remaining <= 0 or (asked is not None and asked > remaining):
            return None
        backoff = min(self.first * float(1 << min(attempt - 1, 20)), self.longest)
        share = random.random() if jitter is None else min(max(jitter, 0.0), 1.0)
        wait = backoff / 2 + backoff / 2 * share
        return min(max(wait, asked or 0.0), remaining)


def read_answer(status: int, content: bytes, service_id: str) -> Union[Notification, Held]:
    """A 2xx answer as the notification (or the held one)."""
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        raise UnexpectedAnswer(status, "the answer is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("id"), int) or isinstance(data.get("id"), bool):
        raise UnexpectedAnswer(status, "the answer has no id")
    if status == 202:
        return Held(id=data["id"], service_id=str(data.get("service_id", service_id)), deliver_at=str(data.get("deliver_at", "")), raw=data)
    return Notification(
        id=data["id"],
        service_id=str(data.get("service_id", service_id)),
        title=str(data.get("title", "")),
        subtitle=str(data.get("subtitle") or ""),
        url=str(data.get("url") or ""),
        timestamp=str(data.get("timestamp", "")),
        severity=data.get("severity"),
        key=data.get("key"),
        status=status,
        raw=data,
    )


def refusal(status: int, content: bytes, attempts: int) -> HeraldError:
    """The exception for a final non-2xx answer."""
    text = reason(content, status)
    if status in (401, 403):
        return NotAllowed(status, text, attempts)
    if status == 404:
        return UnknownService(status, text, attempts)
    if status in (400, 413, 415, 422):
        return Refused(status, text, attempts)
    if status in RETRYABLE:
        return TryLater(status, text, attempts)
    return UnexpectedAnswer(status, text, attempts)


def headers(token: Optional[str]) -> Dict[str, str]:
    values = {"Accept": "application/json", "User-Agent": "herald-client-python"}
    if token:
        values["Authorization"] = f"Bearer {token}"
    return values


class Posting:
    """One post's tries, without a transport: told each outcome, it answers
    with the result, the seconds to wait before the next try, or raises."""

    def __init__(self, plan: RetryPlan, service_id: str, keyed: bool) -> None:
        self._plan = plan
        self._service_id = service_id
        self._keyed = keyed
        self._start = time.monotonic()
        self.attempts = 0

    def answered(self, status: int, content: bytes, retry_after_header: Optional[str]) -> Union[Notification, Held, float]:
        self.attempts += 1
        if 200 <= status < 300:
            return read_answer(status, content, self._service_id)
        failure = refusal(status, content, self.attempts)
        # Without a key only "nothing was stored" (429, 503) is safe to
        # retry: a 500, 502 or 504 may come after the commit.
        if not isinstance(failure, TryLater) or (not self._keyed and status not in (429, 503)):
            raise failure
        return self._wait_or_raise(failure, retry_after(retry_after_header, time.time()))

    def no_answer(self, why: str, sent: bool) -> float:
        """``sent``: the request may have reached the server (the answer was
        lost); without a key a retry could then store it twice."""
        self.attempts += 1
        failure = TryLater(0, why, self.attempts)
        if sent and not self._keyed:
            raise failure
        return self._wait_or_raise(failure, None)

    def _wait_or_raise(self, failure: HeraldError, asked: Optional[float]) -> float:
        wait = self._plan.next_wait(self.attempts, asked, time.monotonic() - self._start)
        if wait is None:
            raise failure
        return wait
