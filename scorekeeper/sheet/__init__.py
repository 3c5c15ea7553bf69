"""A score sheet as a file: loading, line-keeping YAML, new sheets, editing and safe saving."""
