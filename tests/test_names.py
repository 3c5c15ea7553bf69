"""The one name rule (scorekeeper.names), which new, tournament new and every loader apply."""
import pytest

from scorekeeper.names import name_problem


@pytest.mark.parametrize("name", ["Ana", "Ωmega", "João Conceição", "J" * 80, "Ana-Maria O'Neil", "李"])
def test_a_name_that_reads_back_is_accepted(name):
    assert name_problem(name) is None


@pytest.mark.parametrize("name, problem", [
    ("", "a name cannot be empty"),
    ("   ", "a name cannot be empty"),
    ("D\nx", "the name 'D\\nx' holds a control character"),
    ("D\x85x", "the name 'D\\x85x' holds a control character"),
    ("D\u2028x", "the name 'D\\u2028x' holds a control character"),
    ("Esc\x1b[31m", "the name 'Esc\\x1b[31m' holds a control character"),
    ("Ana\u202eanA", "the name 'Ana\\u202eanA' holds an invisible direction mark"),
    ("\ufeffAna", "the name '\\ufeffAna' holds an invisible direction mark"),
    ("Ana\udcff", "the name 'Ana\\udcff' is not UTF-8 text"),
    ("J" * 81, "'" + "J" * 80 + "'... (81 characters) is longer than a name (80 characters)"),
])
def test_a_name_that_would_not_read_back_is_refused(name, problem):
    assert name_problem(name) == problem
