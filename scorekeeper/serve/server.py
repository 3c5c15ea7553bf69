"""The HTTP server under the score pad: waitress, with settings against clients that stall
(issue 25, point 7: 120 connections each sending a byte every 3 s must not lock the tables out).

waitress reads every request in its one asynchronous loop and hands a task thread only a
request that has arrived whole, so a slow client holds a socket, never a thread: what it can
exhaust is the connection limit (waitress's default, 100: 100 trickling connections and no phone
gets in). So the limit is CONNECTIONS, far above a club's phones and an attacker's hundred
or so; the loop polls (`asyncore_use_poll`: select() cannot watch more than 1,024 descriptors);
the process may open that many files (RLIMIT_NOFILE raised to fit, where the system allows); a
request's headers are at most MAX_HEADER bytes; and a connection still sending one request
after REQUEST_DEADLINE seconds is closed, however steadily it trickles, so each such connection
is held for seconds, not hours.
"""

from __future__ import annotations

import contextlib

from waitress.server import create_server

from scorekeeper.serve.app import MAX_BODY

CONNECTIONS = 1000  # open connections at once: a room's phones, and room for a stranger's hundreds
THREADS = 8  # requests worked on at once (a page is a sheet read and scored: milliseconds)
MAX_HEADER = 16 * 1024  # a request's line and headers: a link's address and a browser's cookies fit
# waitress closes a connection that sends nothing for CHANNEL_TIMEOUT seconds (looked at every
# CLEANUP_INTERVAL): a client that opens connections and stalls (slowloris) holds each for
# seconds, not waitress's default two minutes; a phone's next tap just opens a new one.
CHANNEL_TIMEOUT = 10
CLEANUP_INTERVAL = 2
# A request still arriving after this long is given up (a phone sends a form in well under a
# second, 64 KiB at most; a slow Wi-Fi, in a few): a byte every few seconds never completes.
REQUEST_DEADLINE = 30
SPARE_FILES = 64  # descriptors beside the connections: sheets, journals, the links file, logs


def make_server(app, host: str, port: int):
    """The waitress server of `app` on `host`:`port` (not running yet: `.run()`)."""
    _allow_open_files(CONNECTIONS + SPARE_FILES)
    server = create_server(
        app,
        host=host,
        port=port,
        threads=THREADS,
        connection_limit=CONNECTIONS,
        asyncore_use_poll=True,
        max_request_body_size=MAX_BODY,
        max_request_header_size=MAX_HEADER,
        ident="scorekeeper",
        clear_untrusted_proxy_headers=True,
        channel_timeout=CHANNEL_TIMEOUT,
        cleanup_interval=CLEANUP_INTERVAL,
    )
    _close_late_requests(server, REQUEST_DEADLINE)
    return server


def _allow_open_files(wanted: int) -> None:
    """Raise the process's soft limit of open files to `wanted` (up to the hard limit), so the
    connections can all be accepted; where it cannot be raised, waitress accepts what fits."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource  # POSIX only

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def _close_late_requests(server, deadline: float) -> None:
    """Make the server's periodic clean-up (waitress's `maintenance`, every CLEANUP_INTERVAL)
    also close each connection whose request has been arriving for more than `deadline`
    seconds: waitress itself only closes one that sends nothing at all for CHANNEL_TIMEOUT."""
    idle_cleanup = server.maintenance
    arriving: dict[int, tuple[object, float]] = {}  # channel's fd -> (its request being read, first seen)

    def maintenance(now):
        idle_cleanup(now)
        still = {}
        for fd, channel in list(server.active_channels.items()):
            request = getattr(channel, "request", None)
            if request is None or channel.requests:
                continue  # between requests, or one being answered: the idle rule is waitress's
            seen, since = arriving.get(fd, (None, now))
            if seen is not request:
                since = now
            if now - since > deadline:
                channel.will_close = True
            still[fd] = (request, since)
        arriving.clear()
        arriving.update(still)

    server.maintenance = maintenance
