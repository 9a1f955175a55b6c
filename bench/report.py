#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# report.py RESULTS.LOG OUT.md OUT.json - the table of the sonde vs
# bpftrace suite from the records bench/job.py sent on the guest's ttyS1:
# medians of the raw figures, ratios sonde / bpftrace (below 1 is better
# for sonde), the targets (sonde's goals against bpftrace) met or
# missed.  Prints the markdown and writes it and the JSON (which keeps
# every raw record).
import json
import statistics
import sys

log, out_md, out_json = sys.argv[1:4]
meta, raws, notes = {}, [], []
with open(log, errors="replace") as f:
    for line in f:
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if r.get("type") == "meta":
            meta = r
        elif r.get("type") == "raw":
            raws.append(r)
        elif r.get("type") == "note":
            notes.append(r)


def vals(case, tool, key):
    return [r[key] for r in raws if r["case"] == case and r["tool"] == tool
            and isinstance(r.get(key), (int, float)) and not isinstance(r.get(key), bool)]


def med(case, tool, key):
    v = vals(case, tool, key)
    return statistics.median(v) if v else None


def ratio(s, b):
    if s is None or b is None:
        return None
    if b == 0:
        return 0.0 if s == 0 else None
    return s / b


rows = []   # (case, metric, unit, sonde, bpftrace, ratio, n, comment)


def fmt_early(v):
    return "-" if v is None else "%.3f" % v


def row(case, metric, unit, s, b, comment="", r="auto", n=None):
    if r == "auto":
        r = ratio(s, b)
    if n is None:
        n = min(len([x for x in raws if x["case"] == case and x["tool"] == t]) for t in ("sonde", "bpftrace"))
    if n == 0 and not comment.startswith("not measured"):
        comment = "not measured in this run (see notes); " + comment
    rows.append(dict(case=case, metric=metric, unit=unit, sonde=s, bpftrace=b, ratio=r, n=n, comment=comment))


row("c1_begin", "BEGIN { exit } : command start to exit", "s",
    med("c1_begin", "sonde", "secs"), med("c1_begin", "bpftrace", "secs"))
row("c1_syscall", "getppid probe: command start to first event printed", "s",
    med("c1_syscall", "sonde", "secs"), med("c1_syscall", "bpftrace", "secs"),
    "workload calls getppid every 1 ms")

for case, what in (("c2_getppid", "getppid: syscall::getppid:entry vs tracepoint, count()"),
                   ("c3_vfs_read", "vfs_read: fbt vs kprobe, count() by execname/comm"),
                   ("c4_false_pred", "all syscalls armed, false predicate (getppid loop)"),
                   ("c5_usdt", "python3.11 function-return USDT, count() by name")):
    u = med(case, "untraced", "ns_per_call")
    s, b = med(case, "sonde", "ns_per_call"), med(case, "bpftrace", "ns_per_call")
    added_s = None if s is None or u is None else s - u
    added_b = None if b is None or u is None else b - u
    row(case, "added ns per call: " + what, "ns", added_s, added_b,
        "untraced %s ns/call; traced sonde %s, bpftrace %s" % (
            "-" if u is None else "%.0f" % u, "-" if s is None else "%.0f" % s, "-" if b is None else "%.0f" % b))

for v, what in (("fp", "built with frame pointers"),
                ("nofp", "built without (sonde: unwind tables; bpftrace: frame pointers)")):
    case = "c12_ustack_" + v
    u = med(case, "untraced", "ns_per_call")
    s, b = med(case, "sonde", "ns_per_call"), med(case, "bpftrace", "ns_per_call")
    fs, fb = med(case, "sonde", "frames"), med(case, "bpftrace", "frames")
    row(case, "added ns per call: @[ustack()] = count() at getppid 4 calls deep, " + what, "ns",
        None if s is None or u is None else s - u, None if b is None or u is None else b - u,
        "untraced %s ns/call; frames recorded: sonde %s, bpftrace %s" % (
            "-" if u is None else "%.0f" % u, "-" if fs is None else "%.0f" % fs,
            "-" if fb is None else "%.0f" % fb))

u = med("c6_quantize", "untraced", "reads_per_sec")
drops = {}
for t in ("sonde", "bpftrace"):
    v = med("c6_quantize", t, "reads_per_sec")
    drops[t] = None if v is None or not u else 100.0 * (1 - v / u)
row("c6_quantize", "read() latency quantize, 2-CPU read storm: throughput drop", "%",
    drops["sonde"], drops["bpftrace"],
    "untraced %s reads/s" % ("-" if u is None else "%.0f" % u))

for v in ("default", "tiny"):
    case = "c7_lost_" + v
    for t in ("sonde", "bpftrace"):
        pass
    row(case, "printf every getppid (%s buffer): events missing (calls - lines)" % v, "events",
        med(case, "sonde", "missing"), med(case, "bpftrace", "missing"),
        "calls %s; reported lost: sonde %s, bpftrace %s; every loss reported in all runs: sonde %s, bpftrace %s" % (
            med(case, "sonde", "calls"), med(case, "sonde", "reported_lost"), med(case, "bpftrace", "reported_lost"),
            all(r.get("every_loss_reported") for r in raws if r["case"] == case and r["tool"] == "sonde") if vals(case, "sonde", "calls") else "-",
            all(r.get("every_loss_reported") for r in raws if r["case"] == case and r["tool"] == "bpftrace") if vals(case, "bpftrace", "calls") else "-"))

row("c8_rss", "peak RSS (VmHWM) of the tracer, getppid count() script", "KiB",
    med("c2_getppid", "sonde", "hwm_kb"), med("c2_getppid", "bpftrace", "hwm_kb"), "sampled every 50 ms, case 2 runs",
    n=min(len(vals("c2_getppid", t, "hwm_kb")) for t in ("sonde", "bpftrace")))
row("c8_rss_begin", "peak RSS, BEGIN { exit }", "KiB",
    med("c1_begin", "sonde", "hwm_kb"), med("c1_begin", "bpftrace", "hwm_kb"),
    "wait4()'s ru_maxrss of one more run per case 1 run (bench-load maxrss): a static sonde exits before a sampler looks",
    n=min(len(vals("c1_begin", t, "hwm_kb")) for t in ("sonde", "bpftrace")))
sz = {r["tool"]: r for r in raws if r["case"] == "c8_size"}
if sz:
    row("c8_size", "installed size", "KiB",
        sz.get("sonde", {}).get("bytes", 0) / 1024, sz.get("bpftrace", {}).get("bytes", 0) / 1024,
        "sonde: sonde.ko + build/sonde; bpftrace: its package (%.0f KiB) plus the %d packages of its "
        "dependency closure that sonde's libraries (%s) do not pull in; dpkg Installed-Size" % (
            sz.get("bpftrace", {}).get("bpftrace_pkg_bytes", 0) / 1024,
            max(0, len(sz.get("bpftrace", {}).get("packages", [])) - 1),
            ", ".join(sz.get("sonde", {}).get("packages", []))), n=1)
for target in ("10", "100", "1000", "all"):
    case = "c9_attach_" + target
    ms = [r.get("matched") for r in raws if r["case"] == case and r["tool"] == "sonde"]
    mb = [r.get("matched") for r in raws if r["case"] == case and r["tool"] == "bpftrace"]
    fails = [r["tool"] for r in raws if r["case"] == case and "failed" in r]
    glob = next((r.get("glob") for r in raws if r["case"] == case and r.get("glob")), "?")
    what = "every traceable function" if target == "all" else "~%s functions" % target
    resent = ["%s rep %d (%d)" % (r["tool"], r["rep"], r["signals"]) for r in raws
              if r["case"] == case and r.get("signals", 1) > 1]
    # bpftrace counts probes: a glob attached as one kprobe_multi link
    # (6.12's bpftrace) is one, whatever it covers
    bmatch = "-" if not mb else ("1 link (kprobe_multi)" if mb[0] == 1 and ms and (ms[0] or 0) > 1 else mb[0])
    comment = "matched: sonde %s, bpftrace %s%s%s" % (
        ms[0] if ms else "-", bmatch,
        "; failed runs: " + ", ".join(fails) if fails else "",
        "; SIGINTs it took, where more than one (bench/c9-bpftrace-sigint.md): " + ", ".join(resent) if resent else "")
    row(case, "fbt attach %s (%s): command start to armed (BEGIN ran)" % (glob, what), "s",
        med(case, "sonde", "secs"), med(case, "bpftrace", "secs"), comment)
    row(case + "_detach", "fbt detach %s (%s): SIGINT to exit" % (glob, what), "s",
        med(case, "sonde", "detach_secs"), med(case, "bpftrace", "detach_secs"), comment,
        n=min(len(vals(case, t, "detach_secs")) for t in ("sonde", "bpftrace")))

f1, f2 = med("c10_first_run", "sonde", "first_secs"), med("c10_first_run", "sonde", "second_secs")
rows.append(dict(case="c10_first_run", metric="BEGIN { exit }: first run after insmod vs the second", unit="s",
                 sonde=f1, bpftrace=f2, ratio=ratio(f1, f2), n=len(vals("c10_first_run", "sonde", "first_secs")),
                 comment="columns: first run, second run (sonde both); ratio first / second; insmod %s s, third run %s s" % (
                     fmt_early(med("c10_first_run", "sonde", "insmod_secs")),
                     fmt_early(med("c10_first_run", "sonde", "third_secs")))))

ls, lb = med("c11_printf_rate", "sonde", "lossless_rate"), med("c11_printf_rate", "bpftrace", "lossless_rate")
trials = [r for r in raws if r["case"] == "c11_printf_trial"]
first_loss = {}
for t in ("sonde", "bpftrace"):
    lost = [r for r in trials if r["tool"] == t and not r.get("lossless")]
    first_loss[t] = ", ".join("%s/s: %s missing, %s reported" % (
        "%.0f" % r["achieved"] if r.get("achieved") else r.get("rate"), r.get("missing"), r.get("reported_lost"))
        for r in lost) or "none"
row("c11_printf_rate", "printf every getppid to a file: highest rate with zero loss (higher is better)", "events/s",
    ls, lb, "first losing trial of each run: sonde %s; bpftrace %s" % (first_loss["sonde"], first_loss["bpftrace"]),
    n=min(len(vals("c11_printf_rate", t, "lossless_rate")) for t in ("sonde", "bpftrace")))


def get(case):
    return next((r for r in rows if r["case"] == case), None)


targets = []


def target(name, cases, limit):
    for c in cases:
        r = get(c)
        v = None if r is None else r["ratio"]
        targets.append(dict(target=name, case=c, limit=limit, ratio=v,
                            met=None if v is None else v <= limit))


target("time to first event", ["c1_begin", "c1_syscall"], 0.05)
target("start-up: BEGIN { exit } start to exit", ["c1_begin"], 0.03)
target("fbt attach of ~1000 functions: 10x faster than bpftrace", ["c9_attach_1000"], 0.1)
target("fbt detach of ~1000 functions: 10x faster than bpftrace", ["c9_attach_1000_detach"], 0.1)
for c in ("c9_attach_1000", "c9_attach_1000_detach"):
    r = get(c)
    v = None if r is None else r["sonde"]
    targets.append(dict(target="fbt %s of ~1000 functions within 1 s" % ("detach" if "detach" in c else "attach"),
                        case=c, limit="1 s", ratio=v, met=None if v is None else v <= 1.0))
r = get("c10_first_run")
v = None if r is None else r["ratio"]
targets.append(dict(target="first run after insmod as fast as the second", case="c10_first_run",
                    limit="1.1", ratio=v, met=None if v is None else v <= 1.1))
r = get("c11_printf_rate")
v = None if r is None or r["ratio"] is None else r["ratio"]
targets.append(dict(target="printf lossless rate >= 2x bpftrace's", case="c11_printf_rate",
                    limit=">= 2", ratio=v, met=None if v is None else v >= 2.0))
target("peak RSS", ["c8_rss", "c8_rss_begin"], 0.1)
target("installed size", ["c8_size"], 0.05)
target("added ns per event", ["c2_getppid", "c3_vfs_read", "c4_false_pred", "c5_usdt"], 1.0)
d = [r for r in raws if r["case"] == "c7_lost_default" and r["tool"] == "sonde"]
targets.append(dict(target="zero loss at the case-7 rate, default options", case="c7_lost_default",
                    limit=0, ratio=None, met=(bool(d) and all(r.get("missing") == 0 and r.get("reported_lost") == 0 for r in d))))
t = [r for r in raws if r["case"] == "c7_lost_tiny" and r["tool"] == "sonde"]
targets.append(dict(target="every loss reported, tiny buffer", case="c7_lost_tiny", limit=None, ratio=None,
                    met=(bool(t) and all(r.get("every_loss_reported") for r in t))))


def fmt(v, unit=""):
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if abs(v) >= 100:
        return "%.0f" % v
    if abs(v) >= 1:
        return "%.2f" % v
    return "%.3f" % v


md = []
md.append("# sonde vs bpftrace\n")
md.append("Generated by `make bench` (bench/guest.sh, bench/job.py, bench/report.py): both tools in one "
          "QEMU boot of the same kernel, cases interleaved, order alternating, median of %s runs.\n" % meta.get("reps", "?"))
md.append("- date: %s" % meta.get("date", "?"))
md.append("- kernel: %s (Debian), guest booted with `%s`" % (meta.get("kernel", "?"), meta.get("cmdline", "?")))
md.append("- CPU: %s, %s vCPUs; accelerator: %s" % (
    meta.get("cpu_model", "?"), meta.get("ncpus", "?"),
    meta.get("accel") or ("TCG (no /dev/kvm)" if "TCG" in meta.get("cpu_model", "") else "KVM")))
md.append("- workload pinned to CPU %s (case 6 uses CPUs 0 and 1)" % meta.get("workload_cpu", "?"))
md.append("- bpftrace: %s (Debian package %s)" % (meta.get("bpftrace_version", "?"), meta.get("bpftrace_deb", "?")))
if meta.get("quick"):
    md.append("- **BENCH_QUICK=1: short development run, not the published figures**")
md.append("")
md.append("Ratio = sonde / bpftrace; below 1 is better for sonde. Under TCG absolute times are inflated "
          "(every instruction is emulated); the ratios are the point.\n")
md.append("| case | metric | unit | sonde | bpftrace | ratio | n | notes |")
md.append("| --- | --- | --- | ---: | ---: | ---: | ---: | --- |")
for r in rows:
    md.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (r["case"], r["metric"], r["unit"], fmt(r["sonde"]),
                                                          fmt(r["bpftrace"]), fmt(r["ratio"]), r["n"], r["comment"]))
md.append("\n## Targets\n")
md.append("| target | case | limit | ratio | met |")
md.append("| --- | --- | ---: | ---: | --- |")
for t in targets:
    md.append("| %s | %s | %s | %s | %s |" % (t["target"], t["case"], "-" if t["limit"] is None else t["limit"],
                                             fmt(t["ratio"]), "-" if t["met"] is None else ("yes" if t["met"] else "**no**")))
if notes:
    md.append("\n## Notes from the run\n")
    for n in notes:
        md.append("- %s: %s" % (n["case"], n["text"]))
md.append("\nRaw figures of every run: bench/results.json (`raw`).")
text = "\n".join(md) + "\n"
print(text)
with open(out_md, "w") as f:
    f.write(text)
with open(out_json, "w") as f:
    json.dump(dict(meta=meta, rows=rows, targets=targets, notes=notes, raw=raws), f, indent=1, sort_keys=True)
    f.write("\n")
