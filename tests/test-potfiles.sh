#!/bin/bash
# test-potfiles.sh SRCDIR: every source file with a translatable string is
# listed in po/POTFILES.in, so that no message escapes the catalogues, and
# every file listed exists.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cd "$1" || exit 1
failed=0
listed=$(grep -v '^#' po/POTFILES.in)
for f in $listed; do
  [ -f "$f" ] || { echo "not ok - po/POTFILES.in lists $f, which does not exist"; failed=1; }
done
while read -r f; do
  if ! grep -qx "$f" <<<"$listed"; then
    echo "not ok - $f has translatable strings but po/POTFILES.in does not list it"
    failed=1
  fi
done < <(grep -rlE '(^|[^A-Za-z_])N?_\("|translatable="yes"' src ui --include='*.c' --include='*.ui' | sort)
[ $failed -eq 0 ] && echo "ok - po/POTFILES.in lists every file with translatable strings"
echo "1..1"
exit $failed
