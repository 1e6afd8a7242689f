#!/usr/bin/env python3
# test-doc-console.py: every console block of the documents (docs/cli.md,
# README.md) run as it is written, its output compared with what the block
# shows, so that the documents cannot drift from the program.
#
# A block is a fenced "console" block: lines starting with "$ " are
# commands, run with bash in a scratch directory where data/ and tests/
# are the source tree's and manifold-cli is the one built; the lines after
# a command, up to the next, are what it prints (standard output and
# standard error, compared as lists of lines without their order between the
# two streams, which a terminal interleaves as the program flushes them).
# A line "…" among them says that lines are left out: the lines shown must
# then be among those printed, not all of them.
# `echo $?` prints the status of the command before.  Figures that change
# from run to run (wall time, the real-time factor) and residuals at
# rounding level (below 1e-12) are masked on both sides.  A block right
# after an HTML comment "<!-- console: not run, REASON -->" is skipped (it
# needs a display); REASON is required.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE = sys.argv[1]
CLI_DIR = sys.argv[2]
DOCUMENTS = ["docs/cli.md", "README.md"]

VOLATILE = [
    (re.compile(r"(wall time\s+)\S+( s)?"), r"\1<time>\2"),
    (re.compile(r"\d+(\.\d+)?× real time"), "<speed>× real time"),
    (re.compile(r"-?\d+(\.\d+)?e-(1[3-9]|[2-9]\d|\d{3})"), "<tiny>"),
]


def mask(line):
    for pattern, replacement in VOLATILE:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def blocks(path):
    """(line number, skip reason or None, [(command, [expected lines])])"""
    lines = open(os.path.join(SOURCE, path), encoding="utf-8").read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        start = i + 1
        before = lines[i - 1].strip() if i > 0 else ""
        skip = None
        m = re.match(r"<!-- console: not run, (.+) -->", before)
        if m:
            skip = m.group(1)
        i += 1
        commands = []
        while i < len(lines) and lines[i].strip() != "```":
            if lines[i].startswith("$ "):
                commands.append((lines[i][2:], []))
            elif commands:
                commands[-1][1].append(lines[i])
            i += 1
        found.append((start, skip, commands))
        i += 1
    return found


def run_block(scratch, commands):
    """The problems of one block: a list of texts."""
    problems = []
    status = 0
    env = dict(os.environ, PATH=CLI_DIR + os.pathsep + os.environ["PATH"], LC_ALL="C.UTF-8",
               LANGUAGE="", COLUMNS="80")
    env.pop("MANIFOLD_LOCALEDIR", None)
    for command, expected in commands:
        if command.strip() == "echo $?":
            actual = [str(status)]
        else:
            done = subprocess.run(["bash", "-c", command], cwd=scratch, env=env,
                                  capture_output=True, timeout=300)
            status = done.returncode
            actual = (done.stdout + done.stderr).decode("utf-8").split("\n")
        elided = any(l.strip() == "…" for l in expected)
        want = sorted(mask(l) for l in expected if l.strip() not in ("", "…"))
        got = sorted(mask(l) for l in actual if l.strip() != "")
        if elided:
            rest = list(got)
            fits = True
            for l in want:
                if l in rest:
                    rest.remove(l)
                else:
                    fits = False
        else:
            fits = want == got
        if not fits:
            missing = [l for l in want if l not in got]
            extra = [l for l in got if l not in want]
            problems.append("$ %s\n  shown but not printed: %r\n  printed but not shown: %r"
                            % (command, missing[:6], extra[:6]))
    return problems


def main():
    failures = 0
    count = 0
    print("TAP version 13")
    tests = [(path, b) for path in DOCUMENTS if os.path.exists(os.path.join(SOURCE, path))
             for b in blocks(path)]
    print("1..%d" % len(tests))
    for path, (line, skip, commands) in tests:
        count += 1
        name = "%s:%d" % (path, line)
        if skip is not None:
            print("ok %d %s # SKIP %s" % (count, name, skip))
            continue
        scratch = tempfile.mkdtemp(prefix="manifold-doc-console-")
        try:
            for tree in ("data", "tests"):
                os.symlink(os.path.join(SOURCE, tree), os.path.join(scratch, tree))
            problems = run_block(scratch, commands)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if problems:
            failures += 1
            print("not ok %d %s" % (count, name))
            for p in problems:
                for l in p.split("\n"):
                    print("# " + l)
        else:
            print("ok %d %s" % (count, name))
    return 1 if failures else 0


sys.exit(main())
