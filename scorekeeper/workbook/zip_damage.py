"""What reading one member of a stranger's zip (a workbook, a union's bundle) raises when the
member is damaged or made to be unreadable, each said as a refusal in one line, never a traceback.

Why each: BadZipFile (a bad header or CRC), zlib.error and EOFError (a deflate stream cut or
corrupt), NotImplementedError (a compression method zipfile does not support: bzip2 or lzma
built out, a vendor's own), RuntimeError (an encrypted member, which needs a password),
ValueError (a member closed or read past a bad size). Imports no openpyxl: the bundle's reader
uses it too.
"""

from __future__ import annotations

import zipfile
import zlib

DAMAGED_MEMBER: tuple[type[Exception], ...] = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    NotImplementedError,
    RuntimeError,
    ValueError,
)
