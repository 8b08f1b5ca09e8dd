"""The transport-free core: bodies, answers, Retry-After and the retry plan."""
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from herald_client import _core


def test_a_v2_body_gets_a_key_of_its_own_unless_given():
    made = _core.body("Cooling lost", severity="major", attributes={"pv": "CRYO:LVL", "level": 93.5})
    assert made["key"].startswith("herald-client:") and made["severity"] == "major"
    assert _core.body("t", key="bd-7")["key"] == "bd-7"
    assert "subtitle" not in made
    with pytest.raises(ValueError):
        _core.body("  ")


def test_times_are_rfc3339_utc_and_naive_ones_refused():
    when = datetime(2027, 1, 15, 9, 30, tzinfo=timezone(timedelta(hours=1)))
    assert _core.body("t", expires_at=when)["expires_at"] == "2027-01-15T08:30:00Z"
    with pytest.raises(ValueError):
        _core.body("t", deliver_at=datetime(2027, 1, 15))


def test_paths_refuse_what_is_not_a_uuid():
    service = uuid.uuid4()
    assert _core.path(str(service).upper(), "v1") == f"/api/v1/services/{service}/notifications"
    with pytest.raises(ValueError):
        _core.path("../users")


def test_reasons_and_refusals():
    listed = b'{"detail": [{"loc": ["body", "expires_at"], "msg": "Expiry should be in the future", "type": "datetime_future"}]}'
    assert _core.reason(listed, 422) == "expires_at: Expiry should be in the future"
    assert _core.reason(b"<html>", 502) == "HTTP 502"
    assert isinstance(_core.refusal(422, listed, 1), _core.Refused)
    assert isinstance(_core.refusal(403, b'{"detail": "IP address not allowed"}', 1), _core.NotAllowed)
    assert isinstance(_core.refusal(404, b"", 1), _core.UnknownService)
    assert isinstance(_core.refusal(503, b"", 1), _core.TryLater)
    assert isinstance(_core.refusal(409, b"", 1), _core.UnexpectedAnswer)


def test_retry_after_in_either_form():
    now = 1_800_000_000.0
    assert _core.retry_after("7", now) == 7.0
    assert _core.retry_after("999999999", now) == 86_400.0
    assert _core.retry_after("soon", now) is None
    assert _core.retry_after(None, now) is None
    assert _core.retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now) == 0.0
    date = datetime.fromtimestamp(now + 90, timezone.utc).strftime("%a, %d %b %Y %H:%M:%S GMT")
    assert _core.retry_after(date, now) == pytest.approx(90, abs=1)


def test_the_plan_matches_herald_publish():
    plan = _core.RetryPlan(budget=60)
    assert plan.next_wait(1, None, 0, jitter=1) == 0.5
    assert plan.next_wait(1, None, 0, jitter=0) == 0.25
    assert plan.next_wait(9, None, 0, jitter=1) == 30
    assert plan.next_wait(1, 5, 0, jitter=1) == 5
    assert plan.next_wait(1, 61, 0, jitter=1) is None
    assert plan.next_wait(9, None, 50, jitter=1) == 10
    assert plan.next_wait(3, None, 60, jitter=1) is None


def test_a_lost_answer_is_retried_only_with_a_key():
    keyed = _core.Posting(_core.RetryPlan(budget=60), "s", keyed=True)
    assert keyed.no_answer("reset", sent=True) > 0
    unkeyed = _core.Posting(_core.RetryPlan(budget=60), "s", keyed=False)
    assert unkeyed.no_answer("refused", sent=False) > 0
    with pytest.raises(_core.TryLater) as lost:
        unkeyed.no_answer("reset", sent=True)
    assert lost.value.attempts == 2


def test_hostile_answers_stay_inside_the_clients_errors():
    now = 1_800_000_000.0
    assert _core.retry_after("²", now) is None
    assert _core.retry_after("9" * 5000, now) == 86_400.0
    deep = b"[" * 100_000
    assert _core.reason(deep, 500) == "HTTP 500"
    with pytest.raises(_core.UnexpectedAnswer):
        _core.read_answer(201, deep, "s")
    with pytest.raises(_core.UnexpectedAnswer):
        _core.read_answer(201, b'{"id": true}', "s")
    with pytest.raises(_core.AnswerTooLarge):
        _core.capped(iter([b"x" * 600_000, b"x" * 600_000]), started=0.0, timeout=1e12)


def test_a_v1_post_is_retried_only_when_nothing_was_stored():
    for status, retried in [(429, True), (503, True), (500, False), (502, False), (504, False)]:
        posting = _core.Posting(_core.RetryPlan(budget=60), "s", keyed=False)
        if retried:
            assert posting.answered(status, b"{}", None) > 0
        else:
            with pytest.raises(_core.TryLater):
                posting.answered(status, b"{}", None)
        assert _core.Posting(_core.RetryPlan(budget=60), "s", keyed=True).answered(status, b"{}", None) > 0


def test_a_redirect_is_not_followed_with_the_token():
    import http.server
    import threading

    from herald_client import Herald, UnexpectedAnswer

    asked = []

    class Thief(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            asked.append(self.headers.get("Authorization"))
            self.send_response(201)
            self.end_headers()

        def log_message(self, *args):
            pass

    thief = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Thief)

    class Redirecting(Thief):
        def do_POST(self):
            self.send_response(307)
            self.send_header("Location", f"http://127.0.0.1:{thief.server_address[1]}{self.path}")
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Redirecting)
    for each in (thief, server):
        threading.Thread(target=each.serve_forever, daemon=True).start()
    try:
        with Herald(f"http://127.0.0.1:{server.server_address[1]}", "hrld_secret", retry_for=0) as herald, pytest.raises(UnexpectedAnswer) as refused:
            herald.publish(str(uuid.uuid4()), "t")
        assert refused.value.status == 307 and asked == []
    finally:
        server.shutdown()
        thief.shutdown()
