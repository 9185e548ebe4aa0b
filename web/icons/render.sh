#!/usr/bin/env bash
# Renders the PNG icons of the web app from its SVG icons with Debian's headless
# chromium (the PNGs are committed; run this after editing an SVG).
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
render() {  # SVG SIZE OUT
  cat >"$work/page.html" <<HTML
<!doctype html><html><head><style>html,body{margin:0;background:transparent}
img{display:block;width:$2px;height:$2px}</style></head><body><img src="file://$PWD/$1"></body></html>
HTML
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$work/profile" --hide-scrollbars \
    --default-background-color=00000000 --window-size="$2,$2" --screenshot="$PWD/$3" \
    "file://$work/page.html" >/dev/null 2>&1
}
render icon.svg 192 icon-192.png
render icon.svg 512 icon-512.png
render icon-maskable.svg 512 icon-maskable-512.png
ls -l ./*.png
