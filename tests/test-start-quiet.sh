#!/bin/bash
# test-start-quiet.sh APP EXAMPLES LOCALEDIR: the app starts without a word
# on standard error — no GTK warning, no critical (docs/manual.md) — on the
# welcome page and on each example, in English and in every translation.
# Warnings are made fatal (G_DEBUG), so one aborts the app; a quiet app is
# still running after a few seconds, and is stopped then.  Accessibility
# is off (GTK_A11Y=none): without a session bus, its warning says only that
# this machine has none.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
app=$1
examples=$2
localedir=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
failed=0

start () {
  local name=$1 language=$2
  shift 2
  n=$((n + 1))
  XDG_STATE_HOME="$work/state" GSETTINGS_BACKEND=memory GTK_A11Y=none \
    G_DEBUG=fatal-warnings,fatal-criticals LC_ALL=C.UTF-8 LANGUAGE="$language" \
    MANIFOLD_LOCALEDIR="$localedir" timeout -s TERM 4 "$app" "$@" >"$work/out" 2>"$work/err"
  local status=$?
  if [ "$status" -eq 124 ] && [ ! -s "$work/err" ]; then
    echo "ok $n - $name ($language)"
  else
    echo "not ok $n - $name ($language): exit $status"
    sed 's/^/# /' "$work/err"
    failed=1
  fi
}

echo "TAP version 13"
for language in en de ja sv uk; do
  start "welcome" "$language"
done
for example in "$examples"/*.manifold; do
  start "$(basename "$example")" en "$example"
done
echo "1..$n"
exit $failed
