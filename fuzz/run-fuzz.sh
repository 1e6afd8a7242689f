#!/usr/bin/env bash
# fuzz/run-fuzz.sh TARGET SECONDS [LIBFUZZER OPTIONS...]: runs a fuzz target
# of a fuzzing build (docs/fuzzing.md) for SECONDS on its corpus, kept in
# the build tree next to the target (TARGET's folder/NAME/corpus, NAME being
# "document" or "expr"): the seeds are copied in first, and what the
# fuzzer finds new stays for the next run.  Crashing inputs go to
# NAME/findings/.  Exits non-zero on a crash, a leak, a sanitizer report or
# an input slower than the timeout.
#
#   fuzz/run-fuzz.sh build-fuzz/fuzz/fuzz-document 1800
#
# A finding runs again alone as build-fuzz/fuzz/fuzz-document FILE.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 TARGET SECONDS [LIBFUZZER OPTIONS...]" >&2
  exit 2
fi
target=$(realpath "$1")
seconds=$2
shift 2
source_root=$(cd "$(dirname "$0")/.." && pwd)
name=$(basename "$target")
name=${name#fuzz-}
work=$(dirname "$target")/$name
mkdir -p "$work/corpus" "$work/findings"

# the seeds: every example, every malformed document, every circuit the
# oracle found, every earlier finding; expressions from the examples and
# docs/format.md
copy_seeds () { # PREFIX FILES...
  local prefix=$1 file
  shift
  for file in "$@"; do
    [ -f "$file" ] && cp -n "$file" "$work/corpus/$prefix-$(basename "$file")"
  done
  return 0
}
case $name in
  document)
    copy_seeds example "$source_root"/data/examples/*.manifold
    copy_seeds bad "$source_root"/tests/data/bad/*.manifold
    copy_seeds found "$source_root"/tests/data/found/*.manifold
    copy_seeds fuzz "$source_root"/fuzz/corpus/document/*.manifold
    max_len=16384 ;;
  expr)
    copy_seeds fuzz "$source_root"/fuzz/corpus/expr/*
    max_len=1024 ;;
  *)
    echo "$0: unknown target $name" >&2
    exit 2 ;;
esac

# leaks and every UBSan report are errors; GLib allocates with malloc
# so that ASan sees every block
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:print_summary=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export G_SLICE=always-malloc
export LC_ALL=C

options=(-max_total_time="$seconds" -timeout=30 -rss_limit_mb=2560 -max_len="$max_len"
         -dict="$source_root/fuzz/$name.dict" -artifact_prefix="$work/findings/"
         -print_final_stats=1)
set +e
"$target" "${options[@]}" "$@" "$work/corpus"
status=$?
set -e
if [ "$status" -ne 0 ]; then
  echo "$0: $name failed (exit $status); the input is in $work/findings/" >&2
fi
exit "$status"
