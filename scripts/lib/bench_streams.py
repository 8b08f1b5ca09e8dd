"""The client half of scripts/bench-streams: opens one stream per user with
an access token minted from SECRET_KEY (as herald signs them), measures
herald's RSS, and times each published notification's arrival on every
stream. Standard library only."""
import asyncio
import base64
import hashlib
import hmac
import json
import os
import statistics
import subprocess
import time
import urllib.request

HOST, PORT = os.environ["HERALD_URL"].split(":")
PID = int(os.environ["HERALD_PID"])
SERVICE = os.environ["BENCH_SERVICE"]
COUNT = int(os.environ["BENCH_COUNT"])
POSTS = int(os.environ["BENCH_POSTS"])
SECRET = os.environ["SECRET_KEY"].encode()
DATABASE_URL = os.environ["DATABASE_URL"]


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def token(user_id, name):
    now = int(time.time())
    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    claims = b64(json.dumps({"sub": name, "uid": user_id, "gen": 1, "iat": now, "exp": now + 86400}).encode())
    signature = b64(hmac.new(SECRET, f"{header}.{claims}".encode(), hashlib.sha256).digest())
    return f"{header}.{claims}.{signature}"


def rss_mib():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def users():
    psql = subprocess.run(
        [os.path.join(os.environ.get("PG_BIN", ""), "psql") if os.environ.get("PG_BIN") else "psql", DATABASE_URL, "-Atc",
         "SELECT id, username FROM users WHERE username LIKE 'reader%' ORDER BY id"],
        capture_output=True, text=True, check=True)
    return [(int(line.split("|")[0]), line.split("|")[1]) for line in psql.stdout.split()]


class Stream:
    def __init__(self, user_id, name):
        self.user_id, self.name = user_id, name
        self.arrivals = {}  # title -> monotonic time
        self.opened = asyncio.get_running_loop().create_future()

    async def run(self):
        reader, writer = await asyncio.open_connection(HOST, int(PORT))
        writer.write((f"GET /api/v2/users/user/notifications/stream HTTP/1.1\r\nHost: {HOST}:{PORT}\r\n"
                      f"Authorization: Bearer {token(self.user_id, self.name)}\r\nAccept: text/event-stream\r\n\r\n").encode())
        await writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            self.opened.set_exception(RuntimeError(f"{self.name}: {status!r}"))
            return
        while (await reader.readline()) not in (b"\r\n", b"\n", b""):
            pass
        self.opened.set_result(True)
        event = None
        while True:
            line = await reader.readline()
            if not line:
                return
            line = line.rstrip(b"\r\n")
            if line.startswith(b"event:"):
                event = line[6:].strip()
            elif line.startswith(b"data:") and event == b"notification":
                # Chunked framing lines are skipped: only SSE fields matter.
                title = json.loads(line[5:]).get("title")
                self.arrivals.setdefault(title, time.monotonic())


def publish(title):
    body = json.dumps({"title": title}).encode()
    request = urllib.request.Request(f"http://{HOST}:{PORT}/api/v2/services/{SERVICE}/notifications", data=body,
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201, response.status


async def main():
    readers = users()
    assert len(readers) == COUNT, len(readers)
    # Warm: one publish and a few requests before the baseline.
    await asyncio.to_thread(publish, "warm-up")
    await asyncio.sleep(2)
    before = rss_mib()
    streams = [Stream(user_id, name) for user_id, name in readers]
    tasks = [asyncio.create_task(stream.run()) for stream in streams]
    started = time.monotonic()
    await asyncio.gather(*(stream.opened for stream in streams))
    print(f"{COUNT} streams open in {time.monotonic() - started:.2f} s")
    await asyncio.sleep(10)
    idle = rss_mib()
    print(f"herald RSS: {before:.1f} MiB before the streams, {idle:.1f} MiB with {COUNT} idle streams open 10 s: +{idle - before:.1f} MiB "
          f"({(idle - before) * 1024 / COUNT:.1f} KiB a stream)")
    worst = []
    for index in range(POSTS):
        title = f"bench {index}"
        sent = time.monotonic()
        await asyncio.to_thread(publish, title)
        deadline = sent + 10
        while time.monotonic() < deadline and any(title not in stream.arrivals for stream in streams):
            await asyncio.sleep(0.005)
        delays = sorted((stream.arrivals[title] - sent) * 1000 for stream in streams if title in stream.arrivals)
        reached = len(delays)
        p99 = delays[max(0, int(len(delays) * 0.99) - 1)] if delays else float("nan")
        print(f"publish {index + 1}: reached {reached}/{COUNT} streams; after median {statistics.median(delays):.0f} ms, "
              f"p99 {p99:.0f} ms, last {delays[-1]:.0f} ms")
        worst.append(delays[-1] if reached == COUNT else float("inf"))
        await asyncio.sleep(1)
    after = rss_mib()
    print(f"the last stream had it after (median over {POSTS} publishes): {statistics.median(worst):.0f} ms; RSS after: {after:.1f} MiB")
    for task in tasks:
        task.cancel()


asyncio.run(main())
