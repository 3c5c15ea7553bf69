"""The Excel boletim: export with live formulas, and safe import of a filled-in workbook."""
