"""The operations a front end calls: plain arguments in, data out; no click, no terminal."""
