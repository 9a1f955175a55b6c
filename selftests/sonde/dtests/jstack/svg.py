# SPDX-License-Identifier: GPL-2.0
#
# svg.py FILE: python3.11's XML parser reads the flame graph FILE
# (tst.flamegraph_svg.sh); its frames' titles must name inner, outer and
# main at their lines in jstack_prog.py (found by their markers), and
# the root "all".
import os
import re
import sys
import xml.etree.ElementTree as ET

prog = os.path.abspath('jstack_prog.py')
line = {}
for n, l in enumerate(open(prog), 1):
    m = re.search(r'# ([A-Z_0-9]+)$', l.rstrip('\n'))
    if m:
        line[m.group(1)] = n
ns = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
print('root:', root.tag[len(ns):] if root.tag.startswith(ns) else root.tag)
titles = [t.text for t in root.iter(ns + 'title')]
print('all:', 'yes' if any(t.startswith('all (') for t in titles) else 'no')
for fn, mark in (('inner', 'SPIN'), ('outer', 'OUTER_SPIN'), ('main', 'MAIN')):
    w = '%s (%s:%d) (' % (fn, prog, line[mark])
    print('%s (%s):' % (fn, mark),
          'yes' if any(t.startswith(w) for t in titles) else 'no')
