"""The rules a workbook's `Regras` cell names: shipped rules only, never a path.

A workbook comes from strangers. Were its Regras cell allowed to name a file, `/dev/stdin`
would hang `check`, and the different errors for an unreadable and a missing file would let
a workbook probe which files exist. So the cell names shipped rules (a name or an alias), and
a house variant is given by the user with `--rules PATH`.
"""

from __future__ import annotations

from scorekeeper.errors import SheetFormatError, UnknownRulesError, quoted
from scorekeeper.i18n import M_
from scorekeeper.rulebook import registry


def shipped(ref: str):
    """The shipped rules named `ref`, or None when it names none (a path or an unknown name)."""
    if not ref or registry.looks_like_path(ref) or "\0" in ref:
        return None
    try:
        return registry.find_shipped(ref)
    except UnknownRulesError:
        return None


def resolve(ref: str, rules_path: str | None, where: str):
    """The rules to read a worksheet by: the user's --rules when given, else the shipped rules
    its Regras cell names (`where`); anything else is refused at that cell."""
    if rules_path is not None:
        return registry.find(rules_path)
    rules = shipped(ref)
    if rules is None:
        raise refusal(ref, where)
    return rules


def refusal(ref: str, where: str) -> SheetFormatError:
    known = ", ".join(registry.rules_names())
    # "Regras" names the header cell as the default boletim labels it (the message is said at it).
    if registry.looks_like_path(ref):
        message = M_(
            "Regras: {ref} is a path; a workbook names shipped rules only ({known}); `--rules PATH` gives "
            "a house variant",
            ref=quoted(ref),
            known=known,
        )
    else:
        message = M_(
            "Regras: unknown rules {ref}; known: {known}; `--rules PATH` gives a house variant",
            ref=quoted(ref),
            known=known,
        )
    return SheetFormatError(message, where)


def written_name(rules, ref: str) -> str:
    """What an exported workbook's Regras cell says: the reference itself when it names shipped
    rules, else the rule file's name (a path must never be written where import reads it)."""
    if ref and not registry.looks_like_path(ref):
        return ref
    return rules.name


def yaml_ref(ref: str, rules) -> str:
    """The `rules:` an imported sheet gets: the workbook's name for its rules, or the name of
    the rules it was read by when the workbook held a path (a path from a stranger is never
    passed on into a sheet; the house variant is given again with --rules PATH)."""
    if ref and not registry.looks_like_path(ref):
        return ref
    return rules.name
