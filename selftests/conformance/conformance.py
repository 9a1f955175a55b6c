#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""conformance.py - select and judge the conformance run of sonde against
dtrace-utils' test/unittest suite (conformance.sh drives it; docs/
conformance.md has the figures and the method).

  conformance.py triggers DTU OUTDIR SONDE
      build dtrace-utils' trigger programs (test/triggers) as its own
      test/triggers/Build builds them -- the list of 64-bit external
      triggers and each one's flags are read from that file -- into
      OUTDIR, the USDT ones with SONDE's -h and -G as dtrace's; copy the
      script triggers.  Prints what could not be built, and why.
  conformance.py select DTU STAGE [REGEX]
      choose the tests to run in the guest: tst.*.d with a .r, err.*.d,
      both without a .sh driver, a trigger (@@trigger other than none,
      .t) that is not among those built in STAGE/dtu/test/triggers,
      @@skip or a .x script (these check the host DTrace runs on; none
      applies to sonde's guest as written); write STAGE/list (for
      guest-run.sh) and STAGE/selection.tsv (every test with run or its
      reason to be left out).  REGEX narrows the run to matching paths.
  conformance.py judge DTU STAGE GUEST_OUT OUTDIR
      judge each test's raw output (GUEST_OUT, guest-run.sh's) as
      runtest.sh does and write OUTDIR/results.tsv (test, verdict, class,
      detail) and OUTDIR/summary.md (the figures and the causes).  An err
      test that exits 1 with its tag but prints another message than the
      .r's fails with class 'message'; the summary gives the err figure
      both ways.

The judgement follows runtest.sh (dtrace-utils): stdout, then, if
stderr is not empty, "-- @@stderr --" and stderr; an executable .r.p
post-processor run over it (from the dtrace-utils top folder); every
0x... turned into {ptr}; both sides sorted unless @@nosort, then
compared with the .r.  An err.* test must exit 1, an err.D_TAG.* test
print [D_TAG] on stderr too (it runs with -xerrtags), and its .r, if
any, must match as well.  A tst test must exit 0.  A test still running
at its timeout fails (timed out).  @@xfail tests are counted apart: DTrace
itself is expected to fail them.

Output from dtrace-utils is read only; nothing of it is copied into the
sonde tree (STAGE is under build/).
"""
import base64
import io
import os
import re
import subprocess
import sys
import tarfile

DEFAULT_TIMEOUT = 10	# s; runtest.sh's is 41, most tests end in 1-2
MAX_TIMEOUT = 30	# s; @@timeout raises a test's up to this


def opt_lines(path, name):
	"""runtest.sh's extract_options(): the values of @@NAME in the file,
	else in test.options of its folder or a parent up to test/unittest."""
	pat = re.compile(r'@@' + re.escape(name) + r'( *:| |$)')
	d = os.path.dirname(path)
	f = path
	while True:
		vals = []
		if os.path.isfile(f):
			with open(f, errors='replace') as fh:
				for line in fh:
					line = line.rstrip('\n')
					if pat.search(line):
						v = re.sub(r'.*@@' + re.escape(name) + r' *: ', '', line)
						v = re.sub(r'\*/$', '', v).rstrip(' ')
						vals.append(v)
		if vals:
			return vals
		if os.path.exists(os.path.join(d, 'Makecheck')) or \
		   os.path.basename(d) in ('unittest', 'test', ''):
			return None
		f = os.path.join(d, 'test.options')
		d = os.path.dirname(d)


def opt(path, name):
	v = opt_lines(path, name)
	return None if v is None else ''.join(v)


def all_tests(dtu):
	top = os.path.join(dtu, 'test', 'unittest')
	out = []
	for dp, dn, fn in os.walk(top):
		for f in fn:
			if f.endswith('.d') and (f.startswith('tst.') or f.startswith('err.')):
				out.append(os.path.relpath(os.path.join(dp, f), dtu))
	return sorted(out)


# ---------------------------------------------------------------------------
# trigger programs

def build_vars(path):
	"""test/triggers/Build's simple assignments (NAME := value, NAME =
	value, NAME += value; continuation lines joined), as a dict."""
	out = {}
	with open(path, errors='replace') as fh:
		text = fh.read().replace('\\\n', ' ')
	depth = 0
	for line in text.split('\n'):
		if line.startswith('define '):
			depth += 1
		elif line.startswith('endef'):
			depth -= 1
		if depth or line.startswith(('\t', '#')):
			continue
		m = re.match(r'^([A-Za-z0-9_.-]+)\s*(:=|\+=|\?=|=)\s*(.*)$', line)
		if not m:
			continue
		name, op, val = m.group(1), m.group(2), m.group(3).strip()
		if op == '+=':
			out[name] = (out.get(name, '') + ' ' + val).strip()
		else:
			out[name] = val
	return out


def expand(vars_, val):
	"""$(NAME) references within Build's own variables; $(if ...) and the
	like expand to nothing (the 32-bit triggers they choose are not built
	here)."""
	for _ in range(8):
		n = re.sub(r'\$\(([A-Za-z0-9_]+)\)', lambda m: vars_.get(m.group(1), ''), val)
		n = re.sub(r'\$\((if|call|addprefix|objdir)[^()]*\)', '', n)
		if n == val:
			break
		val = n
	return val


def cmd_triggers(dtu, outdir, sonde):
	tdir = os.path.join(dtu, 'test', 'triggers')
	bv = build_vars(os.path.join(tdir, 'Build'))
	# GNUmakefile's CFLAGS and INVARIANT_CFLAGS, and CPPFLAGS' headers
	# (sys/dtrace_types.h), except for the USDT triggers: their probes
	# are SystemTap's <sys/sdt.h> notes, as sonde's -h writes them and
	# Debian's systemtap-sdt-dev has them, not dtrace-utils' own sdt.h
	base_cflags = '-O2 -Wall -pedantic -Wno-unknown-pragmas -std=gnu99 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64'
	names = expand(bv, bv.get('EXTERNAL_64BIT_TRIGGERS', '')).split()
	os.makedirs(outdir, exist_ok=True)
	built, failed = 0, []
	for name in names:
		src = os.path.join(tdir, name + '.c')
		out = os.path.join(outdir, name)
		cflags = (base_cflags + ' ' + expand(bv, bv.get(name + '_CFLAGS', ''))).split()
		ldflags = expand(bv, bv.get(name + '_LDFLAGS', '')).split()
		libs = expand(bv, bv.get(name + '_LIBS', '')).split()
		prov = bv.get(name + '_PROV', '').strip()
		if prov:
			cflags = [f for f in cflags if f != '-Iuts/common']
		else:
			cflags += ['-Iuts/common', '-Iinclude']
		try:
			if prov:
				pd = os.path.join(tdir, prov)
				hdr = os.path.join(outdir, prov[:-2] + '.h')
				subprocess.run([sonde, '-h', '-s', pd, '-o', hdr], check=True,
					       capture_output=True, cwd=dtu)
				obj = out + '.o'
				subprocess.run(['gcc'] + cflags + ['-I', outdir, '-c', src, '-o', obj],
					       check=True, capture_output=True, cwd=dtu)
				pobj = out + '-prov.o'
				subprocess.run([sonde, '-G', '-s', pd, '-o', pobj, obj], check=True,
					       capture_output=True, cwd=dtu)
				subprocess.run(['gcc'] + cflags + ['-o', out, obj, pobj] + ldflags + libs,
					       check=True, capture_output=True, cwd=dtu)
			else:
				subprocess.run(['gcc'] + cflags + ['-I', outdir, '-o', out, src] + ldflags + libs,
					       check=True, capture_output=True, cwd=dtu)
			built += 1
		except subprocess.CalledProcessError as e:
			msg = (e.stderr or b'').decode(errors='replace').strip().split('\n')
			failed.append('%s: %s' % (name, msg[-1] if msg else 'failed'))
	for name in expand(bv, bv.get('SCRIPT_TRIGGERS', '')).split():
		src = os.path.join(tdir, name)
		if os.path.isfile(src):
			with open(src, 'rb') as a, open(os.path.join(outdir, name), 'wb') as b:
				b.write(a.read())
			os.chmod(os.path.join(outdir, name), 0o755)
			built += 1
	print('conformance: %d trigger programs built in %s' % (built, outdir))
	for f in failed:
		print('conformance: trigger not built: %s' % f)


def trigger_of(dtu, stage, path):
	"""(trigger command or None, timing, reason it cannot run or None):
	runtest.sh's @@trigger (a program in test/triggers and its arguments)
	or the test's executable .t, and @@trigger-timing."""
	base = path[:-2]
	timing = (opt(path, 'trigger-timing') or 'synchro').strip()
	if os.access(base + '.t', os.X_OK):
		return os.path.relpath(base + '.t', dtu), timing, None
	trig = opt(path, 'trigger')
	if trig is None or trig.strip() in ('', 'none'):
		return None, timing, None
	prog = trig.split()[0]
	if not os.access(os.path.join(stage, 'dtu', 'test', 'triggers', prog), os.X_OK):
		return None, timing, 'trigger'
	return 'test/triggers/' + trig.strip(), timing, None


def selection(dtu, rel, stage=None):
	"""(reason to leave it out, or None; timeout; dtrace's arguments;
	trigger command or ''; trigger timing)"""
	path = os.path.join(dtu, rel)
	base = path[:-2]
	name = os.path.basename(rel)
	if os.path.exists(base + '.sh'):
		return 'sh-driver', 0, '', '', ''
	if opt(path, 'skip') is not None:
		return 'skip', 0, '', '', ''
	trig, timing, why = trigger_of(dtu, stage or '/nonexistent', path)
	if why:
		return why, 0, '', '', ''
	if os.path.exists(base + '.x') or os.path.exists(base + '.x86_64.x'):
		return 'x-script', 0, '', '', ''
	if name.startswith('tst.') and not (os.path.exists(base + '.r') or
					    os.path.exists(base + '.x86_64.r')):
		return 'no-r', 0, '', '', ''
	if opt(path, 'xfail') is not None and opt(path, 'no-xfail') is None:
		xf = True
	else:
		xf = False
	tmo = DEFAULT_TIMEOUT
	t = opt(path, 'timeout')
	if t and t.strip().isdigit():
		tmo = min(MAX_TIMEOUT, max(tmo, int(t.strip())))
	args = '-DARCH_x86_64'
	if re.match(r'err\.D_', name):
		args += ' -xerrtags'
	args += ' -s ' + rel
	ro = opt(path, 'runtest-opts')
	if ro:
		args += ' ' + ro.strip()
	return ('xfail' if xf else None), tmo, args, trig or '', timing


def cmd_select(dtu, stage, regex=None):
	rx = re.compile(regex) if regex else None
	n = 0
	with open(os.path.join(stage, 'list'), 'w') as lst, \
	     open(os.path.join(stage, 'selection.tsv'), 'w') as sel:
		for rel in all_tests(dtu):
			if rx and not rx.search(rel):
				continue
			why, tmo, args, trig, timing = selection(dtu, rel, stage)
			sel.write('%s\t%s\n' % (rel, why or 'run'))
			if why in (None, 'xfail'):
				# '-': no trigger (sh's read collapses empty fields)
				lst.write('%s\t%d\t%s\t%s\t%s\n' % (rel, tmo, args, trig or '-', timing or 'synchro'))
				n += 1
	print('conformance: %d tests selected' % n)


# ---------------------------------------------------------------------------
# judging

def parse_guest(out):
	res = {}
	providers = set()
	cur = None
	b64 = []
	with open(out, errors='replace') as fh:
		for line in fh:
			line = line.rstrip('\r\n')
			if line.startswith('### conf-providers '):
				providers = set(line.split()[2:])
			elif line.startswith('### conf-test '):
				m = re.match(r'### conf-test (\S+) rc=(\d+) secs=([\d.]+)', line)
				cur = (m.group(1), int(m.group(2)), float(m.group(3)))
				b64 = []
			elif line == '### conf-done' and cur:
				data = {'out': b'', 'err': b''}
				try:
					raw = base64.b64decode(''.join(b64))
					with tarfile.open(fileobj=io.BytesIO(raw)) as tf:
						for m in tf.getmembers():
							data[m.name.lstrip('./')] = tf.extractfile(m).read()
				except Exception as e:	# noqa: BLE001 (a truncated record)
					data['err'] = ('conformance: bad record: %s' % e).encode()
				res[cur[0]] = (cur[1], cur[2], data['out'], data['err'])
				cur = None
			elif cur:
				b64.append(line)
	return res, providers


PROV_RE = re.compile(r'^\s*([a-zA-Z_][a-zA-Z0-9_-]*?)(\$[0-9a-zA-Z_]+|[0-9]+|\*)?:[a-zA-Z0-9_*$:.-]*:', re.M)


def test_providers(path):
	with open(path, errors='replace') as fh:
		src = re.sub(r'/\*.*?\*/', '', fh.read(), flags=re.S)
	return {m.group(1) for m in PROV_RE.finditer(src)}


def cause_of(err, rc):
	"""A failure's class, from sonde's stderr: the compiler tag, else the
	first message with numbers and names masked."""
	text = err.decode(errors='replace')
	m = re.search(r'\[(D_[A-Z0-9_]+)\]', text)
	if m and rc != 0:
		return m.group(1)
	for line in text.splitlines():
		if re.match(r'(dtrace|sonde): ', line) and 'matched' not in line:
			s = re.sub(r'^(dtrace|sonde): ', '', line)
			# dtrace's compile errors: the message after the place
			s = re.sub(r'^(failed to compile script|invalid probe specifier) .*?: (line \d+: )?', '', s)
			s = re.sub(r"'[^']*'|\"[^\"]*\"", "'X'", s)
			s = re.sub(r'\b\d+\b', 'N', s)
			s = re.sub(r'test/unittest/\S+', 'FILE', s)
			return s[:70]
	return ''


def judge_one(dtu, rel, tmo, rc, secs, out, err):
	path = os.path.join(dtu, rel)
	base = path[:-2]
	name = os.path.basename(rel)
	err_lines = [l for l in err.split(b'\n')]
	err = b'\n'.join(l for l in err_lines if not re.match(rb'^[a-z_]+ DEBUG [0-9]+: ', l))
	text = out
	if err:
		text += b'-- @@stderr --\n' + err
	pp = base + '.r.p'
	if os.access(pp, os.X_OK):
		try:
			p = subprocess.run([os.path.abspath(pp)], input=text, capture_output=True,
					   cwd=dtu, timeout=30)
			if p.returncode == 0:
				text = p.stdout
		except Exception:	# noqa: BLE001
			pass
	text = b'\n'.join(l if re.match(rb'^==[0-9]+== ', l) else
			  re.sub(rb'0x[0-9a-f]+', b'{ptr}', l)
			  for l in text.split(b'\n'))
	text = re.sub(rb'at BPF pc [1-9][0-9]*', b'at BPF pc NNN', text)
	rfile = base + '.x86_64.r'
	if not os.path.exists(rfile):
		rfile = base + '.r'
	want_rc = 1 if name.startswith('err.') else 0
	tag = None
	m = re.match(r'err\.(D_[A-Z0-9_]+)\.', name)
	if m:
		tag = m.group(1)
	timed_out = secs >= tmo - 0.2
	differs = False
	if os.path.exists(rfile):
		with open(rfile, 'rb') as fh:
			want = fh.read()
		a, b = want.split(b'\n'), text.split(b'\n')
		if opt(path, 'nosort') is None:
			a, b = sorted(a), sorted(b)
		differs = a != b
	tag_ok = tag is None or (b'[' + tag.encode() + b']') in err
	if timed_out:
		return 'fail', 'timeout', ''
	if rc != want_rc:
		c = cause_of(err, rc)
		return 'fail', 'exit %d' % rc, c
	if not tag_ok:
		return 'fail', 'tag', cause_of(err, rc) or '(no tag)'
	if differs:
		# an err test that failed as it should, with the tag, but
		# whose message differs from DTrace's: 'message'
		return 'fail', 'message' if want_rc == 1 else 'output', \
			cause_of(err, rc)
	return 'pass', '', ''


def cmd_judge(dtu, stage, guest_out, outdir):
	res, providers = parse_guest(guest_out)
	sel = []
	with open(os.path.join(stage, 'selection.tsv')) as fh:
		for line in fh:
			rel, why = line.rstrip('\n').split('\t')
			sel.append((rel, why))
	tmos = {}
	with open(os.path.join(stage, 'list')) as fh:
		for line in fh:
			f = line.rstrip('\n').split('\t')
			tmos[f[0]] = int(f[1])
	rows = []
	for rel, why in sel:
		if why not in ('run', 'xfail'):
			rows.append((rel, 'skip', why, ''))
			continue
		if rel not in res:
			rows.append((rel, 'fail', 'not run', 'the guest run ended first'))
			continue
		rc, secs, out, err = res[rel]
		v, cls, detail = judge_one(dtu, rel, tmos[rel], rc, secs, out, err)
		missing = sorted(test_providers(os.path.join(dtu, rel)) - providers -
				 {'dtrace', 'BEGIN', 'END', 'ERROR'})
		if v == 'fail' and missing and providers:
			rows.append((rel, 'skip', 'provider', ' '.join(missing)))
			continue
		if why == 'xfail':
			v = 'xpass' if v == 'pass' else 'xfail'
		rows.append((rel, v, cls, detail))
	os.makedirs(outdir, exist_ok=True)
	with open(os.path.join(outdir, 'results.tsv'), 'w') as fh:
		fh.write('test\tverdict\tclass\tdetail\n')
		for r in rows:
			fh.write('\t'.join(r) + '\n')
	summary(rows, outdir)


def pct(a, b):
	return '%.1f%%' % (100.0 * a / b) if b else 'n/a'


def summary(rows, outdir):
	kinds = {'tst': [], 'err': []}
	for r in rows:
		k = 'tst' if os.path.basename(r[0]).startswith('tst.') else 'err'
		kinds[k].append(r)
	lines = ['| kind | run | pass | fail | pass rate | xfail (DTrace too) | skipped |',
		 '| --- | --- | --- | --- | --- | --- | --- |']
	for k, rs in kinds.items():
		p = sum(1 for r in rs if r[1] == 'pass')
		f = sum(1 for r in rs if r[1] == 'fail')
		x = sum(1 for r in rs if r[1] in ('xfail', 'xpass'))
		s = sum(1 for r in rs if r[1] == 'skip')
		lines.append('| %s | %d | %d | %d | %s | %d | %d |' % (k, p + f, p, f, pct(p, p + f), x, s))
	# err tests judged on the exit status and the tag alone
	rs = kinds['err']
	p = sum(1 for r in rs if r[1] == 'pass' or (r[1] == 'fail' and r[2] == 'message'))
	f = sum(1 for r in rs if r[1] == 'fail') - (p - sum(1 for r in rs if r[1] == 'pass'))
	lines.append('| err, exit status and tag only | %d | %d | %d | %s | | |' % (p + f, p, f, pct(p, p + f)))
	lines.append('')
	skips = {}
	for r in rows:
		if r[1] == 'skip':
			skips[r[2]] = skips.get(r[2], 0) + 1
	lines.append('Left out: ' + ', '.join('%s %d' % kv for kv in sorted(skips.items(), key=lambda kv: -kv[1])))
	lines.append('')
	causes = {}
	for r in rows:
		if r[1] == 'fail':
			key = (r[2], r[3])
			causes[key] = causes.get(key, 0) + 1
	lines.append('| failures | class | cause (sonde\'s tag or message) |')
	lines.append('| --- | --- | --- |')
	for (cls, det), n in sorted(causes.items(), key=lambda kv: -kv[1])[:40]:
		lines.append('| %d | %s | %s |' % (n, cls, det.replace('|', '\\|')))
	with open(os.path.join(outdir, 'summary.md'), 'w') as fh:
		fh.write('\n'.join(lines) + '\n')
	print('\n'.join(lines[:5]))


def main():
	if len(sys.argv) >= 4 and sys.argv[1] == 'select':
		cmd_select(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
	elif len(sys.argv) == 5 and sys.argv[1] == 'triggers':
		cmd_triggers(*sys.argv[2:])
	elif len(sys.argv) == 6 and sys.argv[1] == 'judge':
		cmd_judge(*sys.argv[2:])
	else:
		sys.stderr.write(__doc__)
		sys.exit(2)


if __name__ == '__main__':
	main()
