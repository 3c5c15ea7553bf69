"""`python -m scorekeeper`: the same entry as the console script."""

from scorekeeper.launch import main

main()
