"""An entry that says it is both a contract and a fine is a finding, and still a deal (Q1): the
round's length is then fixed at the next deal scored, which the check used to compare with
nothing (an internal error)."""

from scorekeeper.core.check import check_file


def test_a_first_entry_of_two_kinds_is_a_finding_and_the_round_goes_on(tmp_path):
    path = tmp_path / "mesa.yaml"
    path.write_text(
        "rules: quatrilho\n"
        "players: [Ana, Bia, Caio, Davi]\n"
        "deals:\n"
        "  - {contract: normal, fine: bater, caller: Ana}\n"
        "  - {contract: normal, caller: Ana, partner: Bia, figuras: 20}\n",
        encoding="utf-8",
    )
    result = check_file(str(path))
    assert [(f.code, f.line, f.hand) for f in result.findings] == [("Q-ART17-ENTRY-TWO-KINDS", 4, 1)]
    assert result.extra["deals_played"] == 2
    assert result.extra["round_deals"] == 24
    assert result.totals == {"Ana": 6, "Bia": 6, "Caio": -6, "Davi": -6}
