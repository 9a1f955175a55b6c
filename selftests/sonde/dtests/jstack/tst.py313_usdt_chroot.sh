# SPDX-License-Identifier: GPL-2.0
#
# Debian 13's python3.13 runs chrooted (py313.sh): -p finds its USDT
# probes (gc-start, gc-done) by the paths its maps give, which name the
# files from our root already: through /proc/PID/root the chroot's prefix
# came twice and the process had "no USDT provider python".
# @@timeout: 120
cat > "$T/gc.py" <<'PY'
import gc, time
print('ready', flush=True)
for i in range(600):
    gc.collect()
    time.sleep(0.05)
PY
sh py313.sh "$T/gc.py" > "$T/ready" &
PY=$!
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	[ -s "$T/ready" ] && break
	sleep 0.5
done
"$SONDE" -q -n 'python$target:::gc-start /!s/ { s = 1; printf("gc-start fired\n"); }
	python$target:::gc-done /s == 1/ { s = 2; printf("gc-done fired\n"); exit(0); }' -p "$PY"
rc=$?
kill "$PY" 2> /dev/null
wait "$PY" 2> /dev/null
exit $rc
