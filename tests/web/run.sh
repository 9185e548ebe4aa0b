#!/usr/bin/env bash
# ctest "web": the browser tests of the web app (test_web.py) with Debian's
# python3-selenium, chromium and chromium-driver, headless at 360x740. Exits 77
# (ctest: skipped) with a message when one of them is missing.
# Usage: run.sh ARBITRO_BINARY SCREENSHOT_DIR
set -u
binary=$1
shots=$2
python=""
for candidate in /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import selenium' 2>/dev/null; then
    python=$candidate
    break
  fi
done
if [ -z "$python" ]; then
  echo "skipped: python3-selenium is missing (apt-get install python3-selenium)"
  exit 77
fi
chromium=$(command -v chromium || true)
driver=$(command -v chromedriver || true)
if [ -z "$chromium" ] || [ -z "$driver" ]; then
  echo "skipped: chromium or chromedriver is missing (apt-get install chromium chromium-driver)"
  exit 77
fi
exec "$python" "$(dirname "$0")/test_web.py" --binary "$binary" --shots "$shots" \
  --chromium "$chromium" --driver "$driver"
