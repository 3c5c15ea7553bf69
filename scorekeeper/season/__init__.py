"""The season: regional phases to the national final (King Art 1-3), and records across events."""
