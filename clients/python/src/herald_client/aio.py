"""The asyncio client (Bluesky callbacks, async services)."""
from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any, Dict, Mapping, Optional, Type, Union

import httpx

from . import _core
from ._core import AttributeValue, Held, Notification, When


class AsyncHerald:
    """The same as ``Herald``, awaited."""

    def __init__(
        self,
        url: str,
        token: Optional[str] = None,
        *,
        retry_for: float = 60.0,
        timeout: float = 10.0,
        verify: Union[bool, str] = True,
        transport: Optional[httpx.AsyncBaseTransport] = None,
    ) -> None:
        self._plan = _core.RetryPlan(budget=retry_for)
        self._http = httpx.AsyncClient(
            base_url=url.rstrip("/"), headers=_core.headers(token), timeout=timeout, verify=verify,
            follow_redirects=False, transport=transport,
        )

    async def publish(
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
        fields = _core.body(
            title, subtitle=subtitle, url=url, severity=severity, attributes=attributes, key=key,
            expires_at=expires_at, deliver_at=deliver_at,
        )
        return await self._post(_core.path(service_id), fields, service_id, keyed=True)

    async def publish_v1(self, service_id: str, title: str, *, subtitle: str = "", url: str = "") -> Notification:
        answer = await self._post(_core.path(service_id, "v1"), _core.v1_body(title, subtitle=subtitle, url=url), service_id, keyed=False)
        assert isinstance(answer, Notification)
        return answer

    async def _post(self, path: str, fields: Dict[str, Any], service_id: str, keyed: bool) -> Union[Notification, Held]:
        posting = _core.Posting(self._plan, service_id, keyed)
        while True:
            outcome: Union[Notification, Held, float]
            try:
                response = await self._http.post(path, json=fields)
            except (httpx.ConnectError, httpx.ConnectTimeout) as error:
                outcome = posting.no_answer(f"no connection: {error}", sent=False)
            except httpx.TransportError as error:
                outcome = posting.no_answer(f"no answer: {error}", sent=True)
            else:
                outcome = posting.answered(response.status_code, response.content, response.headers.get("Retry-After"))
            if not isinstance(outcome, float):
                return outcome
            await asyncio.sleep(outcome)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "AsyncHerald":
        return self

    async def __aexit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException], trace: Optional[TracebackType]) -> None:
        await self.aclose()
