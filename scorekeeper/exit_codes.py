"""Exit codes shared by every command (the sqlfluff convention)."""

CLEAN = 0  # nothing wrong, or only warnings
SHEET_ERRORS = 1  # a checked sheet has at least one error finding
UNUSABLE = 2  # unusable input or usage: the file, rule file or arguments cannot be used
