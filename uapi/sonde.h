/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * sonde.h - the ioctl ABI of /dev/sonde, shared verbatim by the kernel
 * module, libsonde and anyone else's client.
 *
 * Rules: fixed-width types only, user pointers as __aligned_u64, no enums,
 * bitfields, bool or long in structs; reserved fields must be zero; structs
 * grow only at the end.  The size of every ioctl argument is the size
 * encoded in the ioctl number: the kernel accepts a smaller (older) struct,
 * zero-filling what the caller does not know, and a larger (newer) one as
 * long as the bytes it does not know are zero (E2BIG otherwise).
 *
 * Flow: open /dev/sonde (CAP_SYS_ADMIN) -> INFO (version handshake) ->
 * OFFER (kernel functions and event systems the description may name,
 * read from /proc and tracefs) -> PROBES (resolve probe descriptions to
 * ids) -> LOAD (program, verified in
 * the kernel) -> GO (fires BEGIN, arms probes) -> DRAIN / AGGSNAP / STATUS
 * while tracing -> STOP (disarms, fires END) -> final DRAIN / AGGSNAP ->
 * close.  Closing the fd at any point disarms and frees everything.
 */
#ifndef _UAPI_SONDE_H
#define _UAPI_SONDE_H

#include <linux/types.h>
#include <linux/ioctl.h>

#include "sonde_isa.h"

#define SONDE_ABI_VERSION	4	/* 3: SONDE_IOC_UTAB; 4: SONDE_IOC_ENABLE,
					 * SONDE_IOC_RDV, SONDE_IOC_ANON */
#define SONDE_DEVICE_PATH	"/dev/sonde"

/* Probe name field sizes (with the NUL), as DTrace's. */
#define SONDE_PROVNAMELEN	64
#define SONDE_MODNAMELEN	64
#define SONDE_FUNCNAMELEN	128
#define SONDE_NAMELEN		64

/* Hard limits; SONDE_IOC_INFO reports the ones in force. */
#define SONDE_NREGS		16
#define SONDE_MAX_INSNS		65536	/* instructions per program image */
#define SONDE_MAX_PROG_SIZE	(16 << 20) /* bytes per program image */
#define SONDE_MAX_CLAUSES	4096
#define SONDE_MAX_ECBS		65536	/* enabled (probe, clause) pairs */
#define SONDE_MAX_CONSTS	65536
#define SONDE_MAX_STRTAB	(1 << 20) /* bytes */
#define SONDE_MAX_AGGS		1024
#define SONDE_MAX_AGG_KEYS	8	/* key components, aggregations and arrays */
#define SONDE_MAX_VARS		4096
#define SONDE_MAX_OPTS		64
#define SONDE_MAX_RECSIZE	65536	/* bytes of data per record */
#define SONDE_MAX_LOG		(1 << 24) /* bytes of verifier log */
/*
 * Bounded time with interrupts off: the enablings of one probe, all
 * consumers together, and what one firing of it may cost at worst, in
 * cost units of about one simple step each (docs/vm.md: how the cost of
 * a clause is computed at LOAD from its instructions and the options).
 */
#define SONDE_MAX_PROBE_ECBS	1024
#define SONDE_FIRING_BUDGET	(1 << 22)

/**
 * struct sonde_info - SONDE_IOC_INFO: ABI version and limits (all out).
 * @abi_version:   SONDE_ABI_VERSION of the module
 * @nr_cpus:       number of possible CPU ids (DRAIN/AGGSNAP take 0..nr_cpus-1)
 * @nr_probes:     probes currently known to the module
 * @nregs:         VM registers (SONDE_NREGS)
 * @max_insns:     SONDE_MAX_INSNS
 * @max_prog_size: SONDE_MAX_PROG_SIZE, bytes
 * @max_clauses:   SONDE_MAX_CLAUSES
 * @max_ecbs:      SONDE_MAX_ECBS
 * @max_aggs:      SONDE_MAX_AGGS
 * @max_recsize:   SONDE_MAX_RECSIZE, bytes
 * @max_probe_ecbs: SONDE_MAX_PROBE_ECBS
 * @firing_budget: SONDE_FIRING_BUDGET, cost units
 * @fbt_gen:       fbt's generation, which changes whenever a kernel module
 *                 loads (its functions are new to sonde); never 0.  A
 *                 SONDE_OFFER_DONE entry names the generation it was read
 *                 in.  0 from a module older than SONDE_OFFER_DONE.
 * @reserved:      zero
 * @version:       module version string, NUL-terminated
 */
struct sonde_info {
	__u32 abi_version;
	__u32 nr_cpus;
	__u32 nr_probes;
	__u32 nregs;
	__u32 max_insns;
	__u32 max_prog_size;
	__u32 max_clauses;
	__u32 max_ecbs;
	__u32 max_aggs;
	__u32 max_recsize;
	__u32 max_probe_ecbs;
	__u32 firing_budget;
	__u32 fbt_gen;
	__u32 reserved[3];
	char version[32];
};

/**
 * struct sonde_probe_desc - a probe description, each field a glob
 * (`*`, `?`, `[...]`); an empty field matches everything.
 */
struct sonde_probe_desc {
	char provider[SONDE_PROVNAMELEN];
	char module[SONDE_MODNAMELEN];
	char function[SONDE_FUNCNAMELEN];
	char name[SONDE_NAMELEN];
};

/**
 * struct sonde_probe_info - one probe, as listed by SONDE_IOC_PROBES.
 * @id:     probe id, stable while the module is loaded (>= 1)
 * @nargs:  number of arguments the probe provides (arg0..)
 * @flags:  reserved, zero
 * @reserved: zero
 * @desc:   the probe's full name
 */
struct sonde_probe_info {
	__u32 id;
	__u32 nargs;
	__u32 flags;
	__u32 reserved;
	struct sonde_probe_desc desc;
};

/**
 * struct sonde_probes - SONDE_IOC_PROBES: list the probes matching @desc.
 * Providers that create probes on demand (tick-N, profile-N, syscall,
 * sched/proc/io, tracepoint) create them here, on a listing's first call
 * (@start_id 0 or 1) only; fbt's come from SONDE_IOC_OFFER.  A tick-N or
 * profile-N made so is held by the consumers whose listings named it and
 * freed when the last has closed and none has an enabling on it; one
 * consumer may hold 256, and 1000 exist at most (then ENOSPC).  Probes
 * are listed in id order starting at @start_id; call again with
 * @start_id = last id + 1 while @count == @buf_count.
 * @desc:      in: the description to match
 * @buf:       in: user pointer to @buf_count struct sonde_probe_info
 * @buf_count: in: entries @buf can hold (0: just count)
 * @start_id:  in: list probes with id >= @start_id
 * @count:     out: entries written
 * @total:     out: probes matching @desc with id >= @start_id
 * @flags:     in: reserved, zero
 * @offered:   in: zero; out: SONDE_PROBES_OFFERED if every fbt function
 *             @desc's module and function globs take has been offered
 *             since a kernel module last loaded (SONDE_OFFER_DONE for
 *             the same two globs, or for all functions): the caller has
 *             no file to read for @desc's fbt probes.  Else 0.
 */
struct sonde_probes {
	struct sonde_probe_desc desc;
	__aligned_u64 buf;
	__u32 buf_count;
	__u32 start_id;
	__u32 count;
	__u32 total;
	__u32 flags;
	__u32 offered;
};

#define SONDE_PROBES_OFFERED	0x1

/*
 * The program image: one contiguous blob, a header followed by sections
 * found by (offset, count) pairs.  Offsets are bytes from the start of the
 * image, 8-byte aligned; counts are in elements of the section's type.
 */
#define SONDE_PROG_MAGIC	0x53444e53	/* "SNDS" little-endian */

/*
 * The sections, one row each: S(NAME, id, type, field, max, what).
 * @NAME:  SONDE_SECT_NAME, the section's index in struct sonde_prog_hdr
 * @id:    that index: explicit because it is ABI; rows stand in id order
 *         from 0 without a gap (vm/image.c does not compile otherwise)
 * @type:  the element type; a section's count is in these
 * @field: the name its elements and their count (n<field>) go by in
 *         struct sonde_image (vm/vm.h) and the selftests' struct prog
 * @max:   the most elements an image may have
 * @what:  its name in the verifier's messages
 *
 * Every list of sections is made from this one: the verifier's bounds
 * and its unpacking into struct sonde_image (vm/image.c), libsonde's
 * serialisation (userland/lib/program.c: a sonde_put_<field>() for each
 * row, or it does not compile), the selftests' image builder and the
 * fuzzers' oracle.  A new section is a row here plus the code that fills
 * and checks it; it grows struct sonde_prog_hdr, so it comes with a new
 * SONDE_ABI_VERSION.
 */
#define SONDE_SECTS(S)							\
	S(OPTS,    0, struct sonde_opt,      opts,    SONDE_MAX_OPTS,	\
	  "options")							\
	S(ECBS,    1, struct sonde_ecb,      ecbs,    SONDE_MAX_ECBS,	\
	  "enablings")							\
	S(CLAUSES, 2, struct sonde_clause,   clauses, SONDE_MAX_CLAUSES, \
	  "clauses")							\
	S(INSNS,   3, struct sonde_insn,     insns,   SONDE_MAX_INSNS,	\
	  "instructions")						\
	S(CONSTS,  4, __u64,                 consts,  SONDE_MAX_CONSTS,	\
	  "constants")							\
	/* NUL-terminated strings; the count is in bytes */		\
	S(STRTAB,  5, char,                  strtab,  SONDE_MAX_STRTAB,	\
	  "string table")						\
	S(AGGS,    6, struct sonde_agg_desc, aggs,    SONDE_MAX_AGGS,	\
	  "aggregations")						\
	/* key types (SONDE_T_INT, _STR, stacks, SONDE_TYPE_BYTES(n);	\
	 * see sonde_isa.h) of aggregations and arrays */		\
	S(KEYS,    7, __u32,                 keys,			\
	  (SONDE_MAX_AGGS + SONDE_MAX_VARS) * SONDE_MAX_AGG_KEYS,	\
	  "key types")							\
	S(VARS,    8, struct sonde_var_desc, vars,    SONDE_MAX_VARS,	\
	  "variables")							\
	/* first instruction of each action, relative to act_off */	\
	S(ACTS,    9, __u32,                 acts,    SONDE_MAX_INSNS,	\
	  "actions")

#define SONDE_SECT_ENUM_(NAME, id, type, field, max, what)		\
	SONDE_SECT_##NAME = id,
#define SONDE_SECT_ONE_(NAME, id, type, field, max, what)	+ 1
enum sonde_sect_id {
	SONDE_SECTS(SONDE_SECT_ENUM_)
	SONDE_NSECTS = 0 SONDE_SECTS(SONDE_SECT_ONE_)
};
#undef SONDE_SECT_ONE_
#undef SONDE_SECT_ENUM_

/**
 * struct sonde_sect - where one section lives in the image.
 * @off:   bytes from the start of the image, multiple of 8
 * @count: elements
 */
struct sonde_sect {
	__u32 off;
	__u32 count;
};

/**
 * struct sonde_prog_hdr - start of a program image.
 * @magic:       SONDE_PROG_MAGIC
 * @hdr_size:    sizeof(struct sonde_prog_hdr) as the compiler knew it
 * @abi_version: SONDE_ABI_VERSION the image was built for
 * @flags:       reserved, zero
 * @sects:       the sections, indexed by SONDE_SECT_*
 * @reserved:    zero
 */
struct sonde_prog_hdr {
	__u32 magic;
	__u32 hdr_size;
	__u32 abi_version;
	__u32 flags;
	struct sonde_sect sects[SONDE_NSECTS];
	__u32 reserved[8];
};

/*
 * Options the kernel acts on: O(name, id, default, min, max).  Sizes are in
 * bytes, rounded down to a multiple of 8 (LOAD reports the bufsize and
 * aggsize in force); deadman is in milliseconds: a consumer that neither
 * drains, snapshots nor asks for its status for that long is aborted
 * (SONDE_ACT_KILLED) and its probes disarmed.  Options the consumer
 * alone acts on (quiet, switchrate, aggrate, aggsort...) never reach the
 * kernel.
 */
#define SONDE_KOPTS(O)							\
	O(bufsize,      0, (4 << 20),  4096,  (1ULL << 30))		\
	O(aggsize,      1, (4 << 20),  4096,  (1ULL << 30))		\
	/* strsize: bytes of a string with its NUL (D's strsize + 1: \
	 * D's counts the characters, as Linux dtrace's does, and the \
	 * compiler gives 257 when D's is not set) */			\
	O(strsize,      2, 256,        3,     4097)			\
	O(bufpolicy,    3, 0,          0,     2)			\
	O(destructive,  4, 0,          0,     1)			\
	O(dynvarsize,   5, (1 << 20),  4096,  (1ULL << 30))		\
	O(deadman,      6, 10000,      1000,  3600000)			\
	O(nspec,        7, 1,          1,     256)			\
	O(specsize,     8, (32 << 10), 4096,  (64 << 20))		\
	/* cpu: trace only on CPU (cpu - 1); 0, the default, on all */ \
	O(cpu,          9, 0,          0,     8192)			\
	/* scratchsize: scratch bytes per CPU for strings, copyin() and \
	 * alloca(); 0, the default, for 16 strings or 16k */		\
	O(scratchsize, 10, 0,          0,     (64 << 20))

#define SONDE_KOPT_ENUM_(name, id, def, min, max) SONDE_OPT_##name = id,
enum sonde_kopt { SONDE_KOPTS(SONDE_KOPT_ENUM_) SONDE_NKOPTS };
#undef SONDE_KOPT_ENUM_

#define SONDE_BUFPOLICY_SWITCH	0
#define SONDE_BUFPOLICY_FILL	1
#define SONDE_BUFPOLICY_RING	2

/**
 * struct sonde_opt - one kernel option; unset options take their default.
 * @id:       SONDE_OPT_*
 * @reserved: zero
 * @value:    within the option's [min, max]
 */
struct sonde_opt {
	__u32 id;
	__u32 reserved;
	__u64 value;
};

/**
 * struct sonde_ecb - an enabling: run clause @clause when probe @probe_id
 * fires.  Its enabled probe id (EPID) is its index in the section + 1;
 * records carry the EPID.  ECBs of one probe run in section order.
 * @probe_id: a probe id from SONDE_IOC_PROBES
 * @clause:   index into the clause section
 */
struct sonde_ecb {
	__u32 probe_id;
	__u32 clause;
};

/**
 * struct sonde_clause - one D clause: an optional predicate program and an
 * actions program, both ranges of the instruction section.
 * @pred_off: first instruction of the predicate
 * @pred_len: predicate length in instructions; 0 = no predicate
 * @act_off:  first instruction of the actions
 * @act_len:  actions length in instructions (>= 1: at least a ret)
 * @rec_size: bytes of data the actions emit after the record header;
 *            0 = the clause emits no record (unless SONDE_CLAUSEF_RECORD).
 *            Multiple of 8.
 * @flags:    SONDE_CLAUSEF_*
 * @acts_off: index of the clause's first entry in the ACTS section
 * @nacts:    D actions (statements) of the clause; their entries give the
 *            first instruction of each, ascending, so a fault's
 *            instruction names DTrace's "action #N" (0 for none: then a
 *            fault is in action #1)
 */
struct sonde_clause {
	__u32 pred_off;
	__u32 pred_len;
	__u32 act_off;
	__u32 act_len;
	__u32 rec_size;
	__u32 flags;
	__u32 acts_off;
	__u32 nacts;
};

/* Commit a record (just the header when rec_size is 0) on every firing:
 * DTrace's default action for a clause without actions. */
#define SONDE_CLAUSEF_RECORD	0x1
/* The clause's record asks the consumer for something destructive
 * (system(), freopen()): the image needs the destructive option. */
#define SONDE_CLAUSEF_DESTRUCTIVE	0x2

/**
 * struct sonde_agg_desc - one aggregation (@name[keys] = fn(...)).
 * @fn:       SONDE_AGG_* function
 * @nkeys:    number of key components (0..SONDE_MAX_AGG_KEYS)
 * @keys_off: index of the first key type in the KEYS section
 * @flags:    SONDE_AGGF_*
 * @params:   lquantize: base, limit, step; llquantize: factor, low, high,
 *            nsteps; zero otherwise
 *
 * Key and value layout in snapshots: each key component is 8 bytes for an
 * integer, strsize bytes (NUL-padded) for a string, frames * 8 for a
 * stack, n for a struct (SONDE_TYPE_BYTES(n)), in order, then the
 * value: count/sum/min/max one __s64; avg {count, sum}; stddev {count,
 * sum, sum of squares as 128 bits (lo, hi)}; quantize 127 __s64 buckets;
 * lquantize levels + 2 buckets (levels = (limit - base) / step);
 * llquantize the buckets computed by sonde_llquantize_nbuckets(), signed
 * around the middle one (|value| < factor^low) as sonde_llquantize_
 * zerobucket() says.
 */
struct sonde_agg_desc {
	__u32 fn;
	__u32 nkeys;
	__u32 keys_off;
	__u32 flags;
	__s64 params[4];
};

#define SONDE_AGGF_INCR	0x1	/* the call has an increment argument (rt+1) */

/**
 * struct sonde_var_desc - one D variable.
 * @scope:    SONDE_VAR_GLOBAL, SONDE_VAR_LOCAL (this->) or SONDE_VAR_TLS
 *            (self->)
 * @type:     SONDE_T_INT (8 bytes), SONDE_T_STR (strsize bytes),
 *            SONDE_T_BUF (8 bytes: a clause-local scalar holding a
 *            copyin() buffer, loaded as a buffer), or
 *            SONDE_TYPE_BYTES(n) (n bytes, 1 to SONDE_MAX_BYREF: a struct
 *            or array; a load copies it into scratch and gives a buffer,
 *            a store copies a buffer's n bytes)
 * @nkeys:    0 for a scalar; the key count of an associative array
 *            (global or thread-local scope only)
 * @keys_off: index of the first key type in the KEYS section
 *
 * Thread-locals and associative arrays are dynamic: storing 0 (an integer
 * 0) deletes the element, loading a missing one yields 0 or "", and the
 * dynvarsize pool bounds them (full = a dynamic-variable drop).
 */
struct sonde_var_desc {
	__u32 scope;
	__u32 type;
	__u32 nkeys;
	__u32 keys_off;
};

/**
 * struct sonde_load - SONDE_IOC_LOAD: verify and load a program.  One
 * program per open file.
 * @prog:          in: user pointer to the program image
 * @prog_size:     in: bytes
 * @log_level:     in: 0 = no log, 1 = log rejections
 * @log_buf:       in: user pointer to a log buffer (may be 0 if @log_size 0)
 * @log_size:      in: bytes at @log_buf
 * @log_true_size: out: bytes the log needed, including the NUL
 * @bufsize:       out: bytes a DRAIN buffer must hold (the bufsize in force)
 * @aggsize:       out: bytes an AGGSNAP buffer must hold
 * @reserved:      zero
 *
 * Errors: EINVAL malformed image, E2BIG a size or count over a limit,
 * EACCES a forbidden operation (destructive without the option), ENOENT
 * unknown probe id, ENOSPC log buffer too small (the load itself failed
 * for the logged reason; @log_true_size says what it needed), EBUSY a
 * program is already loaded, ENOMEM.
 */
struct sonde_load {
	__aligned_u64 prog;
	__u32 prog_size;
	__u32 log_level;
	__aligned_u64 log_buf;
	__u32 log_size;
	__u32 log_true_size;
	__u64 bufsize;
	__u64 aggsize;
	__u32 reserved[4];
};

/**
 * struct sonde_go - SONDE_IOC_GO: fire BEGIN and arm every probe.
 * @begin_cpu: out: the CPU BEGIN fired on (drain it first)
 * @reserved:  zero
 */
struct sonde_go {
	__u32 begin_cpu;
	__u32 reserved[3];
};

/**
 * struct sonde_stop - SONDE_IOC_STOP: disarm every probe, wait for
 * handlers in flight, then fire END.
 * @end_cpu:  out: the CPU END fired on (drain it last)
 * @reserved: zero
 */
struct sonde_stop {
	__u32 end_cpu;
	__u32 reserved[3];
};

/**
 * struct sonde_drain - SONDE_IOC_DRAIN (principal buffer) and
 * SONDE_IOC_AGGSNAP (aggregation buffer) of one CPU: switch the CPU's
 * active and inactive buffers and copy the inactive one out.
 * @cpu:      in: CPU id
 * @flags:    in: reserved, zero
 * @buf:      in: user pointer
 * @buf_size: in: bytes at @buf; must be at least bufsize / aggsize
 * @size:     out: bytes copied
 * @drops:    out: records dropped on this CPU since the last call
 * @errors:   out: DRAIN: faults on this CPU since the last call
 * @reserved: zero
 *
 * DRAIN data: records, each a struct sonde_rechdr then rec_size bytes.
 * AGGSNAP data: entries, each a struct sonde_aggrec then key and value;
 * the values are deltas since the previous AGGSNAP of that CPU.
 */
struct sonde_drain {
	__u32 cpu;
	__u32 flags;
	__aligned_u64 buf;
	__u64 buf_size;
	__u64 size;
	__u64 drops;
	__u64 errors;
	__u64 reserved[4];
};

/**
 * struct sonde_rechdr - header of every record in a principal buffer.
 * @epid:      enabled probe id, or SONDE_EPID_ERROR
 * @size:      bytes of the whole record including this header, multiple of 8
 * @timestamp: ns, CLOCK_MONOTONIC, taken once per probe firing
 */
struct sonde_rechdr {
	__u32 epid;
	__u32 size;
	__u64 timestamp;
};

#define SONDE_EPID_ERROR	0xffffffffu

/**
 * struct sonde_errrec - payload of a SONDE_EPID_ERROR record: a clause
 * faulted and was abandoned (the next firing runs normally).
 * @epid:   the enabling that faulted
 * @where:  0 = predicate, 1 = actions
 * @pc:     instruction index within the predicate or actions program
 * @fault:  SONDE_FLT_*
 * @action: DTrace's action index: 0 = the predicate, N = action #N
 * @reserved: zero
 * @addr:   the offending address or value
 *
 * The same fault fires dtrace:::ERROR for the consumer, with arg1 = @epid,
 * arg2 = @action, arg3 = the instruction's byte offset (@pc * 8),
 * arg4 = @fault, arg5 = @addr, as DTrace's ERROR probe.
 */
struct sonde_errrec {
	__u32 epid;
	__u32 where;
	__u32 pc;
	__u32 fault;
	__u32 action;
	__u32 reserved;
	__u64 addr;
};

/**
 * struct sonde_aggrec - header of an entry in an aggregation snapshot,
 * followed by the key and then the value, which starts at the first
 * 8-byte boundary after the key (a struct key may be any length).
 * @aggid: index into the program's aggregation section
 * @size:  bytes of the entry including this header, multiple of 8
 * @hash:  the kernel's hash of aggid and key (consumers may reuse it)
 * @next:  the kernel's hash-chain link; meaningless to consumers
 */
struct sonde_aggrec {
	__u32 aggid;
	__u32 size;
	__u32 hash;
	__u32 next;
};

#define SONDE_ACT_INACTIVE	0	/* open, nothing loaded */
#define SONDE_ACT_LOADED	1	/* program loaded, not armed */
#define SONDE_ACT_ACTIVE	2	/* armed */
#define SONDE_ACT_DRAINING	3	/* exit() was called; armed */
#define SONDE_ACT_STOPPED	4	/* disarmed, END fired */
#define SONDE_ACT_KILLED	5	/* aborted by the deadman */

/**
 * struct sonde_status - SONDE_IOC_STATUS: the state of this consumer.
 * @activity:    SONDE_ACT_*
 * @exit_status: the argument of the first exit() (valid when DRAINING)
 * @errors:      faults since GO, all CPUs
 * @drops:       principal-buffer drops since GO, all CPUs
 * @aggdrops:    aggregation drops since GO, all CPUs
 * @recdrops:    firings dropped because a probe fired inside a firing
 * @nmidrops:    firings dropped because they came in NMI context
 * @dyndrops:    dynamic-variable stores dropped: the dynvarsize pool was
 *               full
 * @flags:       SONDE_STATUS_*
 * @specdrops:   speculative records dropped because a speculation buffer
 *               was full, counted when the speculation is committed
 * @specbusy:    speculation() found none free while one was being
 *               committed or discarded (DTrace's "busy" failure)
 * @specunavail: speculation() found none free otherwise (DTrace's "no
 *               speculative buffer available")
 * @jstackdrops: jstack() walks that ended early because memory of the
 *               interpreter could not be read
 * @reserved:    zero
 */
struct sonde_status {
	__u32 activity;
	__s32 exit_status;
	__u64 errors;
	__u64 drops;
	__u64 aggdrops;
	__u64 recdrops;
	__u64 nmidrops;
	__u64 dyndrops;
	__u32 flags;
	__u32 reserved32;
	__u64 specdrops;
	__u64 specbusy;
	__u64 specunavail;
	__u64 jstackdrops;
	__u64 reserved[2];
};

#define SONDE_STATUS_FILLED	0x1	/* bufpolicy=fill: a buffer filled */

/**
 * struct sonde_testrun - SONDE_IOC_TESTRUN: fire enabling @epid of the
 * loaded (not yet armed) program once, on the calling CPU, as its probe
 * would, and report what the VM did.  Records, ERROR records and
 * aggregations land in the consumer's buffers as in a real firing (DRAIN
 * and AGGSNAP @cpu to see them).  For the VM test corpus, loads from
 * [SONDE_TEST_KBASE, + mem_size) read a kernel copy of @mem and user loads
 * from [SONDE_TEST_UBASE, + mem_size) read @mem itself; every other
 * address goes to the real fault-safe copies.
 * @epid:        in: enabling to fire (1..)
 * @mem_size:    in: bytes at @mem, at most SONDE_TEST_MAXMEM
 * @mem:         in: user pointer to the test memory window (may be 0)
 * @args:        in: arg0..arg9
 * @cpu:         out: the CPU it ran on
 * @flags:       out: SONDE_TESTRUN_* what happened
 * @pred:        out: the predicate's value (1 if there is none)
 * @result:      out: the actions' ret value
 * @fault:       out: SONDE_FLT_* if SONDE_TESTRUN_FAULT
 * @fault_pc:    out: instruction of the fault, within its program
 * @fault_addr:  out: the offending address or value
 * @exit_status: out: exit()'s argument if SONDE_TESTRUN_EXIT
 * @reserved:    zero
 */
struct sonde_testrun {
	__u32 epid;
	__u32 mem_size;
	__aligned_u64 mem;
	__u64 args[10];
	__u32 cpu;
	__u32 flags;
	__u64 pred;
	__u64 result;
	__u32 fault;
	__u32 fault_pc;
	__u64 fault_addr;
	__s64 exit_status;
	__u64 reserved[4];
};

#define SONDE_TESTRUN_FAULT	0x1	/* a fault stopped the clause */
#define SONDE_TESTRUN_INPRED	0x2	/* ... in the predicate */
#define SONDE_TESTRUN_ACTIONS	0x4	/* the actions ran (predicate true) */
#define SONDE_TESTRUN_EXIT	0x8	/* exit() was called */

#define SONDE_TEST_KBASE	0x1000ULL
#define SONDE_TEST_UBASE	0x2000ULL
#define SONDE_TEST_MAXMEM	4096

/*
 * User probes (USDT and pid): userland finds the sites in the ELF files
 * (SDT notes, symbol tables) and creates one probe per site with
 * SONDE_IOC_UPROBE; the module registers a uprobe (a trap in place of the
 * instruction at @offset of the file) while the probe is enabled.
 *
 * An argument location, as an SDT argument spec says it ("-4@%eax",
 * "8@-16(%rbp,%rax,8)", "4@$42"):
 *   SONDE_UARG_CONST  value = @disp
 *   SONDE_UARG_REG    value = reg[@base]
 *   SONDE_UARG_MEM    value = *(reg[@base] + reg[@index] * @scale + @disp)
 *                     (@base or @index SONDE_UREG_NONE when absent)
 * then truncated to |@size| bytes (1, 2, 4 or 8) and sign-extended when
 * @size is negative.  Registers are SONDE_UREG_* (sonde_isa.h); a memory
 * operand that faults reads as 0.
 */
#define SONDE_UARG_CONST	1
#define SONDE_UARG_REG		2
#define SONDE_UARG_MEM		3

struct sonde_uarg {
	__u8 kind;
	__s8 size;
	__u8 base;
	__u8 index;
	__u8 scale;
	__u8 reserved[3];
	__s64 disp;
};

#define SONDE_UPROBE_MAX_ARGS	10

/* struct sonde_uprobe.flags */
#define SONDE_UPROBE_RETURN	0x1	/* fire when the function at @offset
					 * returns: arg0 = the address it
					 * returns to, arg1 = its return value */
#define SONDE_UPROBE_FUNC_ENTRY	0x2	/* @offset is a function's first
					 * instruction (pid entry probes):
					 * ustack() takes the caller from the
					 * top of the stack, where the frame
					 * pointer does not yet lead */

/**
 * struct sonde_uprobe - SONDE_IOC_UPROBE: create a user probe owned by
 * this open file (only its owner lists and enables it; it goes away when
 * the file is closed).  A request naming a probe that exists adds the
 * site to it (an SDT probe may have several sites) and returns its id; the
 * same site again changes nothing.
 * @path:    in: user pointer to the NUL-terminated path of the ELF file
 * @offset:  in: file offset of the probed instruction
 * @refctr:  in: file offset of the SDT semaphore (a __u16 the kernel
 *           increments in each traced process while the probe is
 *           enabled), 0 for none
 * @pid:     in: fire only in this process (in the program it runs at the
 *           time of the call); 0: every process that maps @path, now or
 *           later
 * @flags:   in: SONDE_UPROBE_*
 * @nargs:   in: argument locations in @args (0..SONDE_UPROBE_MAX_ARGS);
 *           must be 0 with SONDE_UPROBE_RETURN
 * @id:      out: the probe's id
 * @reserved: zero
 * @args:    in: where arg0.. come from; a pid entry probe passes the
 *           function's integer arguments (%rdi, %rsi, ...)
 * @desc:    in: the probe's name, no glob characters, no empty field; the
 *           provider must not be a kernel provider's
 *
 * Errors: EINVAL bad field, ENOENT @path does not exist, EACCES @path is
 * not a regular file, ESRCH no process @pid, EEXIST a probe of that name
 * that is an entry probe where this is a return probe or the reverse,
 * EBUSY the file's probes are armed (add sites before GO), ENOSPC too
 * many sites (65536 per file), EOPNOTSUPP the module was built for a
 * kernel whose uprobe API it does not support, ENOMEM.
 */
struct sonde_uprobe {
	__aligned_u64 path;
	__u64 offset;
	__u64 refctr;
	__s32 pid;
	__u32 flags;
	__u32 nargs;
	__u32 id;
	__u32 reserved[4];
	struct sonde_uarg args[SONDE_UPROBE_MAX_ARGS];
	struct sonde_probe_desc desc;
};

/*
 * jstack(): the frames of the interpreter a thread runs, found by a walk
 * of its data structures that the kernel does with offsets userland hands
 * over (SONDE_IOC_JHELPER), in the way DTrace's ustack helpers gave a
 * string per frame.  The kernel knows no interpreter: it follows
 * pointers at the offsets it was given, through fault-safe user copies,
 * a bounded number of steps.  The walk, for a CPython runtime:
 *
 *   runtime + rt_interp_head -> each interpreter (is_next, at most
 *   max_interps) -> its thread states (is_threads_head, ts_next, at most
 *   max_threads): the one whose ts_native_tid is the thread's id (the GIL
 *   holder at rt_tstate_current is tried first) -> its current frame
 *   (ts_cframe then ts_frame, or ts_frame alone) -> each frame (fr_*,
 *   fr_previous, at most the jstack()'s frame count) -> its code object
 *   (co_*) -> the code's name and file name, strings read as CPython's
 *   compact unicode objects (str_*, state bits).
 *
 * Offsets are bytes, at most SONDE_PYOFF_MAX; SONDE_PYOFF_NONE marks one
 * the runtime does not have (only where the field says so).
 */
#define SONDE_PYOFF_NONE	0xffffffffu
#define SONDE_PYOFF_MAX		65535

/**
 * struct sonde_pyoffsets - where a CPython runtime keeps what jstack() reads.
 * @rt_interp_head:   _PyRuntime: the first interpreter
 * @rt_tstate_current: _PyRuntime: the thread state holding the GIL, or NONE
 * @is_next:          interpreter: the next interpreter
 * @is_threads_head:  interpreter: its first thread state
 * @ts_next:          thread state: the next one
 * @ts_native_tid:    thread state: the thread's id (an unsigned long)
 * @ts_cframe:        thread state: its C frame, whose @ts_frame is the
 *                    current frame (3.11, 3.12); NONE: @ts_frame is the
 *                    thread state's own (3.13)
 * @ts_frame:         the current interpreter frame (see @ts_cframe)
 * @fr_code:          frame: the code object
 * @fr_previous:      frame: the caller's frame
 * @fr_instr:         frame: the instruction pointer (prev_instr,
 *                    instr_ptr), a code unit address
 * @fr_entry:         frame: a byte, nonzero when the frame is the first
 *                    one a C call of the interpreter runs (3.11); or NONE
 * @fr_owner:         frame: its owner byte, or NONE
 * @owner_skip:       frames whose owner byte has this value are the
 *                    interpreter's own (3.12's and 3.13's C-stack shims),
 *                    not code, and are skipped; with @fr_entry NONE the
 *                    frame recorded before one is marked SONDE_PYF_ENTRY;
 *                    NONE: none is
 * @co_name:          code: its name (a str)
 * @co_filename:      code: its file name (a str)
 * @co_firstlineno:   code: its first line (an int)
 * @co_code:          code: where its bytecode starts (lasti's origin)
 * @str_length:       str: its length in characters
 * @str_state:        str: its state word (32 bits)
 * @str_ascii_data:   str: where a compact ASCII string's characters start
 * @str_compact_data: str: where another compact string's characters start
 * @state_kind_shift: the state's character width field (1, 2 or 4
 *                    bytes), 3 bits from this bit
 * @state_compact_bit: the state's "compact" bit
 * @state_ascii_bit:  the state's "ascii" bit
 * @reserved:         zero
 */
struct sonde_pyoffsets {
	__u32 rt_interp_head;
	__u32 rt_tstate_current;
	__u32 is_next;
	__u32 is_threads_head;
	__u32 ts_next;
	__u32 ts_native_tid;
	__u32 ts_cframe;
	__u32 ts_frame;
	__u32 fr_code;
	__u32 fr_previous;
	__u32 fr_instr;
	__u32 fr_entry;
	__u32 fr_owner;
	__u32 owner_skip;
	__u32 co_name;
	__u32 co_filename;
	__u32 co_firstlineno;
	__u32 co_code;
	__u32 str_length;
	__u32 str_state;
	__u32 str_ascii_data;
	__u32 str_compact_data;
	__u8 state_kind_shift;
	__u8 state_compact_bit;
	__u8 state_ascii_bit;
	__u8 reserved;
};

#define SONDE_MAX_JHELPERS		16
#define SONDE_JHELPER_MAX_THREADS	1024
#define SONDE_JHELPER_MAX_INTERPS	64
#define SONDE_JHELPER_NONE		0xffff	/* struct sonde_jstack.helper */

/**
 * struct sonde_jhelper - SONDE_IOC_JHELPER: tell the kernel where an
 * interpreter keeps its frames, so jstack() in its threads records them.
 * Before GO only; at most SONDE_MAX_JHELPERS per open file.  A firing's
 * thread is matched against the helpers in the order they were given.
 * @size:        in: sizeof(struct sonde_jhelper)
 * @fd:          in: with @pid 0, a file descriptor of the interpreter's
 *               executable: the helper applies to every process whose
 *               executable (/proc/PID/exe) is that file; else -1
 * @pid:         in: 0, or the one process the helper applies to (a
 *               runtime in a shared library, at an address only that
 *               process has)
 * @flags:       in: zero
 * @text:        in: @pid 0: the link-time address where the file's first
 *               executable segment starts (what the kernel maps at the
 *               process's start_code, so the difference is the load
 *               bias); else zero
 * @runtime:     in: the runtime's address: link-time with @pid 0 (the
 *               load bias is added), in @pid's address space otherwise
 * @max_threads: in: thread states looked at per walk, 1 to
 *               SONDE_JHELPER_MAX_THREADS
 * @max_interps: in: interpreters looked at per walk, 1 to
 *               SONDE_JHELPER_MAX_INTERPS
 * @id:          out: the helper's number, as jstack() records name it
 * @reserved:    zero
 * @off:         in: the runtime's layout
 * @reserved2:   zero
 *
 * Errors: EINVAL a bad field or offset, EBADF @fd, ESRCH no process
 * @pid, EBUSY tracing has started, ENOSPC SONDE_MAX_JHELPERS given.
 */
struct sonde_jhelper {
	__u32 size;
	__s32 fd;
	__s32 pid;
	__u32 flags;
	__u64 text;
	__u64 runtime;
	__u32 max_threads;
	__u32 max_interps;
	__u32 id;
	__u32 reserved;
	struct sonde_pyoffsets off;
	__u64 reserved2[4];
};

/*
 * User stacks without frame pointers (SONDE_IOC_UTAB): userland turns the
 * call frame information (.eh_frame, .debug_frame) of the objects a
 * process maps into rows, one per address range, each saying where the
 * caller's frame is; the kernel checks them and ustack(), ustackdepth,
 * ucaller and jstack()'s native part walk that process's stack with them.
 * A PC no row covers, or a row saying FP, is walked by frame pointers.
 *
 * The rules, R(NAME, value, what): the CFA (the caller's stack pointer
 * after the return) is computed, then the return address is read at
 * CFA + ra_off and, when rbp_off is not 0, the caller's RBP at
 * CFA + rbp_off (0: RBP is the caller's still).
 */
#define SONDE_UROWS(R)							\
	/* no call frame information here: frame pointers */		\
	R(NONE, 0, "no call frame information")			\
	/* CFA = RBP + 16, return address at CFA - 8, RBP at CFA - 16 */ \
	R(FP,   1, "frame pointer")					\
	/* CFA = RSP + cfa_off */					\
	R(SP,   2, "rsp-relative")					\
	/* CFA = RBP + cfa_off */					\
	R(BP,   3, "rbp-relative")					\
	/* a PLT entry: CFA = RSP + cfa_off, 8 more when (PC & 15) >=	\
	 * arg (the pattern of its DW_CFA_def_cfa_expression) */	\
	R(PLT,  4, "plt")						\
	/* what the rows cannot express (another expression, a signal	\
	 * frame, the return address undefined): the walk ends here */	\
	R(STOP, 5, "stop")

#define SONDE_UROW_ENUM_(NAME, v, what)	SONDE_UROW_##NAME = v,
enum sonde_urow_rule { SONDE_UROWS(SONDE_UROW_ENUM_) SONDE_NUROWS };
#undef SONDE_UROW_ENUM_

#define SONDE_UTAB_MAX_PIDS	16	/* processes with a table, per file */
#define SONDE_UTAB_MAX_MAPS	1024	/* mappings per table */
#define SONDE_UTAB_MAX_ROWS	(1 << 20) /* rows per table */
#define SONDE_UTAB_MAX_OFF	(1 << 20) /* |cfa_off|; ra_off, rbp_off: 16 bits */
/* kernel memory for every table of a file together, reserved at LOAD
 * when the program records user stacks */
#define SONDE_UTAB_MAX_BYTES	(8 << 20)

/**
 * struct sonde_utab_row - from @pc up to the next row's @pc (or the end of
 * its mapping), how to find the caller's frame.
 * @pc:       link-time address (the mapping's @bias added makes it the
 *            address in the process)
 * @rule:     SONDE_UROW_*
 * @arg:      SONDE_UROW_PLT: the PC's low four bits from which the CFA
 *            is 8 higher (1 to 15); else zero
 * @reserved: zero
 * @cfa_off:  SP, BP, PLT: bytes added to the register (SP and PLT: 8
 *            at least); else zero
 * @ra_off:   SP, BP, PLT: bytes from the CFA to the return address
 *            (negative); else zero
 * @rbp_off:  SP, BP: bytes from the CFA to the saved RBP (negative), or
 *            0 when RBP is not saved; else zero
 */
struct sonde_utab_row {
	__u32 pc;
	__u8 rule;
	__u8 arg;
	__u16 reserved;
	__s32 cfa_off;
	__s16 ra_off;
	__s16 rbp_off;
};

/**
 * struct sonde_utab_map - one executable mapping of the process and its rows.
 * @start:  first address of the mapping in the process
 * @end:    the address after it
 * @bias:   the load bias: address in the process = link-time + @bias
 *          (@start - @bias and @end - @bias within 0..2^32)
 * @first:  its first row in the table's rows
 * @count:  its rows (1 at least), sorted by @pc, no two equal
 */
struct sonde_utab_map {
	__u64 start;
	__u64 end;
	__u64 bias;
	__u32 first;
	__u32 count;
};

/**
 * struct sonde_utab - SONDE_IOC_UTAB: give (or replace, or with @nmaps 0
 * drop) the rows a process's user stacks are walked with.  Before or
 * after GO (a table replaced while tracing is swapped whole: a walk sees
 * the old or the new one).  Needs a loaded program that records user
 * stacks (its LOAD reserved SONDE_UTAB_MAX_BYTES for them).
 * @size:      in: sizeof(struct sonde_utab)
 * @pid:       in: the process (thread group id)
 * @nmaps:     in: mappings at @maps, 0 to SONDE_UTAB_MAX_MAPS, sorted by
 *             start, not overlapping
 * @nrows:     in: rows at @rows, at most SONDE_UTAB_MAX_ROWS
 * @maps:      in: user pointer to struct sonde_utab_map[@nmaps]
 * @rows:      in: user pointer to struct sonde_utab_row[@nrows]
 * @bytes:     out: kernel memory the table holds
 * @flags:     in: zero
 * @reserved:  zero
 *
 * Errors: EINVAL a malformed field, mapping or row (unsorted,
 * overlapping, out of bounds, an unknown rule, an offset a rule does not
 * take), E2BIG more than the limits or than the memory LOAD reserved,
 * ESRCH no process @pid, EBUSY no program loaded or one that records no
 * user stack, ENOSPC tables for SONDE_UTAB_MAX_PIDS processes already,
 * EFAULT, ENOMEM.
 */
struct sonde_utab {
	__u32 size;
	__s32 pid;
	__u32 nmaps;
	__u32 nrows;
	__aligned_u64 maps;
	__aligned_u64 rows;
	__u64 bytes;
	__u32 flags;
	__u32 reserved[5];
};

/**
 * struct sonde_jstack - what jstack(frames, strsize) records, as a record
 * field or a key component of SONDE_JSTACK_SIZE(frames, strsize) bytes.
 * After this header, packed: @npcs native program counters (__u64,
 * innermost first, as ustack() takes them), @npy struct sonde_pyframe
 * (innermost first), then @strlen bytes of strings, each a __u16
 * (SONDE_JSTR_LEN bytes of characters of SONDE_JSTR_WIDTH bytes each)
 * and the characters.  Bytes past the used length are unspecified in a
 * record and zero in a key.
 * @pid:      the process (thread group id); 0 in a kernel thread
 * @npcs:     native program counters that follow
 * @npy:      interpreter frames after them
 * @strlen:   bytes of strings after the frames
 * @flags:    SONDE_JSTACK_*
 * @helper:   the helper whose walk found the frames, or SONDE_JHELPER_NONE
 * @reserved: zero
 */
struct sonde_jstack {
	__u32 pid;
	__u16 npcs;
	__u16 npy;
	__u16 strlen;
	__u16 flags;
	__u16 helper;
	__u16 reserved;
};

#define SONDE_JSTACK_MAXSTR	4096	/* strsize: 8 to this, a multiple of 8 */
#define SONDE_JSTACK_SIZE(frames, strsize) \
	(sizeof(struct sonde_jstack) + (frames) * 8 + \
	 (frames) * sizeof(struct sonde_pyframe) + (strsize))

/* struct sonde_jstack.flags */
#define SONDE_JSTACK_FAULT	0x1	/* memory the walk needed could not
					 * be read: the frames end early (a
					 * jstack drop) */
#define SONDE_JSTACK_PYTRUNC	0x2	/* more interpreter frames than room */
#define SONDE_JSTACK_STRTRUNC	0x4	/* names that did not fit are missing */
#define SONDE_JSTACK_NOTHREAD	0x8	/* an interpreter, but not one of its
					 * threads (or none running code) */

/**
 * struct sonde_pyframe - one interpreter frame of a struct sonde_jstack.
 * @code:        the code object's address
 * @lasti:       the frame's instruction pointer less the code's bytecode
 *               start (bytes); may be out of range in a frame just made
 * @firstlineno: the code's first line
 * @name:        the offset of the code's name among the strings, or
 *               SONDE_JSTR_NONE
 * @file:        the offset of its file name, or SONDE_JSTR_NONE
 * @flags:       SONDE_PYF_*
 * @reserved:    zero
 */
struct sonde_pyframe {
	__u64 code;
	__s32 lasti;
	__s32 firstlineno;
	__u16 name;
	__u16 file;
	__u16 flags;
	__u16 reserved;
};

#define SONDE_PYF_ENTRY		0x1	/* the first frame a C call of the
					 * interpreter runs: the next frame
					 * belongs to an outer call */
#define SONDE_JSTR_NONE		0xffff
#define SONDE_JSTR_LEN(h)	((h) & 0x3fff)
#define SONDE_JSTR_WIDTH(h)	(1u << ((h) >> 14))	/* 1, 2, 4 */
#define SONDE_JSTR_HDR(len, shift)	((__u16)((len) | ((shift) << 14)))

/*
 * Probes of objects a process maps after tracing began (dlopen(), a
 * launcher's libjvm.so): the dynamic linker calls _dl_debug_state() (the
 * r_debug rendezvous debuggers break on) when it has mapped new objects,
 * before it relocates them or runs one of their constructors.  A
 * rendezvous (SONDE_IOC_RDV) is a uprobe there, in one process: the
 * thread that reaches it waits, at most SONDE_RDV_WAIT_MS, until the
 * consumer says it has seen it, having made the new objects' user probes
 * (SONDE_IOC_UPROBE) and enabled them (SONDE_IOC_ENABLE) meanwhile.
 */
#define SONDE_RDV_WAIT_MS	10000
#define SONDE_RDV_MAX		16	/* rendezvous per consumer */

#define SONDE_RDV_ADD		1	/* place one at @path + @offset in @pid */
#define SONDE_RDV_SEEN		2	/* arrivals up to @seen are handled */

/**
 * struct sonde_rdv - SONDE_IOC_RDV: place a rendezvous, or let the
 * threads waiting at them go.
 * @path:     in (ADD): user pointer to the NUL-terminated path of the
 *            dynamic linker the process runs
 * @offset:   in (ADD): file offset of its _dl_debug_state()
 * @pid:      in (ADD): the process (thread group id); 0 with SEEN
 * @op:       in: SONDE_RDV_ADD or SONDE_RDV_SEEN
 * @seen:     in (SEEN): every arrival up to this count has been handled;
 *            its waiting threads go on.  0 with ADD
 * @arrived:  out (both): the threads that have reached one of this
 *            consumer's rendezvous so far (a count that only grows): more
 *            than the @seen of the last call means some wait
 * @reserved: zero
 *
 * A rendezvous stays placed until the file is released; after STOP (and
 * on release) nobody waits at it any more.  Errors: EINVAL a bad field,
 * ENOENT @path does not exist, EACCES not a regular file, ESRCH no
 * process @pid, ENOSPC SONDE_RDV_MAX already, EBUSY no program loaded,
 * EOPNOTSUPP no uprobes, ENOMEM.
 */
struct sonde_rdv {
	__aligned_u64 path;
	__u64 offset;
	__s32 pid;
	__u32 op;
	__u64 seen;
	__u64 arrived;
	__u32 reserved[4];
};

/**
 * struct sonde_enable - SONDE_IOC_ENABLE: add enablings to a loaded or
 * tracing program, for probes made after LOAD (the user probes of an
 * object mapped later).  Each is costed and reserved on its probe as
 * LOAD does, and armed at once when tracing; their EPIDs follow the
 * image's ECBs and the enablings added before, in order.
 * @ecbs:       in: user pointer to struct sonde_ecb[@necbs]; the probes
 *              must be neither BEGIN, END nor ERROR
 * @necbs:      in: 1 or more; all the enablings together at most
 *              SONDE_MAX_ECBS
 * @first_epid: out: the EPID of the first
 * @reserved:   zero
 *
 * All or nothing.  Errors: EINVAL a bad field or clause, ENOENT an
 * unknown probe (or another consumer's), E2BIG past SONDE_MAX_ECBS or a
 * probe's firing budget, EPERM refused under lockdown, EBUSY no program
 * loaded or tracing is over, EFAULT, ENOMEM, and the provider's errors
 * in arming.
 */
struct sonde_enable {
	__aligned_u64 ecbs;
	__u32 necbs;
	__u32 first_epid;
	__u32 reserved[4];
};

/*
 * Kernel probe sites that only files name (SONDE_IOC_OFFER).  The module
 * reads no files: the caller reads what a description needs and offers
 * it, and the module checks every entry against the kernel itself before
 * it makes a probe of it (and makes none of what it cannot confirm).
 *
 *   SONDE_OFFER_FUNC   fbt: the function @name of @module ("vmlinux" or a
 *                      module's name) starts at @addr.  From tracefs's
 *                      available_filter_functions (which functions ftrace
 *                      can trace) and /proc/kallsyms (their addresses).
 *                      Confirmed if the kernel's symbol table puts @name
 *                      at @addr in @module, ftrace has a site there, and
 *                      the function is not one sonde's firing path calls.
 *                      Both probes, :entry and :return, are made.
 *   SONDE_OFFER_EVENT  tracepoint: the kernel tracepoint @name belongs to
 *                      the trace event system @module (tracefs's
 *                      available_events, "system:name"); @addr is 0.
 *                      Confirmed if that system's event of that name
 *                      rides that tracepoint.  The tracepoint's probe is
 *                      tracepoint:@module::@name from then on.
 *   SONDE_OFFER_DONE   fbt: every function available_filter_functions
 *                      listed whose module matches the glob @module and
 *                      whose name matches the glob @name ("" or "*":
 *                      all) has now been offered, the files read in fbt
 *                      generation @addr (SONDE_IOC_INFO's fbt_gen, taken
 *                      before the files were read).  The module remembers
 *                      the last SONDE_OFFER_NDONE such pairs until a
 *                      kernel module loads (SONDE_IOC_PROBES' @offered);
 *                      an older generation is taken and forgotten.
 *                      Nothing is made.  The globs may be empty and hold
 *                      any printable character but ' ' and ':'.
 */
#define SONDE_OFFER_FUNC	1
#define SONDE_OFFER_EVENT	2
#define SONDE_OFFER_DONE	3
#define SONDE_OFFER_NDONE	16
#define SONDE_OFFER_MAX		4096	/* entries per call */

/**
 * struct sonde_offer_ent - one offered site.
 * @addr:     SONDE_OFFER_FUNC: the function's address; SONDE_OFFER_DONE:
 *            the fbt generation; else 0
 * @kind:     SONDE_OFFER_*
 * @reserved: zero
 * @module:   NUL-terminated, not empty: "vmlinux", a module or a system
 *            (SONDE_OFFER_DONE: a module glob)
 * @name:     NUL-terminated, not empty: the function or the tracepoint
 *            (SONDE_OFFER_DONE: a function glob)
 *
 * Names are made of letters, digits, '_', '.' and '-'.
 */
struct sonde_offer_ent {
	__u64 addr;
	__u32 kind;
	__u32 reserved;
	char module[SONDE_MODNAMELEN];
	char name[SONDE_FUNCNAMELEN];
};

/**
 * struct sonde_offer - SONDE_IOC_OFFER: offer kernel probe sites.
 * @ents:     in: user pointer to @count struct sonde_offer_ent
 * @count:    in: 1..SONDE_OFFER_MAX
 * @flags:    in: reserved, zero
 * @accepted: out: entries confirmed (including sites already known)
 * @refused:  out: entries the kernel could not confirm (no such function
 *            at that address, not an ftrace site, one sonde does not
 *            trace, a tracepoint not of that system); nothing is made of
 *            them
 * @created:  out: probes made
 * @reserved: zero
 *
 * Errors: EINVAL a malformed entry or field, E2BIG @count over
 * SONDE_OFFER_MAX (nothing is made of either), E2BIG the fbt probe table
 * is full (100000 probes; the entries before that were taken), EFAULT,
 * ENOMEM.
 */
struct sonde_offer {
	__aligned_u64 ents;
	__u32 count;
	__u32 flags;
	__u32 accepted;
	__u32 refused;
	__u32 created;
	__u32 reserved[3];
};

/*
 * Anonymous (boot-time) tracing.  `sonde -A` compiles and verifies a
 * program as for a run and saves it, bound to its options, in one file
 * (SONDE_ANON_PATH unless -o names another); the module reads that file
 * when it loads (its anonymous_path parameter), verifies the program
 * image in it exactly as LOAD verifies one, and runs it with no consumer
 * attached until `sonde -a` claims it (SONDE_IOC_ANON).  The file:
 *
 *	struct sonde_anon_hdr
 *	the program image (struct sonde_prog_hdr ...), 8-byte aligned; its
 *	    enablings' @probe_id are 1-based indexes into the probe table
 *	the probe table: @nprobes struct sonde_probe_desc, each a probe's
 *	    full name (no glob), NUL-terminated fields, 8-byte aligned
 *	the arguments: what the command needs to compile the same program
 *	    again on `sonde -a` (its formats are not in the image): strings,
 *	    each NUL-terminated, @args_size bytes; the module only bounds it
 *
 * Every offset is from the start of the file; the sections do not
 * overlap and end by @file_size.  @crc covers the bytes after the header.
 * vm/anon.c parses the header for both sides.
 */
#define SONDE_ANON_PATH		"/etc/sonde/anonymous.img"
#define SONDE_ANON_MAGIC	0x41444e53	/* "SNDA" little-endian */
#define SONDE_ANON_VERSION	1
#define SONDE_ANON_MAX_PROBES	SONDE_MAX_ECBS
#define SONDE_ANON_MAX_ARGS	(1 << 20)	/* bytes */
#define SONDE_ANON_MAX_SIZE	(SONDE_MAX_PROG_SIZE + (8 << 20)) /* bytes */

/**
 * struct sonde_anon_hdr - start of an anonymous enabling's file.
 * @magic:      SONDE_ANON_MAGIC
 * @version:    SONDE_ANON_VERSION of the file's layout
 * @hdr_size:   sizeof(struct sonde_anon_hdr) as the writer knew it
 * @abi_version: SONDE_ABI_VERSION of the command that wrote it
 * @file_size:  bytes of the whole file
 * @crc:        CRC-32 (IEEE 802.3, as zlib's crc32()) of the bytes from
 *              @hdr_size to @file_size
 * @prog_off:   the program image: offset, multiple of 8
 * @prog_size:  its bytes
 * @probes_off: the probe table: offset, multiple of 8
 * @nprobes:    its struct sonde_probe_desc entries, 1..SONDE_ANON_MAX_PROBES
 * @args_off:   the command's arguments: offset
 * @args_size:  their bytes, 0..SONDE_ANON_MAX_ARGS (the last one a NUL)
 * @flags:      zero
 * @reserved:   zero
 */
struct sonde_anon_hdr {
	__u32 magic;
	__u32 version;
	__u32 hdr_size;
	__u32 abi_version;
	__u32 file_size;
	__u32 crc;
	__u32 prog_off;
	__u32 prog_size;
	__u32 probes_off;
	__u32 nprobes;
	__u32 args_off;
	__u32 args_size;
	__u32 flags;
	__u32 reserved[3];
};

/**
 * struct sonde_anon - SONDE_IOC_ANON: claim the anonymous state.  The
 * first call on a file that has loaded nothing makes the module's
 * anonymous state this file's: from then on it is this file's consumer
 * state (DRAIN, AGGSNAP, STATUS, STOP as after GO; closing it tears it
 * down).  On the claiming file the call may be repeated, to read the
 * file again.
 * @file:       in: user pointer to a buffer for the anonymous enabling's
 *              file as the module read it at load, or 0
 * @file_size:  in: bytes at @file; out: bytes of the file (when @file is
 *              too small or 0, nothing is copied: call again)
 * @begin_cpu:  out: the CPU BEGIN fired on (drain it first)
 * @flags:      in: zero
 * @loaded_ns:  out: ktime_get_ns() of the anonymous enabling's GO at load
 * @bufsize:    out: bytes a DRAIN buffer must hold (as LOAD's)
 * @aggsize:    out: bytes an AGGSNAP buffer must hold (as LOAD's)
 * @reserved:   zero
 *
 * Errors: ENOENT no anonymous state (none was saved, the module was
 * loaded with anonymous=0, the saved one was refused, or it was claimed
 * and its claimant is gone), EBUSY another open file claimed it and is
 * still open, or this file has loaded a program of its own, EINVAL
 * nonzero @flags or reserved fields, EFAULT.
 */
struct sonde_anon {
	__aligned_u64 file;
	__u32 file_size;
	__u32 begin_cpu;
	__u32 flags;
	__u32 reserved0;
	__u64 loaded_ns;
	__u64 bufsize;
	__u64 aggsize;
	__u32 reserved[4];
};

#define SONDE_IOC_MAGIC		0xd7

#define SONDE_IOC_INFO		_IOR(SONDE_IOC_MAGIC, 0x00, struct sonde_info)
#define SONDE_IOC_PROBES	_IOWR(SONDE_IOC_MAGIC, 0x01, struct sonde_probes)
#define SONDE_IOC_LOAD		_IOWR(SONDE_IOC_MAGIC, 0x02, struct sonde_load)
#define SONDE_IOC_GO		_IOR(SONDE_IOC_MAGIC, 0x03, struct sonde_go)
#define SONDE_IOC_STOP		_IOR(SONDE_IOC_MAGIC, 0x04, struct sonde_stop)
#define SONDE_IOC_DRAIN		_IOWR(SONDE_IOC_MAGIC, 0x05, struct sonde_drain)
#define SONDE_IOC_AGGSNAP	_IOWR(SONDE_IOC_MAGIC, 0x06, struct sonde_drain)
#define SONDE_IOC_STATUS	_IOR(SONDE_IOC_MAGIC, 0x07, struct sonde_status)
#define SONDE_IOC_TESTRUN	_IOWR(SONDE_IOC_MAGIC, 0x08, struct sonde_testrun)
#define SONDE_IOC_UPROBE	_IOWR(SONDE_IOC_MAGIC, 0x09, struct sonde_uprobe)
#define SONDE_IOC_OFFER		_IOWR(SONDE_IOC_MAGIC, 0x0a, struct sonde_offer)
#define SONDE_IOC_JHELPER	_IOWR(SONDE_IOC_MAGIC, 0x0b, struct sonde_jhelper)
#define SONDE_IOC_UTAB		_IOWR(SONDE_IOC_MAGIC, 0x0c, struct sonde_utab)
#define SONDE_IOC_ENABLE	_IOWR(SONDE_IOC_MAGIC, 0x0d, struct sonde_enable)
#define SONDE_IOC_RDV		_IOWR(SONDE_IOC_MAGIC, 0x0e, struct sonde_rdv)
#define SONDE_IOC_ANON		_IOWR(SONDE_IOC_MAGIC, 0x0f, struct sonde_anon)

/**
 * struct sonde_insn - one VM instruction (see sonde_isa.h).
 * @op:  SONDE_OP_*
 * @rd:  destination register
 * @rs:  first source register
 * @rt:  second source register
 * @imm: immediate, signed
 */
struct sonde_insn {
	__u8 op;
	__u8 rd;
	__u8 rs;
	__u8 rt;
	__s32 imm;
};

#endif /* _UAPI_SONDE_H */
