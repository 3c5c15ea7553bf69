"""`scorekeeper registry import | check | show` as an organiser types them: exit codes as
`check`'s (0 clean, 1 findings, 2 unusable input), every refusal one line, the words said."""

from __future__ import annotations

import json

from conftest import run

NORTE_CSV = "id;nome;de;até\nN001;José Magalhães;01/01/2020;31/03/2026\nN002;Ana Sousa;2019-05-01;\n"
CENTRO = """\
union: centro
name: Sindicato dos Bancários do Centro
members:
  - id: C001
    name: José Magalhães
    same_as: N001
    membership: [{from: 2026-04-01}]
"""


def test_import_check_and_show(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "norte.csv").write_text(NORTE_CSV, encoding="utf-8")
    done = run("registry", "import", "norte.csv", "--union", "norte", "--name", "Sindicato dos Bancários do Norte")
    assert done.exit_code == 0, done.output
    assert done.output == (
        "registry/norte.yaml: created, 2 members\n"
        "  added N001 José Magalhães: 2020-01-01 to 2026-03-31\n"
        "  added N002 Ana Sousa: from 2019-05-01\n"
    )
    (tmp_path / "registry" / "centro.yaml").write_text(CENTRO, encoding="utf-8")
    checked = run("registry", "check", "registry/norte.yaml", "registry/centro.yaml", "--on", "2026-06-01")
    assert (checked.exit_code, checked.output) == (0, "2 registries, 3 members: clean\n")
    shown = run(
        "registry", "show", "jose magalhaes", "--registry", "registry/norte.yaml", "--registry", "registry/centro.yaml",
        "--on", "2026-05-01",
    )  # fmt: skip
    assert shown.exit_code == 0, shown.output
    assert shown.output == (
        "N001 José Magalhães, found by his name written without accents or case\n"
        "  Sindicato dos Bancários do Norte: N001 José Magalhães\n"
        "    membership: 2020-01-01 to 2026-03-31\n"
        "  Sindicato dos Bancários do Centro: C001 José Magalhães\n"
        "    membership: from 2026-04-01\n"
        "  on 2026-05-01: a member of Sindicato dos Bancários do Centro (C001)\n"
    )
    as_json = run("registry", "show", "C001", "--registry", "registry/norte.yaml", "--registry", "registry/centro.yaml",
                  "--on", "2026-03-01", "--format", "json")  # fmt: skip
    card = json.loads(as_json.output)
    assert (card["id"], card["found"], card["union_on_day"], card["member_on_day"]) == ("N001", "id", "norte", True)
    assert [m["id"] for m in card["members"]] == ["N001", "C001"]


def test_check_exits_1_on_an_error_and_2_on_a_file_it_cannot_read(tmp_path):
    bad = tmp_path / "a.yaml"
    bad.write_text(
        "union: a\nmembers:\n  - id: A1\n    name: Rui\n    membership: [{from: 2020-01-01, to: 2019-01-01}]\n",
        encoding="utf-8",
    )
    found = run("registry", "check", bad, "--on", "2026-06-01")
    assert found.exit_code == 1
    assert found.output == (
        f"{bad}:5: error [R-ART2-PERIOD-BACKWARDS]: A1: the period from 2020-01-01 ends on 2019-01-01, "
        "before it starts [Art 2]\n"
        "1 registry, 1 member: 1 error\n"
    )
    as_json = run("registry", "check", bad, "--format", "json", "--on", "2026-06-01")
    assert [(item["code"], item["line"]) for item in json.loads(as_json.output)] == [("R-ART2-PERIOD-BACKWARDS", 5)]
    twice = run("registry", "check", bad, bad, "--on", "2026-06-01")
    assert twice.output.splitlines()[-1] == "1 registry, 1 member: 1 error"  # named twice, read once
    missing = run("registry", "check", bad, tmp_path / "nothing.yaml", "--on", "2026-06-01")
    assert missing.exit_code == 2
    assert f"Error: {tmp_path / 'nothing.yaml'}: no such file" in missing.output
    assert "[R-ART2-PERIOD-BACKWARDS]" in missing.output  # the readable file's findings are said all the same


def test_import_says_every_problem_and_exits_2(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.csv").write_text("id,name,from\nS1,Ana,2026-02-30\nS2,@Rui,2020-01-01\n", encoding="utf-8")
    done = run("registry", "import", "s.csv", "--union", "sul")
    assert done.exit_code == 2
    assert done.output == (
        "Error: s.csv:2: from: '2026-02-30' is no day of the calendar\n"
        "Error: s.csv:3: name: the name '@Rui' starts as a spreadsheet formula does (=, +, -, @): refused in a registry\n"
    )
    assert not (tmp_path / "registry").exists()


def test_import_refuses_a_union_id_that_is_no_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.csv").write_text("id,name,from\nS1,Ana,2020-01-01\n", encoding="utf-8")
    done = run("registry", "import", "s.csv", "--union", "../etc")
    assert done.exit_code == 2
    assert "--union: the union '../etc' is not an id" in done.output


def test_show_an_unknown_or_ambiguous_name_is_one_line(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text(
        "union: a\nmembers:\n  - id: A1\n    name: Ana Sousa\n  - id: A2\n    name: Ana Souza\n    aliases: [A. Sousa]\n"
        "  - id: A3\n    name: Ana Lima\n    aliases: [A. Sousa]\n",
        encoding="utf-8",
    )
    assert run("registry", "show", "Zé", "--registry", path).output == "Error: 'Zé': no member of these registries\n"
    ambiguous = run("registry", "show", "A. Sousa", "--registry", path)
    assert ambiguous.exit_code == 2
    assert ambiguous.output == "Error: 'A. Sousa' fits more than one member: A2 Ana Souza, A3 Ana Lima\n"


def test_every_registry_command_has_an_example_in_its_help():
    for command in ("import", "check", "show"):
        helped = run("registry", command, "--help")
        assert helped.exit_code == 0
        assert f"scorekeeper registry {command} " in helped.output
    assert "scorekeeper registry import" in run("registry", "--help").output
    assert "registry" in run("--help").output
