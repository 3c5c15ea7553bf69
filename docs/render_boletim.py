"""Render the example final's boletim as it prints: export, LibreOffice to PDF, pdftoppm to PNG.

    python docs/render_boletim.py [OUT.png]

Needs LibreOffice (soffice) and poppler-utils (pdftoppm). Writes docs/boletim.png by default,
the image the README shows.
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "examples" / "king-final-nacional-mesa1.yaml"


def main() -> int:
    target = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "boletim.png"
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None or shutil.which("pdftoppm") is None:
        print("needs soffice (libreoffice-calc-nogui) and pdftoppm (poppler-utils)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        workbook = folder / "boletim.xlsx"
        subprocess.run([sys.executable, "-m", "scorekeeper", "export", str(EXAMPLE), "-o", str(workbook)], check=True)
        subprocess.run([soffice, f"-env:UserInstallation=file://{folder / 'profile'}", "--headless", "--convert-to",
                        "pdf", "--outdir", str(folder), str(workbook)], check=True, capture_output=True)
        pdf = folder / "boletim.pdf"
        if not pdf.exists():  # soffice exits 0 even when it fails
            print("LibreOffice wrote no PDF", file=sys.stderr)
            return 1
        subprocess.run(["pdftoppm", "-png", "-r", "110", "-singlefile", str(pdf), str(folder / "page")], check=True)
        shutil.copyfile(folder / "page.png", target)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
