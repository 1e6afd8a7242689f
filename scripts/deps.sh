# scripts/deps.sh: installs the Debian 12 packages Manifold needs to build
# and test, skipping what is already there.  Sourced by the other scripts.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later

MANIFOLD_PACKAGES="gcc libc6-dev pkg-config meson ninja-build libglib2.0-dev libjson-glib-dev
  libgsl-dev liblapacke-dev liblapack-dev libblas-dev libgtk-4-dev libadwaita-1-dev
  xvfb xauth xdotool gettext desktop-file-utils appstream libglib2.0-bin flatpak-builder groff-base
  libsundials-dev libsuitesparse-dev"

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
