"""The asyncio client (Bluesky callbacks, async services)."""
from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any, Dict, Mapping, Optional, Tuple, Type, Union

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
        self._timeout = timeout
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
                status, retry_after, body = await asyncio.wait_for(self._answer(path, fields), self._timeout)
            except (httpx.ConnectError, httpx.ConnectTimeout) as error:
                outcome = posting.no_answer(f"no connection: {error}", sent=False)
            except (httpx.TransportError, _core.AnswerTooLarge, asyncio.TimeoutError) as error:
                outcome = posting.no_answer(f"no answer: {str(error) or 'no complete answer in time'}", sent=True)
            else:
                outcome = posting.answered(status, body, retry_after)
            if not isinstance(outcome, float):
                return outcome
            await asyncio.sleep(outcome)

    async def _answer(self, path: str, fields: Dict[str, Any]) -> Tuple[int, Optional[str], bytes]:
        """One post's whole answer, at most MAX_ANSWER_BYTES (the caller bounds its time)."""
        async with self._http.stream("POST", path, json=fields) as response:
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > _core.MAX_ANSWER_BYTES:
                    raise _core.AnswerTooLarge("the answer was too large")
            return response.status_code, response.headers.get("Retry-After"), bytes(body)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "AsyncHerald":
        return self

    async def __aexit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException], trace: Optional[TracebackType]) -> None:
        await self.aclose()
