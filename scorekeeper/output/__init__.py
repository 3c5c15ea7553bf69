"""Everything textual: the terminal writer, tables, JSON, CSV and the sheet summaries."""
