"""Render the printed sheets the docs pages show: export, LibreOffice to PDF, pdftoppm to PNG.

    python docs/render_printed.py [OUT_FOLDER]

Needs LibreOffice (soffice) and poppler-utils (pdftoppm). Writes, by default into docs/:
boletim.png, the example final's boletim (one A4 landscape page); boletim-blank.png, the
blank boletim for four players, its two A4 landscape pages one above the other (the hands to
write in, then the classification, running balance and notes); and ficha-sueca.png and
ficha-truco.png, the disputed Sueca and Truco examples' fichas with their numbered findings.
"""

from __future__ import annotations

import pathlib
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"
EXAMPLE = EXAMPLES / "king-final-nacional-mesa1.yaml"
FICHAS = {
    "ficha-sueca": EXAMPLES / "sueca-disputed-jogo2.yaml",
    "ficha-truco": EXAMPLES / "truco-disputed-partida2.yaml",
}
BLANK = ["--blank", "king", "-p", "Ana", "-p", "Bruno", "-p", "Carla", "-p", "Duarte"]
RESOLUTION = "110"


def read_ppm(path: pathlib.Path) -> tuple[int, int, bytes]:
    """Width, height and RGB bytes of a binary PPM, as pdftoppm writes it."""
    data = path.read_bytes()
    magic, size, depth, pixels = data.split(b"\n", 3)
    assert magic == b"P6" and depth == b"255", path
    width, height = (int(v) for v in size.split())
    return width, height, pixels


def write_png(path: pathlib.Path, width: int, height: int, pixels: bytes) -> None:
    """RGB pixels as a PNG (no imaging library needed: one IDAT of unfiltered rows)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    stride = 3 * width
    raw = b"".join(b"\0" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def render(soffice: str, folder: pathlib.Path, name: str, export_args: list[str], target: pathlib.Path) -> bool:
    """Export, print to PDF and write every page, one above the other, as `target`."""
    workbook = folder / f"{name}.xlsx"
    subprocess.run([sys.executable, "-m", "scorekeeper", "export", *export_args, "-o", str(workbook)], check=True)
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation=file://{folder / 'profile'}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(folder),
            str(workbook),
        ],
        check=True,
        capture_output=True,
    )
    pdf = folder / f"{name}.pdf"
    if not pdf.exists():  # soffice exits 0 even when it fails
        print(f"LibreOffice wrote no PDF of {workbook.name}", file=sys.stderr)
        return False
    subprocess.run(["pdftoppm", "-r", RESOLUTION, str(pdf), str(folder / name)], check=True)
    pages = [read_ppm(p) for p in sorted(folder.glob(f"{name}-*.ppm"))]
    width = pages[0][0]
    assert all(w == width for w, _, _ in pages), "pages of different widths"
    write_png(target, width, sum(h for _, h, _ in pages), b"".join(p for _, _, p in pages))
    print(f"wrote {target}")
    return True


def main() -> int:
    target = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None or shutil.which("pdftoppm") is None:
        print("needs soffice (libreoffice-calc-nogui) and pdftoppm (poppler-utils)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        if not render(soffice, folder, "boletim", [str(EXAMPLE)], target / "boletim.png"):
            return 1
        if not render(soffice, folder, "blank", BLANK, target / "boletim-blank.png"):
            return 1
        for name, example in FICHAS.items():
            if not render(soffice, folder, name, [str(example)], target / f"{name}.png"):
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
