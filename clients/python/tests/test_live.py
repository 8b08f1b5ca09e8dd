"""Against a live Herald: HERALD_TEST_URL, HERALD_TEST_SERVICE and
HERALD_TEST_TOKEN (Tests/HeraldSenderTests/PythonClientTests.swift sets
them on each backend and checks the store afterwards). Missing, they fail
the run: these tests never skip."""
import asyncio
import os
import socket
import time
from datetime import datetime, timedelta, timezone

import pytest

from herald_client import AsyncHerald, Held, Herald, NotAllowed, Notification, Refused, TryLater


def setting(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run these tests through PythonClientTests (swift test) or set it")
    return value


@pytest.fixture
def live():
    return setting("HERALD_TEST_URL"), setting("HERALD_TEST_SERVICE"), setting("HERALD_TEST_TOKEN")


def test_sync_publish_and_the_same_key_twice(live):
    url, service, token = live
    with Herald(url, token) as herald:
        stored = herald.publish(service, "py sync", subtitle="from the blocking client", severity="major",
                                attributes={"pv": "CRYO:HE:LVL", "level": 93.5}, url="https://ops.example.org/cryo",
                                expires_at=datetime.now(timezone.utc) + timedelta(hours=2))
        assert isinstance(stored, Notification) and stored.status == 201 and stored.severity == "major"
        assert stored.key is not None and stored.key.startswith("herald-client:")
        first = herald.publish(service, "py keyed", key="py-key-1")
        again = herald.publish(service, "py keyed", key="py-key-1")
        assert isinstance(first, Notification) and isinstance(again, Notification)
        assert (first.status, again.status, again.id) == (201, 200, first.id)


def test_asyncio_publish(live):
    url, service, token = live

    async def main():
        async with AsyncHerald(url, token) as herald:
            return await asyncio.gather(herald.publish(service, "py async 1"), herald.publish(service, "py async 2"),
                                        herald.publish_v1(service, "py async v1"))

    one, two, old = asyncio.run(main())
    assert isinstance(one, Notification) and isinstance(two, Notification) and one.id != two.id
    assert old.title == "py async v1" and old.key is None


def test_v1_and_held(live):
    url, service, token = live
    with Herald(url, token) as herald:
        old = herald.publish_v1(service, "py v1", subtitle="ESS Notify's sender API", url="https://example.org")
        assert old.title == "py v1" and old.subtitle == "ESS Notify's sender API"
        held = herald.publish(service, "py held", deliver_at=datetime.now(timezone.utc) + timedelta(hours=1))
        assert isinstance(held, Held) and held.deliver_at


def test_refusals_are_typed_and_not_retried(live):
    url, service, token = live
    with Herald(url, token) as herald:
        started = time.monotonic()
        with pytest.raises(Refused) as refused:
            herald.publish(service, "py refused", expires_at="2001-01-01T00:00:00Z")
        assert refused.value.status == 422 and "expires_at" in refused.value.reason and refused.value.attempts == 1
        assert time.monotonic() - started < 30
    with Herald(url, "hrld_" + "a" * 43) as forged, pytest.raises(NotAllowed):
        forged.publish(service, "py forged")
    with Herald(url) as anonymous, pytest.raises(NotAllowed) as anonymous_refusal:
        anonymous.publish(service, "py anonymous")
    assert anonymous_refusal.value.status == 403
    # The token is not that service's, so the post is judged by its address, which is not allowed.
    with Herald(url, token) as herald, pytest.raises(NotAllowed):
        herald.publish("00000000-0000-4000-8000-000000000000", "py elsewhere")


def test_no_server_is_tried_again_then_given_up(live):
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))  # bound, never listening: refused
        port = held.getsockname()[1]
        started = time.monotonic()
        with Herald(f"http://127.0.0.1:{port}", retry_for=1.0) as herald, pytest.raises(TryLater) as away:
            herald.publish(live[1], "py nowhere")
        assert away.value.status == 0 and away.value.attempts >= 2 and "no connection" in away.value.reason
        assert time.monotonic() - started < 5
