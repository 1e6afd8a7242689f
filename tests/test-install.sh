#!/bin/bash
# test-install.sh BUILDDIR SRCDIR: `meson install` into a temporary --destdir
# places the programs, the examples, the desktop integration, the schema, the
# icons, the translations and the manual pages where a desktop looks for them.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
build=$1
src=$2
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
failed=0

if ! meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >"$dest.log" 2>&1; then
  cat "$dest.log"
  rm -f "$dest.log"
  echo "meson install failed"
  exit 1
fi
rm -f "$dest.log"
prefix=$(meson introspect "$build" --buildoptions \
  | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]=="prefix"))')
root=$dest$prefix
app=io.github.manifold.Manifold

expect () {
  if [ -e "$root/$1" ]; then
    echo "ok - $1"
  else
    echo "not ok - $1 is missing"
    failed=1
  fi
}

expect bin/manifold
expect bin/manifold-cli
expect share/applications/$app.desktop
expect share/metainfo/$app.metainfo.xml
expect share/glib-2.0/schemas/$app.gschema.xml
expect share/mime/packages/$app.xml
expect share/icons/hicolor/scalable/apps/$app.svg
expect share/icons/hicolor/symbolic/apps/$app-symbolic.svg
expect share/man/man1/manifold.1
expect share/man/man1/manifold-cli.1
for example in "$src"/data/examples/*.manifold; do
  expect "share/manifold/examples/$(basename "$example")"
done
for lang in $(grep -v '^#' "$src/po/LINGUAS"); do
  expect "share/locale/$lang/LC_MESSAGES/manifold.mo"
done

# what is installed is what the data suite validated: the desktop file names
# the icon and the MIME type that are installed beside it
desktop=$root/share/applications/$app.desktop
if [ -e "$desktop" ]; then
  grep -q "^Icon=$app\$" "$desktop" && grep -q '^MimeType=application/x-manifold;' "$desktop" \
    && grep -q 'type="application/x-manifold"' "$root/share/mime/packages/$app.xml" \
    && echo "ok - desktop file, icon and MIME type agree" \
    || { echo "not ok - desktop file, icon and MIME type disagree"; failed=1; }
fi
# the installed programs run from where they were installed
if "$root/bin/manifold-cli" validate "$root/share/manifold/examples/three-pipes.manifold" \
     >/dev/null 2>&1; then
  echo "ok - the installed manifold-cli validates an installed example"
else
  echo "not ok - the installed manifold-cli fails on an installed example"
  failed=1
fi
# the metainfo's screenshots are the ones kept in docs/screenshots
for image in $(grep -o 'docs/screenshots/[a-z-]*\.png' "$src/data/$app.metainfo.xml.in"); do
  if [ -s "$src/$image" ]; then
    echo "ok - $image"
  else
    echo "not ok - the metainfo shows $image, which is not in the tree"
    failed=1
  fi
done
# the manual pages are clean roff
if command -v groff >/dev/null; then
  for page in manifold.1 manifold-cli.1; do
    warnings=$(groff -z -wall -man "$root/share/man/man1/$page" 2>&1)
    if [ -z "$warnings" ]; then
      echo "ok - $page formats without warnings"
    else
      echo "not ok - $page: $warnings"
      failed=1
    fi
  done
fi
exit $failed
