"""Write docs/reference/commands.md from foldkit's own command-line parser, so the reference names
every command and option the program has, with its help, and nothing else.

    python docs/gen_cli.py            # rewrite the page
    python docs/gen_cli.py --check    # exit 1 if the committed page differs from the parser

The parsers are the ones `foldkit COMMAND PUZZLE --help` prints: for each command, the strict parser
of each kind that has it (argparse keeps its arguments in `_actions` and `_action_groups`; reading them
gives the same text on every Python version, where `format_help` does not).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from foldkit.arguments import command_names, command_of, kinds_with, strict_parser, top_parser  # noqa: E402
from foldkit.kinds import all_kinds  # noqa: E402

PAGE = ROOT / "docs" / "reference" / "commands.md"
Row = tuple[str, str]  # (the argument as typed, what it does)


def argument(action: argparse.Action) -> str:
    """How the argument is typed: `--bed WxD`, `--lid`, `PUZZLE`."""
    if not action.option_strings:
        name = action.metavar or action.dest.upper()
        return f"`{name}`" if action.nargs not in ("?", "*") else f"`[{name}]`"
    takes = action.nargs != 0
    value = f" {action.metavar or action.dest.upper()}" if takes else ""
    if takes and action.choices and not action.metavar:
        value = " {" + ",".join(map(str, action.choices)) + "}"
    return ", ".join(f"`{flag}{value}`" for flag in action.option_strings)


def what(action: argparse.Action) -> str:
    """Its help (which names a telling default itself), as Markdown table text."""
    return markdown(action.help or "")


def markdown(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("\n", " ")


def rows(actions: list[argparse.Action]) -> list[Row]:
    return [(argument(a), what(a)) for a in actions if not isinstance(a, argparse._HelpAction)]


def table(found: list[Row]) -> list[str]:
    return ["| argument | what it does |", "| --- | --- |", *(f"| {typed} | {does} |" for typed, does in found), ""]


def kind_groups(parser: argparse.ArgumentParser) -> tuple[list[Row], list[tuple[str, list[Row]]]]:
    """(the command's own arguments, then each kind option group's title and arguments)."""
    own, groups = [], []
    for group in parser._action_groups:
        found = rows(group._group_actions)
        if group.title in ("positional arguments", "options", "optional arguments"):
            own += found
        elif found:
            groups.append((group.title or "", found))
    return own, groups


def command_section(name: str) -> list[str]:
    """The reference of one command: its usage, its own arguments, and each kind's options."""
    kinds = kinds_with(name, all_kinds())
    parsers = [(kind, strict_parser(name, command_of(kind, name), kind, True, all_kinds())) for kind in kinds]
    first = parsers[0][1]
    lines = [f"## foldkit {name}", "", markdown(first.description or ""), ""]
    owns: list[list[Row]] = []
    kind_tables: list[tuple[str, list[Row]]] = []
    for kind, parser in parsers:
        own, groups = kind_groups(parser)
        if own not in owns:
            owns.append(own)
            if len(owns) > 1:
                kind_tables.append((f"{kind.title} (the command's arguments)", own))
        kind_tables += [group for group in groups if group not in kind_tables]
    lines += table(owns[0]) if owns[0] else []
    if len(kinds) < len(all_kinds()):
        lines += [f"For {', '.join(kind.title for kind in kinds)}.", ""]
    for title, found in kind_tables:
        lines += [f"### {title}", "", *table(found)]
    return lines


def page() -> str:
    top = top_parser()
    lines = ["# Command reference", "",
             "<!-- Written by docs/gen_cli.py from foldkit's parser; tests/test_docs.py fails when they differ. -->",
             "", top.description or "", "",
             "`foldkit COMMAND --help` prints a command's options; `foldkit COMMAND PUZZLE --help` those of the "
             "puzzle's kind. Every command that takes a puzzle works on the built-in November 2025 puzzle when "
             "none is given. `foldkit --version` prints the version.", ""]
    lines += ["| command | what it does |", "| --- | --- |"]
    names = command_names(all_kinds())
    sections = {name: command_section(name) for name in names}
    lines += [f"| [`foldkit {name}`](#foldkit-{name}) | {sections[name][2]} |" for name in names]
    lines.append("")
    for name in names:
        lines += sections[name]
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> int:
    text = page()
    if "--check" in sys.argv[1:]:
        if PAGE.read_text() != text:
            print(f"{PAGE.relative_to(ROOT)} differs from the parser: run python docs/gen_cli.py")
            return 1
        return 0
    PAGE.write_text(text)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
