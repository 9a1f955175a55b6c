# SPDX-License-Identifier: GPL-2.0
#
# -p: the same probes in a running JVM (ToolWork, waiting for $T/go),
# attached to once libjvm.so is mapped, without -Z (the probes are there
# already): the class it loads, the 3 calls of work(), the 3 full
# collections.  The script is hotspot.d.
# @@timeout: 300
JAVA_HOME=$(dirname "$DTESTS")/java
LD_LIBRARY_PATH=$JAVA_HOME/syslib "$JAVA_HOME/bin/java" -Xmx64m \
	-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+ExtendedDTraceProbes \
	-cp "$JAVA_HOME" ToolWork "$T/go" 3 > "$T/java.out" 2>&1 &
jpid=$!
i=0
while ! grep -q libjvm.so "/proc/$jpid/maps" 2>/dev/null && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
"$SONDE" -s hotspot.d -p "$jpid" > "$T/out" 2> "$T/err" &
sonde=$!
i=0
while ! [ -s "$T/out" ] && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
touch "$T/go"
wait "$jpid"
echo "java: exit status $? $(cat "$T/java.out")"
wait "$sonde"
echo "sonde: exit status $?"
# the launcher's JNI call of main() may come before or after the attach
# (libjvm.so is mapped long before): not counted here
grep -v '^jni ' "$T/out"
sed "s/pid $jpid /pid PID /" "$T/err"
