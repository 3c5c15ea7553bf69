"""The score pad in the browser (`scorekeeper serve`): a Flask front end on core.pad_tables."""
