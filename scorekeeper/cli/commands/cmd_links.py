"""`scorekeeper links`: the score pad's links for the whole event (issue 25, point 5): every
table's link printed, or written as a printable sheet with their QR codes, and one table given
a new link when its phone is lost (its old link stops working at once, even in a running
`serve`). The secrets are those `serve` keeps beside PATH (scorekeeper.serve.link_file)."""

from __future__ import annotations

import click

from scorekeeper.cli.common import domain_errors, out
from scorekeeper.errors import CommandUsageError, quote
from scorekeeper.i18n import _, ngettext


@click.command(short_help="Print every table's score-pad link, or give a table a new one.")
@click.argument("path", metavar="[PATH]", default=".", type=click.Path(exists=True))
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    metavar="ADDRESS",
    help="The address `serve --host` listens on; 0.0.0.0 stands for this machine's address on the network.",
)
@click.option(
    "--port", default=8019, show_default=True, type=click.IntRange(1, 65535), help="The port `serve --port` uses."
)
@click.option(
    "--new-link",
    "renew",
    multiple=True,
    metavar="TABLE",
    help="Give TABLE (its number; in a folder, its sheet's name) a new link: its old link stops working.",
)
@click.option("--new-organiser-link", is_flag=True, help="Give the organiser a new link: the old one stops working.")
@click.option(
    "--html",
    "sheet",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Write every link with its QR code to FILE, a page to print (readable by you only).",
)
@click.option("--force", is_flag=True, help="Overwrite an existing FILE.")
@domain_errors
def links(path, host, port, renew, new_organiser_link, sheet, force):
    """Print the organiser's link and every table's, as `serve PATH --host ADDRESS` serves them.
    A table's link is its own for the whole event: the same after a restart of `serve` and in
    every round. Its secret is kept beside PATH, in a file only you may read.

    \b
    scorekeeper links final.yaml
    scorekeeper links final.yaml --html links.html
    scorekeeper links final.yaml --new-link 3
    """
    from scorekeeper.cli.commands.cmd_serve import shown_host  # lazy: one command loads no other until it runs
    from scorekeeper.core import pad_tables  # lazy: the tables and their sheets load when links runs, not for --help
    from scorekeeper.serve import link_file  # lazy: as above
    from scorekeeper.serve.access import Access  # lazy: as above
    from scorekeeper.serve.links_text import link_lines, printable, table_label  # lazy: as above

    found = pad_tables.list_tables(path)
    where = link_file.path_for(path)
    chosen = [_table(found, name) for name in renew]
    if sheet is not None:
        from scorekeeper.sheet.saving import refuse_link_or_existing  # lazy: only when a sheet is written

        refuse_link_or_existing(sheet, force)
    if chosen or new_organiser_link:

        def give(secrets_: dict) -> None:
            for table in chosen:
                secrets_["tables"][table.id] = link_file.new_token()
            if new_organiser_link:
                secrets_["organiser"] = link_file.new_token()

        link_file.update(where, give)
        for table in chosen:
            out(_("{table} has a new link; its old link no longer works.").format(table=table_label(table)))
        if new_organiser_link:
            out(_("The organiser has a new link; the old one no longer works."))
    access = Access(True, where)
    base = f"http://{shown_host(host)}:{port}"
    if sheet is not None:
        title = (found.tournament.name if found.tournament is not None else None) or _("The score pad's links")
        link_file.write_private(sheet, printable(found, access, base, title).encode("utf-8"))
        count = len(found.tables) + 1
        out(
            ngettext(
                "Wrote the printable sheet of {count} link to {file}.",
                "Wrote the printable sheet of {count} links to {file}.",
                count,
            ).format(count=count, file=sheet)
        )
        return
    for label, address in link_lines(found, access, base):
        out(f"{label}: {address}")


def _table(found, name: str):
    """The table a --new-link names: by its id, its number or its sheet's file name."""
    for table in found.tables:
        if name in (table.id, table.number, table.sheet):
            return table
    known = ", ".join(t.number or t.id for t in found.tables) or "-"
    raise CommandUsageError(
        _("--new-link: there is no table {name} here (its tables: {known})").format(name=quote(name), known=known)
    )
