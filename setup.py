"""The package list, found rather than written by hand (setup.cfg holds everything else).

setup.cfg's `packages = find:` cannot name scorekeeper.rule_files: that package is the rules/
folder (setup.cfg's package_dir), which a search of scorekeeper/ never sees.
"""
from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["scorekeeper", "scorekeeper.*"]), "scorekeeper.rule_files"])
