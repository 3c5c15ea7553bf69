"""Truco: two teams play games to 12, best of three (Regulamento Truco Misto, FURB)."""
