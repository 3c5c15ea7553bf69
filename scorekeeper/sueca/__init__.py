"""Sueca: two teams race to three mocas of four points (Regulamento do Torneio)."""
