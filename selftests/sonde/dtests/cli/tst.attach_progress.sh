# SPDX-License-Identifier: GPL-2.0
#
# A long attach (500 enablings or more: every system call's two probes)
# says "attaching N probes..." when stderr is a terminal (here a pty),
# and nothing when it is not (a file), nor for a short one.
run_pty() {
	python3.11 - "$SONDE" "$@" <<'PY'
import os, subprocess, sys
m, s = os.openpty()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=s)
os.close(s)
out = b""
while True:
    try:
        b = os.read(m, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
p.wait()
sys.stdout.write(out.decode().replace("\r\n", "\n"))
print("status %d" % p.returncode)
PY
}
echo "terminal, syscall:::"
run_pty -n 'syscall::: { exit(0); }'
echo "terminal, BEGIN"
run_pty -n 'BEGIN { exit(0); }'
echo "file, syscall:::"
"$SONDE" -n 'syscall::: { exit(0); }' >/dev/null 2>"$T/err"
echo "status $?"
cat "$T/err"
