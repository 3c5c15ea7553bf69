"""The registry of members: who may play (King Art 2, Truco Art 1), one person under one name."""
