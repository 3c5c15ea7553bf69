"""Printed boletins, as a referee gets them: a workbook printed to PDF by LibreOffice, and the
text of each page (poppler's pdftotext), so a test can assert what is on the paper, not only
what is in the cells (issue 8: every finding and every total on the page).

Skipped when LibreOffice or poppler-utils is missing, except in CI (CI set), where .ci/run
installs both and a missing program fails the run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def require() -> None:
    """Skip the calling test when LibreOffice or pdftotext is missing; fail in CI."""
    missing = [p for p in ("soffice", "pdftotext", "pdfinfo") if shutil.which(p) is None]
    if not missing:
        return
    message = f"{', '.join(missing)} not installed"
    if os.environ.get("CI"):
        raise RuntimeError(f"{message}: .ci/run must install libreoffice-calc-nogui and poppler-utils")
    pytest.skip(message)


def print_pdf(workbook: Path, tmp_path: Path) -> Path:
    """The workbook printed to PDF by LibreOffice, as File > Print would (its print areas, page
    set-up and scaling)."""
    require()
    out = tmp_path / "printed"
    out.mkdir(exist_ok=True)
    profile = tmp_path / "lo-print-profile"  # a profile of its own: a running soffice must not take the job
    done = subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(out),
            str(workbook),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    pdf = out / (Path(workbook).stem + ".pdf")
    assert pdf.exists(), f"LibreOffice made no PDF of {workbook}: {done.stderr[-500:]}"  # it exits 0 regardless
    return pdf


def page_texts(pdf: Path) -> list[str]:
    """The text of each page, laid out as printed (`pdftotext -layout`)."""
    done = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    pages = done.stdout.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()  # pdftotext ends the last page with a form feed too
    return pages


def page_count(pdf: Path) -> int:
    done = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    line = next(line for line in done.stdout.splitlines() if line.startswith("Pages:"))
    return int(line.split()[1])


def page_sizes_mm(pdf: Path) -> list[tuple[float, float]]:
    """Each page's width and height in millimetres (A4 landscape is about 297 x 210)."""
    done = subprocess.run(
        ["pdfinfo", "-f", "1", "-l", str(page_count(pdf)), str(pdf)], capture_output=True, text=True, check=True
    )
    sizes = []
    for line in done.stdout.splitlines():
        if line.startswith("Page") and "size:" in line:
            parts = line.split("size:")[1].split()
            sizes.append((float(parts[0]) * 25.4 / 72, float(parts[2]) * 25.4 / 72))
    return sizes
