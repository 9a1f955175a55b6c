# SPDX-License-Identifier: GPL-2.0
#
# sonde --push URL: a Pyroscope /ingest receiver (python3's http.server,
# here on 127.0.0.1) gets each printa() of a stack aggregation as a
# folded profile.  The child calls getppid 1000 times, @u[ustack()] is
# printed and trunc()ed every 200 ms, so the profiles are the intervals'
# samples: their counts add up to exactly 1000, every line the one stack
# from _start through main() into syscall().  The receiver answers the first POST 503:
# sonde tries it again, a second later, with the same bytes.  The query
# carries Pyroscope's parameters (name with the host label, from <=
# until, format=folded, spyName, units, aggregationType); a profile-97
# program adds sampleRate=97.  A server that is not there is said, and
# the trace still ends well (status 0).
#
# @@timeout: 120

ip link set lo up 2>/dev/null
P=19465
cat > "$T/recv.py" <<'EOF'
import http.server, json, sys
log = open(sys.argv[2], "a")
n = 0
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        global n
        n += 1
        body = self.rfile.read(int(self.headers["Content-Length"]))
        code = 503 if n == 1 else 200
        log.write(json.dumps({"n": n, "code": code, "line": self.requestline,
            "ctype": self.headers["Content-Type"],
            "host": self.headers["Host"],
            "body": body.decode()}) + "\n")
        log.flush()
        self.send_response(code)
        self.send_header("Content-Length", "0")
        self.end_headers()
    def log_message(self, *a):
        pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
EOF
python3.11 "$T/recv.py" $P "$T/log" &
R=$!
i=0
until python3.11 -c "import socket; socket.create_connection(('127.0.0.1', $P))" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 100 ] || { echo "no receiver"; break; }
	sleep 0.1
done

"$SONDE" -q --push "http://127.0.0.1:$P/pfx/?name=t" \
	-n 'syscall::getppid:entry /pid == $target/ { @u[ustack()] = count(); }' \
	-n 'tick-200ms { printa(@u); trunc(@u); }' \
	-c 'loop-getppid 1000' > "$T/out" 2> "$T/err"
echo "== exit $?"
"$SONDE" -q --push "http://127.0.0.1:$P" \
	-n 'profile-97 { @[stack()] = count(); } tick-500ms { exit(0); }' > /dev/null 2>> "$T/err"
echo "== profile-97: exit $?"
kill $R
# the receiver's log, summed up: what must hold, said as yes/no
python3.11 - "$T/log" "$(hostname)" <<'EOF'
import json, re, sys, urllib.parse
reqs = [json.loads(l) for l in open(sys.argv[1])]
host = sys.argv[2]
first = [r for r in reqs if "name=t." in r["line"]]
last = [r for r in reqs if "name=sonde." in r["line"]]
ok = [r for r in first if r["code"] == 200]
print("requests of the first run answered 200:", "some" if ok else "none")
print("the first POST answered 503, the retry has its bytes:",
      reqs[0]["code"] == 503 and reqs[1]["line"] == reqs[0]["line"] and
      reqs[1]["body"] == reqs[0]["body"])
total = 0
shapes = set()
for r in ok:
    for l in r["body"].splitlines():
        frames, cnt = l.rsplit(" ", 1)
        total += int(cnt)
        shapes.add(frames)
print("samples in the profiles:", total)
print("the folded lines' stacks:")
for f in sorted(shapes):
    print("  " + f)
for r in first[:1] + last[:1]:
    m, target, proto = r["line"].split(" ")
    path, q = target.split("?", 1)
    p = urllib.parse.parse_qs(q, keep_blank_values=True)
    print(m, path, proto, "Content-Type:", r["ctype"], "Host:", r["host"])
    for k in sorted(p):
        v = p[k][0]
        if k in ("from", "until"):
            v = "UNIX seconds" if v.isdigit() else v
        if k == "name":
            v = v.replace("{host=%s}" % host, "{host=HOST}")
        print("  %s=%s" % (k, v))
    print("  from <= until:", int(p["from"][0]) <= int(p["until"][0]))
EOF
echo "== no server"
"$SONDE" -q --push "http://127.0.0.1:1/" \
	-n 'syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }' \
	-c 'loop-getppid 10' > /dev/null 2> "$T/err2"
echo "== exit $?"
cat "$T/err2"
echo "== stdout of the first run (the aggregation printed as usual)"
grep -c 'main' "$T/out" | sed 's/^[1-9][0-9]*$/some stacks/'
echo "== stderr"
cat "$T/err"
