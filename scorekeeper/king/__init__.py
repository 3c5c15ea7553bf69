"""King: six negative hands and four festas (Regulamento Nacional Interbancario)."""
