#!/bin/bash
# test-flatpak.sh SRCDIR: the Flatpak manifest parses and says what the
# project needs — checked offline, since a build needs the network.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
src=$1
manifest=$src/flatpak/io.github.manifold.Manifold.json

if ! command -v flatpak-builder >/dev/null; then
  echo "flatpak-builder is not installed"
  exit 77
fi
# flatpak-builder keeps its state in the working directory: a scratch one
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1
# flatpak-builder parses the manifest; it only warns on keys it does not know
if ! flatpak-builder --show-manifest "$manifest" >/dev/null 2>"$scratch/warnings"; then
  cat "$scratch/warnings"
  rm -f "$scratch/warnings"
  exit 1
fi
warnings=$(cat "$scratch/warnings")
rm -f "$scratch/warnings"
if [ -n "$warnings" ]; then
  echo "flatpak-builder warns: $warnings"
  exit 1
fi

# what flatpak-builder does not check offline
exec python3 - "$manifest" "$src" <<'PYTHON'
import json, os, re, sys

manifest_path, src = sys.argv[1], sys.argv[2]
manifest = json.load(open(manifest_path))
problems = []

def check(ok, message):
    if not ok:
        problems.append(message)

check(manifest["id"] == "io.github.manifold.Manifold", "the id is not the app id")
check(manifest["command"] == "manifold", "the command is not manifold")
check(manifest["runtime"] == "org.gnome.Platform" and manifest["sdk"] == "org.gnome.Sdk",
      "not the GNOME runtime")
desktop = open(os.path.join(src, "data", manifest["id"] + ".desktop.in")).read()
check("Exec=manifold " in desktop, "the desktop file does not run the manifest's command")

modules = manifest["modules"]
names = [m["name"] for m in modules]
check(names == ["openblas", "gsl", "suitesparse", "sundials", "hdf5", "matio", "manifold"],
      "modules are %s, not LAPACK (OpenBLAS), GSL, SuiteSparse (KLU, CHOLMOD), SUNDIALS "
      "(IDA with KLU), HDF5, matio (MAT v5 and v7.3), then the app" % names)
matio = modules[names.index("matio")] if "matio" in names else {}
check("--enable-mat73=yes" in matio.get("config-opts", []),
      "matio is built without MAT v7.3 (--enable-mat73=yes)")
sundials = modules[names.index("sundials")] if "sundials" in names else {}
check("-DENABLE_KLU=ON" in sundials.get("config-opts", []), "SUNDIALS is built without KLU")
check("*" not in sundials.get("cleanup", []), "SUNDIALS's libraries are cleaned up, but the app "
      "links them")
known = {"autotools", "cmake", "cmake-ninja", "meson", "simple", "qmake"}
for module in modules:
    check(module.get("buildsystem") in known,
          "%s: unknown buildsystem %r" % (module["name"], module.get("buildsystem")))
    for source in module["sources"]:
        if source["type"] == "archive":
            check(source["url"].startswith("https://"), "%s: not https" % module["name"])
            check(re.fullmatch(r"[0-9a-f]{64}", source.get("sha256", "")) is not None,
                  "%s: no sha256" % module["name"])
        elif source["type"] == "dir":
            root = os.path.normpath(os.path.join(os.path.dirname(manifest_path), source["path"]))
            check(os.path.samefile(root, src), "%s: the dir source is not the project" %
                  module["name"])
        else:
            problems.append("%s: unexpected source type %s" % (module["name"], source["type"]))
# OpenBLAS must keep LAPACKE: the app calls it
openblas = modules[0]
check(not any("NO_LAPACKE" in o or "NO_LAPACK" in o for o in openblas.get("config-opts", [])),
      "OpenBLAS is built without LAPACK(E)")
check(modules[-1].get("buildsystem") == "meson", "the app is not built with meson")

for problem in problems:
    print("not ok - " + problem)
print("ok - manifest checked" if not problems else "%d problems" % len(problems))
sys.exit(1 if problems else 0)
PYTHON
