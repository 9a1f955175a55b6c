# SPDX-License-Identifier: GPL-2.0
#
# The tools are programs: their "#!/usr/sbin/sonde -s" line runs them,
# arguments and options after it.  A DTrace script's
# "#!/usr/sbin/dtrace -qs" line runs sonde as dtrace (sonde-dtrace's
# link), whose messages say "dtrace:".
. ./lib.sh
cp "$TOOLS/syscount.d" "$T/"
"$T/syscount.d" -c 'loop-getppid 5' > "$T/out" 2>&1
echo "syscount.d: rc=$?"
awk '$1 == "getppid"' "$T/out"
cat > "$T/hello.d" <<'X'
#!/usr/sbin/dtrace -qs
BEGIN
{
	printf("hello, %s\n", $$1);
	exit(0);
}
X
chmod +x "$T/hello.d"
"$T/hello.d" world
echo "hello.d: rc=$?"
/usr/sbin/dtrace -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
echo "dtrace -n: rc=$?"
/usr/sbin/dtrace -s "$T/nonexistent.d" > "$T/out" 2>&1
echo "dtrace -s: rc=$?"
unT < "$T/out"
