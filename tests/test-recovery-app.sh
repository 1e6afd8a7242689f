#!/bin/bash
# test-recovery-app.sh APP EXAMPLE: unsaved work survives a kill
# (docs/manual.md, "Unsaved work is kept").  On an X server of its own
# (Xvfb), the app opens a copy of EXAMPLE, the circuit is edited (every
# component selected and moved), and a few seconds later the app is killed
# with SIGKILL.  The user's file must be untouched.  Started again, the app
# asks about the copy; Restore brings the edits back, marked unsaved and with
# the user's file as theirs; Ctrl+S then writes that file, which must be
# byte for byte the copy the killed app kept.  Quitting leaves no copy.
#
# Copyright 2026 The Manifold authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
app=$1
example=$2
work=$(mktemp -d)
xvfb_pid=
app_pid=

cleanup () {
  [ -n "$app_pid" ] && kill -9 "$app_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

fail () {
  echo "not ok - $1"
  [ -f "$work/app.log" ] && sed 's/^/# /' "$work/app.log"
  exit 1
}

for tool in Xvfb xdotool; do
  command -v $tool >/dev/null || fail "$tool is missing (scripts/deps.sh installs it)"
done

# waits up to $2 seconds of wall time for the command $1 to succeed (a
# loaded machine makes each try slower, not the wait longer)
wait_for () {
  local deadline=$(( $(date +%s) + $2 ))
  while ! eval "$1"; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.1
  done
  return 0
}

# xdotool, failing instead of waiting for ever when --sync never sees the
# focus arrive
xdo () {
  timeout 20 xdotool "$@" || fail "xdotool $* did not finish"
}

# stopped by meson's timeout: say how far it got
trap 'fail "stopped by a signal"' TERM INT

# -noreset: the server must not reset (and refuse connections for a moment)
# when the killed app, its last client, goes
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$work/display" 2>/dev/null &
xvfb_pid=$!
wait_for '[ -s "$work/display" ]' 10 || fail "Xvfb did not start"
export DISPLAY=:$(cat "$work/display")
export GSETTINGS_BACKEND=memory GTK_A11Y=none GDK_BACKEND=x11 XDG_STATE_HOME="$work/state"
recovery=$work/state/manifold/recovery

cp "$example" "$work/circuit.manifold"
"$app" "$work/circuit.manifold" >"$work/app.log" 2>&1 &
app_pid=$!
wait_for 'xdotool search --name "circuit.manifold" >/dev/null 2>&1' 30 \
  || fail "the window did not open"
window=$(xdotool search --name "circuit.manifold" | head -1)
sleep 1
echo "ok - the app opened the circuit"

# an empty spot of the canvas takes the focus, then every component moves
xdotool mousemove --window "$window" 740 420 click 1
xdo windowfocus --sync "$window" key ctrl+a key Right key Right key Right
copy_of_edits () { ls "$recovery"/session-*/*.manifold 2>/dev/null | head -1; }
wait_for '[ -n "$(copy_of_edits)" ] && grep -q "\"title\"" "$(copy_of_edits)"' 15 \
  || fail "no copy of the edits was kept"
# the copy written after the last edit: wait until it stops changing
sleep 3
kept=$(copy_of_edits)
cp "$kept" "$work/kept.manifold"
cmp -s "$kept" "$example" && fail "the copy is the file as opened: the edit did not happen"
echo "ok - the edits were copied to $(basename "$(dirname "$kept")")/$(basename "$kept")"

kill -9 "$app_pid"
wait "$app_pid" 2>/dev/null
app_pid=
cmp -s "$work/circuit.manifold" "$example" || fail "the user's file changed"
echo "ok - killed; the user's file is untouched"

"$app" >"$work/app.log" 2>&1 &
app_pid=$!
# the question stands in the corner the server puts new windows in
wait_for '[ $(xdotool search --pid "$app_pid" --onlyvisible 2>/dev/null | wc -l) -ge 2 ]' 30 \
  || fail "no question after the restart"
sleep 1
# Restore is the default answer
question=$(xdotool search --pid "$app_pid" --onlyvisible | while read -r id; do
  case "$(xdotool getwindowname "$id")" in *Manifold*) ;; *) echo "$id" ;; esac
done | head -1)
[ -n "$question" ] || fail "no question window"
xdo mousemove --window "$question" 20 20 windowfocus --sync "$question" key Return
wait_for 'xdotool search --name "circuit.manifold" >/dev/null 2>&1' 15 \
  || fail "the copy was not restored into a window"
window=$(xdotool search --name "circuit.manifold" | head -1)
case "$(xdotool getwindowname "$window")" in
  "• circuit.manifold"*) echo "ok - restored, marked unsaved" ;;
  *) fail "the restored window says '$(xdotool getwindowname "$window")'" ;;
esac

xdo mousemove --window "$window" 740 420 windowfocus --sync "$window" key ctrl+s
wait_for '! cmp -s "$work/circuit.manifold" "$example"' 15 || fail "Ctrl+S did not save"
sleep 0.5
cmp "$work/circuit.manifold" "$work/kept.manifold" \
  || fail "the saved file differs from the copy the killed app kept"
echo "ok - saved: byte for byte the edits the killed app kept"

xdo windowfocus --sync "$window" key ctrl+q
wait_for '! kill -0 "$app_pid" 2>/dev/null' 15 || fail "the app did not quit"
app_pid=
left=$(find "$recovery" -mindepth 1 2>/dev/null)
[ -z "$left" ] || fail "copies left after a clean quit: $left"
echo "ok - nothing left in the recovery directory after quitting"
echo "1..6"
