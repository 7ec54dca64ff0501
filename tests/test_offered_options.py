"""Every command offers the options it uses and no other. A kind's solve options are read by every
command that solves, so an option only `solve` uses (counting every packing, listing every
solution) says so (``option(only=...)``) and no other command shows or takes it; a command's own
options are each read by the code that runs it; `foldkit kinds KIND` shows that kind alone."""

from __future__ import annotations

import inspect
import re

import pytest

from foldkit import commands
from foldkit.arguments import command_of, groups_for
from foldkit.cli import main
from foldkit.kinds import all_kinds
from foldkit.kinds.base import Deferred, option_specs
from tests.conftest import EXAMPLES

EXAMPLE = {"net": None, "shutbox": "nov2025-sample.txt", "packing": "soma.txt",
           "number-cross": "number-cross-example.txt", "block-party": "block-party-4.txt"}
NET = EXAMPLES / "two-boxes.txt"


def kind_commands():
    for kind in all_kinds():
        if kind.name in EXAMPLE:
            for name in kind.capabilities():
                yield kind, name


def help_of(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def listed(help_text: str) -> set[str]:
    """The long options a --help lists (not -h/--help)."""
    return set(re.findall(r"^\s+(?:-\w, )?(--[\w-]+)", help_text, re.MULTILINE)) - {"--help"}


def file_of(kind) -> list[str]:
    example = EXAMPLE[kind.name]
    return [str(EXAMPLES / example)] if example else [kind.file_option, str(NET)]


def source_of(run, options: type) -> str:
    """The code a command runs, read as text: the module of its run function, the foldkit modules
    whose functions that module calls, and its options class (whose methods read fields)."""
    function = run.resolve() if isinstance(run, Deferred) else run
    module = inspect.getmodule(function)
    used = {module, inspect.getmodule(options), commands}  # commands: Call.build reads --output, --quiet ...
    for value in vars(module).values():
        if (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__.startswith("foldkit"):
            used.add(inspect.getmodule(value))
    return "\n".join(inspect.getsource(m) for m in used if m is not None)


@pytest.mark.parametrize(("kind", "name"), list(kind_commands()), ids=lambda x: getattr(x, "name", x))
def test_every_option_a_help_lists_is_one_the_command_uses(capsys, kind, name):
    command = command_of(kind, name)
    argv = [name, *file_of(kind)] if command.target != "none" else [name, kind.name]
    if any(spec.positional for spec in option_specs(command.options)):
        argv = [name]
    shown = listed(help_of(capsys, argv))
    groups = groups_for(command, kind)
    offered = {flag for spec in groups.specs() for flag in spec.flags}
    file_options = {k.file_option for k in all_kinds() if k.file_option}
    assert shown - file_options <= offered, f"{name} lists options it does not take: {shown - offered}"
    source = source_of(command.run, command.options)
    for spec in option_specs(groups.command):
        if not spec.positional and spec.flag in shown:
            assert re.search(rf"\.{spec.dest}\b|\"{spec.dest}\"", source), f"{name} never reads {spec.flag}"
    for group in (groups.solve, groups.build):
        for spec in option_specs(group) if group is not None else []:
            assert (spec.flag in shown) == spec.offered_by(name)


@pytest.mark.parametrize("argv", [
    ["animate", EXAMPLES / "soma.txt", "--all"],
    ["show", EXAMPLES / "soma.txt", "--jobs", "2"],
    ["build", EXAMPLES / "number-cross-example.txt", "--limit", "3"],
    ["sheet", EXAMPLES / "block-party-4.txt", "--all"],
])
def test_an_option_of_solve_alone_is_refused_by_other_commands(capsys, argv):
    assert main([str(a) for a in argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"foldkit: error: {argv[0]}: --") and "is an option of 'solve'" in err
    assert len(err.splitlines()) == 1


def test_animate_help_for_a_packing_lists_no_counting_option(capsys):
    shown = listed(help_of(capsys, ["animate", str(EXAMPLES / "soma.txt")]))
    assert not shown & {"--all", "--jobs", "--part", "--cluster", "--limit", "--net"}
    assert "--seed" in shown  # it chooses the packing animated


@pytest.mark.parametrize("name", ["check", "hint"])
def test_a_help_promises_no_options_it_does_not_show(capsys, name):
    text = help_of(capsys, [name])
    assert "options shown are those of" not in text


def test_kinds_shows_the_kind_named_or_says_there_is_none(capsys):
    assert main(["kinds", "packing"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Polycube packing (packing):") and "Shut the Box" not in out
    assert "pieces.stl or pieces-N.stl, piece-NAME.stl, box.stl" in out
    assert main(["kinds", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("foldkit: error: kinds: no puzzle kind called 'nope'") and len(err.splitlines()) == 1


def test_the_artifact_names_kinds_shows_match_what_a_build_lists(capsys):
    assert main(["kinds", "packing"]) == 0
    patterns = capsys.readouterr().out.split("artifacts: ")[1].strip().replace(" or ", ", ").split(", ")
    assert main(["build", str(EXAMPLES / "y-pentacube.txt"), "--list"]) == 0
    files = capsys.readouterr().out.split()
    as_pattern = {re.sub(r"-\d+\.", "-N.", re.sub(r"^piece-[^.]+\.stl$", "piece-NAME.stl", f)) for f in files}
    assert as_pattern <= set(patterns) and "pieces-N.stl" in as_pattern
