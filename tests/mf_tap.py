# mf_tap.py: the TAP lines the Python tests print (test-glossary.py,
# test-man-pages.py): "ok N NAME" or "not ok N NAME" with the detail of a
# failure as "# " comment lines, and the plan "1..N" at the end.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def check(self, ok, name, detail=""):
        self.n += 1
        self.failed += not ok
        print("%s %d %s" % ("ok" if ok else "not ok", self.n, name))
        if not ok and detail:
            print("# " + detail.replace("\n", "\n# "))

    def plan(self):
        """Prints the plan; the exit status: 1 when a check failed."""
        print("1..%d" % self.n)
        return 1 if self.failed else 0
