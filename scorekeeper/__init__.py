"""scorekeeper: score sheets for King and other club card games, checked to the article."""

__version__ = "0.1.0"
