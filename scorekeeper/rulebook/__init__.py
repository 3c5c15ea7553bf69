"""The rule files: finding, loading and validating them against their schema."""
