"""The CLI imports only the command it runs (mtgkit/cli.py): the stand-ins it lists the
others with must say what the real commands say, and start-up must stay light."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from mtgkit import cli, commands


def _sub_help(parser: argparse.ArgumentParser) -> dict[str, str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {action.dest: action.help for action in sub._choices_actions}


def test_the_help_table_is_each_modules_own_help():
    full = _sub_help(cli.build_parser())
    assert full == commands.HELP


@pytest.mark.parametrize("command", sorted(commands.HELP))
def test_a_command_parsed_alone_has_the_full_parsers_help(command, capsys):
    outputs = []
    for parser in (cli.build_parser(), cli.build_parser(command)):
        for argv in ((), (command,)):
            with pytest.raises(SystemExit):
                parser.parse_args([*argv, "--help"])
            outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[2]  # mtgkit --help
    assert outputs[1] == outputs[3]  # mtgkit COMMAND --help
    assert command in outputs[1]


@pytest.mark.parametrize(("argv", "command"), [
    (["build", "--cards", "x"], "build"),
    (["--db", "build", "search", "t:elf"], "search"),
    (["--db=x.duckdb", "load", "f"], "load"),
    (["--d", "x", "play"], "play"),
    (["-h"], None),
    ([], None),
    (["--version"], None),
    (["nosuch"], cli._ALL),
    (["--", "export"], "export"),
    (["check-rulings"], "check-rulings"),
])
def test_the_command_is_read_as_argparse_reads_it(argv, command):
    assert cli._command_of(argv) is command or cli._command_of(argv) == command


def test_an_unknown_command_is_refused_with_the_list_of_commands(capsys):
    assert cli._command_of(["bulid"]) is cli._ALL
    with pytest.raises(SystemExit):
        cli.main(["bulid"])
    err = capsys.readouterr().err
    assert "invalid choice: 'bulid'" in err and "'build'" in err and "'simulate'" in err


def test_build_imports_neither_the_rules_engine_nor_the_scraper():
    code = ("import sys; from mtgkit import cli; cli.build_parser(cli._command_of(['build']));"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('rules_engine', 'scraper', 'requests', 'rich')"
            " or m.startswith('mtgkit.commands.') and m != 'mtgkit.commands.build'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    loaded = eval(out)  # noqa: S307 - our own child's printed list
    assert all(m in ("mtgkit.commands._common", "mtgkit.commands.load") or
               m.startswith("rich") for m in loaded), loaded
