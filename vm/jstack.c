// SPDX-License-Identifier: GPL-2.0
/*
 * jstack.c - jstack(): the user stack of the firing's thread and the
 * frames of the interpreter it runs, as one struct sonde_jstack (uapi
 * sonde.h), for the EMITJSTACK instruction and jstack() key components.
 *
 * The interpreter's layout is data: the world says which helper
 * (SONDE_IOC_JHELPER) the thread's process matches and where its runtime
 * is (sonde_env_jhelper()); this file follows the pointers at the
 * helper's offsets, every read a fault-safe user load or copy of the
 * world's (sonde_env_load(), sonde_env_copyin()), in a bounded number of
 * steps: at most max_interps interpreters and max_threads thread states
 * to find the thread, then at most twice the frame count of frames (a
 * skipped shim frame per real one), two strings per frame of at most the
 * room left.  Memory that cannot be read ends the walk with what it has
 * and SONDE_JSTACK_FAULT, which the world counts (sonde_env_jdrop()),
 * except the runtime's own words: an interpreter still starting.
 *
 * Context: probe context (sonde_vm_run()); no allocation, no locks.  In
 * userland the same code walks a live process in the tests.
 */
#include "vm_impl.h"
#include "env.h"

/* Strings already in the record, by object: a file's name once. */
#define SONDE_JSTR_SEEN	16

struct sonde_jw {
	struct sonde_vm_ctx *ctx;
	const struct sonde_pyoffsets *o;
	u8 *str;		/* the strings, while the walk writes them */
	u32 room;		/* bytes they may take */
	u32 used;
	u16 flags;
	u32 nseen;
	struct {
		u64 obj;
		u16 off;
	} seen[SONDE_JSTR_SEEN];
};

static inline bool sonde_jrd(struct sonde_jw *w, u64 addr, u32 size,
			     u64 *v)
{
	if (sonde_env_load(w->ctx, true, addr, size, v)) {
		w->flags |= SONDE_JSTACK_FAULT;
		return false;
	}
	return true;
}

/*
 * The string object @obj into the strings, once: its offset, or
 * SONDE_JSTR_NONE (not a compact string, no room, unreadable).  The
 * characters are copied as they are, @width bytes each; userland turns
 * them into UTF-8.
 */
static u16 sonde_jstr(struct sonde_jw *w, u64 obj)
{
	const struct sonde_pyoffsets *o = w->o;
	u64 len, state, data;
	u32 i, shift, width, bytes, avail;
	bool ascii;
	u16 off, hdr;
	int n;

	if (!obj)
		return SONDE_JSTR_NONE;
	for (i = 0; i < w->nseen; i++)
		if (w->seen[i].obj == obj)
			return w->seen[i].off;
	if (!sonde_jrd(w, obj + o->str_length, 8, &len) ||
	    !sonde_jrd(w, obj + o->str_state, 4, &state))
		return SONDE_JSTR_NONE;
	if (!(state & (1u << o->state_compact_bit)))
		return SONDE_JSTR_NONE;		/* a legacy string */
	width = (state >> o->state_kind_shift) & 7;
	if (width != 1 && width != 2 && width != 4)
		return SONDE_JSTR_NONE;
	shift = width == 1 ? 0 : width == 2 ? 1 : 2;
	ascii = state & (1u << o->state_ascii_bit);
	data = obj + (ascii ? o->str_ascii_data : o->str_compact_data);
	/* the header, a character, and a byte for copystr()'s NUL */
	if (w->room - w->used < 3 + width) {
		w->flags |= SONDE_JSTACK_STRTRUNC;
		return SONDE_JSTR_NONE;
	}
	avail = w->room - w->used - 3;
	if (avail > 0x3fff)
		avail = 0x3fff;
	/* a name longer than the room is cut at a character */
	bytes = len > avail >> shift ? (avail >> shift) << shift :
		(u32)len << shift;
	if (bytes < (len << shift))
		w->flags |= SONDE_JSTACK_STRTRUNC;
	off = (u16)w->used;
	if (bytes && ascii) {
		/* a word at a time, up to the string's NUL */
		n = sonde_env_copystr(w->ctx, true, data, (char *)w->str + off + 2,
				      bytes + 1);
		if (n < 0) {
			w->flags |= SONDE_JSTACK_FAULT;
			return SONDE_JSTR_NONE;
		}
		bytes = (u32)n;
	} else if (bytes && sonde_env_copyin(w->ctx, data, w->str + off + 2,
					     bytes)) {
		w->flags |= SONDE_JSTACK_FAULT;
		return SONDE_JSTR_NONE;
	}
	hdr = SONDE_JSTR_HDR(bytes, shift);
	memcpy(w->str + off, &hdr, sizeof(hdr));
	w->used += 2 + bytes;
	if (w->nseen < SONDE_JSTR_SEEN) {
		w->seen[w->nseen].obj = obj;
		w->seen[w->nseen].off = off;
		w->nseen++;
	}
	return off;
}

/*
 * The thread state of thread @tid, 0 if the runtime has none (or the
 * walk faulted: w->flags says).  The runtime's own words not readable is
 * an interpreter that has not started (its pages not yet touched), with
 * no frames to miss: not a fault.
 */
static u64 sonde_jthread(struct sonde_jw *w, const struct sonde_jwalk *jw)
{
	const struct sonde_pyoffsets *o = w->o;
	u64 interp, t, v;
	u32 ni, nt = 0;

	if (sonde_env_load(w->ctx, true, jw->runtime + o->rt_interp_head, 8,
			   &interp))
		return 0;
	/* the GIL's holder first: a busy thread is found in two reads */
	if (o->rt_tstate_current != SONDE_PYOFF_NONE) {
		if (sonde_env_load(w->ctx, true,
				   jw->runtime + o->rt_tstate_current, 8, &t))
			return 0;
		if (t) {
			if (!sonde_jrd(w, t + o->ts_native_tid, 8, &v))
				return 0;
			if (v == jw->tid)
				return t;
		}
	}
	for (ni = 0; interp && ni < jw->max_interps; ni++) {
		if (!sonde_jrd(w, interp + o->is_threads_head, 8, &t))
			return 0;
		for (; t && nt < jw->max_threads; nt++) {
			if (!sonde_jrd(w, t + o->ts_native_tid, 8, &v))
				return 0;
			if (v == jw->tid)
				return t;
			if (!sonde_jrd(w, t + o->ts_next, 8, &t))
				return 0;
		}
		if (!sonde_jrd(w, interp + o->is_next, 8, &interp))
			return 0;
	}
	return 0;
}

/* Mark frame @i of @py SONDE_PYF_ENTRY, in place. */
static void sonde_jentry(u8 *py, u32 i)
{
	u8 *p = py + i * sizeof(struct sonde_pyframe) +
		offsetof(struct sonde_pyframe, flags);
	u16 flags;

	memcpy(&flags, p, sizeof(flags));
	flags |= SONDE_PYF_ENTRY;
	memcpy(p, &flags, sizeof(flags));
}

/*
 * The interpreter frames of thread state @ts into @py (room for @frames),
 * their strings through @w.  Returns how many.
 */
static u32 sonde_jframes(struct sonde_jw *w, u64 ts, u8 *py, u32 frames)
{
	const struct sonde_pyoffsets *o = w->o;
	struct sonde_pyframe f __uninitialized;	/* every field set below */
	u64 fp, code, instr, v, owner;
	u32 n = 0, steps;

	if (o->ts_cframe != SONDE_PYOFF_NONE) {
		if (!sonde_jrd(w, ts + o->ts_cframe, 8, &v))
			return 0;
		if (!v)
			return 0;
		ts = v;
	}
	if (!sonde_jrd(w, ts + o->ts_frame, 8, &fp))
		return 0;
	for (steps = 0; fp && n < frames && steps < 2 * frames; steps++) {
		if (o->fr_owner != SONDE_PYOFF_NONE &&
		    o->owner_skip != SONDE_PYOFF_NONE) {
			if (!sonde_jrd(w, fp + o->fr_owner, 1, &owner))
				return n;
			if (owner == o->owner_skip) {
				/* a shim under the first frame a C call of
				 * the interpreter runs (3.12+): that frame,
				 * the one before, is the call's entry */
				if (n && o->fr_entry == SONDE_PYOFF_NONE)
					sonde_jentry(py, n - 1);
				if (!sonde_jrd(w, fp + o->fr_previous, 8, &fp))
					return n;
				continue;
			}
		}
		if (!sonde_jrd(w, fp + o->fr_code, 8, &code) ||
		    !sonde_jrd(w, fp + o->fr_instr, 8, &instr))
			return n;
		f.code = code;
		f.lasti = code && instr ? (s32)(instr - (code + o->co_code)) :
			  -1;
		f.flags = 0;
		f.reserved = 0;
		if (o->fr_entry != SONDE_PYOFF_NONE) {
			if (!sonde_jrd(w, fp + o->fr_entry, 1, &v))
				return n;
			if (v)
				f.flags |= SONDE_PYF_ENTRY;
		}
		f.firstlineno = 0;
		f.name = f.file = SONDE_JSTR_NONE;
		if (code) {
			if (!sonde_jrd(w, code + o->co_firstlineno, 4, &v))
				return n;
			f.firstlineno = (s32)v;
			if (!sonde_jrd(w, code + o->co_name, 8, &v))
				return n;
			f.name = sonde_jstr(w, v);
			if (w->flags & SONDE_JSTACK_FAULT)
				return n;
			if (!sonde_jrd(w, code + o->co_filename, 8, &v))
				return n;
			f.file = sonde_jstr(w, v);
			if (w->flags & SONDE_JSTACK_FAULT)
				return n;
		}
		memcpy(py + n * sizeof(f), &f, sizeof(f));
		n++;
		if (!sonde_jrd(w, fp + o->fr_previous, 8, &fp))
			return n;
	}
	if (fp)
		w->flags |= SONDE_JSTACK_PYTRUNC;
	return n;
}

u32 sonde_jstack_take(struct sonde_vm_ctx *ctx, u8 *dst, u32 frames,
		      u32 strsize)
{
	struct sonde_jstack h __uninitialized;
	struct sonde_jwalk jw __uninitialized;
	struct sonde_jw w __uninitialized;
	u32 npcs, pyoff, ts_used = 0;
	u64 ts;

	if (frames > 255)
		frames = 255;
	npcs = sonde_env_stack(ctx, true, ctx->stackbuf, frames);
	memcpy(dst + sizeof(h), ctx->stackbuf, npcs * sizeof(u64));
	pyoff = sizeof(h) + npcs * sizeof(u64);
	h.npcs = (u16)npcs;
	h.npy = 0;
	h.strlen = 0;
	h.flags = 0;
	h.helper = SONDE_JHELPER_NONE;
	h.reserved = 0;
	jw.pid = 0;
	if (sonde_env_jhelper(ctx, &jw)) {
		w.ctx = ctx;
		w.o = jw.off;
		/* strings go after room for every frame, then move down */
		w.str = dst + pyoff + frames * sizeof(struct sonde_pyframe);
		w.room = strsize;
		w.used = 0;
		w.flags = 0;
		w.nseen = 0;
		h.helper = jw.id;
		ts = sonde_jthread(&w, &jw);
		if (ts)
			h.npy = (u16)sonde_jframes(&w, ts, dst + pyoff, frames);
		else if (!(w.flags & SONDE_JSTACK_FAULT))
			w.flags |= SONDE_JSTACK_NOTHREAD;
		ts_used = w.used;
		h.strlen = (u16)w.used;
		h.flags = w.flags;
		if (ts_used)
			memmove(dst + pyoff + h.npy * sizeof(struct sonde_pyframe),
				w.str, ts_used);
		if (w.flags & SONDE_JSTACK_FAULT)
			sonde_env_jdrop(ctx);
	}
	h.pid = jw.pid;
	memcpy(dst, &h, sizeof(h));
	return pyoff + h.npy * sizeof(struct sonde_pyframe) + ts_used;
}
