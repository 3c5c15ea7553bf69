"""Tournaments: the file that keeps a championship's rounds, its draws, standings and workbook."""
