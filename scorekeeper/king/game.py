"""King's scoring model, as the rest of scorekeeper sees it."""
from scorekeeper.king.rules import from_data  # noqa: F401
from scorekeeper.king.scoring import score_sheet  # noqa: F401
from scorekeeper.king.sheet import parse_sheet  # noqa: F401
