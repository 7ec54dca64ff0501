"""The README and the documentation site say what the program does: the command reference is the
parser's, the speed figures are the bench table's, and every picture they show is there and small."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys

import pytest

from foldkit.arguments import command_names, command_of, kinds_with, strict_parser
from foldkit.kinds import all_kinds
from tests.conftest import ROOT, run_foldkit

DOCS = ROOT / "docs"
README = ROOT / "README.md"


def script(path):
    """A script of the repository (docs/ and bench/ are not packages), loaded as a module."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def reference() -> str:
    return script(DOCS / "gen_cli.py").page()


def test_the_committed_command_reference_is_the_parsers(reference):
    committed = (DOCS / "reference" / "commands.md").read_text()
    assert committed == reference, "docs/reference/commands.md differs from the parser: run python docs/gen_cli.py"


def test_the_reference_names_every_command_and_every_option(reference):
    for name in command_names(all_kinds()):
        assert f"## foldkit {name}\n" in reference
        for kind in kinds_with(name, all_kinds()):
            parser = strict_parser(name, command_of(kind, name), kind, True, all_kinds())
            for action in parser._actions:
                for flag in action.option_strings:
                    if flag not in ("-h", "--help"):
                        assert f"`{flag}" in reference, f"foldkit {name} {flag} ({kind.title}) is not in the reference"


def test_the_readme_speed_figures_are_the_bench_table():
    """The README's block between its speed-table markers is the file the opening marker names, as the
    bench script writes both; the performance page includes the same file."""
    block = re.search(r"<!-- speed-table: (\S+) -->\n(.*?)<!-- /speed-table -->", README.read_text(), re.S)
    assert block, "the README has no speed-table block"
    assert block.group(1) == "bench/results/speed.md"
    assert block.group(2) == (ROOT / block.group(1)).read_text(), "run python bench/speed_table.py"
    assert f'--8<-- "{block.group(1)}"' in (DOCS / "performance.md").read_text()


def pictures(text: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", text)


def test_every_picture_shown_is_there_and_small():
    shown = {(README.parent / path).resolve() for path in pictures(README.read_text())}
    for page in DOCS.rglob("*.md"):
        shown |= {(page.parent / path).resolve() for path in pictures(page.read_text())}
    assert shown, "no pictures found"
    for picture in shown:
        assert picture.exists(), f"{picture.relative_to(ROOT)} is shown but missing: run python docs/make_pictures.py"
        assert picture.stat().st_size < 200_000, f"{picture.relative_to(ROOT)} is larger than 200 KB"
    assert sum(p.stat().st_size for p in (DOCS / "images").glob("*.png")) < 3_000_000


def test_the_readme_is_a_front_door():
    text = README.read_text()
    assert 120 <= len(text.splitlines()) <= 250
    assert not re.search(r"\b(issue|round|commit)s?\b", text, re.IGNORECASE)
    assert "mkdocs serve" in text and "python -m pytest -q" in text


def transcripts(text: str) -> list[tuple[list[str], list[str]]]:
    """The README's `$ foldkit ...` lines that show output: (the command's arguments, the lines shown after it)."""
    found, lines = [], text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("    $ foldkit "):
            shown = [out[4:] for out in itertools.takewhile(lambda out: out.startswith("    ") and
                                                            not out.startswith("    $"), lines[number + 1:])]
            if shown:
                found.append((line[len("    $ foldkit "):].split("#")[0].split(), shown))
    return found


@pytest.mark.parametrize("argv, shown", transcripts(README.read_text()), ids=lambda value: " ".join(value)[:40])
def test_every_output_the_readme_shows_is_what_the_command_prints(argv, shown, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, _ = run_foldkit(capsys, *argv)
    assert code == 0
    assert out.splitlines()[:len(shown)] == shown


def test_the_readme_shows_outputs_to_check():
    assert len(transcripts(README.read_text())) >= 4
