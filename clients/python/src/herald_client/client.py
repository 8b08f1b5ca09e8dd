"""The blocking client (scripts, cron jobs, EPICS monitors)."""
from __future__ import annotations

import time
from types import TracebackType
from typing import Any, Dict, Mapping, Optional, Type, Union

import httpx

from . import _core
from ._core import AttributeValue, Held, Notification, When


class Herald:
    """Posts notifications to one Herald.

    ``token``: a service token (or a publisher's login token); None when
    this machine's address is in the server's ALLOWED_NETWORKS.
    ``retry_for``: seconds to keep trying answers 429 and 5xx and
    connections that cannot be made (0: one try). ``verify``: httpx's (a CA
    file's path for a site's own CA, or True).
    """

    def __init__(
        self,
        url: str,
        token: Optional[str] = None,
        *,
        retry_for: float = 60.0,
        timeout: float = 10.0,
        verify: Union[bool, str] = True,
        transport: Optional[httpx.BaseTransport] = None,
    ) -> None:
        self._plan = _core.RetryPlan(budget=retry_for)
        self._timeout = timeout
        self._http = httpx.Client(
            base_url=url.rstrip("/"), headers=_core.headers(token), timeout=timeout, verify=verify,
            follow_redirects=False, transport=transport,
        )

    def publish(
        self,
        service_id: str,
        title: str,
        *,
        subtitle: Optional[str] = None,
        url: Optional[str] = None,
        severity: Optional[str] = None,
        attributes: Optional[Mapping[str, AttributeValue]] = None,
        key: Optional[str] = None,
        expires_at: Optional[When] = None,
        deliver_at: Optional[When] = None,
    ) -> Union[Notification, Held]:
        """Posts to /api/v2: the stored notification (``status`` 201, or 200
        for an existing key's), or ``Held`` when ``deliver_at`` is ahead."""
        fields = _core.body(
            title, subtitle=subtitle, url=url, severity=severity, attributes=attributes, key=key,
            expires_at=expires_at, deliver_at=deliver_at,
        )
        return self._post(_core.path(service_id), fields, service_id, keyed=True)

    def publish_v1(self, service_id: str, title: str, *, subtitle: str = "", url: str = "") -> Notification:
        """Posts to /api/v1 (ESS Notify's sender API). It has no key, so a
        post whose answer was lost is not retried (it could be stored twice)."""
        answer = self._post(_core.path(service_id, "v1"), _core.v1_body(title, subtitle=subtitle, url=url), service_id, keyed=False)
        assert isinstance(answer, Notification)
        return answer

    def _post(self, path: str, fields: Dict[str, Any], service_id: str, keyed: bool) -> Union[Notification, Held]:
        posting = _core.Posting(self._plan, service_id, keyed)
        while True:
            outcome: Union[Notification, Held, float]
            started = time.monotonic()
            try:
                with self._http.stream("POST", path, json=fields) as response:
                    content = _core.capped(response.iter_bytes(), started, self._timeout)
            except (httpx.ConnectError, httpx.ConnectTimeout) as error:
                outcome = posting.no_answer(f"no connection: {error}", sent=False)
            except (httpx.TransportError, _core.AnswerTooLarge) as error:
                outcome = posting.no_answer(f"no answer: {error}", sent=True)
            else:
                outcome = posting.answered(response.status_code, content, response.headers.get("Retry-After"))
            if not isinstance(outcome, float):
                return outcome
            time.sleep(outcome)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Herald":
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException], trace: Optional[TracebackType]) -> None:
        self.close()
