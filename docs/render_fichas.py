"""Render the disputed Sueca and Truco examples' fichas as they print: export, LibreOffice to PDF,
pdftoppm to PNG (each ficha is one landscape A4 page, its findings numbered under the table and
marked in their rows).

    python docs/render_fichas.py [OUT_FOLDER]

Needs LibreOffice (soffice) and poppler-utils (pdftoppm). Writes docs/ficha-sueca.png and
docs/ficha-truco.png by default.
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLES = {"sueca": HERE.parent / "examples" / "sueca-disputed-jogo2.yaml",
            "truco": HERE.parent / "examples" / "truco-disputed-partida2.yaml"}


def main() -> int:
    target = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None or shutil.which("pdftoppm") is None:
        print("needs soffice (libreoffice-calc-nogui) and pdftoppm (poppler-utils)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        for game, example in EXAMPLES.items():
            workbook = folder / f"ficha-{game}.xlsx"
            subprocess.run([sys.executable, "-m", "scorekeeper", "export", str(example), "-o", str(workbook)],
                           check=True)
            subprocess.run([soffice, f"-env:UserInstallation=file://{folder / 'profile'}", "--headless",
                            "--convert-to", "pdf", "--outdir", str(folder), str(workbook)], check=True,
                           capture_output=True)
            pdf = folder / f"ficha-{game}.pdf"
            if not pdf.exists():  # soffice exits 0 even when it fails
                print(f"LibreOffice wrote no PDF of {workbook.name}", file=sys.stderr)
                return 1
            subprocess.run(["pdftoppm", "-png", "-r", "110", "-singlefile", str(pdf), str(folder / game)],
                           check=True)
            out = target / f"ficha-{game}.png"
            shutil.copyfile(folder / f"{game}.png", out)
            print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
