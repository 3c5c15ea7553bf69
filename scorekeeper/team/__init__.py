"""What the team games (Sueca, Truco) share: their Game, sheet, codes and ficha."""
