"""The journal: every change to a sheet or a tournament file, on the record (issue 24).

A change is written to the journal of its folder first (`.scorekeeper-journal.sqlite`, SQLite in
WAL mode), then applied to the files, then marked done: `store.py` keeps the records,
`transaction.py` applies a change to its files all or nothing and completes one that a killed
run left pending, `history.py` reads the record back as data.
"""
