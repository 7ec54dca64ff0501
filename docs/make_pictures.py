"""Make the pictures of the README and the documentation from real builds, so they show what foldkit
makes today: build the examples into a temporary folder, render PDF pages with pdftoppm, take a frame
of each GIF, and screenshot pages in headless Chromium (network off). Writes docs/images/*.png.

    python docs/make_pictures.py            # every picture
    python docs/make_pictures.py hints      # only those whose name contains 'hints'

Needs pdftoppm (poppler-utils) and chromium. Each PNG is reduced to a palette of 128 colours, so each
stays under about 200 KB.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageSequence

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
EXAMPLES = ROOT / "examples"
WIDTH = 900  # pixels across every picture; the pages show them at most this wide
OFFLINE = ["--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]


def foldkit(*args: str | Path, cwd: Path) -> None:
    """Run the command line of this checkout; fail loudly if it fails."""
    subprocess.run([sys.executable, "-m", "foldkit", *map(str, args)], cwd=cwd, check=True, capture_output=True)


def build(puzzle: Path, out: Path, only: str, *extra: str) -> Path:
    foldkit("build", puzzle, "-o", out, "--only", only, "--quiet", *extra, cwd=out.parent)
    return out


def pdf_page(pdf: Path, png: Path, page: int = 1) -> None:
    """Page `page` (1-based) of a PDF, rendered WIDTH pixels wide."""
    stem = png.with_suffix("")
    subprocess.run(["pdftoppm", "-png", "-f", str(page), "-l", str(page), "-scale-to-x", str(WIDTH),
                    "-scale-to-y", "-1", "-singlefile", str(pdf), str(stem)], check=True)


def gif_frame(gif: Path, png: Path, fraction: float) -> None:
    """The frame `fraction` of the way through a GIF."""
    with Image.open(gif) as film:
        frames = [frame.convert("RGB") for frame in ImageSequence.Iterator(film)]
    frames[min(len(frames) - 1, int(fraction * len(frames)))].save(png)


def screenshot(page: Path, position: str, png: Path, profile: Path, size: tuple[int, int] = (1280, 800)) -> None:
    """A page opened at #position in headless Chromium, the network cut off."""
    program = shutil.which("chromium") or shutil.which("chromium-browser")
    if program is None:
        raise SystemExit("chromium is not installed")
    subprocess.run([program, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                    f"--user-data-dir={profile}", *OFFLINE, "--virtual-time-budget=4000",
                    f"--window-size={size[0]},{size[1]}", f"--screenshot={png}", f"{page.as_uri()}#{position}"],
                   check=True, capture_output=True, timeout=180)


def small(png: Path) -> None:
    """At most WIDTH pixels across, 128 colours: a few tens of KB."""
    with Image.open(png) as image:
        picture = image.convert("RGB")
    if picture.width > WIDTH:
        picture = picture.resize((WIDTH, round(picture.height * WIDTH / picture.width)), Image.Resampling.LANCZOS)
    picture.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(png, optimize=True)


# ---------------------------------------------------------------------------------------------
# The pictures: name -> how to make it into the given path, in a scratch folder


def index_page(png: Path, work: Path) -> None:
    out = build(EXAMPLES / "nov2025.txt", work / "nov2025", "index.html")
    screenshot(out / "index.html", "t=0.6", png, work / "profile")


def shutbox_template(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "nov2025.txt", work / "nov2025-template", "template.pdf") / "template.pdf", png)


def shutbox_puzzle(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "nov2025.txt", work / "nov2025-puzzle", "puzzle.pdf") / "puzzle.pdf", png)


def shutbox_fold(png: Path, work: Path) -> None:
    out = build(EXAMPLES / "nov2025-sample.txt", work / "sample", "fold.gif", "--gif-size", "640x480")
    gif_frame(out / "fold.gif", png, 0.55)


def packing_assembly(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "soma.txt", work / "soma", "assembly.pdf") / "assembly.pdf", png)


def packing_gif(png: Path, work: Path) -> None:
    gif_frame(build(EXAMPLES / "soma.txt", work / "soma-gif", "assembly.gif") / "assembly.gif", png, 0.7)


def blockparty_puzzle(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "block-party-4.txt", work / "bp", "puzzle.pdf") / "puzzle.pdf", png)


def blockparty_solution(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "block-party-4.txt", work / "bp-solution", "solution.pdf") / "solution.pdf", png)


def hints(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "block-party-4.txt", work / "bp-hints", "hints.pdf") / "hints.pdf", png)


def numbercross_puzzle(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "number-cross-5.txt", work / "nc", "puzzle.pdf") / "puzzle.pdf", png)


def numbercross_solution(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "number-cross-5.txt", work / "nc-solution", "solution.pdf") / "solution.pdf", png)


def numbercross_page(png: Path, work: Path) -> None:
    out = build(EXAMPLES / "number-cross-5.txt", work / "nc-page", "index.html")
    screenshot(out / "index.html", "", png, work / "profile-nc")


def nets_worksheet(png: Path, work: Path) -> None:
    foldkit("nets", "1x1x1", "--pdf", work / "quiz.pdf", "--mix", "--seed", "7", cwd=work)
    pdf_page(work / "quiz.pdf", png)


def two_way(png: Path, work: Path) -> None:
    out = work / "two-boxes"
    foldkit("build", "--net", EXAMPLES / "two-boxes.txt", "-o", out, "--only", "two-way.pdf", "--quiet", cwd=work)
    pdf_page(out / "two-way.pdf", png)


def fold_steps(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "nov2025.txt", work / "nov2025-steps", "fold-steps.pdf") / "fold-steps.pdf", png)


def cutter_marks(png: Path, work: Path) -> None:
    out = work / "marks.pdf"
    foldkit("template", EXAMPLES / "nov2025-sample.txt", "--cutter", "silhouette", "-o", out, cwd=work)
    pdf_page(out, png)


def slots(png: Path, work: Path) -> None:
    out = work / "slots.pdf"
    foldkit("template", EXAMPLES / "nov2025-sample.txt", "--tabs", "slot", "-o", out, cwd=work)
    pdf_page(out, png)


def paper_pieces(png: Path, work: Path) -> None:
    pdf_page(build(EXAMPLES / "y-pentacube.txt", work / "y-pieces", "pieces-paper.pdf") / "pieces-paper.pdf", png)


PICTURES: dict[str, Callable[[Path, Path], None]] = {
    "index-page": index_page, "shutbox-template": shutbox_template, "shutbox-puzzle": shutbox_puzzle,
    "shutbox-fold": shutbox_fold, "packing-assembly": packing_assembly, "packing-gif": packing_gif,
    "blockparty-puzzle": blockparty_puzzle, "blockparty-solution": blockparty_solution, "hints": hints,
    "numbercross-puzzle": numbercross_puzzle, "numbercross-solution": numbercross_solution,
    "numbercross-page": numbercross_page, "nets-worksheet": nets_worksheet, "two-way": two_way,
    "fold-steps": fold_steps, "cutter-marks": cutter_marks, "slots": slots, "paper-pieces": paper_pieces,
}


def main() -> None:
    wanted = [name for name in PICTURES if not sys.argv[1:] or any(word in name for word in sys.argv[1:])]
    IMAGES.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="foldkit-pictures-") as scratch:
        for name in wanted:
            png = IMAGES / f"{name}.png"
            PICTURES[name](png, Path(scratch))
            small(png)
            print(f"{png.relative_to(ROOT)}: {png.stat().st_size // 1000} KB", flush=True)


if __name__ == "__main__":
    main()
