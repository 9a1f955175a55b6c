# SPDX-License-Identifier: GPL-2.0
# calls.py [profile]: foo() 1000 times, bar() 300 times; with "profile",
# under a profile hook (CPython 3.11 fires function__entry only then).
import sys
if len(sys.argv) > 1 and sys.argv[1] == "profile":
    sys.setprofile(lambda *a: None)
def foo():
    pass
def bar():
    pass
for i in range(1000):
    foo()
for i in range(300):
    bar()
sys.setprofile(None)
