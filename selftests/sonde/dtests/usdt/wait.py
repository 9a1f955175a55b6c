# SPDX-License-Identifier: GPL-2.0
# wait.py FILE: say "ready", then call foo() 100 times every 10 ms until
# FILE exists, then say so and exit 0 (tst.python_attach_detach.sh).
import os, sys, time
def foo():
    return 1
n = 0
print("ready", flush=True)
while not os.path.exists(sys.argv[1]):
    for i in range(100):
        n += foo()
    time.sleep(0.01)
print("finished", n > 0)
