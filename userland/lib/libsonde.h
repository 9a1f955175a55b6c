/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libsonde.h - the public API of libsonde, what an ioctl client links to
 * behave as the sonde command does: the device (/dev/sonde ioctl
 * wrappers), programs (program.h), probe resolution, the consumer
 * (record decoding, aggregation merge, output as dtrace's text or JSON),
 * the processes a trace follows and the run loop.  The D compiler is
 * userland/dc/dc.h; what user probes read from ELF files and /proc is
 * userland/usdt/usdt.h, below libsonde (it never includes this header).
 *
 * Conventions (libbpf's): int functions return 0 or -errno; constructors
 * return a pointer or NULL with errno set; the library never prints except
 * to the consumer's output stream (a FILE * the caller gives) and through
 * the message callback (errors, drops, notices) the caller installs.
 * Nothing here is thread-safe; one consumer per thread.
 */
#ifndef _LIBSONDE_H
#define _LIBSONDE_H

#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>
#include <stdbool.h>
#include <stddef.h>

#include "sonde.h"
#include "program.h"

/*
 * Message severities for the callback.  The text has no "sonde: " prefix
 * and no trailing newline; the CLI adds both.
 */
#define SONDE_MSG_ERROR		0	/* an error (fault records, failures) */
#define SONDE_MSG_DROP		1	/* drops: always printed */
#define SONDE_MSG_NOTICE	2	/* notices: suppressed by -q */
#define SONDE_MSG_WARNING	3	/* what the library changed to go on
					 * (a buffer size lowered): printed
					 * even under -q */

typedef void (*sonde_msg_fn)(void *arg, int level, const char *msg);

/* strerror() plus sonde's own readable names for the errnos it returns. */
const char *sonde_strerror(int err);
/* A readable reason into a caller's buffer @err of @errlen bytes (none
 * when @err is NULL or @errlen 0), as the functions that take one give. */
__attribute__((format(printf, 3, 4)))
void sonde_errf(char *err, size_t errlen, const char *fmt, ...);

/* ---- device.c: /dev/sonde ------------------------------------------- */

/*
 * An open /dev/sonde.  Opaque: libsonde makes every ioctl (one function
 * below per ioctl) and keeps what they answer.
 */
struct sonde_dev;

/*
 * Open @path (NULL: SONDE_DEVICE_PATH) and do the INFO handshake.  Returns
 * NULL with errno set; EPROTO when the module's ABI version differs (then
 * *@abi, if given, holds the module's version).
 */
struct sonde_dev *sonde_dev_open(const char *path, uint32_t *abi);

/*
 * What to do about an open() of /dev/sonde that failed with @err: one
 * sentence for the user (no "sonde: " prefix, no newline) from what this
 * host shows (module installed, loaded, for which kernel; lockdown; root
 * and CAP_SYS_ADMIN).  0, or -ENOENT when there is nothing to add.
 * sonde_dev_hint_at() reads the host under @env->root instead ("" is /).
 */
struct sonde_hint_env {
	const char *root;	/* "" for the real host */
	const char *release;	/* the running kernel, as uname -r */
	uid_t euid;
	bool cap_sys_admin;	/* in the effective set */
};
int sonde_dev_hint(int err, char *buf, size_t size);
int sonde_dev_hint_at(const struct sonde_hint_env *env, int err, char *buf,
		      size_t size);
void sonde_dev_close(struct sonde_dev *dev);
/*
 * @warn (may be NULL) is told, with @arg, of what resolving probes left
 * out but did not fail for: a USDT site whose arguments sonde cannot
 * evaluate, fbt probes when tracefs cannot be read.  One sentence, no
 * "sonde: " prefix, no newline.
 */
void sonde_dev_set_warn(struct sonde_dev *dev,
			void (*warn)(void *arg, const char *msg), void *arg);
/* Why the last sonde_program_resolve() failed, "" when it did not say. */
const char *sonde_dev_errmsg(const struct sonde_dev *dev);

int sonde_dev_info(struct sonde_dev *dev, struct sonde_info *info);
/*
 * All probes matching @desc, in id order (malloc'd array in *@out, count
 * in *@n; *@out is NULL when nothing matched).
 */
int sonde_dev_probes(struct sonde_dev *dev, const struct sonde_probe_desc *desc,
		     struct sonde_probe_info **out, uint32_t *n);
/*
 * The same, and in *@offered the listing's SONDE_PROBES_OFFERED: whether
 * every fbt function @desc takes was offered since a kernel module last
 * loaded.
 */
int sonde_dev_probes_offered(struct sonde_dev *dev,
			     const struct sonde_probe_desc *desc,
			     struct sonde_probe_info **out, uint32_t *n,
			     uint32_t *offered);
/*
 * How many probes match @desc, and the listing's SONDE_PROBES_OFFERED,
 * without copying them (nor paging through the table).
 */
int sonde_dev_probes_count(struct sonde_dev *dev,
			   const struct sonde_probe_desc *desc, uint32_t *n,
			   uint32_t *offered);
/*
 * Offer @n (at most SONDE_OFFER_MAX) kernel probe sites; @res says what
 * the module made of them.
 */
int sonde_dev_offer(struct sonde_dev *dev, const struct sonde_offer_ent *ents,
		    uint32_t n, struct sonde_offer *res);
/*
 * SONDE_IOC_LOAD of an image as it is (sonde_program_load() is the policy
 * around it).  On failure with a verifier log, *@log (if @log is not NULL)
 * is a malloc'd NUL-terminated log the caller frees; a log that does not
 * fit is asked for again in the size the kernel says it needs.  Keeps the
 * buffer sizes LOAD answers for sonde_work() and its steps.
 */
int sonde_dev_load(struct sonde_dev *dev, const void *image, size_t size,
		   char **log);
int sonde_dev_go(struct sonde_dev *dev, uint32_t *begin_cpu);
/*
 * SONDE_IOC_ANON: make the module's anonymous state (the enabling `sonde
 * -A` saved, started at module load) this device's, and read the file it
 * was started from (malloc'd, *@file, *@size bytes).  The state is
 * already going: the next sonde_dev_go() makes no GO and gives the CPU
 * its BEGIN fired on.  -ENOENT no anonymous state, -EBUSY another file
 * claimed it and is still open (or this one loaded a program).
 */
int sonde_dev_anon_claim(struct sonde_dev *dev, void **file, size_t *size);
int sonde_dev_stop(struct sonde_dev *dev, uint32_t *end_cpu);
/* DRAIN / AGGSNAP one CPU into @buf; @d->size, drops, errors are out. */
int sonde_dev_drain(struct sonde_dev *dev, uint32_t cpu, void *buf,
		    uint64_t size, struct sonde_drain *d);
int sonde_dev_aggsnap(struct sonde_dev *dev, uint32_t cpu, void *buf,
		      uint64_t size, struct sonde_drain *d);
int sonde_dev_status(struct sonde_dev *dev, struct sonde_status *st);
/* SONDE_IOC_JHELPER: @h->id is out. */
int sonde_dev_jhelper(struct sonde_dev *dev, struct sonde_jhelper *h);
/* SONDE_IOC_UTAB: a process's unwind table; @u->bytes is out. */
int sonde_dev_utab(struct sonde_dev *dev, struct sonde_utab *u);
/* SONDE_IOC_TESTRUN: fire one enabling of a loaded, unarmed program once,
 * on this CPU, with @t's test memory window; its results are out. */
int sonde_dev_testrun(struct sonde_dev *dev, struct sonde_testrun *t);
/* SONDE_IOC_UPROBE: create one user probe, @req->id out
 * (sonde_uprobe_provide() makes them of descriptions). */
int sonde_dev_uprobe(struct sonde_dev *dev, struct sonde_uprobe *req);
/* SONDE_IOC_ENABLE: enablings added to a loaded program, the first's
 * EPID out (later.c adds them to the program too). */
int sonde_dev_enable(struct sonde_dev *dev, struct sonde_enable *req);
/* SONDE_IOC_RDV: a rendezvous placed, or its waiting threads let go. */
int sonde_dev_rdv(struct sonde_dev *dev, struct sonde_rdv *req);

/* ---- load.c: the load policy --------------------------------------- */

/**
 * sonde_program_load() - load a resolved program as the sonde command does
 * @dev: the device, nothing loaded yet
 * @p: the program, probes resolved (sonde_program_resolve()); the image
 *     sonde_program_verify() made of it is what is loaded (it is made
 *     now if @p has none), bound to @p's options and enablings
 * @msg: told (with @msg_arg) of each buffer size bufresize=auto lowered
 *       that the program or the command line set, as dtrace(1) says it
 *       ("buffer size lowered to 2m", SONDE_MSG_WARNING), unless the
 *       quietresize option is set; may be NULL
 * @msg_arg: passed to @msg
 * @e: if not NULL, why it failed (program.h): SONDE_LOADERR_IMAGE,
 *     SONDE_LOADERR_VERIFY (a program never verified that the verifier
 *     refuses), SONDE_LOADERR_DESTRUCTIVE (destructive actions without
 *     the destructive option, or refused by the module), or
 *     SONDE_LOADERR_KERNEL with the module's log line
 *
 * While LOAD fails with -ENOMEM and bufresize is auto (the default), the
 * largest buffer the program has (bufsize, aggsize, specsize,
 * dynvarsize) is halved in @p's options and LOAD tried again, as dtrace
 * does.
 *
 * Return: 0, or -errno with errno set (LOAD's: docs/abi.md).
 */
int sonde_program_load(struct sonde_dev *dev, struct sonde_program *p,
		       sonde_msg_fn msg, void *msg_arg,
		       struct sonde_load_err *e);

/* ---- anon.c: anonymous (boot-time) enablings ------------------------ */

/**
 * sonde_anon_build() - the file `sonde -A` saves for @p
 * @p: the program, verified (p->image) and resolved: each enabling's probe
 *     is named in full in the file, its probe_id an index into those names
 * @args: the strings the command needs to compile @p again (uapi/sonde.h),
 *        @args_size bytes, each NUL-terminated
 * @file: out: the file's bytes (malloc'd), *@size of them
 * @err: out: why not, one sentence (a probe that will not exist at
 *       boot: fbt's, which the command offers; a process's)
 *
 * Return: 0, -EINVAL (no enabling, a probe anonymous tracing cannot
 * use: @err says which), -E2BIG, -ENOMEM.
 */
int sonde_anon_build(const struct sonde_program *p, const char *args,
		     size_t args_size, void **file, size_t *size, char *err,
		     size_t errlen);

/**
 * sonde_anon_bind() - @p, compiled again on `sonde -a` from a claimed
 * anonymous state's file, given that state's enablings
 * @dev: the device that claimed it
 * @p: the program compiled from the file's arguments, verified
 * @file: the file the module read (sonde_dev_anon_claim()), @size bytes
 * @err: out: why not, one sentence
 *
 * Checks that @p's image is the file's (a sonde that compiles the
 * script otherwise than the one that saved it cannot read its records),
 * then sets @p's enablings to the file's, each with its probe as the
 * module lists it now (its id in this boot).
 *
 * Return: 0, -EINVAL (the file is malformed, or not @p's), -ENOENT (a
 * probe the module no longer lists), -ENOMEM.
 */
int sonde_anon_bind(struct sonde_dev *dev, struct sonde_program *p,
		    const void *file, size_t size, char *err, size_t errlen);

/* ---- resolve.c: probe descriptions -> ECBs --------------------------- */

/*
 * Match every probe description of every clause of @p against the
 * module's probes and fill p->ecbs / p->ecb_probe (clause order, then
 * description order, then probe id order).  *@matched[i] (an array of
 * p->nclauses * max descs, flattened: one count per description in clause
 * then description order) receives each description's match count if
 * @counts is not NULL (it must hold sonde_program_ndescs(p) entries).
 * Returns 0 or -errno.  Zero-match descriptions are not an error here:
 * the caller decides (-Z).
 */
int sonde_program_resolve(struct sonde_dev *dev, struct sonde_program *p,
			  uint32_t *counts);
uint32_t sonde_program_ndescs(const struct sonde_program *p);
/*
 * kprov.c: offer the module the kernel sites @d may name that only files
 * list: fbt functions (available_filter_functions, /proc/kallsyms) and
 * tracepoints' event systems (available_events).  The module reads no
 * files and checks what it is offered.  Returns the number of probes the
 * module made, or -errno with a readable reason in @err.
 * sonde_program_resolve() calls it for every description.
 */
int sonde_kernel_provide(struct sonde_dev *dev,
			 const struct sonde_probe_desc *d, char *err,
			 size_t errlen);
/*
 * uprov.c: create the user probes (USDT, pid) a description names, if it
 * names any ("python1234:::function-entry", "pid1234:libc.so.6:malloc:
 * entry", "python:/usr/bin/python3.11::gc-start"), from what the ELF
 * files say (userland/usdt/).  Returns the number of probe sites created
 * (0 when @d is not a user probe description), or -errno with a readable
 * reason in @err.  A module field of "a.out" (the program itself) is
 * replaced in @d by the program's file name, which is what the probes are
 * called.  sonde_program_resolve() calls it for every description (on a
 * copy).
 */
int sonde_uprobe_provide(struct sonde_dev *dev, struct sonde_probe_desc *d,
			 char *err, size_t errlen);
/* Every USDT probe of process @pid (sonde -l -p PID). */
int sonde_uprobe_provide_all(struct sonde_dev *dev, pid_t pid, char *err,
			     size_t errlen);
/* The USDT providers of process @pid, ", "-separated ("" if none). */
int sonde_uprobe_providers(pid_t pid, char *buf, size_t size);

/*
 * Objects mapped later (later.c): is @d a user probe description of one
 * process (PROVIDER<pid>, pid<pid>), which then goes to *@pid.  A set of
 * objects (by device and inode) a process's probes were made of;
 * sonde_uobjs_new() gives the paths of those it maps now and @set does
 * not hold, adding them (@main: the program's index among them, or -1);
 * sonde_uprobe_provide_objs() makes @d's probes in just those, as
 * sonde_uprobe_provide() does in all (0 when @d names another process).
 */
struct sonde_uobjset {
	struct stat *ids;
	size_t n;
};
bool sonde_uprobe_desc_pid(const struct sonde_probe_desc *d, pid_t *pid);
int sonde_uobjs_new(pid_t pid, struct sonde_uobjset *set, char ***out,
		    size_t *nout, int *main);
void sonde_uobjset_free(struct sonde_uobjset *set);
/* A copy of the objects of @pid that resolving made probes of. */
int sonde_uobjset_resolved(struct sonde_dev *dev, pid_t pid,
			   struct sonde_uobjset *out);
int sonde_uprobe_provide_objs(struct sonde_dev *dev,
			      const struct sonde_probe_desc *d, pid_t pid,
			      char **objs, size_t n, int main, char *err,
			      size_t errlen);

/*
 * later.c: one traced process whose later objects get their probes.
 * sonde_later_wanted(): does @p name user probes of @pid.
 * sonde_later_round(): make and enable the probes of the objects @l's
 * process maps now that were not seen before (the first round: all).
 * sonde_later_place(): the rendezvous at its dynamic linker.
 * sonde_later_poll(): threads arrived at a rendezvous: a round for every
 * process, then let them go; *@seen the arrivals handled.  0 or -errno,
 * with the reason in @err (a poll's rounds warn through @c).
 */
struct sonde_consumer;
struct sonde_later {
	pid_t pid;
	bool placed;
	struct sonde_uobjset seen;
};
bool sonde_later_wanted(const struct sonde_program *p, pid_t pid);
int sonde_later_round(struct sonde_dev *dev, struct sonde_program *p,
		      struct sonde_later *l, char *err, size_t errlen);
int sonde_later_place(struct sonde_dev *dev, struct sonde_later *l,
		      char *err, size_t errlen);
int sonde_later_poll(struct sonde_dev *dev, struct sonde_consumer *c,
		     struct sonde_later *ls, unsigned int n, uint64_t *seen);

/*
 * pdhint.c: the line to print after "probe description @d does not
 * match any probes", in @buf: @d's D form when it is a bpftrace probe,
 * the Linux counterpart of a Solaris DTrace provider, or "did you mean
 * ...?" with the closest probes sonde has (the module's listing, and
 * tracefs's fbt functions).  0, or -ENOENT when nothing would help (@buf
 * is then "").  No "sonde: " prefix, no newline.
 */
int sonde_pdesc_hint(struct sonde_dev *dev, const struct sonde_probe_desc *d,
		     char *buf, size_t size);
/* Only the first kind: @d's D form if @d is a bpftrace probe (for a
 * program that does not compile), else -ENOENT. */
int sonde_pdesc_bpftrace(const struct sonde_probe_desc *d, char *buf,
			 size_t size);
/* What D calls bpftrace's built-in variable or function @name ("comm":
 * "execname"), or NULL when D has no other name for it. */
const char *sonde_bpftrace_builtin(const char *name);
/* The same with the candidate probes given (@cands, @n): the tests'. */
int sonde_pdesc_hint_from(const struct sonde_probe_desc *d,
			  const struct sonde_probe_desc *cands, uint32_t n,
			  char *buf, size_t size);

/*
 * stability.c: DTrace's stability attributes (dtrace -v, -lv).  Values:
 * name and data stability 0 Internal .. 7 Standard, class 0 Unknown .. 5
 * Common, as DTrace numbers them.
 */
struct sonde_attr {
	uint8_t name, data, class;
};
struct sonde_attr sonde_attr_min(struct sonde_attr a, struct sonde_attr b);
/* The attributes of a probe description (the given fields' minimum). */
struct sonde_attr sonde_attr_desc(const struct sonde_probe_desc *d);
/* The attributes of the description's provider's arguments. */
struct sonde_attr sonde_attr_args(const struct sonde_probe_desc *d);
/* A statement's (DTrace's default attributes). */
struct sonde_attr sonde_attr_stmt(void);
void sonde_attr_print(FILE *out, struct sonde_attr a);

/* "provider:module:function:name" of a description (static buffer). */
const char *sonde_desc_str(const struct sonde_probe_desc *d);

/* ---- consume.c: the consumer ---------------------------------------- */

struct sonde_consumer;

/*
 * A consumer of @p's records and aggregations, writing formatted output
 * to @out and messages through @msg.  @p must stay valid; the consumer
 * marks p->aggs[i].printed.
 */
struct sonde_consumer *sonde_consumer_new(struct sonde_program *p, FILE *out,
					  sonde_msg_fn msg, void *msg_arg);
void sonde_consumer_free(struct sonde_consumer *c);

/* Quiet mode (-q, #pragma D option quiet, -x quiet). */
void sonde_consumer_set_quiet(struct sonde_consumer *c, bool quiet);
bool sonde_consumer_quiet(const struct sonde_consumer *c);
/*
 * dtrace(1)'s testing mode (its _DTRACE_TESTING, which dtrace-utils'
 * test runner sets): the text output leaves out the CPU and ID columns
 * and their headings, the values that vary from run to run.
 */
void sonde_consumer_set_testing(struct sonde_consumer *c, bool testing);
/*
 * Linux dtrace's forms (dtrace-utils 2) where they differ from illumos
 * dtrace's, which are sonde's: run-time errors (ERROR records, failed
 * system() and the like) read "error in dt_clause_N for probe ID P
 * (prov:mod:func:name): invalid address (0x10) at BPF pc 4" (N the
 * statement's number: each probe description of the clauses before it
 * counts; pc sonde's instruction index; not
 * "error on enabled probe ID E (ID P: ...): ... in action #A at DIF
 * offset O"), and trace() of an integer prints it signed or unsigned as
 * its type is, " %19ld" / " %20lu", " %10d", " %5hd", " %3hhd" wide
 * (dt_print_trace(); not " %16lld", " %8d", " %5d", " %3d" of the bits).
 * The command sets it when run as dtrace.
 */
void sonde_consumer_set_dtrace2(struct sonde_consumer *c, bool on);

/*
 * Decode and print the records of one drained buffer of @cpu.  Returns 0
 * or -errno (EBADMSG for a malformed buffer, after printing what came
 * before).
 */
int sonde_consumer_records(struct sonde_consumer *c, uint32_t cpu,
			   const void *buf, size_t size);
/* Report @drops principal-buffer (or aggregation) drops on @cpu. */
void sonde_consumer_drops(struct sonde_consumer *c, uint32_t cpu,
			  uint64_t drops, bool agg);
/* Merge one CPU's aggregation snapshot (deltas). 0 or -EBADMSG. */
int sonde_consumer_aggsnap(struct sonde_consumer *c, const void *buf,
			   size_t size);
/* Print every aggregation not yet printa()'d (dtrace_aggregate_print). */
int sonde_consumer_print_aggs(struct sonde_consumer *c);
/* Print one aggregation as printa(@a) or printa(fmt, @a) would. */
int sonde_consumer_printa(struct sonde_consumer *c, const char *fmt,
			  const uint32_t *aggids, uint32_t naggs);

/*
 * Report what changed in @st since the previous call (dt_handle_status()):
 * dynamic-variable drops, speculative drops and failed speculations in
 * DTrace's words, re-entrant and NMI firings in sonde's.  Principal and
 * aggregation drops come per CPU from DRAIN / AGGSNAP instead.  Returns
 * -ECANCELED once, when @st says the kernel aborted the consumer
 * (SONDE_ACT_KILLED, DTrace's EDT_BRICKED), else 0.
 */
int sonde_consumer_status(struct sonde_consumer *c,
			  const struct sonde_status *st);
/* The message EDT_BRICKED prints: "Abort due to systemic unresponsiveness" */
extern const char sonde_msg_bricked[];

/*
 * Output format: SONDE_OUT_TEXT (dtrace's) or SONDE_OUT_JSON (one JSON
 * object per line; docs/json.md).  sonde_output_lookup() names them as
 * -O does ("text", "json"): SONDE_OUT_* or -ENOENT.  Setting an unknown
 * format is -EINVAL.
 */
#define SONDE_OUT_TEXT		0
#define SONDE_OUT_JSON		1
#define SONDE_OUT_FOLDED	2	/* stacks as folded lines */
#define SONDE_OUT_FLAMEGRAPH	3	/* stacks as a flame graph, SVG */
#define SONDE_OUT_PROMETHEUS	4	/* aggregations as metrics
					 * (docs/prometheus.md) */
#define SONDE_OUT_PPROF		5	/* stack-keyed aggregations as a
					 * gzipped pprof profile
					 * (docs/pprof.md) */
int sonde_output_lookup(const char *name);
/* SONDE_OUT_PROMETHEUS: -EINVAL, with an error message, when an
 * aggregation cannot be a metric (a stack key, two of one name);
 * SONDE_OUT_PPROF: when no aggregation has a stack key. */
int sonde_consumer_set_format(struct sonde_consumer *c, int format);
/*
 * -O prometheus: each exposition made (every aggregation snapshot,
 * printa(), the end) goes to @fn, all of it at once, rather than the
 * output: -o FILE replaces the file with it, --listen serves it.  @fn
 * returns 0 or -errno.
 */
typedef int (*sonde_snap_fn)(void *arg, const char *text, size_t len);
void sonde_consumer_set_snapfn(struct sonde_consumer *c, sonde_snap_fn fn,
			       void *arg);
/*
 * The run loop (sonde_work()) asks @fn, from the consumer thread, at every
 * watch interval (10 ms at most) whether to end the trace now, as exit()
 * would: a true return stops tracing, drains it and prints what is left.
 * The sonde command ends a trace this way when a reloaded program is
 * ready to replace it (--service and SIGHUP).  @fn may take its time
 * (compile, load): tracing goes on meanwhile.
 */
typedef bool (*sonde_poll_fn)(void *arg);
/*
 * --push: each time an aggregation with a stack key is printed (printa(),
 * the end), its rows as -O folded lines ("a;b;c 42\n", sorted, rows of
 * count 0 left out) go to @fn with the aggregation's name ("_" for @),
 * whatever the output format; @fn must not block for long (the sonde
 * command queues them for a thread of its own).  0 or -errno; an error
 * ends nothing (the format's output is done).
 */
typedef int (*sonde_push_fn)(void *arg, const char *agg, const char *text,
			     size_t len);
void sonde_consumer_set_pushfn(struct sonde_consumer *c, sonde_push_fn fn,
			       void *arg);
/* Does the program have an aggregation with a stack key (--push, -O
 * pprof need one)? */
bool sonde_program_has_stack_agg(const struct sonde_program *p);
void sonde_consumer_set_pollfn(struct sonde_consumer *c, sonde_poll_fn fn,
			       void *arg);
/* The aggregations were snapshot: the format's snapshot operation. */
int sonde_consumer_snapshot(struct sonde_consumer *c);
/* The trace is over: what a format keeps for the end (the flame graph,
 * folded records) is written.  sonde_work() calls it. */
int sonde_consumer_finish(struct sonde_consumer *c);
/* The blank line dtrace prints on ^C and before the final aggregations
 * (none in JSON). */
void sonde_consumer_blank_line(struct sonde_consumer *c);
/*
 * The process whose address space ustack() aggregation keys (which carry
 * no pid) are symbolised in: the first -c / -p target; 0 for none.
 */
void sonde_consumer_set_upid(struct sonde_consumer *c, int pid);
/*
 * jstack(): does @p use it, and give the kernel the helpers it walks
 * interpreters with (the Python runtimes of processes @pids and the
 * Python interpreters installed), before GO.  0 or -ENOMEM; a runtime
 * that cannot be given is left out (its frames are native only).
 */
bool sonde_program_jstack(const struct sonde_program *p);
int sonde_jstack_setup(struct sonde_consumer *c, struct sonde_dev *dev,
		       const int *pids, unsigned int npids);
/*
 * An ELF object's call frame information as unwind rows (cfi.c): sorted
 * by link-time address, none equal; @sections: the .eh_frame and
 * .debug_frame sections read.  0 or -errno (-ENOEXEC not a 64-bit ELF,
 * -ERANGE an address past 4 GB).
 */
struct sonde_cfi {
	struct sonde_utab_row *rows;
	uint32_t nrows;
	uint32_t sections;
};
int sonde_cfi_read(const char *path, struct sonde_cfi *cfi);
void sonde_cfi_free(struct sonde_cfi *cfi);
/*
 * ustack() without frame pointers (utab.c): give the kernel @pid's
 * unwind table, made of its executable mappings now (again only when
 * they changed since the last one given).  0 (also when the program
 * records no user stack: then it stops asking) or -errno, said once as a
 * warning.  sonde_utab_wanted(): a table was asked for and not refused.
 */
int sonde_utab_give(struct sonde_consumer *c, struct sonde_dev *dev, int pid);
bool sonde_utab_wanted(struct sonde_consumer *c);
void sonde_utab_free(struct sonde_consumer *c);
/* Re-read the maps of @pid (the run loop's targets) for ustack names. */
void sonde_consumer_grab(struct sonde_consumer *c, int pid);
/* Read the kernel's symbols now if the program names kernel addresses
 * (stack(), func(), sym(), mod(), %a), not at its first record: before
 * GO, so that a slow /proc/kallsyms never holds the consumer past the
 * deadman. */
void sonde_consumer_preload_syms(struct sonde_consumer *c);

/* exit() seen in a record: true and *@status the argument. */
bool sonde_consumer_exited(const struct sonde_consumer *c, int *status);


/* ---- proc.c: the processes traced (-c, -p) -------------------------- */

struct sonde_proc;

/*
 * -c: run @cmd (split at white space, the program found as execvp()
 * would) up to its exec, where it waits, not one instruction run, until
 * sonde_work() lets it go; its user probes can be created meanwhile.
 * -p: watch process @pid.  NULL with errno set and a message in @err
 * ("failed to execute ls: No such file or directory").
 */
struct sonde_proc *sonde_proc_create(const char *cmd, char *err,
				     size_t errlen);
struct sonde_proc *sonde_proc_grab(pid_t pid, char *err, size_t errlen);
pid_t sonde_proc_pid(const struct sonde_proc *p);
bool sonde_proc_live(const struct sonde_proc *p);
/* -c's (true) or -p's (false). */
bool sonde_proc_created(const struct sonde_proc *p);
/* Let a created process run (once); 0 or -errno with @err said. */
int sonde_proc_continue(struct sonde_proc *p, char *err, size_t errlen);
/*
 * -c: run a process held at its exec on to its entry point (the
 * dynamic linker has mapped its libraries) and hold it there again;
 * one that ends on the way is reported by sonde_proc_check().  0, or
 * -errno with @err said.
 */
int sonde_proc_to_entry(struct sonde_proc *p, char *err, size_t errlen);
/* Has it ended since the last call?  Then true, once, with dtrace's
 * notice in @msg ("pid 42 has exited"). */
bool sonde_proc_check(struct sonde_proc *p, char *msg, size_t len);
/* Let go of it: a created process still there is killed (dtrace's
 * kill-on-last-close); frees @p. */
void sonde_proc_release(struct sonde_proc *p);

/* ---- work.c: the run loop ------------------------------------------- */

/*
 * Trace with @dev (loaded) into @c until done, as dtrace(1M) does: GO,
 * let the processes @procs run, drain every switchrate and snapshot the
 * aggregations every aggrate, until exit(), the end of every process,
 * the kernel's stop or a signal; then STOP, the final drain and the
 * aggregations not printed.  @intr (may be NULL) counts the signals the
 * caller's handler saw: 1 ends the trace as above, 2 at once without
 * more output.  Every failure is said through @c's message callback.
 * Returns 0 with *@status exit()'s argument (0 without exit()), or
 * -errno (ECANCELED: the kernel aborted the trace).
 */
int sonde_work(struct sonde_dev *dev, struct sonde_consumer *c,
	       struct sonde_proc *const *procs, unsigned int nprocs,
	       volatile sig_atomic_t *intr, int *status);
/*
 * Its steps, for callers with a loop of their own: snapshot the
 * aggregations of CPUs 0..nr_cpus-1, and drain every CPU (@first first,
 * @last last; -1 for none) consuming their records.  Drops are reported.
 */
int sonde_consumer_snap_all(struct sonde_consumer *c, struct sonde_dev *dev);
int sonde_consumer_drain_all(struct sonde_consumer *c, struct sonde_dev *dev,
			     int first, int last);

/* ---- printf.c: D printf formatting ---------------------------------- */

/*
 * One printf-style argument as the formatter sees it: raw bytes of a
 * record field (or aggregation key), its D type, or an aggregation value
 * for %@ conversions.
 */
struct sonde_fmtarg {
	const void *data;
	struct sonde_dtype type;
};

/*
 * Format @fmt with @args (D printf semantics, dt_printf.c) onto @out.
 * %@ conversions take the aggregation value @aggval of function @aggfn
 * (NULL / 0 if none).  Returns the number of @args consumed or -errno.
 */
int sonde_format(FILE *out, const char *fmt, const struct sonde_fmtarg *args,
		 uint32_t nargs, const struct sonde_agg_desc *aggd,
		 const int64_t *aggval);
/* The same for printa() of several aggregations: the first %@ takes
 * @aggvals[0], the next %@ @aggvals[1], ... */
int sonde_format_aggs(FILE *out, const char *fmt,
		      const struct sonde_fmtarg *args, uint32_t nargs,
		      const struct sonde_agg_desc *const *aggds,
		      const int64_t *const *aggvals, uint32_t naggvals);

/*
 * The symboliser %a / %A and stack arguments use in the next
 * sonde_format() calls (NULL: addresses in hex), and the pid ustack
 * arguments without one are resolved in.
 */
struct sonde_syms;
void sonde_format_set_syms(struct sonde_syms *s, int upid);

/* ---- print_agg.c: DTrace's default layouts -------------------------- */

/* trace() of one value: dt_consume.c's columns (not quiet) or bare. */
int sonde_print_trace(FILE *out, const void *data, struct sonde_dtype type,
		      bool quiet);
/* trace() of an integer as Linux dtrace prints it: signed or unsigned as
 * its type, wider columns (dtrace-utils' dt_print_trace()) */
int sonde_print_trace2(FILE *out, const void *data, struct sonde_dtype type,
		       bool quiet);
/* dt_print_bytes(): a string if it looks like one, else a hex dump. */
int sonde_print_bytes(FILE *out, const void *data, size_t n, int width,
		      bool quiet, bool forceraw);
/* One aggregation key component / value, as dt_print_datum() does. */
int sonde_print_aggkey(FILE *out, const void *data, struct sonde_dtype type);
int sonde_print_aggval(FILE *out, const struct sonde_agg_desc *ad,
		       const int64_t *val);
/* Histograms; @val is the bucket array of sonde_agg_val_size() bytes. */
int sonde_print_quantize(FILE *out, const int64_t *val);
int sonde_print_lquantize(FILE *out, const struct sonde_agg_desc *ad,
			  const int64_t *val);
int sonde_print_llquantize(FILE *out, const struct sonde_agg_desc *ad,
			   const int64_t *val);
/* llquantize()'s bucket bounds above the zero bucket (print_agg.c). */
void sonde_llquantize_bounds(const struct sonde_agg_desc *ad, int64_t *v);
/* DTrace's average of an avg() value {count, sum} (0 when empty, the
 * quotient truncated toward zero), and stddev of a {count, sum, sumsq
 * lo, sumsq hi} value. */
int64_t sonde_avg(const int64_t *val);
uint64_t sonde_stddev(const int64_t *val);

/* ---- sym.c: symbolisation ------------------------------------------ */

struct sonde_syms;

/* A symboliser; @kallsyms NULL for /proc/kallsyms (tests give a file). */
struct sonde_syms *sonde_syms_new(const char *kallsyms);
void sonde_syms_free(struct sonde_syms *s);
/*
 * C++ name @name (Itanium ABI, "_Z...") demangled by the system's
 * demangler (libstdc++'s), malloc'd; NULL if it is none (or no memory).
 * The one demangler of ustack() and friends and of -l listings.
 */
char *sonde_demangle(const char *name);
/* -x mangled: C++ names of user symbols as they are, not demangled. */
void sonde_syms_set_mangled(struct sonde_syms *s, bool mangled);
/* Where separate debug files are (default /usr/lib/debug); 0 or -ENOMEM. */
int sonde_syms_set_debugdir(struct sonde_syms *s, const char *dir);
/* DTrace's names: "mod`func+0x1c", "mod`func", "obj`0xpc", "0xpc". */
void sonde_syms_kaddr(struct sonde_syms *s, uint64_t pc, char *buf, size_t n);
void sonde_syms_uaddr(struct sonde_syms *s, int pid, uint64_t pc, char *buf,
		      size_t n);
/* One address as sym(), mod(), usym(), umod(), uaddr() name it. */
#define SONDE_SYMNAME_KSYM	0
#define SONDE_SYMNAME_KMOD	1
#define SONDE_SYMNAME_USYM	2
#define SONDE_SYMNAME_UMOD	3
#define SONDE_SYMNAME_UADDR	4
void sonde_syms_name(struct sonde_syms *s, int kind, int pid, uint64_t pc,
		     char *buf, size_t n);
/*
 * The address that stands for @pc in an aggregation key of that kind
 * (dt_aggregate_sym() and friends): a symbol's start (KSYM, USYM), its
 * module's or object's base (KMOD, UMOD), @pc itself (UADDR, or nothing
 * known there), so every address of one function counts as one key.
 */
uint64_t sonde_syms_canon(struct sonde_syms *s, int kind, int pid,
			  uint64_t pc);
/* (Re-)read /proc/@pid/maps; 0 or -errno. */
int sonde_syms_grab(struct sonde_syms *s, int pid);
/*
 * dt_print_stack() / dt_print_ustack(): "\n", then a line per frame
 * (@indent spaces, the name) up to the first zero PC of @nframes.  @s NULL
 * prints hex addresses.
 */
int sonde_print_stack(FILE *out, struct sonde_syms *s, bool user, int pid,
		      const void *pcs, uint32_t nframes, int indent);

#endif /* _LIBSONDE_H */
