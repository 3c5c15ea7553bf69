"""`scorekeeper serve`: the score pad in the browser, for every table of a tournament's current
round, a folder of sheets or one sheet (scorekeeper.serve on core.pad_tables). Flask, waitress and
segno are imported here, only when this command runs."""

from __future__ import annotations

import signal
import sys
import threading

import click

from scorekeeper import i18n
from scorekeeper.cli.common import domain_errors, out
from scorekeeper.i18n import _

LOOPBACK = "127.0.0.1"


@click.command(short_help="Serve the score pad: every table's sheet in a phone's browser.")
@click.argument("path", metavar="[PATH]", default=".", type=click.Path(exists=True))
@click.option(
    "--host",
    default=LOOPBACK,
    show_default=True,
    metavar="ADDRESS",
    help="Listen on this address; any other than this machine's gives each table a secret link.",
)
@click.option(
    "--port",
    default=8019,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Listen on this port (0: any free one).",
)
@click.option("--no-qr", is_flag=True, help="Print the links without their QR codes.")
@click.option(
    "--season",
    metavar="SEASON",
    type=click.Path(exists=True, dir_okay=False),
    help="A season file: the organiser's page shows each union's race, and the desk reads its registries.",
)
@domain_errors
def serve(path, host, port, no_qr, season):
    """Serve PATH (a tournament file: its current round's tables; a folder of sheets; or one
    sheet) to browsers: each table's sheet as `show` gives it, and a form that asks what
    `record` asks, saved by the same writer lock. Prints the organiser's link, then one line
    per table with its link (and QR code). Stop it with Ctrl+C.

    A table's link is its own for the whole event: the same after a restart and in every
    round (its secret is kept beside PATH, readable by you only). `scorekeeper links` gives a
    table a new one (a lost phone) and prints a sheet of them all.

    \b
    scorekeeper serve examples/championship-king/final.yaml
    scorekeeper serve final.yaml --host 0.0.0.0 --port 8019
    scorekeeper serve norte/regional.yaml --season season.yaml
    """
    from scorekeeper.core import pad_tables  # lazy: flask and waitress load when serve runs, not for --help
    from scorekeeper.serve.app import create_app  # lazy: as above
    from scorekeeper.serve.links_text import link_lines  # lazy: as above
    from scorekeeper.serve.server import make_server  # lazy: as above

    pad_tables.list_tables(path)  # a PATH that cannot be served is refused here, in one line
    with_tokens = host not in ("127.0.0.1", "localhost", "::1")
    chosen = i18n.workbook_language("")  # --lang or SCOREKEEPER_LANG, else "": each page speaks its game's
    if season is not None:
        from scorekeeper.core import season as core_season  # lazy: as above

        core_season.load(season)  # a season that cannot be read is refused here, in one line
    app = create_app(path, with_tokens=with_tokens, language=chosen or None, season=season)
    server = make_server(app, host, port)
    base = f"http://{shown_host(host)}:{server.effective_port}"
    access = app.extensions["scorekeeper"].access
    if access.unkept:
        out(_("{problem}: the links last for this run only").format(problem=access.unkept), err=True)
    links = link_lines(pad_tables.list_tables(path), access, base)
    for label, address in links:
        out(f"{label}: {address}")
    if not no_qr:
        from scorekeeper.serve.qr import terminal_text  # lazy: as above

        for label, address in links:
            out(label)
            click.echo(terminal_text(address), nl=False)
    out(_("Serving on {address}; Ctrl+C stops.").format(address=base))
    if threading.current_thread() is threading.main_thread():  # signals reach the main thread only
        for each in (signal.SIGINT, signal.SIGTERM):
            signal.signal(each, _stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    if _STOPPED_BY:
        if sys.stderr is not None and sys.stderr.isatty():
            sys.stderr.write("\n")  # the shell's prompt on a line of its own after ^C
        sys.exit(128 + _STOPPED_BY[0])  # what shells report: 130 for Ctrl-C, 143 for SIGTERM


# The signal that stopped the server. Ctrl-C or SIGTERM while serving raises KeyboardInterrupt,
# the one exception (with SystemExit) waitress's loop lets through: any other raised while it
# handles a connection, the launcher's Interrupted included, it logs and goes on, and the server
# would never stop. Its run() then ends quietly, so the signal is kept here for the exit status.
_STOPPED_BY: list[int] = []


def _stop(signum, frame):
    for each in (signal.SIGINT, signal.SIGTERM):
        signal.signal(each, signal.SIG_IGN)  # a second signal must not cut the closing short
    _STOPPED_BY.append(signum)
    raise KeyboardInterrupt


def shown_host(host: str) -> str:
    """The address a phone types: this machine's address on the network for 0.0.0.0 (found by
    asking the system which address it would send from; nothing is sent)."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    import socket  # lazy: only to name the address a LAN reaches

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, no packet leaves
            return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()
