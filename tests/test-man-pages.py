#!/usr/bin/env python3
# test-man-pages.py: the manual pages against the programs' own --help, so
# that neither can change without the other.  For manifold-cli: every
# command the top --help lists has its place in the page (SYNOPSIS and
# COMMANDS), and every option of every command's --help (long and short
# form) is in the page; every option the page names is one some --help
# shows.  For manifold: the usage line's operands and every option of
# --help are in the page, and the page names no other.  Both pages have an
# ENVIRONMENT section naming LANGUAGE.
#
# Usage: test-man-pages.py MANIFOLD-CLI MANIFOLD CLI-PAGE APP-PAGE
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mf_tap import Tap  # noqa: E402

OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def run_help(program, *args):
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="C")
    done = subprocess.run([program, *args, "--help"], capture_output=True, text=True, env=env,
                          timeout=60)
    if done.returncode != 0:
        raise RuntimeError("%s %s --help exits %d: %s" % (program, " ".join(args),
                                                           done.returncode, done.stderr))
    return done.stdout


def help_options(text):
    """The options an --help lists in its option table ("  -m, --mode=NAME  …")."""
    found = set()
    for line in text.splitlines():
        m = re.match(r"\s+(-[^\s,=]+)(?:,\s+(--[^\s=]+))?", line)
        if m:
            found.update(o for o in m.groups() if o)
    return found


def page_text(path):
    """The page's words, with roff's escaped hyphens and fonts undone."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"^\.\\\".*$", "", text, flags=re.M)  # comments
    text = text.replace("\\-", "-").replace("\\(em", "—")
    text = re.sub(r"\\f[BIRP]", "", text)
    return text


def page_options(text):
    return {o for o in OPTION.findall(text) if o.startswith("--") or len(o) == 2}


def sections(text):
    return set(re.findall(r"^\.SH\s+(.+)$", text, flags=re.M))


def check_cli(tap, cli, page_path):
    page = page_text(page_path)
    top = run_help(cli)
    block = top.split("Commands:", 1)[1].split("Options:", 1)[0]
    commands = [m.group(1) for m in re.finditer(r"^\s{2}(\w+)\s", block, flags=re.M)]
    tap.check(len(commands) >= 5, "manifold-cli --help lists its commands", top)
    shown = help_options(top)
    for command in commands:
        tap.check(re.search(r"^\.B manifold-cli %s\b" % command, page, flags=re.M) is not None,
                  "SYNOPSIS of manifold-cli.1 has '%s'" % command)
        tap.check(re.search(r"^\.BI? %s\b" % command, page, flags=re.M) is not None,
                  "COMMANDS of manifold-cli.1 has '%s'" % command)
        options = help_options(run_help(cli, command))
        shown |= options
        for option in sorted(options):
            tap.check(option in page_options(page),
                      "manifold-cli.1 names '%s' of %s" % (option, command))
    for option in sorted(page_options(page) - shown):
        tap.check(False, "manifold-cli.1 names '%s', which no --help shows" % option)
    tap.check("ENVIRONMENT" in sections(page) and "LANGUAGE" in page,
              "manifold-cli.1 has an ENVIRONMENT section naming LANGUAGE")


def check_app(tap, app, page_path):
    page = page_text(page_path)
    text = run_help(app)
    usage = re.search(r"^\s+manifold (.*)$", text, flags=re.M)
    tap.check(usage is not None, "manifold --help has a usage line", text)
    synopsis = page.split(".SH SYNOPSIS", 1)[1].split(".SH", 1)[0]
    for operand in re.findall(r"\[(\w+)…\]", usage.group(1) if usage else ""):
        tap.check(operand in synopsis, "SYNOPSIS of manifold.1 has [%s…]" % operand, synopsis)
    options = help_options(text)
    for option in sorted(options):
        tap.check(option in page_options(page), "manifold.1 names '%s'" % option)
    for option in sorted(page_options(page) - options):
        tap.check(False, "manifold.1 names '%s', which --help does not show" % option)
    tap.check("ENVIRONMENT" in sections(page) and "LANGUAGE" in page,
              "manifold.1 has an ENVIRONMENT section naming LANGUAGE")
    tap.check("@" not in page, "manifold.1 has every @NAME@ filled in")


def main():
    cli, app, cli_page, app_page = sys.argv[1:5]
    tap = Tap()
    check_cli(tap, cli, cli_page)
    check_app(tap, app, app_page)
    return tap.plan()


if __name__ == "__main__":
    sys.exit(main())
