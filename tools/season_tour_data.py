"""Writes examples/season-2026/: the season the README's and LEIAME's tour runs (issue 27).

    python tools/season_tour_data.py

Each union's folder holds its list of members as its office exports it (`socios-UNION.csv`),
its regional event's tournament file (`regional.yaml`, no round drawn yet: the tour draws it with
`--seed 1`) and, in `played/`, the sheets its tables hand in: the example boletins played by
the names the draw seats. The draw is reproducible from its seed (TN2), so this script draws
each event in a scratch copy, reads the seats and writes the played sheets; run it again when
the draw or the example games change.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import tempfile

from season_maker import _games, played

HERE = pathlib.Path(__file__).resolve().parent
SEASON = HERE.parent / "examples" / "season-2026"
SEED = 1

# Each union: its id, name, the regional event's day, and its members (id, name, periods as the
# office writes them). Norte writes its list the Portuguese spreadsheet way: `;` and dd/mm/yyyy.
UNIONS = {
    "norte": (
        "Sindicato dos Bancários do Norte",
        "2026-03-06",
        ";",
        [
            ("N0101", "José Magalhães", [("01/03/2015", "")]),
            ("N0102", "Ana Sousa", [("15/06/2018", "")]),
            ("N0103", "Rui Pires", [("01/01/2016", "31/01/2026"), ("01/03/2026", "")]),  # out in February (TN8)
            ("N0104", "Marta Ribeiro", [("01/09/2012", "")]),
            ("N0105", "Carlos Teixeira", [("01/01/2020", "")]),
            ("N0106", "Inês Carvalho", [("01/02/2019", "")]),
            ("N0107", "Paulo Moreira", [("01/05/2010", "")]),
            ("N0108", "Teresa Lopes", [("01/01/2021", "")]),
            ("N0109", "Nuno Almeida", [("01/10/2017", "")]),
        ],
    ),
    "centro": (
        "Sindicato dos Bancários do Centro",
        "2026-03-13",
        ",",
        [
            ("C0201", "Helena Martins", [("2014-01-01", "")]),
            ("C0202", "Jorge Nunes", [("2016-04-01", "")]),
            ("C0203", "Sofia Mendes", [("2019-09-01", "")]),
            ("C0204", "Luís Correia", [("2011-01-01", "")]),
        ],
    ),
    "sul-e-ilhas": (
        "Sindicato dos Bancários do Sul e Ilhas",
        "2026-03-20",
        ",",
        [
            ("S0301", "Maria Gonçalves", [("2013-01-01", "")]),
            ("S0302", "Pedro Soares", [("2015-05-01", "")]),
            ("S0303", "Rita Vieira", [("2018-01-01", "")]),
            ("S0304", "Manuel Ferreira", [("2009-03-01", "")]),
            ("S0305", "Joana Costa", [("2020-02-01", "")]),
            ("S0306", "João Rodrigues", [("2012-06-01", "")]),
            ("S0307", "Graça Monteiro", [("2017-01-01", "")]),
            ("S0308", "Duarte Lopes", [("2016-11-01", "")]),
        ],
    ),
}
LAPSED = {"N0103"}  # he asks to enter Norte's regional and is refused (Art 2)


def csv_text(separator: str, members) -> str:
    lines = [separator.join(("id", "name", "from", "to"))]
    for member_id, name, periods in members:
        lines += [separator.join((member_id, name, start, end)) for start, end in periods]
    return "\n".join(lines) + "\n"


def regional_text(union: str, title: str, day: str, players: list[str]) -> str:
    return (
        f"# {title}'s regional event of the season (King Art 2: 1.ª Fase, the union's own).\n"
        f"tournament: Regional {title.split(' dos Bancários do ')[-1]} 2026\n"
        "rules: king\n"
        f"date: {day}\n"
        "starts: 2026-01-01  # the season's first day: members without interruption since (Art 2, TN8)\n"
        f"registry: [registry/{union}.yaml]\n"
        f"players: [{', '.join(players)}]\n"
        "planned_rounds: 1\n"
    )


def scorekeeper(*args: str, cwd: pathlib.Path) -> None:
    subprocess.run([sys.executable, "-m", "scorekeeper", "--lang", "en", *args], cwd=cwd, check=True)


def main() -> None:
    games = _games()
    for union, (title, day, separator, members) in UNIONS.items():
        folder = SEASON / union
        shutil.rmtree(folder, ignore_errors=True)
        (folder / "played").mkdir(parents=True)
        (folder / f"socios-{union}.csv").write_text(csv_text(separator, members), encoding="utf-8")
        players = [name for member_id, name, _ in members if member_id not in LAPSED]
        (folder / "regional.yaml").write_text(regional_text(union, title, day, players), encoding="utf-8")
        with tempfile.TemporaryDirectory() as tmp:
            scratch = pathlib.Path(tmp) / union
            shutil.copytree(folder, scratch)
            scorekeeper("registry", "import", f"socios-{union}.csv", "--union", union, "--name", title, cwd=scratch)
            scorekeeper("tournament", "draw", "regional.yaml", "--seed", str(SEED), cwd=scratch)
            for index, sheet in enumerate(sorted(scratch.glob("r1-mesa*.yaml"))):
                text = sheet.read_text(encoding="utf-8")
                four = text.split("players: [", 1)[1].split("]", 1)[0].split(", ")
                head = text[: text.index("hands:")]
                body = played(games[index % len(games)], four)
                (folder / "played" / sheet.name).write_text(head + body, encoding="utf-8")


if __name__ == "__main__":
    main()
