"""The command groups click loads lazily: cmd_NAME.py is imported only when NAME runs."""
