# scripts/deps.sh: installs the Debian 12 packages Manifold needs to build
# and test, skipping what is already there.  Sourced by the other scripts.
# clang and its runtime libraries (libFuzzer, the sanitizers) build the fuzz
# targets (docs/fuzzing.md); the normal build needs gcc only.  hdf5-tools
# (h5dump) and octave read back the result files in the CLI tests
# (tests/test-cli-results.c); octave without its recommends is some 60
# packages.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later

MANIFOLD_PACKAGES="gcc libc6-dev pkg-config meson ninja-build libglib2.0-dev libjson-glib-dev
  libgsl-dev liblapacke-dev liblapack-dev libblas-dev libgtk-4-dev libadwaita-1-dev
  xvfb xauth xdotool gettext desktop-file-utils appstream libglib2.0-bin flatpak-builder groff-base
  libsundials-dev libsuitesparse-dev libmatio-dev libhdf5-dev hdf5-tools octave
  clang libclang-rt-dev"

manifold_install_deps () {
  local missing=""
  for p in $MANIFOLD_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "Installing:$missing"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}

manifold_build () {
  if [ ! -f build/build.ninja ]; then
    meson setup build -Dwerror=true
  fi
  ninja -C build
}

# The sanitizer build (gcc, ASan + UBSan, docs/fuzzing.md) in build-asan,
# with only what the core and CLI suites run: their test programs and
# manifold-cli, not the app.
manifold_build_asan () {
  if [ ! -f build-asan/build.ninja ]; then
    meson setup build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dwerror=true
  fi
  local targets
  targets=$(meson introspect --tests --targets build-asan | python3 -c '
import json, os, sys
info = json.load(sys.stdin)
names = {t["id"]: f for t in info["targets"] for f in t["filename"]}
wanted = set()
for test in info["tests"]:
    if set(test["suite"]) & {"manifold:core", "manifold:cli"}:
        wanted.add(test["cmd"][0])
        wanted.update(names[d] for d in test["depends"] if d in names)
root = os.path.realpath("build-asan")
print(" ".join(sorted(os.path.relpath(f, root) for f in wanted if f.startswith(root))))')
  ninja -C build-asan $targets
}

# The fuzzing build (clang, libFuzzer, ASan + UBSan, docs/fuzzing.md) in
# build-fuzz: the core and the fuzz targets.
manifold_build_fuzz () {
  if [ ! -f build-fuzz/build.ninja ]; then
    CC=clang meson setup build-fuzz -Dfuzzing=true -Db_sanitize=address,undefined \
      -Db_lundef=false -Dwerror=true
  fi
  ninja -C build-fuzz
}
