#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# flamegraph_browser.sh - the flame graph in a real browser (Debian's
# chromium, headless): the SVG test_folded wrote renders (a screenshot),
# and its script works: clicking a frame zooms into it (the frame and
# its callees span the width, its callers stay), a search highlights the
# matching frames and says their share, Escape undoes both.  Outside
# `make check` (a browser start is slow): `make check-flamegraph`.
#
#   flamegraph_browser.sh SVG [SCREENSHOT.png]
set -euo pipefail
SVG=$1
PNG=${2:-${SVG%.svg}.png}
BROWSER=${CHROMIUM:-chromium}
command -v "$BROWSER" > /dev/null || {
	echo "flamegraph_browser: no $BROWSER (apt-get install chromium)" >&2
	exit 1
}
T=$(mktemp -d /tmp/sonde-fg.XXXXXX)
trap 'rm -rf "$T"' EXIT
run_browser() {
	timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu \
		--hide-scrollbars --user-data-dir="$T/profile" "$@" 2> "$T/err"
}
fail=0
ok() { echo "ok $1 - $2"; }
notok() { echo "not ok $1 - $2"; fail=$((fail + 1)); }

# 1. it renders: a screenshot of the file as it is
if run_browser --window-size=1200,200 --screenshot="$PNG" "file://$(realpath "$SVG")" > /dev/null &&
   [ -s "$PNG" ]; then
	ok 1 "rendered: $PNG"
else
	notok 1 "rendered"
	cat "$T/err" >&2
fi

# 2. the script: the SVG inline in a page that clicks and searches
{
	echo '<!DOCTYPE html><html><body>'
	sed '1{/^<?xml/d}' "$SVG"
	cat <<'JS'
<pre id="result"></pre>
<script>
var out = [];
function box(name) {
  for (var i = 0; i < boxes.length; i++)
    if (boxes[i].fgname == name) return boxes[i];
}
function width(name) {
  var b = box(name);
  return b.style.display == 'none' ? 'hidden' :
    Math.round(+b.children[1].getAttribute('width'));
}
if (!boxes.length) init();
out.push('start inner=' + width('inner (/t/x.py:2)') + ' all=' + width('all'));
box('outer (/t/x.py:5)').dispatchEvent(new MouseEvent('click'));
out.push('zoom inner=' + width('inner (/t/x.py:2)') + ' outer6=' +
         width('outer (/t/x.py:6)') + ' main=' + width('main (/t/x.py:9)') +
         ' ksys=' + width('vmlinux`ksys_read'));
search('^inner');
out.push('search ' + document.getElementById('matched').textContent + ' ' +
         box('inner (/t/x.py:2)').getAttribute('class'));
window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
out.push('escape inner=' + width('inner (/t/x.py:2)') + ' ksys=' +
         width('vmlinux`ksys_read') + ' [' +
         document.getElementById('matched').textContent + ']');
document.getElementById('result').textContent = out.join('\n');
</script></body></html>
JS
} > "$T/page.html"
run_browser --dump-dom "file://$T/page.html" > "$T/dom" || true
got=$(sed -n '/<pre id="result">/,/<\/pre>/p' "$T/dom" | sed 's/<[^>]*>//g')
want='start inner=850 all=1180
zoom inner=1180 outer6=hidden main=1180 ksys=hidden
search Matched: 72.0% f match
escape inner=850 ksys=189 [ ]'
if [ "$got" = "$want" ]; then
	ok 2 "zoom, search and Escape work in the browser"
else
	notok 2 "zoom, search and Escape work in the browser"
	printf '# want:\n%s\n# got:\n%s\n' "$want" "$got"
fi
echo "$((2 - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
