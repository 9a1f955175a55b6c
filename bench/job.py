#!/usr/bin/python3.11
# SPDX-License-Identifier: GPL-2.0
#
# job.py - the sonde vs bpftrace suite, run inside the bench guest by
# bench/init.sh.  Every case runs both tools in this one boot, interleaved
# (the order alternates each repetition), BENCH_REPS times.  Raw figures
# only: one JSON object a line on stdout (ttyS1); bench/report.py takes
# the medians and ratios on the host.
#
#   {"type": "meta", ...}                       kernel, CPU, versions
#   {"type": "raw", "case": C, "tool": T, "rep": N, <figures>}
#   {"type": "note", "case": C, "text": ...}    what a tool cannot do, etc.
#
# Environment: BENCH_QUICK=1 (fewer repetitions, shorter workloads),
# BENCH_CPU (the CPU the single-threaded workloads are pinned to, default 1),
# BENCH_CASES (space-separated case names, default all).
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time

QUICK = os.environ.get("BENCH_QUICK", "0") == "1"
CPU = os.environ.get("BENCH_CPU", "1")
REPS = 2 if QUICK else 5
CASES = os.environ.get("BENCH_CASES", "").split()
B = "/bench"
SONDE = B + "/sonde"
LOAD = B + "/bench-load"
BPFTRACE = "/usr/bin/bpftrace"
READY_TIMEOUT = 300
SIG_RESEND = 20
C9_ALL_TIMEOUT = int(os.environ.get("BENCH_C9_ALL_TIMEOUT", "900"))

N_SYSCALL = 50000 if QUICK else 200000
N_PY = 5000 if QUICK else 20000
STORM_SECS = 2 if QUICK else 5
RATE = int(os.environ.get("BENCH_RATE", "10000"))
RATE_SECS = 2 if QUICK else 5


EMIT_LOCK = threading.Lock()


def emit(**rec):
    line = json.dumps(rec, sort_keys=True) + "\n"
    with EMIT_LOCK:
        sys.stdout.write(line)
        sys.stdout.flush()


def heartbeat():
    """A record a minute, whatever the cases do: bench/guest.sh takes
    silence as a stalled guest (a case's own waits are far longer)."""
    while True:
        time.sleep(60)
        emit(type="alive", monotonic=round(time.monotonic(), 1))


def log(msg):
    print("job: " + msg, file=sys.stderr, flush=True)


def note(case, text):
    emit(type="note", case=case, text=text)


def raw(case, tool, rep, **fig):
    emit(type="raw", case=case, tool=tool, rep=rep, **fig)


def order(rep):
    return ("sonde", "bpftrace") if rep % 2 == 0 else ("bpftrace", "sonde")


def script_file(text):
    f = tempfile.NamedTemporaryFile("w", suffix=".d", dir="/tmp", delete=False)
    f.write(text)
    f.close()
    return f.name


def load_result(text):
    """bench-load's "k=v ..." line as a dict of floats."""
    m = dict(re.findall(r"(\w+)=([0-9.]+)", text))
    return {k: float(v) for k, v in m.items()}


def workload(*args):
    r = subprocess.run([LOAD, "-C", CPU] + [str(a) for a in args],
                       capture_output=True, text=True, timeout=600)
    if r.returncode:
        raise RuntimeError("bench-load failed: " + r.stderr)
    return load_result(r.stdout)


class Tracer:
    """One tracing command: stdout lines timestamped by a reader thread,
    stderr to a file, VmHWM sampled every 50 ms while it runs."""

    def __init__(self, argv, env=None, keep=True):
        self.argv = argv
        self.keep = keep
        self.lines = []
        self.numeric = 0
        self.t_first = None
        self.t_ready = None
        self.ready = threading.Event()
        self.hwm_kb = 0
        self.t_signal = None    # stop(): when the last signal went
        self.nsignals = 0
        self.err = tempfile.TemporaryFile("w+")
        e = dict(os.environ)
        e.update(env or {})
        self.t0 = time.monotonic()
        self.p = subprocess.Popen(argv, stdout=subprocess.PIPE,
                                  stderr=self.err, env=e, bufsize=1 << 16)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.sampler = threading.Thread(target=self._sample, daemon=True)
        self.sampler.start()

    def _read(self):
        for b in self.p.stdout:
            t = time.monotonic()
            line = b.decode(errors="replace").rstrip("\n")
            if self.t_first is None:
                self.t_first = t
            if line.strip().lstrip("-").isdigit():
                self.numeric += 1
            if self.keep or len(self.lines) < 200:
                self.lines.append(line)
            if "READY" in line and not self.ready.is_set():
                self.t_ready = t
                self.ready.set()
        self.ready.set()

    def _sample(self):
        path = "/proc/%d/status" % self.p.pid
        while self.p.returncode is None:
            try:
                with open(path) as f:
                    for l in f:
                        if l.startswith("VmHWM:"):
                            self.hwm_kb = max(self.hwm_kb, int(l.split()[1]))
            except OSError:
                break
            time.sleep(0.05)

    def wait_ready(self, timeout=READY_TIMEOUT):
        if not self.ready.wait(timeout) or self.t_ready is None:
            self.stop()
            raise RuntimeError("%s: no READY; stderr: %s" % (self.argv[0], self.stderr()[-500:]))
        return self.t_ready - self.t0

    def stop(self, sig=signal.SIGINT, timeout=300):
        """Signal, and again every SIG_RESEND seconds while the command
        still waits in its event loop: bpftrace 0.17 now and then misses
        a SIGINT and polls on, never exiting (bench/c9-bpftrace-sigint.md).
        A command busy exiting is not signalled again.  t_signal is when
        the last signal went, nsignals how many it took; a command still
        there after @timeout is killed."""
        end = time.monotonic() + timeout
        self.nsignals = 0
        while self.p.returncode is None:
            if not self.nsignals or self._polling():
                self.p.send_signal(sig)
                self.t_signal = time.monotonic()
                self.nsignals += 1
            left = end - time.monotonic()
            if left <= 0:
                break
            if self.wait(min(SIG_RESEND, left), kill=False) is not None:
                break
        return self.wait(0)

    def _polling(self):
        """Is the command's main thread still in its event loop's wait
        (epoll_wait, epoll_pwait, ppoll, poll), as when a signal was
        missed, rather than exiting (bpftrace's detach of a kprobe per
        function takes minutes under TCG on 6.1)?"""
        try:
            with open("/proc/%d/syscall" % self.p.pid) as f:
                nr = f.read().split()[0]
        except (OSError, IndexError):
            return False
        return nr in ("232", "281", "271", "7")

    def _reap(self, block):
        if self.p.returncode is not None:
            return True
        pid, status = os.waitpid(self.p.pid, 0 if block else os.WNOHANG)
        if pid == 0:
            return False
        self.t_exit = time.monotonic()
        self.p.returncode = os.waitstatus_to_exitcode(status)
        return True

    def wait(self, timeout=600, kill=True):
        """The exit status; after @timeout seconds the command is killed,
        or, with kill=False, None is returned with the command running."""
        if self.p.returncode is None:
            # the exit, the moment it happens (a pidfd becomes readable)
            fd = os.pidfd_open(self.p.pid)
            try:
                if not select.select([fd], [], [], timeout)[0]:
                    if not kill:
                        return None
                    self.p.kill()
            finally:
                os.close(fd)
            self._reap(True)
        self.reader.join(30)
        return self.p.returncode

    def stdout(self):
        return "\n".join(self.lines)

    def stderr(self):
        self.err.seek(0)
        return self.err.read()


def sonde(script, *opts, env=None, keep=True):
    return Tracer([SONDE] + list(opts) + ["-q", "-s", script_file(script)], env=env, keep=keep)


def bpftrace(prog, *opts, env=None, keep=True):
    return Tracer([BPFTRACE] + list(opts) + ["-e", prog], env=env, keep=keep)


def first_int(text, pat):
    m = re.search(pat, text)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------------------

def meta():
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for l in f:
            if l.startswith("model name"):
                cpu = l.split(":", 1)[1].strip()
                break
    bt = subprocess.run([BPFTRACE, "--version"], capture_output=True, text=True)
    py = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "bpftrace"], capture_output=True, text=True)
    emit(type="meta", kernel=os.uname().release, cpu_model=cpu, ncpus=os.cpu_count(),
         workload_cpu=int(CPU), quick=QUICK, reps=REPS,
         accel=os.environ.get("BENCH_ACCEL", ""),
         bpftrace_version=(bt.stdout or bt.stderr).strip(), bpftrace_deb=py.stdout.strip(),
         date=time.strftime("%Y-%m-%d %H:%M:%S %Z"),
         cmdline=open("/proc/cmdline").read().strip())


def maxrss_kb(argv):
    """The peak RSS of one more run of @argv (bench-load maxrss: wait4's
    ru_maxrss), for a command too short-lived for the sampler."""
    r = subprocess.run([LOAD, "maxrss"] + argv, capture_output=True, text=True, timeout=600)
    m = re.search(r"maxrss_kb=(\d+)", r.stderr)
    return int(m.group(1)) if m else None


def c1_begin():
    """Time from command start to exit for BEGIN { exit(0) } (the BEGIN
    event delivered, the session torn down), and to the first event of a
    syscall probe while a workload calls getppid every millisecond."""
    tick = subprocess.Popen([LOAD, "-C", CPU, "tick", "1"])
    try:
        for rep in range(REPS):
            for tool in order(rep):
                if tool == "sonde":
                    t = Tracer([SONDE, "-n", "BEGIN { exit(0); }"])
                else:
                    t = Tracer([BPFTRACE, "-e", "BEGIN { exit(); }"])
                rc = t.wait()
                raw("c1_begin", tool, rep, secs=t.t_exit - t.t0, rc=rc,
                    hwm_kb=maxrss_kb(t.argv))
            for tool in order(rep):
                if tool == "sonde":
                    t = Tracer([SONDE, "-q", "-n", 'syscall::getppid:entry { printf("READY\\n"); exit(0); }'])
                else:
                    t = Tracer([BPFTRACE, "-e", 'tracepoint:syscalls:sys_enter_getppid { printf("READY\\n"); exit(); }'])
                ready = t.wait_ready()
                rc = t.wait()
                raw("c1_syscall", tool, rep, secs=ready, exit_secs=t.t_exit - t.t0, rc=rc)
    finally:
        tick.kill()
        tick.wait()


def per_call(case, d_script, bt_prog, load_args, check):
    """Added ns per call: the untraced workload, then under each tool."""
    for rep in range(REPS):
        r = workload(*load_args)
        raw(case, "untraced", rep, ns_per_call=r["ns_per_call"], calls=r["calls"])
        for tool in order(rep):
            t = sonde(d_script) if tool == "sonde" else bpftrace(bt_prog)
            ready = t.wait_ready()
            time.sleep(0.2)
            r = workload(*load_args)
            hwm = t.hwm_kb
            rc = t.stop()
            seen = check(t.stdout())
            raw(case, tool, rep, ns_per_call=r["ns_per_call"], calls=r["calls"],
                ready_secs=ready, hwm_kb=max(hwm, t.hwm_kb), rc=rc, counted=seen)
            if rep == 0:
                log("%s %s stdout: %s / stderr: %s" % (case, tool, t.stdout()[-300:], t.stderr()[-300:]))


def max_count(text):
    """The largest integer ending a line: an aggregation's count."""
    v = [int(x) for x in re.findall(r"(\d+)\s*$", text, re.M)]
    return max(v) if v else None


def c2_getppid():
    per_call("c2_getppid",
             'BEGIN { printf("READY\\n"); }\nsyscall::getppid:entry { @ = count(); }\n',
             'BEGIN { printf("READY\\n"); } tracepoint:syscalls:sys_enter_getppid { @ = count(); }',
             ["getppid", N_SYSCALL], max_count)


def c3_vfs_read():
    per_call("c3_vfs_read",
             'BEGIN { printf("READY\\n"); }\nfbt::vfs_read:entry { @[execname] = count(); }\n',
             'BEGIN { printf("READY\\n"); } kprobe:vfs_read { @[comm] = count(); }',
             ["read", N_SYSCALL], max_count)


def c4_false_pred():
    per_call("c4_false_pred",
             'BEGIN { printf("READY\\n"); }\nsyscall:::entry /pid == 999999/ {}\n',
             'BEGIN { printf("READY\\n"); } tracepoint:raw_syscalls:sys_enter /pid == 999999/ {}',
             ["getppid", N_SYSCALL], lambda s: None)


PY_CALLS = r'''
import sys, time
phase_file, n = sys.argv[1], int(sys.argv[2])
def f():
    pass
def phase():
    with open(phase_file) as p:
        return p.read().strip()
while True:
    a = phase()
    if a == "stop":
        break
    t = time.perf_counter_ns()
    for i in range(n):
        f()
    dt = time.perf_counter_ns() - t
    if phase() == a:
        print(a, dt / n, flush=True)
'''


def c5_usdt():
    """One python3.11 process (pinned) calls an empty function in rounds;
    each round is tagged with the phase (untraced, sonde, bpftrace) it ran
    wholly inside.  Tools attach with -p."""
    pf = "/tmp/phase"
    with open("/tmp/calls.py", "w") as f:
        f.write(PY_CALLS)

    def set_phase(p):
        with open(pf + ".tmp", "w") as f:
            f.write(p)
        os.rename(pf + ".tmp", pf)

    set_phase("warmup")
    py = subprocess.Popen(["taskset", "-c", CPU, "python3.11", "/tmp/calls.py", pf, str(N_PY)],
                          stdout=subprocess.PIPE, text=True)
    rounds = []
    cond = threading.Condition()

    def reader():
        for l in py.stdout:
            a, v = l.split()
            with cond:
                rounds.append((a, float(v)))
                cond.notify_all()
    threading.Thread(target=reader, daemon=True).start()

    def wait_rounds(phase, k):
        start = len(rounds)
        with cond:
            cond.wait_for(lambda: sum(1 for a, _ in rounds[start:] if a == phase) >= k, timeout=600)
        return [v for a, v in rounds[start:] if a == phase]

    K = 3
    try:
        wait_rounds("warmup", 2)
        for rep in range(REPS):
            set_phase("untraced")
            v = wait_rounds("untraced", K)
            raw("c5_usdt", "untraced", rep, ns_per_call=sorted(v)[len(v) // 2], rounds=v)
            for tool in order(rep):
                set_phase("settle")
                if tool == "sonde":
                    t = sonde('BEGIN { printf("READY\\n"); }\n'
                              'python$target:::function-return { @[copyinstr(arg1)] = count(); }\n',
                              "-p", str(py.pid))
                else:
                    t = bpftrace('BEGIN { printf("READY\\n"); } '
                                 'usdt:/usr/bin/python3.11:python:function__return { @[str(arg1)] = count(); }',
                                 "-p", str(py.pid))
                ready = t.wait_ready()
                time.sleep(0.2)
                set_phase(tool)
                v = wait_rounds(tool, K)
                set_phase("settle")
                hwm = t.hwm_kb
                rc = t.stop()
                raw("c5_usdt", tool, rep, ns_per_call=sorted(v)[len(v) // 2], rounds=v,
                    ready_secs=ready, hwm_kb=hwm, rc=rc, counted=max_count(t.stdout()))
                if rep == 0:
                    log("c5 %s stdout: %s / stderr: %s" % (tool, t.stdout()[-300:], t.stderr()[-300:]))
    finally:
        set_phase("stop")
        try:
            py.wait(120)
        except subprocess.TimeoutExpired:
            py.kill()


def storm():
    """Two read loops, one per CPU, for STORM_SECS: total reads per second."""
    ps = [subprocess.Popen([LOAD, "-C", str(c), "read-for", str(STORM_SECS)],
                           stdout=subprocess.PIPE, text=True) for c in range(min(2, os.cpu_count()))]
    total = 0.0
    for p in ps:
        out, _ = p.communicate(timeout=600)
        total += load_result(out)["per_sec"]
    return total


def c6_quantize():
    d = ('BEGIN { printf("READY\\n"); }\n'
         'syscall::read:entry { self->ts = timestamp; }\n'
         'syscall::read:return /self->ts/ { @ = quantize(timestamp - self->ts); self->ts = 0; }\n')
    bt = ('BEGIN { printf("READY\\n"); } '
          'tracepoint:syscalls:sys_enter_read { @ts[tid] = nsecs; } '
          'tracepoint:syscalls:sys_exit_read /@ts[tid]/ { @ = hist(nsecs - @ts[tid]); delete(@ts[tid]); }')
    for rep in range(REPS):
        raw("c6_quantize", "untraced", rep, reads_per_sec=storm())
        for tool in order(rep):
            t = sonde(d) if tool == "sonde" else bpftrace(bt)
            ready = t.wait_ready()
            time.sleep(0.2)
            r = storm()
            hwm = t.hwm_kb
            rc = t.stop()
            raw("c6_quantize", tool, rep, reads_per_sec=r, ready_secs=ready, hwm_kb=hwm, rc=rc)
            if rep == 0:
                log("c6 %s stdout: %s / stderr: %s" % (tool, t.stdout()[-400:], t.stderr()[-300:]))


def c7_lost():
    """printf of every getppid of a workload at RATE calls/s for RATE_SECS,
    started by the tool (-c); lines received vs calls made, and the loss
    each tool reports.  Then with a tiny buffer."""
    res = "/tmp/c7.res"
    cmd = "%s -C %s -o %s rate %d %d" % (LOAD, CPU, res, RATE, RATE_SECS)
    for variant in ("default", "tiny"):
        for rep in range(REPS):
            for tool in order(rep):
                try:
                    os.unlink(res)
                except OSError:
                    pass
                if tool == "sonde":
                    opts = ["-b", "4k"] if variant == "tiny" else []
                    t = Tracer([SONDE] + opts + ["-q", "-c", cmd, "-n",
                               'syscall::getppid:entry /pid == $target/ { printf("%d\\n", arg0); }'],
                               keep=False)
                else:
                    env = {"BPFTRACE_PERF_RB_PAGES": "1"} if variant == "tiny" else {}
                    t = Tracer([BPFTRACE, "-c", cmd, "-e",
                                'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%d\\n", args->__syscall_nr); }'],
                               env=env, keep=False)
                rc = t.wait(RATE_SECS * 20 + 300)
                try:
                    with open(res) as f:
                        calls = load_result(f.read()).get("calls")
                except OSError:
                    calls = None
                out, err = t.stdout(), t.stderr()
                if tool == "sonde":
                    reported = sum(int(x) for x in re.findall(r"(\d+) drops? on CPU", err))
                else:
                    reported = sum(int(x) for x in re.findall(r"Lost (\d+) events", out + "\n" + err))
                missing = None if calls is None else int(calls) - t.numeric
                raw("c7_lost_" + variant, tool, rep, calls=calls, lines=t.numeric,
                    missing=missing, reported_lost=reported, rc=rc, hwm_kb=t.hwm_kb,
                    every_loss_reported=(missing is not None and reported >= missing))
                if rep == 0:
                    log("c7 %s %s: stdout tail %s / stderr %s" % (variant, tool, out[-200:], err[-300:]))


def c8_size():
    """Installed size: sonde.ko + the sonde binary vs the bpftrace package
    and the packages it pulls in that sonde does not need (dpkg's
    Installed-Size, KiB)."""
    sonde_bytes = os.path.getsize(B + "/sonde.ko") + os.path.getsize(SONDE)

    def closure(pkgs):
        r = subprocess.run(["apt-cache", "depends", "--recurse", "--installed", "--no-recommends",
                            "--no-suggests", "--no-conflicts", "--no-breaks", "--no-replaces",
                            "--no-enhances"] + pkgs, capture_output=True, text=True)
        got = set(pkgs)
        for l in r.stdout.splitlines():
            if l and not l.startswith(" ") and not l.startswith("<"):
                got.add(l.strip().split(":")[0])
        return got

    # The packages that hold the shared libraries build/sonde links to.
    libs = re.findall(r"=> (/\S+)", subprocess.run(["ldd", SONDE], capture_output=True, text=True).stdout)
    owners = set()
    for lib in libs:
        for cand in (lib, os.path.realpath(lib), lib.replace("/usr/lib/", "/lib/"), "/usr" + lib):
            r = subprocess.run(["dpkg", "-S", cand], capture_output=True, text=True)
            if r.returncode == 0:
                owners.add(r.stdout.split(":")[0].strip())
                break
    sizes = {}
    r = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Installed-Size}\\n"], capture_output=True, text=True)
    for l in r.stdout.splitlines():
        p, _, s = l.partition(" ")
        sizes[p] = int(s or 0)
    bt = closure(["bpftrace"])
    so = closure(sorted(owners)) if owners else set()
    extra = sorted(p for p in bt - so if p in sizes)
    extra_kb = sum(sizes[p] for p in extra)
    emit(type="raw", case="c8_size", tool="sonde", rep=0, bytes=sonde_bytes,
         packages=sorted(owners), note="sonde.ko + build/sonde file sizes; its libraries' packages: " + ", ".join(sorted(owners)))
    emit(type="raw", case="c8_size", tool="bpftrace", rep=0, bytes=extra_kb * 1024,
         bpftrace_pkg_bytes=sizes.get("bpftrace", 0) * 1024, closure_bytes=sum(sizes.get(p, 0) for p in bt) * 1024,
         packages=extra, note="dpkg Installed-Size of bpftrace's dependency closure minus the closure of sonde's library packages")


def c9_attach():
    """Attach and detach time for fbt entry probes (sonde) and kprobes
    (bpftrace) on globs picked here from available_filter_functions so
    that they match about 10, 100 and 1000 functions, and on every
    traceable function (last: bpftrace takes minutes per thousand).
    Attach: command start to READY (BEGIN ran after every probe was
    armed); detach: SIGINT to exit."""
    funcs = []
    with open("/sys/kernel/tracing/available_filter_functions") as f:
        for l in f:
            p = l.split()
            if p and len(p) == 1:       # vmlinux's, as the globs take
                funcs.append(p[0])
    cands = ["vfs_", "security_", "tcp_", "ext4_", "blk_", "sock_", "ip_", "udp_", "inet_",
             "kernfs_", "proc_", "seq_", "pci_", "acpi_", "usb_", "ata_", "scsi_", "crypto_",
             "netlink_", "dev_", "skb_", "tty_", "input_", "nfs_", "xfs_", "jbd2_", "mmc_",
             "drm_", "snd_", "x86_", "page_", "kmem_", "filemap_", "generic_", "fib", "neigh_",
             "ipv6_", "ip6_", "nf_", "cgroup_", "sys_", "__x64_sys_", "__ia32_sys_",
             "vfs_read", "vfs_write", "kernfs_", "sysfs_", "debugfs_", "rtc_", "hrtimer_",
             "kobject_", "mutex_", "rcu_", "timer", "sched_", "futex", "pipe_", "eventfd",
             "pci"]
    # not bpf_*: bpftrace would trace its own way in
    counts = {c: sum(1 for f in funcs if f.startswith(c)) for c in set(cands)}
    import math
    picks = []
    for target in (10, 100, 1000):
        c = min((c for c in counts if counts[c] > 0), key=lambda c: abs(math.log(counts[c] / target)))
        picks.append((str(target), c + "*", counts[c]))
        note("c9_attach_%d" % target, "glob %s* : %d vmlinux entries in available_filter_functions" % (c, counts[c]))
    picks.append(("all", "*", len(funcs)))
    note("c9_attach_all", "glob * : %d entries in available_filter_functions" % len(funcs))
    for target, glob, n in picks:
        case = "c9_attach_" + target
        r = subprocess.run([SONDE, "-l", "-n", "fbt:vmlinux:%s:entry" % glob], capture_output=True, text=True)
        listed = max(0, len(r.stdout.splitlines()) - 1)   # less the header
        # bpftrace 0.17 takes minutes to attach and detach ~1000 kprobes
        # under TCG (a kprobe each); every traceable function once, with
        # a time limit, and after everything else.
        reps = REPS if target in ("10", "100") else min(REPS, 3)
        runs = [(rep, tool) for rep in range(reps) for tool in order(rep)]
        if target == "all":
            # sonde's runs first; bpftrace's one, last, with a time limit:
            # its kprobes are still being taken down long after it exits
            reps = 1 if QUICK else 3
            runs = [(rep, "sonde") for rep in range(reps)] + [(0, "bpftrace")]
            note(case, "sonde %d runs, bpftrace 1 (last, at most %d s to attach): where bpftrace attaches a kprobe per function (6.1), that takes minutes per thousand under TCG" % (reps, C9_ALL_TIMEOUT))
        elif reps < REPS:
            note(case, "%d runs, not %d: where bpftrace attaches a kprobe per function (6.1), attaching and detaching this many takes minutes under TCG" % (reps, REPS))
        for rep, tool in runs:
            if tool == "sonde":
                t = sonde('BEGIN { printf("READY\\n"); }\nfbt:vmlinux:%s:entry { @ = count(); }\n' % glob)
            else:
                t = bpftrace('BEGIN { printf("READY\\n"); } kprobe:%s { @ = count(); }' % glob,
                             env={"BPFTRACE_MAX_PROBES": "100000"})
            try:
                ready = t.wait_ready(C9_ALL_TIMEOUT if target == "all" else READY_TIMEOUT)
            except RuntimeError as e:
                raw(case, tool, rep, failed=str(e)[-400:])
                continue
            rc = t.stop(timeout=1800)
            out, err = t.stdout(), t.stderr()
            if tool == "sonde":
                matched = listed   # sonde -l -n of the same description
            else:
                m = first_int(out + err, r"Attaching (\d+) probes?")
                matched = m - 1 if m else None
            # from the signal that ended it (bpftrace may miss the first)
            detach = t.t_exit - t.t_signal if t.t_signal is not None else None
            raw(case, tool, rep, secs=ready, detach_secs=detach, matched=matched,
                glob=glob, rc=rc, hwm_kb=t.hwm_kb, signals=t.nsignals)
            if rep == 0:
                log("c9 %s %s: %s / %s" % (target, tool, out[-200:], err[-300:]))


def c10_first_run():
    """The first sonde run after the module is loaded, against the second
    and third: BEGIN { exit(0); } start to exit, right after rmmod and
    insmod.  bpftrace has no module to load."""
    ko = B + "/sonde.ko"
    note("c10_first_run", "bpftrace: no module, nothing to compare; the ratio is first run / second run")
    for rep in range(REPS):
        r = subprocess.run(["rmmod", "sonde"], capture_output=True, text=True)
        if r.returncode:
            raw("c10_first_run", "sonde", rep, failed="rmmod: " + r.stderr[-300:])
            continue
        t0 = time.monotonic()
        r = subprocess.run(["insmod", ko], capture_output=True, text=True)
        ins = time.monotonic() - t0
        if r.returncode:
            raw("c10_first_run", "sonde", rep, failed="insmod: " + r.stderr[-300:])
            break
        runs = []
        for k in range(3):
            t = Tracer([SONDE, "-n", "BEGIN { exit(0); }"])
            rc = t.wait()
            runs.append(t.t_exit - t.t0)
        raw("c10_first_run", "sonde", rep, insmod_secs=ins, first_secs=runs[0],
            second_secs=runs[1], third_secs=runs[2], rc=rc)


C11_RATES = [2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000]


def c11_printf_rate():
    """printf of every getppid of a workload at a set rate for RATE_SECS,
    the tool's output to a file: the rates tried go up until a tool loses
    an event (lines short of calls, or a loss it reports); its lossless
    rate is the highest achieved rate (calls/s the workload made) below
    that.  Each tool starts the workload itself (-c)."""
    res, outf = "/tmp/c11.res", "/tmp/c11.out"
    secs = RATE_SECS
    for rep in range(1 if QUICK else 3):
        for tool in order(rep):
            best = 0.0
            for rate in C11_RATES:
                for f in (res, outf):
                    try:
                        os.unlink(f)
                    except OSError:
                        pass
                cmd = "%s -C %s -o %s rate %d %d" % (LOAD, CPU, res, rate, secs)
                if tool == "sonde":
                    t = Tracer([SONDE, "-q", "-o", outf, "-c", cmd, "-n",
                                'syscall::getppid:entry /pid == $target/ { printf("%d %d\\n", pid, cpu); }'],
                               keep=False)
                else:
                    t = Tracer([BPFTRACE, "-o", outf, "-c", cmd, "-e",
                                'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%d %d\\n", pid, cpu); }'],
                               keep=False)
                rc = t.wait(secs * 20 + 300)
                try:
                    with open(res) as f:
                        lr = load_result(f.read())
                except OSError:
                    lr = {}
                lines = 0
                try:
                    with open(outf, errors="replace") as f:
                        for l in f:
                            if re.match(r"^\d+ \d+$", l.strip()):
                                lines += 1
                except OSError:
                    pass
                calls = lr.get("calls")
                err = t.stderr()
                if tool == "sonde":
                    reported = sum(int(x) for x in re.findall(r"(\d+) drops? on CPU", err))
                else:
                    text = err
                    try:
                        with open(outf, errors="replace") as f:
                            text += f.read()
                    except OSError:
                        pass
                    reported = sum(int(x) for x in re.findall(r"Lost (\d+) events", text))
                missing = None if calls is None else int(calls) - lines
                achieved = lr.get("per_sec")
                lossless = missing == 0 and reported == 0 and rc == 0
                raw("c11_printf_trial", tool, rep, rate=rate, achieved=achieved, calls=calls,
                    lines=lines, missing=missing, reported_lost=reported, rc=rc, lossless=lossless)
                if not lossless or achieved is None:
                    break
                best = max(best, achieved)
            raw("c11_printf_rate", tool, rep, lossless_rate=best)


# c9 last: bpftrace's detach of thousands of kprobes outlives its exit.
N_USTACK = 2000 if QUICK else 10000


def stack_frames(text):
    """Frames of the most-counted stack in a stack-keyed aggregation's
    output, sonde's (frames, then the count alone) or bpftrace's
    (@[ frames ]: count)."""
    best, frames = -1, []
    for l in text.splitlines():
        l = l.strip()
        if not l:               # a stack starts after a blank line
            frames = []
            continue
        m = re.match(r"^(?:\]: )?(\d+)$", l)
        if m:
            if int(m.group(1)) > best:
                best, n = int(m.group(1)), len(frames)
            frames = []
        elif not l.startswith("@["):
            frames.append(l)
    return n if best >= 0 else None


def c12_ustack():
    """ustack() at getppid(2) four calls deep in a running program (-p),
    built with frame pointers (fp) and without (nofp: sonde walks it by
    its unwind tables, bpftrace's ustack by frame pointers alone): the ns
    a call takes in rounds run wholly untraced or under one tool's
    @[ustack] = count(), and the frames its stack has (bench-load
    rounds)."""
    pf = "/tmp/phase12"

    def set_phase(ph):
        with open(pf + ".tmp", "w") as f:
            f.write(ph)
        os.rename(pf + ".tmp", pf)

    for variant in ("fp", "nofp"):
        case = "c12_ustack_" + variant
        prog = B + "/bench-load-" + variant
        if not os.path.exists(prog):
            note(case, "no %s" % prog)
            continue
        set_phase("warmup")
        p = subprocess.Popen([prog, "-C", CPU, "rounds", pf, str(N_USTACK)],
                             stdout=subprocess.PIPE, text=True)
        rounds = []
        cond = threading.Condition()

        def reader(out=p.stdout, rounds=rounds, cond=cond):
            for l in out:
                a, v = l.split()
                with cond:
                    rounds.append((a, float(v)))
                    cond.notify_all()
        threading.Thread(target=reader, daemon=True).start()

        def wait_rounds(phase, k, rounds=rounds, cond=cond):
            start = len(rounds)
            with cond:
                cond.wait_for(lambda: sum(1 for a, _ in rounds[start:] if a == phase) >= k,
                              timeout=600)
            return [v for a, v in rounds[start:] if a == phase]

        K = 3
        try:
            wait_rounds("warmup", 2)
            for rep in range(REPS):
                set_phase("untraced")
                v = wait_rounds("untraced", K)
                raw(case, "untraced", rep, ns_per_call=sorted(v)[len(v) // 2], rounds=v)
                for tool in order(rep):
                    set_phase("settle")
                    if tool == "sonde":
                        t = sonde('BEGIN { printf("READY\\n"); }\n'
                                  'syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }\n',
                                  "-p", str(p.pid))
                    else:
                        t = bpftrace('BEGIN { printf("READY\\n"); } '
                                     'tracepoint:syscalls:sys_enter_getppid /pid == %d/ '
                                     '{ @[ustack] = count(); }' % p.pid, "-p", str(p.pid))
                    ready = t.wait_ready()
                    time.sleep(0.2)
                    set_phase(tool)
                    v = wait_rounds(tool, K)
                    set_phase("settle")
                    hwm = t.hwm_kb
                    rc = t.stop()
                    raw(case, tool, rep, ns_per_call=sorted(v)[len(v) // 2], rounds=v,
                        ready_secs=ready, hwm_kb=hwm, rc=rc,
                        frames=stack_frames(t.stdout()))
                    if rep == 0:
                        log("%s %s stdout: %s / stderr: %s" % (case, tool, t.stdout()[-600:],
                                                               t.stderr()[-300:]))
        finally:
            set_phase("stop")
            try:
                p.wait(120)
            except subprocess.TimeoutExpired:
                p.kill()


ALL = [("c1", c1_begin), ("c10", c10_first_run), ("c2", c2_getppid), ("c3", c3_vfs_read),
       ("c4", c4_false_pred), ("c5", c5_usdt), ("c6", c6_quantize), ("c7", c7_lost),
       ("c11", c11_printf_rate), ("c12", c12_ustack), ("c8", c8_size), ("c9", c9_attach)]


def main():
    meta()
    threading.Thread(target=heartbeat, daemon=True).start()
    for name, fn in ALL:
        if CASES and name not in CASES:
            note(name, "not run: BENCH_CASES=%s%s" % (" ".join(CASES),
                 (" (" + os.environ["BENCH_SKIP_WHY"] + ")") if os.environ.get("BENCH_SKIP_WHY") else ""))
            continue
        log("case %s" % name)
        t0 = time.monotonic()
        try:
            fn()
        except Exception as e:  # a case that cannot run is a finding, not the end
            note(name, "case failed: %s: %s" % (type(e).__name__, str(e)[-600:]))
            log("case %s failed: %r" % (name, e))
        emit(type="progress", case=name, secs=round(time.monotonic() - t0, 1))
    emit(type="done")


if __name__ == "__main__":
    main()
