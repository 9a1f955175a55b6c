# SPDX-License-Identifier: GPL-2.0
#
# A real Prometheus server (Debian's, in the guest) scrapes sonde
# --listen every second, and its HTTP API (/api/v1/query) gives back
# exact values of a known workload: loop-getppid's 700 getppid calls
# (a counter of 700), and the sizes of busybox dd's writes to its
# standard output, 3 of 1 byte, 5 of 100 and 2 of 3000: a quantize()
# histogram whose cumulative buckets read 3 at le="1", 8 at le="127",
# 10 at le="4095" and "+Inf", _count 10, and histogram_quantile(0.5)
# 88.6 (the 5th of 10 values is the 2nd of the 5 in (63, 127]: 63 +
# 64 * 2/5); the same bytes sum()med, a counter of exactly 6503.  There
# is no sonde_bytes_sum: a quantization carries its buckets' counts only,
# not the sum of its values (docs/prometheus.md), and sonde writes no
# estimate.  Prometheus took every metric (its scrape's up is 1).
#
# @@timeout: 240

ip link set lo up 2>/dev/null
P=19466
W=19090
"$SONDE" -q --listen 127.0.0.1:$P -x aggrate=200ms \
	-n 'syscall::getppid:entry /execname == "loop-getppid"/ { @calls = count(); }' \
	-n 'syscall::write:entry /execname == "dd" && arg0 == 1/ { @bytes = quantize(arg2); @written = sum(arg2); }' \
	> "$T/out" 2> "$T/err" &
S=$!

# await URL ERE [TRIES]: fetch URL (0.5 s apart) until it matches ERE
await() {
	i=0
	while [ $i -lt "${3:-240}" ]; do
		wget -q -O "$T/page" "$1" 2>/dev/null && grep -Eq "$2" "$T/page" && return 0
		sleep 0.5
		i=$((i + 1))
	done
	echo "no '$2' at $1 after $((${3:-240} / 2)) s"
	return 1
}

await "http://127.0.0.1:$P/metrics" '^# TYPE sonde_calls_total counter$'
loop-getppid 700
dd if=/dev/zero bs=1 count=3 2>/dev/null > /dev/null
dd if=/dev/zero bs=100 count=5 2>/dev/null > /dev/null
dd if=/dev/zero bs=3000 count=2 2>/dev/null > /dev/null
await "http://127.0.0.1:$P/metrics" '^sonde_bytes_count 10$'

cat > "$T/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: sonde
    static_configs:
      - targets: ['127.0.0.1:$P']
EOF
prometheus --config.file="$T/prometheus.yml" --storage.tsdb.path="$T/data" \
	--web.listen-address=127.0.0.1:$W > "$T/prom.log" 2>&1 &
PR=$!
Q="http://127.0.0.1:$W/api/v1/query?query"
await "$Q=sonde_bytes_count" '"value":\[[0-9.]+,"10"\]' ||
	tail -n 20 "$T/prom.log"

# each query's result: the series' labels (job and instance left out)
# and value, sorted
query() {
	wget -q -O - "$Q=$1" | python3.11 -c '
import json, sys
r = json.load(sys.stdin)
if r["status"] != "success":
    print("error:", r)
for s in sorted(r["data"]["result"], key=lambda s: float(s["metric"].get("le", "0").replace("+Inf", "inf"))):
    m = {k: v for k, v in s["metric"].items() if k not in ("job", "instance")}
    print("  %s %s" % (m, s["value"][1]))
'
}
for q in up sonde_calls_total sonde_written_total sonde_bytes_count \
	'sonde_bytes_bucket{le=~"0|1|3|63|127|2047|4095|8191|\\+Inf"}' \
	'histogram_quantile(0.5,sonde_bytes_bucket)' 'sonde_bytes_sum'; do
	echo "== $q"
	query "$(printf "%s\n" "$q" | sed 's/\\/%5C/g; s/|/%7C/g; s/{/%7B/g; s/}/%7D/g; s/"/%22/g; s/+/%2B/g; s/,/%2C/g')"
done
kill $PR
wait $PR
kill -INT $S
wait $S
echo "== sonde: exit $?"
cat "$T/err"
