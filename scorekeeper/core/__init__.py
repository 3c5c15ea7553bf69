"""The operations every front end shares, on the core the CLI uses."""
