/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * sonde_isa.h - the sonde VM instruction set, defined once.
 *
 * Opcode numbers, built-in variable ids, subroutine ids and fault codes are
 * ABI: programs reach the kernel through SONDE_IOC_LOAD with these numbers,
 * so they never change meaning.  Every table in vm/ (interpreter dispatch,
 * verifier rules, assembler and disassembler names) and the compiler's code
 * generator is derived from the X-macros below; a duplicate opcode number
 * fails to compile (see SONDE_OP_CHECK in vm/vm.h).
 *
 * Instruction word (8 bytes, struct sonde_insn in sonde.h):
 *	op:8  rd:8  rs:8  rt:8  imm:32 (signed)
 * Registers r0..r15 are 64-bit, zeroed when a program starts.  Each register
 * carries a verifier type: an integer, a string reference or a buffer.  A
 * string reference points at VM-owned, NUL-terminated memory (the string
 * table, per-CPU scratch, a probe's names, variable storage); integers
 * never become string references except through a subroutine that copies
 * the bytes into scratch with a fault-safe copy.
 *
 * A buffer is what copyin() returns: the address of bytes copied into the
 * firing's scratch space (D's "void *" into scratch), possibly moved by
 * badd.  Its bytes are read only by the ldm loads, emitm and the bufstr
 * subroutine, and each of those checks at run time that the bytes lie in
 * the scratch the firing has used (BADADDR otherwise), so a buffer needs
 * no length of its own.  A buffer is never an integer: no instruction
 * takes one where it would read it as a number (arithmetic, compares,
 * branches, keys, stores, emit1..8, ret, addresses of loads), so the
 * kernel address it holds never reaches a record, a key or userland.
 * A variable that outlives the clause keeps a buffer as a handle (btoh,
 * htob; SONDE_HND_*): an integer of the run's generation and the
 * buffer's offset, never its address.
 *
 * Branches are forward only: the target is pc + 1 + imm with imm >= 0, so
 * every program terminates after at most its length in instructions.
 */
#ifndef _UAPI_SONDE_ISA_H
#define _UAPI_SONDE_ISA_H

/*
 * Operand forms.  The form says which fields are used; unused fields must
 * be zero (the verifier checks it, so they stay available for extensions).
 *
 *  NONE   -                       nop
 *  S      rs                      ret rs, exit rs
 *  DI     rd, imm                 movi rd, -5
 *  DC     rd, const[imm]          ldc rd, #3
 *  DSTR   rd, strtab+imm          lds rd, "hello"
 *  DB     rd, builtin imm         ldb rd, pid
 *  DS     rd, rs                  mov rd, rs
 *  DST    rd, rs, rt              add rd, rs, rt
 *  J      pc+1+imm                ja +3
 *  SJ     rs, pc+1+imm            jz rs, +2
 *  DSI    rd, [rs + imm]          ldk4 rd, [rs + 8]
 *  SO     rs, record+imm          emit8 rs, 16
 *  AGG    agg imm, keys rs.., val rt..  agg @1, r2, r4
 *  DV     rd, variable imm        ldg rd, v0
 *  SV     rs, variable imm        stg v0, rs
 *  DVK    rd, variable imm, keys rs..         ldga rd, v1, r2
 *  SVK    variable imm, keys rs.., value rt   stga v1, r2, r5
 *  CALL   rd, subr imm, args rs.. (count rt)  call rd, strjoin, r1, 2
 *  STK    record+imm, rt frames (a count)     emitkstack 16, 20
 *  SOL    rs, record+off, len bytes           emitm r2, 16, 100
 *         (off = imm & 0xffff, len = imm >> 16 as unsigned: SONDE_SOL_IMM)
 *  SSI    [rs + imm] = rt                     stm4 [r2+8], r3
 *  JSTK   record+off, rt frames, strsize bytes emitjstack 16, 20, 512
 *         (off and strsize packed as SOL's: SONDE_SOL_IMM(off, strsize))
 */
#define SONDE_FORM_NONE	0
#define SONDE_FORM_S	1
#define SONDE_FORM_DI	2
#define SONDE_FORM_DC	3
#define SONDE_FORM_DSTR	4
#define SONDE_FORM_DB	5
#define SONDE_FORM_DS	6
#define SONDE_FORM_DST	7
#define SONDE_FORM_J	8
#define SONDE_FORM_SJ	9
#define SONDE_FORM_DSI	10
#define SONDE_FORM_SO	11
#define SONDE_FORM_AGG	12
#define SONDE_FORM_DV	13
#define SONDE_FORM_SV	14
#define SONDE_FORM_CALL	15
#define SONDE_FORM_DVK	16
#define SONDE_FORM_SVK	17
#define SONDE_FORM_STK	18
#define SONDE_FORM_SOL	19
#define SONDE_FORM_JSTK	20
#define SONDE_FORM_SSI	21

/* The imm of a SOL instruction: record offset and length, both < 65536. */
#define SONDE_SOL_IMM(off, len)	((__s32)((__u32)(off) | ((__u32)(len) << 16)))
#define SONDE_SOL_OFF(imm)	((__u32)(imm) & 0xffff)
#define SONDE_SOL_LEN(imm)	((__u32)(imm) >> 16)

/*
 * Result types, for the verifier's typed-register check: what an
 * instruction leaves in rd.
 */
#define SONDE_T_NONE	0	/* no result */
#define SONDE_T_INT	1
#define SONDE_T_STR	2
#define SONDE_T_SAME	3	/* type of rs */
#define SONDE_T_BUILTIN	4	/* type of the built-in named by imm */
#define SONDE_T_SUBR	5	/* type the subroutine named by imm returns */
#define SONDE_T_VAR	6	/* type of the variable named by imm */
/* (7, 8 and 10 are the stack key types below) */
#define SONDE_T_BUF	9	/* a buffer (copyin()); never a key's type,
				 * a variable's only a clause-local scalar's */
#define SONDE_T_BYTES	11	/* a variable of a struct, union or array
				 * type: SONDE_TYPE_SIZE() bytes, loaded into
				 * scratch as a buffer, stored from one */
#define SONDE_TYPE_BYTES(size)	(SONDE_T_BYTES | ((size) << 8))
#define SONDE_TYPE_KIND(t)	((t) & 0xff)
#define SONDE_TYPE_SIZE(t)	((t) >> 8)
/* the largest SONDE_T_BYTES variable, bytes */
#define SONDE_MAX_BYREF		8192

/*
 * Operand kinds: what an instruction requires of the register in rs and
 * in rt, on every path reaching it.
 *  N  nothing here (unused, or checked by the form's own rules: keys,
 *     variables, subroutine arguments)
 *  I  read as an integer: anything but a buffer (strings pass: their
 *     address is VM memory, never dereferenced as an integer)
 *  S  a string reference          B  a buffer
 *  A  any type (mov)
 *  P  an integer on every path: neither a buffer nor a string (htob:
 *     no address of the VM's memory becomes a handle)
 */
#define SONDE_K_N	0
#define SONDE_K_I	1
#define SONDE_K_S	2
#define SONDE_K_B	3
#define SONDE_K_A	4
#define SONDE_K_P	5

/*
 * Key types of aggregations and arrays (the KEYS section) are SONDE_T_INT,
 * SONDE_T_STR, or a stack taken at the probe when the key is built:
 * SONDE_T_KSTACK / SONDE_T_USTACK with the frame count in bits 8..15
 * (SONDE_KEY_STACK(SONDE_T_KSTACK, 20) for stack(20)).  A stack component
 * takes no register (its register in the tuple is ignored) and occupies
 * frames * 8 bytes of the key, innermost frame first, zero past the depth.
 */
#define SONDE_T_KSTACK	7
#define SONDE_T_USTACK	8
#define SONDE_KEY_STACK(kind, frames)	((kind) | ((frames) << 8))
#define SONDE_KEY_KIND(t)		((t) & 0xff)
#define SONDE_KEY_FRAMES(t)		(((t) >> 8) & 0xff)

/*
 * jstack(frames, strsize) as a key component: SONDE_T_JSTACK with the
 * frame count in bits 8..15 and strsize / 8 in bits 16..27.  It takes
 * SONDE_JSTACK_SIZE(frames, strsize) bytes of the key (struct
 * sonde_jstack in sonde.h: the native PCs, then the frames of the
 * interpreter the thread runs), written up to its used length.
 */
#define SONDE_T_JSTACK	10
#define SONDE_KEY_JSTACK(frames, strsize) \
	(SONDE_T_JSTACK | ((frames) << 8) | (((strsize) / 8) << 16))
#define SONDE_KEY_JSTRSIZE(t)		((((t) >> 16) & 0xfff) * 8)

/*
 * A struct, union or array as a key component (D allows any object as a
 * tuple member): SONDE_TYPE_BYTES(size), 1 to SONDE_MAX_BYREF bytes.  Its
 * register is a buffer (the object copied into the firing's scratch, as a
 * struct variable is loaded); the key holds its @size bytes, compared
 * whole.  A buffer not wholly inside the scratch the firing used is a
 * fault (DTRACEFLT_BADADDR at the buffer's offset), as any buffer read.
 */

/*
 * A buffer handle: what a buffer (copyin(), alloca()) becomes when a D
 * variable other than a clause-local keeps it (a global, a thread-local,
 * an array element), a plain integer that holds no address:
 *	bits 63..32  the generation of the run whose scratch holds the
 *		     buffer (never 0, below 2^31: a per-CPU count of runs)
 *	bits 31..0   the buffer's offset from the start of the run's
 *		     strings and buffers (struct sonde_image.scratch_base)
 *		     plus SONDE_HND_BIAS
 * The low half counts as Linux DTrace counts its alloca offsets (its
 * first 8 bytes reserved so that no alloca pointer is NULL): the first
 * buffer a clause allocates reads 8.  Pointer arithmetic on a handle is
 * integer arithmetic on the low half; htob turns a handle back into the
 * buffer only in the run that made it (the generation matches) and at an
 * offset of at least SONDE_HND_BIAS, else it is BADADDR at the handle's
 * low half: a stale pointer, NULL, or one moved below the first buffer.
 * The bytes a buffer names are checked again where they are read, as for
 * any buffer.
 */
#define SONDE_HND_BIAS		8
#define SONDE_HND_GEN_MAX	0x7fffffffu
#define SONDE_HND(gen, off)	(((__u64)(gen) << 32) | (__u32)(off))
#define SONDE_HND_GEN(h)	((__u32)((h) >> 32))
#define SONDE_HND_OFF(h)	((__u32)(h))

/*
 * SONDE_OPS(OP): OP(name, code, form, result type, rs kind, rt kind)
 */
/* lds rd, #SONDE_LDS_NULL: DTrace's NULL string (the value 0, a string
 * reference: NULL compared with or assigned to a string) */
#define SONDE_LDS_NULL	(-1)

#define SONDE_OPS(OP)							\
	OP(NOP,    0x00, NONE, NONE, N, N)				\
	OP(RET,    0x01, S,    NONE, I, N)				\
	OP(EXIT,   0x02, S,    NONE, I, N)				\
	/* constants and moves */					\
	OP(MOVI,   0x08, DI,   INT,  N, N)				\
	OP(LDC,    0x09, DC,   INT,  N, N)				\
	OP(LDS,    0x0a, DSTR, STR,  N, N)				\
	OP(LDB,    0x0b, DB,   BUILTIN, N, N)			\
	OP(MOV,    0x0c, DS,   SAME, A, N)				\
	/* rd = user register rs (SONDE_UREG_*) of the current thread:	\
	 * ILLOP when rs >= SONDE_NUREGS, BADADDR without a user	\
	 * context (a kernel thread) */					\
	OP(LDUREG, 0x0d, DS,   INT,  I, N)				\
	/* 64-bit arithmetic and logic: rd = rs op rt */		\
	OP(ADD,    0x10, DST,  INT,  I, I)				\
	OP(SUB,    0x11, DST,  INT,  I, I)				\
	OP(MUL,    0x12, DST,  INT,  I, I)				\
	OP(SDIV,   0x13, DST,  INT,  I, I)				\
	OP(UDIV,   0x14, DST,  INT,  I, I)				\
	OP(SREM,   0x15, DST,  INT,  I, I)				\
	OP(UREM,   0x16, DST,  INT,  I, I)				\
	OP(AND,    0x17, DST,  INT,  I, I)				\
	OP(OR,     0x18, DST,  INT,  I, I)				\
	OP(XOR,    0x19, DST,  INT,  I, I)				\
	OP(SHL,    0x1a, DST,  INT,  I, I)				\
	OP(SHR,    0x1b, DST,  INT,  I, I)				\
	OP(SAR,    0x1c, DST,  INT,  I, I)				\
	OP(NEG,    0x1d, DS,   INT,  I, N)				\
	OP(NOT,    0x1e, DS,   INT,  I, N)				\
	OP(LNOT,   0x1f, DS,   INT,  I, N)				\
	/* compares: rd = (rs op rt) ? 1 : 0 */				\
	OP(SETEQ,  0x20, DST,  INT,  I, I)				\
	OP(SETNE,  0x21, DST,  INT,  I, I)				\
	OP(SETLT,  0x22, DST,  INT,  I, I)				\
	OP(SETLE,  0x23, DST,  INT,  I, I)				\
	OP(SETLTU, 0x24, DST,  INT,  I, I)				\
	OP(SETLEU, 0x25, DST,  INT,  I, I)				\
	/* rd = -1, 0, 1 as strcmp(rs, rt), bounded by strsize */	\
	OP(SCMP,   0x26, DST,  INT,  S, S)				\
	/* forward branches */						\
	OP(JA,     0x28, J,    NONE, N, N)				\
	OP(JZ,     0x29, SJ,   NONE, I, N)				\
	OP(JNZ,    0x2a, SJ,   NONE, I, N)				\
	/* fault-safe loads: rd = *(uN *)(rs + imm), zero-extended */	\
	OP(LDK1,   0x30, DSI,  INT,  I, N)				\
	OP(LDK2,   0x31, DSI,  INT,  I, N)				\
	OP(LDK4,   0x32, DSI,  INT,  I, N)				\
	OP(LDK8,   0x33, DSI,  INT,  I, N)				\
	OP(LDU1,   0x34, DSI,  INT,  I, N)				\
	OP(LDU2,   0x35, DSI,  INT,  I, N)				\
	OP(LDU4,   0x36, DSI,  INT,  I, N)				\
	OP(LDU8,   0x37, DSI,  INT,  I, N)				\
	/* record emission: record[imm..] = rs */			\
	OP(EMIT1,  0x38, SO,   NONE, I, N)				\
	OP(EMIT2,  0x39, SO,   NONE, I, N)				\
	OP(EMIT4,  0x3a, SO,   NONE, I, N)				\
	OP(EMIT8,  0x3b, SO,   NONE, I, N)				\
	OP(EMITS,  0x3c, SO,   NONE, S, N)				\
	/* stack(n), ustack(n): rt program counters (8 bytes each,	\
	 * innermost first, zero past the stack's depth) at record+imm */ \
	OP(EMITKSTACK, 0x3d, STK, NONE, N, N)				\
	OP(EMITUSTACK, 0x3e, STK, NONE, N, N)				\
	/* jstack(n, strsize): struct sonde_jstack (sonde.h) of rt	\
	 * frames and strsize bytes of names at record+off		\
	 * (SONDE_SOL_OFF/LEN of imm: offset, strsize) */		\
	OP(EMITJSTACK, 0x3f, JSTK, NONE, N, N)				\
	/* aggregating call: keys in rs.., value in rt (and rt+1) */	\
	OP(AGG,    0x40, AGG,  NONE, N, N)				\
	/* variables: global, clause-local (this->), thread-local	\
	 * (self->) scalars; global and thread-local associative	\
	 * arrays keyed by the tuple in rs.. */				\
	OP(LDG,    0x48, DV,   VAR,  N, N)				\
	OP(STG,    0x49, SV,   NONE, N, N)				\
	OP(LDL,    0x4a, DV,   VAR,  N, N)				\
	OP(STL,    0x4b, SV,   NONE, N, N)				\
	OP(LDT,    0x4c, DV,   VAR,  N, N)				\
	OP(STT,    0x4d, SV,   NONE, N, N)				\
	OP(LDGA,   0x4e, DVK,  VAR,  N, N)				\
	OP(STGA,   0x4f, SVK,  NONE, N, N)				\
	OP(LDTA,   0x50, DVK,  VAR,  N, N)				\
	OP(STTA,   0x51, SVK,  NONE, N, N)				\
	/* subroutine call: rd = subr(rs, .., rs + rt - 1) */		\
	OP(CALL,   0x58, CALL, SUBR, N, N)				\
	/* buffers (copyin()): rd = *(uN *)(rs + imm), zero-extended,	\
	 * from bytes of the firing's scratch (BADADDR outside it) */	\
	OP(LDM1,   0x60, DSI,  INT,  B, N)				\
	OP(LDM2,   0x61, DSI,  INT,  B, N)				\
	OP(LDM4,   0x62, DSI,  INT,  B, N)				\
	OP(LDM8,   0x63, DSI,  INT,  B, N)				\
	/* rd = the buffer rs moved by rt bytes (rt signed) */		\
	OP(BADD,   0x64, DST,  BUF,  B, I)				\
	/* record[off..off + len) = the len bytes at buffer rs */	\
	OP(EMITM,  0x65, SOL,  NONE, B, N)				\
	/* buffers: *(uN *)(rs + imm) = rt, into bytes of the firing's	\
	 * scratch (BADADDR outside it): a member of a struct variable	\
	 * or an element of an array variable written */		\
	OP(STM1,   0x66, SSI,  NONE, B, I)				\
	OP(STM2,   0x67, SSI,  NONE, B, I)				\
	OP(STM4,   0x68, SSI,  NONE, B, I)				\
	OP(STM8,   0x69, SSI,  NONE, B, I)				\
	/* buffer handles (a buffer kept in a variable other than a	\
	 * clause-local, see SONDE_HND_*): rd = the handle of buffer	\
	 * rs (0 when rs is too far from the scratch to have one);	\
	 * rd = the buffer handle rs names, BADADDR (at the handle's	\
	 * offset) unless rs was made by this run's scratch */		\
	OP(BTOH,   0x6a, DS,   INT,  B, N)				\
	OP(HTOB,   0x6b, DS,   BUF,  P, N)

/* Opcode numbers: SONDE_OP_NOP, ... */
#define SONDE_OP_ENUM_(name, code, form, type, s, t) SONDE_OP_##name = code,
enum sonde_op { SONDE_OPS(SONDE_OP_ENUM_) };
#undef SONDE_OP_ENUM_
#define SONDE_OP_MAX	0xff

/*
 * Built-in variables: B(name, id, type, D type).  Read with LDB; never
 * writable (there is no instruction that stores to a built-in).  type is
 * the verifier's (SONDE_T_*); D type is the one the D compiler gives the
 * name: an integer's width and sign (int32_t, uint32_t, int64_t,
 * uint64_t), string, or task_struct_ptr (the kernel's struct task_struct
 * *, an integer to the VM).
 */
#define SONDE_BUILTINS(B)						\
	B(arg0,          0x00, INT, int64_t)				\
	B(arg1,          0x01, INT, int64_t)				\
	B(arg2,          0x02, INT, int64_t)				\
	B(arg3,          0x03, INT, int64_t)				\
	B(arg4,          0x04, INT, int64_t)				\
	B(arg5,          0x05, INT, int64_t)				\
	B(arg6,          0x06, INT, int64_t)				\
	B(arg7,          0x07, INT, int64_t)				\
	B(arg8,          0x08, INT, int64_t)				\
	B(arg9,          0x09, INT, int64_t)				\
	B(pid,           0x10, INT, int32_t)				\
	B(tid,           0x11, INT, int32_t)				\
	B(ppid,          0x12, INT, int32_t)				\
	B(uid,           0x13, INT, uint32_t)				\
	B(gid,           0x14, INT, uint32_t)				\
	B(cpu,           0x15, INT, int32_t)				\
	B(timestamp,     0x16, INT, uint64_t)				\
	B(vtimestamp,    0x17, INT, uint64_t)				\
	B(walltimestamp, 0x18, INT, uint64_t)				\
	B(id,            0x19, INT, uint32_t)				\
	B(epid,          0x1a, INT, uint32_t)				\
	B(errno,         0x1b, INT, int32_t)				\
	B(curthread,     0x1c, INT, task_struct_ptr)			\
	B(stackdepth,    0x1d, INT, uint32_t)				\
	B(ustackdepth,   0x1e, INT, uint32_t)				\
	B(execname,      0x20, STR, string)				\
	B(probeprov,     0x21, STR, string)				\
	B(probemod,      0x22, STR, string)				\
	B(probefunc,     0x23, STR, string)				\
	B(probename,     0x24, STR, string)				\
	/* the kernel PC of the probed code's caller, the user PC of	\
	 * the current thread's caller (0 when there is none), and the	\
	 * interrupt level the probe fired at: 0 a thread, 1 a softirq,	\
	 * 2 a hardirq */							\
	B(caller,        0x25, INT, uint64_t)				\
	B(ucaller,       0x26, INT, uint64_t)				\
	B(ipl,           0x27, INT, uint32_t)				\
	/* the current process's working directory and root, as	\
	 * d_path() writes them (kmod/env.c's walk) */			\
	B(cwd,           0x28, STR, string)				\
	B(root,          0x29, STR, string)				\
	/* the D library's cpuinfo_t of the CPU the probe fired on	\
	 * (sched.d), a kernel address */				\
	B(curcpu,        0x2a, INT, cpuinfo_ptr)

#define SONDE_B_ENUM_(name, id, type, dtype) SONDE_B_##name = id,
enum sonde_builtin { SONDE_BUILTINS(SONDE_B_ENUM_) };
#undef SONDE_B_ENUM_
#define SONDE_B_MAX	0x40

/*
 * Subroutines: S(name, id, min args, max args, result type, argument
 * kinds).  Argument kinds, one letter per argument: 's' a string
 * reference, 'i' an integer (not a buffer), 'b' a buffer.  String and
 * buffer results live in the firing's scratch space (strsize bytes per
 * string); running out is a NOSCRATCH fault.
 *
 * A string result may be DTrace's NULL string, the value 0, where DTrace
 * returns NULL (strchr() and friends finding nothing, strtok() at the
 * end): every instruction and subroutine that reads a string faults on
 * it with BADADDR at address 0, as DTrace's load from 0 does.
 */
#define SONDE_SUBRS(S)							\
	S(strlen,    0x00, 1, 1, INT, "s")				\
	S(strjoin,   0x01, 2, 2, STR, "ss")				\
	S(substr,    0x02, 2, 3, STR, "sii")				\
	S(index,     0x03, 2, 3, INT, "ssi")				\
	S(rindex,    0x04, 2, 3, INT, "ssi")				\
	S(strchr,    0x05, 2, 2, STR, "si")				\
	S(strrchr,   0x06, 2, 2, STR, "si")				\
	S(strstr,    0x07, 2, 2, STR, "ss")				\
	S(basename,  0x08, 1, 1, STR, "s")				\
	S(dirname,   0x09, 1, 1, STR, "s")				\
	S(lltostr,   0x0a, 1, 2, STR, "ii")				\
	S(strtoll,   0x0b, 1, 2, INT, "si")				\
	S(toupper,   0x0c, 1, 1, STR, "s")				\
	S(tolower,   0x0d, 1, 1, STR, "s")				\
	S(copyinstr, 0x0e, 1, 2, STR, "ii")				\
	S(stringof,  0x0f, 1, 1, STR, "i")				\
	S(rand,      0x10, 0, 0, INT, "")				\
	S(htons,     0x11, 1, 1, INT, "i")				\
	S(htonl,     0x12, 1, 1, INT, "i")				\
	S(htonll,    0x13, 1, 1, INT, "i")				\
	S(ntohs,     0x14, 1, 1, INT, "i")				\
	S(ntohl,     0x15, 1, 1, INT, "i")				\
	S(ntohll,    0x16, 1, 1, INT, "i")				\
	/* copyin(addr, size): size bytes of user memory into scratch	\
	 * (then at least one NUL, to the next 8 bytes); NOSCRATCH when	\
	 * they do not fit, BADADDR when the copy faults */		\
	S(copyin,    0x17, 2, 2, BUF, "ii")				\
	/* strtok(s, delimiters): the first token of s (NULL if none),	\
	 * and s kept for strtok_next */					\
	S(strtok,    0x18, 2, 2, STR, "ss")				\
	/* alloca(size): size bytes of zeroed scratch */		\
	S(alloca,    0x19, 1, 1, BUF, "i")				\
	/* copyinto(addr, size, buffer): copyin() into a buffer that	\
	 * has size bytes of used scratch (BADADDR otherwise); 0 */	\
	S(copyinto,  0x1a, 3, 3, INT, "iib")				\
	/* progenyof(pid): is the current process pid or one of its	\
	 * descendants */						\
	S(progenyof, 0x1b, 1, 1, INT, "i")				\
	/* inet_ntoa(ipaddr_t *), inet_ntoa6(in6_addr_t *),		\
	 * inet_ntop(af, addr): the address at a kernel pointer as	\
	 * DTrace writes it (dotted quad; RFC 1884 with one "::"); an	\
	 * af other than 2 (AF_INET) or 10 (AF_INET6) is an illegal	\
	 * operation, an address that cannot be read BADADDR */		\
	S(inet_ntoa,  0x1c, 1, 1, STR, "i")				\
	S(inet_ntoa6, 0x1d, 1, 1, STR, "i")				\
	S(inet_ntop,  0x1e, 2, 2, STR, "ii")				\
	/* d_path(struct path *): the path's name from the current	\
	 * process's root, walked up its dentries and mounts through	\
	 * fault-safe loads, at most SONDE_DPATH_MAX_STEPS steps and	\
	 * strsize bytes (a longer one keeps its last components,	\
	 * after "..."); BADADDR when a load faults */			\
	S(d_path,     0x1f, 1, 1, STR, "i")				\
	/* speculations: actions, not allowed in predicates */		\
	S(speculation, 0x20, 0, 0, INT, "")				\
	S(speculate,   0x21, 1, 1, INT, "i")				\
	S(commit,      0x22, 1, 1, INT, "i")				\
	S(discard,     0x23, 1, 1, INT, "i")				\
	/* destructive actions (an image without the destructive	\
	 * option that calls one is refused; panic() and breakpoint()	\
	 * also need the module's kernel_destructive parameter):	\
	 * raise(sig) and stop() signal the current process, chill(ns)	\
	 * spins (at most 500 ms a second per CPU), copyout(buffer,	\
	 * addr, size) and copyoutstr(s, addr, size) write the current	\
	 * process's memory */						\
	S(raise,       0x24, 1, 1, INT, "i")				\
	S(stop,        0x25, 0, 0, INT, "")				\
	S(chill,       0x26, 1, 1, INT, "i")				\
	S(copyout,     0x27, 3, 3, INT, "bii")				\
	S(copyoutstr,  0x28, 3, 3, INT, "sii")				\
	S(panic,       0x29, 0, 0, INT, "")				\
	S(breakpoint,  0x2a, 0, 0, INT, "")				\
	/* the compiler's own, no D name: stringof(buffer), the bytes	\
	 * up to the first NUL, strsize or the end of used scratch */	\
	S(bufstr,      0x30, 1, 1, STR, "b")				\
	/* strtok(NULL, delimiters): the next token of the string the	\
	 * last strtok() of this predicate or action list was given */	\
	S(strtok_next, 0x31, 1, 1, STR, "s")				\
	/* s[i]: the char at index i, 0 outside the string and its NUL */ \
	S(strchar,     0x32, 2, 2, INT, "si")				\
	/* uargs(addr, len): len bytes (at most strsize - 1) of the	\
	 * current process's memory as one string, its NULs spaces and	\
	 * trailing blanks cut: an argument vector as ps shows it (the	\
	 * translator library's pr_psargs, as __sonde_uargs) */		\
	S(uargs,       0x33, 2, 2, STR, "ii")				\
	/* kcopy(addr, size): size bytes of kernel memory into scratch	\
	 * through the fault-safe loads, as copyin() copies user	\
	 * memory: a struct traced or print()ed; NOSCRATCH when they	\
	 * do not fit, BADADDR when a load faults */			\
	S(kcopy,       0x34, 2, 2, BUF, "ii")				\
	/* D subroutines added after the compiler's own, allowed	\
	 * anywhere as those are: cleanpath(s), the path s with "//",	\
	 * "/./" and "dir/.." taken out, as Oracle's DTrace for Linux	\
	 * does (Go's path.Clean, but "" stays ""); bcopy(src, buffer,	\
	 * size), size bytes of kernel memory into a buffer of at least	\
	 * that many bytes of used scratch (BADADDR otherwise), 0;	\
	 * link_ntop(type, addr), the link-layer address at a kernel	\
	 * address as colon-separated hexadecimal bytes, 6 of them for	\
	 * ARPHRD_ETHER (1), 20 for ARPHRD_INFINIBAND (32), any other	\
	 * type an illegal operation */					\
	S(cleanpath,   0x35, 1, 1, STR, "s")				\
	S(bcopy,       0x36, 3, 3, INT, "ibi")				\
	S(link_ntop,   0x37, 2, 2, STR, "ii")

/*
 * Steps d_path(), cwd and root take at most (a component, or a mount
 * crossed), each a few fault-safe loads and the component's bytes; a
 * deeper path keeps its last components after "...".
 */
#define SONDE_DPATH_MAX_STEPS	128

#define SONDE_SUBR_ENUM_(name, id, min, max, type, args) SONDE_SUBR_##name = id,
enum sonde_subr { SONDE_SUBRS(SONDE_SUBR_ENUM_) };
#undef SONDE_SUBR_ENUM_
#define SONDE_SUBR_MAX	0x40
/* Subroutines from here on act on the consumer's state: actions only. */
#define SONDE_SUBR_FIRST_ACTION	SONDE_SUBR_speculation
/* From here to SONDE_SUBR_FIRST_INTERNAL: destructive actions. */
#define SONDE_SUBR_FIRST_DESTRUCTIVE	SONDE_SUBR_raise
/* ... of which these act on the whole kernel. */
#define SONDE_SUBR_KERNEL_DESTRUCTIVE(id)				\
	((id) == SONDE_SUBR_panic || (id) == SONDE_SUBR_breakpoint)
/* Subroutines from here on are allowed in predicates and actions alike:
 * the compiler's own (no D function has their name) and, from
 * cleanpath on, D's that came after them. */
#define SONDE_SUBR_FIRST_INTERNAL	0x30

/* Variable scopes (struct sonde_var_desc.scope). */
#define SONDE_VAR_GLOBAL	0	/* one per consumer, shared by CPUs */
#define SONDE_VAR_LOCAL		1	/* this->: per firing, zeroed at its start */
#define SONDE_VAR_TLS		2	/* self->: per thread, dynamic */

/*
 * Aggregating functions: A(name, id, nargs).  nargs counts the value
 * arguments a D call takes (count() 0, sum(x) 1, quantize(x[, incr]) ...);
 * parameters that must be constants (lquantize's bounds) live in the
 * aggregation descriptor, not in registers.
 */
#define SONDE_AGGS(A)							\
	A(count,      1)						\
	A(sum,        2)						\
	A(avg,        3)						\
	A(min,        4)						\
	A(max,        5)						\
	A(stddev,     6)						\
	A(quantize,   7)						\
	A(lquantize,  8)						\
	A(llquantize, 9)

#define SONDE_AGG_ENUM_(name, id) SONDE_AGG_##name = id,
enum sonde_aggfn { SONDE_AGGS(SONDE_AGG_ENUM_) };
#undef SONDE_AGG_ENUM_
#define SONDE_AGG_MAXFN	9

/* quantize(): DTrace's 127 power-of-two buckets, bucket 63 holds 0. */
#define SONDE_QUANTIZE_NBUCKETS	127
#define SONDE_QUANTIZE_ZEROBUCKET 63

/*
 * Fault codes: DTrace's DTRACEFLT_* numbers, so tools that know DTrace's
 * ERROR probe arguments read ours the same way.
 */
#define SONDE_FAULTS(F)							\
	F(UNKNOWN,   0, "unknown fault")				\
	F(BADADDR,   1, "invalid address")				\
	F(BADALIGN,  2, "invalid alignment")				\
	F(ILLOP,     3, "illegal operation")				\
	F(DIVZERO,   4, "divide-by-zero")				\
	F(NOSCRATCH, 5, "out of scratch space")				\
	F(KPRIV,     6, "invalid kernel access")			\
	F(UPRIV,     7, "invalid user access")				\
	F(TUPOFLOW,  8, "tuple stack overflow")				\
	F(BADSTACK,  9, "bad stack")					\
	/* a copy into a buffer (copyinto(), bcopy()) that starts in	\
	 * it but is longer than it: the size (Linux DTrace's) */	\
	F(BADSIZE,  10, "invalid size")

#define SONDE_FLT_ENUM_(name, code, msg) SONDE_FLT_##name = code,
enum sonde_fault { SONDE_FAULTS(SONDE_FLT_ENUM_) };
#undef SONDE_FLT_ENUM_

/*
 * User registers, numbered as the words of x86-64's struct pt_regs: the
 * numbering of uregs[] in D (R_RAX, R_PC, ...), of ldureg, and of the
 * registers in user-probe argument locations (struct sonde_uarg).
 * R(name, index).
 */
#define SONDE_UREGS(R)							\
	R(r15, 0)  R(r14, 1)  R(r13, 2)  R(r12, 3)			\
	R(rbp, 4)  R(rbx, 5)  R(r11, 6)  R(r10, 7)			\
	R(r9, 8)   R(r8, 9)   R(rax, 10) R(rcx, 11)			\
	R(rdx, 12) R(rsi, 13) R(rdi, 14) R(orig_rax, 15)		\
	R(rip, 16) R(cs, 17)  R(rflags, 18) R(rsp, 19)			\
	R(ss, 20)

#define SONDE_UREG_ENUM_(name, idx) SONDE_UREG_##name = idx,
enum sonde_ureg { SONDE_UREGS(SONDE_UREG_ENUM_) };
#undef SONDE_UREG_ENUM_
#define SONDE_NUREGS		21
#define SONDE_UREG_NONE		0xff

#endif /* _UAPI_SONDE_ISA_H */
