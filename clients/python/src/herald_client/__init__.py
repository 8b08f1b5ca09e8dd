"""A typed client for posting to Herald (and ESS Notify's v1 sender API)."""
from ._core import (
    Held,
    HeraldError,
    NotAllowed,
    Notification,
    Refused,
    TryLater,
    UnexpectedAnswer,
    UnknownService,
)
from .aio import AsyncHerald
from .client import Herald

__all__ = [
    "AsyncHerald", "Held", "Herald", "HeraldError", "NotAllowed", "Notification", "Refused", "TryLater",
    "UnexpectedAnswer", "UnknownService",
]
__version__ = "0.1.0"
