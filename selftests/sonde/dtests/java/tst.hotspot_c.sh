# SPDX-License-Identifier: GPL-2.0
#
# -c java: the hotspot probes live in libjvm.so, which the java launcher
# loads after its exec; with -Z they are enabled as it is loaded, before
# the VM's initialisation runs (vm-init-begin and -end fire once), and
# they fire as the program goes: one JNI call of main() by the launcher,
# the class it loads, the 3 calls of work() (-XX:+ExtendedDTraceProbes),
# the 3 full collections.  The script is hotspot.d.
# @@timeout: 300
JAVA_HOME=$(dirname "$DTESTS")/java
touch "$T/go"
LD_LIBRARY_PATH=$JAVA_HOME/syslib "$SONDE" -Z -s hotspot.d -c \
	"$JAVA_HOME/bin/java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+ExtendedDTraceProbes -cp $JAVA_HOME ToolWork $T/go 3" \
	> "$T/out" 2> "$T/err"
echo "sonde: exit status $?"
cat "$T/out"
cat "$T/err"
