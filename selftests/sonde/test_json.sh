#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# test_json.sh - `sonde -O json` against a real JSON parser (Debian's
# python3.11 in the guest): every aggregating function, with integer,
# string, tuple and stack keys, from a program whose values are known.
# Each JSON aggregation must parse, carry the values the program made,
# and agree with the text output of the same program (the round trip).
#
# Runs in the test guest (root, sonde.ko loaded, sonde and python3.11 in
# PATH).

cd "$(dirname "$0")" || exit 1
. ./ktap_helpers.sh

SONDE=${SONDE:-sonde}
PY=${PYTHON:-python3.11}
T=$(mktemp -d /tmp/test_json.XXXXXX)
trap 'rm -rf "$T"' EXIT

cat > "$T/aggs.d" <<'EOF'
BEGIN
{
	@c["a"] = count(); @c["a"] = count(); @c["b"] = count();
	@s[1] = sum(10); @s[1] = sum(-3); @s[2] = sum(5);
	@av = avg(10); @av = avg(20); @av = avg(31);
	@mn = min(5); @mn = min(-7);
	@mx = max(5); @mx = max(70);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	@q = quantize(0); @q = quantize(1); @q = quantize(3);
	@q = quantize(1000); @q = quantize(-2);
	@l = lquantize(-5, 0, 10, 2); @l = lquantize(3, 0, 10, 2);
	@l = lquantize(100, 0, 10, 2);
	@ll = llquantize(5, 10, 0, 3, 10); @ll = llquantize(1234, 10, 0, 3, 10);
	@t["x", 3] = sum(1); @t["x", 3] = sum(1); @t["y", -1] = sum(4);
	@k[stack(3)] = count();
	exit(0);
}
EOF

cat > "$T/check.py" <<'EOF'
import json, sys

want = {
    ("c", "count"): {("a",): 2, ("b",): 1},
    ("s", "sum"): {(1,): 7, (2,): 5},
    ("av", "avg"): {(): 20},
    ("mn", "min"): {(): -7},
    ("mx", "max"): {(): 70},
    ("sd", "stddev"): {(): 2},
    ("q", "quantize"): {(): {-2: 1, 0: 1, 1: 1, 2: 1, 512: 1}},
    ("l", "lquantize"): {(): {("under", 0): 1, 2: 1, ("over", 10): 1}},
    ("ll", "llquantize"): {(): {5: 1, 1000: 1}},
}
text = open(sys.argv[2]).read().split("\n")
seen, errs = set(), []

def textrow(keys, value):
    # a text row holds the keys (%-50s / %16d columns) then the value
    toks = " ".join(str(k) for k in keys).split() + [str(value)]
    return any(l.split() == toks for l in text)

for n, line in enumerate(open(sys.argv[1])):
    obj = json.loads(line)		# every line is JSON
    if obj["type"] != "aggregation":
        continue
    name, fn = obj["name"], obj["function"]
    seen.add(name)
    if name == "k":			# a stack key: frames as strings
        e = obj["entries"][0]
        if not (fn == "count" and e["value"] == 1 and
                isinstance(e["keys"][0], list) and e["keys"][0] and
                all(isinstance(f, str) for f in e["keys"][0])):
            errs.append("stack key: %r" % e)
        continue
    if name == "t":			# tuple keys, mixed types
        got = {tuple(e["keys"]): e["value"] for e in obj["entries"]}
        if got != {("x", 3): 2, ("y", -1): 4}:
            errs.append("tuple keys: %r" % got)
        continue
    exp = want.get((name, fn))
    if exp is None:
        errs.append("unexpected aggregation %s %s" % (name, fn))
        continue
    for e in obj["entries"]:
        keys = tuple(e["keys"])
        if "buckets" in e:
            got = {}
            for b in e["buckets"]:
                k = b["value"]
                if b.get("underflow"):
                    k = ("under", k)
                elif b.get("overflow"):
                    k = ("over", k)
                got[k] = b["count"]
            if got != exp.get(keys):
                errs.append("%s: buckets %r, want %r" % (name, got, exp.get(keys)))
            # the text histogram shows each bucket's count on its row
            for b in e["buckets"]:
                label = str(b["value"])
                if b.get("underflow"):
                    label = "<"
                elif b.get("overflow"):
                    label = ">="
                if not any(l.split() and l.split()[0] == label and
                           l.split()[-1] == str(b["count"]) for l in text):
                    errs.append("%s: no text row for bucket %r" % (name, b))
        else:
            if e["value"] != exp.get(keys):
                errs.append("%s%r = %r, want %r" % (name, keys, e["value"], exp.get(keys)))
            if not textrow(keys, e["value"]):
                errs.append("%s%r = %r not in the text output" % (name, keys, e["value"]))
missing = set(k[0] for k in want) | {"t", "k"}
if seen != missing:
    errs.append("aggregations seen %r, want %r" % (sorted(seen), sorted(missing)))
for e in errs:
    print("# " + e)
sys.exit(1 if errs else 0)
EOF

test_round_trip() {
	command -v "$PY" > /dev/null 2>&1 || { skip_reason="no $PY"; return 4; }
	run 60 "$SONDE" -q -s "$T/aggs.d"
	text_rc=$rc
	cp "$T/out" "$T/text"
	run 60 "$SONDE" -O json -q -s "$T/aggs.d"
	cp "$T/out" "$T/json"
	if [ "$text_rc" -eq 0 ] && [ "$rc" -eq 0 ] &&
	   "$PY" "$T/check.py" "$T/json" "$T/text" > "$T/why"; then
		return 0
	fi
	ktap_diag "want every aggregation to parse, hold the program's values and match the text (rc text $text_rc, json $rc)"
	ktap_diag_file "$T/why"
	ktap_diag_file "$T/err"
	ktap_diag "json:"
	ktap_diag_file "$T/json"
	ktap_diag "text:"
	ktap_diag_file "$T/text"
	return 1
}

ktap_header 1
test_round_trip
_rc=$?
if [ "$_rc" -eq 4 ]; then
	ktap_skip json_round_trip_every_aggregation "$skip_reason"
else
	ktap_result json_round_trip_every_aggregation "$_rc"
fi
ktap_finish
