# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - sourced by the tools' tests (tst.*.sh here): each runs one
# tool of userland/tools/ (copied to $TOOLS) against a workload whose
# answer is known (toolwork, loop-getppid, dd, python3.11, a JVM) and
# prints only what a correct tool must print, so the .r file is exact:
# times, pids, latencies and addresses are left out or masked, counts
# that depend on the machine are compared with their known floor.
#
#   tool NAME ARGS...        run $TOOLS/NAME.d under $SONDE; its output
#                            (stdout and stderr) in $T/out
#   cmdfile LINES...         a workload shell script at $T/work.sh, one
#                            line per argument; run it with -c 'sh $T/work.sh'
#   unT                      sed filter: the scratch folder $T as "$T"

TOOLS=${TOOLS:-$DTESTS/../tools}

tool() {
	name=$1
	shift
	"$SONDE" -s "$TOOLS/$name.d" "$@" > "$T/out" 2>&1
}

cmdfile() {
	: > "$T/work.sh"
	for l in "$@"; do
		printf '%s\n' "$l" >> "$T/work.sh"
	done
}

unT() {
	sed "s,$T,\$T,g"
}

# atleast N VALUE: "ok" if VALUE >= N, else the value
atleast() {
	if [ "${2:-0}" -ge "$1" ] 2>/dev/null; then echo "at least $1"; else echo "only ${2:-nothing} (want at least $1)"; fi
}

# The JVM of the Java tools' tests, when the build made one.
JAVA_HOME=${JAVA_HOME:-$(dirname "$DTESTS")/java}

# java_tool NAME ARGS...: start the workload JVM (ToolWork, waiting for
# $T/go; JAVA_OPTS more options for it), attach $TOOLS/NAME.d to it with
# -p once libjvm.so (where the hotspot probes live) is mapped, let the
# workload go once the tool has printed its first line (tracing has
# started), and wait for both.  The tool's output in $T/out, the JVM's
# in $T/java.out; $JPID is the JVM's pid.
java_tool() {
	name=$1
	shift
	rm -f "$T/go"
	LD_LIBRARY_PATH=$JAVA_HOME/syslib "$JAVA_HOME/bin/java" -Xmx64m \
		-XX:+UseSerialGC -XX:TieredStopAtLevel=1 $JAVA_OPTS \
		-cp "$JAVA_HOME" ToolWork "$T/go" 3 > "$T/java.out" 2>&1 &
	JPID=$!
	i=0
	while ! grep -q libjvm.so "/proc/$JPID/maps" 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	"$SONDE" -s "$TOOLS/$name.d" -p "$JPID" "$@" > "$T/out" 2>&1 &
	spid=$!
	i=0
	while ! [ -s "$T/out" ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	touch "$T/go"
	wait "$JPID"
	echo "java: rc=$? $(cat "$T/java.out")"
	wait "$spid"
	echo "rc=$?"
}
