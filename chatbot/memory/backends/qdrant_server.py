"""Talking to a Qdrant server or cluster: a checked connection and how collections are laid out.

Checked before anything else happens (no local file is written for a store that cannot open):
something answers at the URL, it is Qdrant, it is new enough, and it accepts the API key.
"""

from __future__ import annotations

import logging
import time
import warnings
from typing import Any

import httpx
from qdrant_client import QdrantClient
from qdrant_client.http.exceptions import UnexpectedResponse

from chatbot.errors import ChatbotError

# The Query API's RRF with an explicit k (base.RRF_K) arrived in Qdrant 1.16.
MIN_VERSION = (1, 16)
TIMEOUT_S = 30


def parse_version(text: str) -> tuple[int, ...]:
    parts = []
    for piece in text.split("-")[0].split("."):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)


def connect(url: str, api_key: str | None) -> QdrantClient:
    """A client for the server at `url`, or one ChatbotError line saying why not."""
    with warnings.catch_warnings():
        # qdrant-client warns about an http:// URL with a key and about version gaps; we check
        # the version ourselves (the client's own check fails on a server it does not know).
        warnings.simplefilter("ignore")
        client = QdrantClient(url=url, api_key=api_key, timeout=TIMEOUT_S,
                              check_compatibility=False)
    try:
        info = client.info()
        version = parse_version(str(info.version))
        if getattr(info, "title", "").split(" ")[0] != "qdrant":
            raise ChatbotError(f"{url} is not a Qdrant server (it says {info.title!r})")
        if version < MIN_VERSION:
            raise ChatbotError(
                f"the Qdrant server at {url} is version {info.version}; chatbot needs "
                f"{'.'.join(map(str, MIN_VERSION))} or newer")
        client.get_collections()  # the root page answers without a key; this does not
    except ChatbotError:
        client.close()
        raise
    except UnexpectedResponse as exc:
        client.close()
        if exc.status_code in (401, 403):
            raise ChatbotError(f"the Qdrant server at {url} refused the API key; check "
                               "CHATBOT_QDRANT_API_KEY") from None
        raise ChatbotError(f"{url} is not a Qdrant server (HTTP {exc.status_code} "
                           f"{exc.reason_phrase})") from None
    except Exception as exc:  # noqa: BLE001 - httpx, pydantic and socket errors alike
        client.close()
        if not _is_connection_error(exc):  # something answered, but not as Qdrant does
            raise ChatbotError(f"{url} is not a Qdrant server ({_reason(exc)})") from None
        raise ChatbotError(f"cannot reach a Qdrant server at {url} ({_reason(exc)}); start "
                           "one with `chatbot server start` or check CHATBOT_QDRANT_URL") from None
    logging.getLogger("httpx").setLevel(logging.WARNING)
    return client


def _reason(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _is_connection_error(exc: BaseException | None) -> bool:
    """Nothing answered: refused, timed out, unknown host (qdrant-client wraps httpx's)."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, (httpx.TransportError, OSError)):
            return True
        exc = getattr(exc, "source", None) or exc.__cause__ or exc.__context__
        seen += 1
    return False


def create_collection(client: QdrantClient, name: str, **kwargs: Any) -> Any:
    """Create `name` with the cluster layout; if another process just did, wait for theirs.

    Returns the collection's info. Qdrant answers a second create with 400/409 "already
    exists", and reads of a collection whose shards are still being set up with a 500.
    """
    try:
        client.create_collection(name, **kwargs, **layout(client))
    except UnexpectedResponse as exc:
        if exc.status_code not in (400, 409) or b"already exists" not in exc.content:
            raise
    return collection_info(client, name)


def collection_info(client: QdrantClient, name: str) -> Any:
    """get_collection, waiting out the 500 a cluster gives while a new one's shards start."""
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        try:
            return client.get_collection(name)
        except UnexpectedResponse as exc:
            if exc.status_code < 500 or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def layout(client: QdrantClient) -> dict[str, Any]:
    """create_collection arguments: on a cluster, one shard per node, each on two nodes.

    write_consistency_factor = replicas: a write is acknowledged once every replica has it, so
    the next read sees it whichever replica answers (another process's next turn included).
    """
    try:
        status = client.http.distributed_api.cluster_status().result
    except Exception:  # noqa: BLE001 - a server without the cluster API is a single node
        return {}
    peers = len(getattr(status, "peers", None) or {})
    if getattr(status, "status", "disabled") != "enabled" or peers < 2:
        return {}
    replicas = min(2, peers)
    return {"shard_number": peers, "replication_factor": replicas,
            "write_consistency_factor": replicas}
