// SPDX-License-Identifier: GPL-2.0
/*
 * dc_cc.c - the compiler driver: the handle, the arena, dc_compile()
 * (parse every input, then check and generate clause by clause, then the
 * verifier self-check on the serialised image, whose image the program
 * keeps for the loader; once more with the D libraries first when the
 * program needs them) and dc_dump() (-S).  Userland only; not thread-safe
 * (one handle per thread).
 */
#include <dirent.h>
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dc_impl.h"
#include "usdt.h"
#include "dc_sem.h"
#include "vm.h"

#define DC_ARENA_CHUNK	(64 * 1024)

struct dc *dc_new(void)
{
	struct dc *dc = calloc(1, sizeof(*dc));

	if (!dc) {
		errno = ENOMEM;
		return NULL;
	}
	dc_uopts_default(&dc->uopts);
	return dc;
}

void dc_free(struct dc *dc)
{
	unsigned int i;

	if (!dc)
		return;
	dc_diags_clear(dc);
	dc_btf_free(dc);
	for (i = 0; i < dc->ncppargs; i++)
		free(dc->cppargs[i]);
	free(dc->cpppath);
	free(dc);
}

void *dc_alloc(struct dc_cc *cc, size_t size)
{
	struct dc_arena *a = cc->arena;

	size = (size + 15) & ~(size_t)15;
	if (!a || a->used + size > a->size) {
		size_t sz = size > DC_ARENA_CHUNK ? size : DC_ARENA_CHUNK;

		a = malloc(sizeof(*a) + sz);
		if (!a) {
			cc->oom = true;
			return NULL;
		}
		a->next = cc->arena;
		a->used = 0;
		a->size = sz;
		cc->arena = a;
	}
	a->used += size;
	return memset(a->mem + a->used - size, 0, size);
}

char *dc_strndup(struct dc_cc *cc, const char *s, size_t n)
{
	char *d = dc_alloc(cc, n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = 0;
	}
	return d;
}

bool dc_grow(struct dc_cc *cc, void **v, uint32_t *cap, uint32_t need,
	     size_t esize)
{
	uint32_t n;
	void *p;

	if (need <= *cap)
		return true;
	n = *cap ? *cap : 8;
	while (n < need)
		n *= 2;
	p = realloc(*v, (size_t)n * esize);
	if (!p) {
		cc->oom = true;
		return false;
	}
	memset((char *)p + (size_t)*cap * esize, 0,
	       (size_t)(n - *cap) * esize);
	*v = p;
	*cap = n;
	return true;
}

/* Split "a:b:c:d" into @d, fields filled from the right. */
static bool dc_pdesc_split(struct dc_cc *cc, const char *text,
			   struct sonde_probe_desc *d, uint32_t line,
			   uint32_t col)
{
	static const size_t sizes[4] = {
		SONDE_PROVNAMELEN, SONDE_MODNAMELEN, SONDE_FUNCNAMELEN,
		SONDE_NAMELEN,
	};
	char *fields[4] = { d->provider, d->module, d->function, d->name };
	const char *parts[4], *p = text;
	size_t lens[4];
	int n = 0, i;

	memset(d, 0, sizeof(*d));
	for (;;) {
		const char *e = strchr(p, ':');

		if (n == 4) {
			dc_error(cc, "D_PDESC_INVAL", line, col,
				 "invalid probe description \"%s\": too many ':' separated fields",
				 text);
			return false;
		}
		parts[n] = p;
		lens[n++] = e ? (size_t)(e - p) : strlen(p);
		if (!e)
			break;
		p = e + 1;
	}
	for (i = 0; i < n; i++) {
		int f = 4 - n + i;

		if (lens[i] >= sizes[f]) {
			dc_error(cc, "D_PDESC_INVAL", line, col,
				 "invalid probe description \"%s\": field %d is too long (at most %zu characters)",
				 text, f + 1, sizes[f] - 1);
			return false;
		}
		memcpy(fields[f], parts[i], lens[i]);
	}
	return true;
}

/* What one pass over the inputs made (dc_compile_pass()). */
static void dc_cc_free_pass(struct dc_cc *cc)
{
	while (cc->arena) {
		struct dc_arena *a = cc->arena;

		cc->arena = a->next;
		free(a);
	}
	free(cc->clauses);
	free(cc->aggs);
	free(cc->vars);
	dc_ct_free(cc);
	dc_btf_cc_free(cc);
	if (cc->udefs) {
		sonde_sdt_defs_free(cc->udefs);
		free(cc->udefs);
		cc->udefs = NULL;
	}
	free(cc->inls);
	free(cc->xls);
	free(cc->exts);
	free(cc->strindex.slot);
	free(cc->constindex.slot);
}

static void dc_cc_free(struct dc_cc *cc)
{
	dc_cc_free_pass(cc);
	if (cc->srcs)
		for (uint32_t i = 0; i < cc->nsrcs; i++) {
			free(cc->srcs[i].cpp_out);
			if (cc->srcs[i].owned) {
				free((char *)cc->srcs[i].name);
				free((char *)cc->srcs[i].text);
			}
			for (uint32_t k = 0; k < cc->srcs[i].nfiles; k++)
				free(cc->srcs[i].files[k]);
			free(cc->srcs[i].files);
		}
	free(cc->srcs);
}

/*
 * -C: run source @i through "cpp" (fork + exec, no shell), feeding it the
 * text on a pipe and reading its output (with line markers, which the
 * lexer honours) from another.  False, with a D_PREPROC error, on failure.
 */
static bool dc_cpp(struct dc_cc *cc, uint32_t i)
{
	const struct dc_opts *o = cc->opts;
	struct dc_src *src = &cc->srcs[i];
	const char *argv[256];
	char *out = NULL;
	size_t olen = 0, ocap = 0, off = 0;
	int in[2] = { -1, -1 }, op[2] = { -1, -1 }, status = 0;
	unsigned int n = 0, k;
	pid_t pid;

	argv[n++] = cc->dc->cpppath ? cc->dc->cpppath : "cpp";
	argv[n++] = "-D__sonde";
	if (cc->dc->cpphdrs)
		argv[n++] = "-H";
	for (k = 0; o && o->defines && o->defines[k] && n < 120; k++) {
		char *d = dc_alloc(cc, strlen(o->defines[k]) + 3);

		if (!d)
			return false;
		strcpy(d, "-D");
		strcat(d, o->defines[k]);
		argv[n++] = d;
	}
	for (k = 0; o && o->cpp_args && o->cpp_args[k] && n < 180; k++)
		argv[n++] = o->cpp_args[k];
	/* -x define, undef, incdir, cppargs */
	for (k = 0; k < cc->dc->ncppargs && n < 250; k++)
		argv[n++] = cc->dc->cppargs[k];
	argv[n++] = "-";
	argv[n] = NULL;
	if (pipe2(in, O_CLOEXEC) || pipe2(op, O_CLOEXEC))
		goto fail;
	pid = fork();
	if (pid < 0)
		goto fail;
	if (!pid) {
		if (dup2(in[0], 0) < 0 || dup2(op[1], 1) < 0)
			_exit(127);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(in[0]);
	close(op[1]);
	in[0] = op[1] = -1;
	signal(SIGPIPE, SIG_IGN);
	for (;;) {
		struct pollfd pf[2] = {
			{ .fd = op[0], .events = POLLIN },
			{ .fd = in[1], .events = POLLOUT },
		};
		ssize_t r;

		if (poll(pf, in[1] >= 0 ? 2 : 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (in[1] >= 0 && (pf[1].revents & (POLLOUT | POLLERR))) {
			r = write(in[1], src->text + off, src->len - off);
			if (r > 0)
				off += (size_t)r;
			if (r < 0 || off == src->len) {
				close(in[1]);
				in[1] = -1;
			}
		}
		if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (olen + 4096 + 1 > ocap) {
				char *nb = realloc(out, ocap * 2 + 8192);

				if (!nb) {
					cc->oom = true;
					break;
				}
				out = nb;
				ocap = ocap * 2 + 8192;
			}
			r = read(op[0], out + olen, 4096);
			if (r <= 0)
				break;
			olen += (size_t)r;
		}
	}
	if (in[1] >= 0)
		close(in[1]);
	close(op[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (cc->oom || !out || !WIFEXITED(status) || WEXITSTATUS(status)) {
		free(out);
		if (!cc->oom)
			dc_error(cc, "D_PREPROC", 0, 0,
				 "failed to preprocess %s: cpp %s %d", src->name,
				 WIFEXITED(status) ? "exited with status" :
				 "was killed by signal",
				 WIFEXITED(status) ? WEXITSTATUS(status) :
				 WTERMSIG(status));
		return false;
	}
	out[olen] = 0;
	src->orig = src->text;
	src->cpp_out = out;
	src->text = out;
	src->len = olen;
	return true;
fail:
	for (k = 0; k < 2; k++) {
		if (in[k] >= 0)
			close(in[k]);
		if (op[k] >= 0)
			close(op[k]);
	}
	dc_error(cc, "D_PREPROC", 0, 0, "failed to run cpp for %s: %s",
		 src->name, strerror(errno));
	return false;
}

/* Source line of instruction @pc of clause @cl's predicate or actions. */
static uint32_t dc_insn_line(const struct sonde_program *p, uint32_t cl,
			     bool pred, uint32_t pc)
{
	uint32_t abs;

	if (cl >= p->nclauses)
		return 0;
	abs = (pred ? p->clauses[cl].pred_off : p->clauses[cl].act_off) + pc;
	return abs < p->ninsns ? p->insn_line[abs] : 0;
}

/*
 * A clause that alone costs more than one firing may (the kernel's
 * firing budget, docs/vm.md) can never be loaded: say so here, with its
 * line, rather than as the kernel's refusal.  The kernel's check also
 * counts the other enablings of each probe and the consumer's ERROR
 * clauses.  DTrace has no such limit, hence no tag: like the record size
 * (dc_cg.c), it is D_UNKNOWN with a message.
 */
/* What costs most in a clause: the kind of instruction (a subroutine, a
 * built-in, an opcode) whose runs add up to the most units. */
struct dc_costkind {
	uint64_t units[SONDE_OP_MAX + 1 + SONDE_SUBR_MAX + SONDE_B_MAX];
	uint32_t count[SONDE_OP_MAX + 1 + SONDE_SUBR_MAX + SONDE_B_MAX];
};

static void dc_costkind_add(struct dc_costkind *k, const struct sonde_image *img,
			    uint32_t off, uint32_t len, uint32_t ncpus)
{
	uint32_t pc;

	for (pc = off; pc < off + len; pc++) {
		const struct sonde_insn *in = &img->insns[pc];
		uint32_t i = in->op;

		if (in->op == SONDE_OP_CALL && (uint32_t)in->imm < SONDE_SUBR_MAX)
			i = SONDE_OP_MAX + 1 + (uint32_t)in->imm;
		else if (in->op == SONDE_OP_LDB && (uint32_t)in->imm < SONDE_B_MAX)
			i = SONDE_OP_MAX + 1 + SONDE_SUBR_MAX + (uint32_t)in->imm;
		k->units[i] += sonde_insn_cost(img, in, ncpus);
		k->count[i]++;
	}
}

static void dc_costkind_name(uint32_t i, char *buf, size_t size)
{
	if (i > SONDE_OP_MAX + SONDE_SUBR_MAX)
		snprintf(buf, size, "%s",
			 sonde_builtin_name(i - SONDE_OP_MAX - 1 - SONDE_SUBR_MAX));
	else if (i > SONDE_OP_MAX)
		snprintf(buf, size, "%s()",
			 sonde_subr_name(i - SONDE_OP_MAX - 1));
	else
		snprintf(buf, size, "the %s instruction", sonde_op_name(i));
}

static void dc_costcheck(struct dc_cc *cc, const struct sonde_image *img)
{
	long ncpus = sysconf(_SC_NPROCESSORS_CONF);
	uint32_t n = ncpus > 0 ? (uint32_t)ncpus : 1;
	struct dc_costkind kinds, *k = &kinds;
	uint32_t i, j, top;
	char what[64];

	for (i = 0; i < img->nclauses; i++) {
		const struct sonde_clause *cl = &img->clauses[i];
		uint64_t cost = sonde_clause_cost(img, i, n);

		if (cost <= SONDE_FIRING_BUDGET)
			continue;
		memset(k, 0, sizeof(*k));
		dc_costkind_add(k, img, cl->pred_off, cl->pred_len, n);
		dc_costkind_add(k, img, cl->act_off, cl->act_len, n);
		for (top = 0, j = 1; j < sizeof(k->units) / sizeof(k->units[0]); j++)
			if (k->units[j] > k->units[top])
				top = j;
		dc_costkind_name(top, what, sizeof(what));
		cc->cur_src = i < cc->nclauses ? cc->clauses[i].src : 0;
		dc_error(cc, "D_UNKNOWN", i < cc->nclauses ?
			 cc->clauses[i].line : 0, 1,
			 "the clause costs up to %llu units a firing, more than the firing budget of %u; most of it is %s, %u time%s at up to %llu units each: fewer of them, a smaller strsize, or smaller scratch and buffers (docs/vm.md, \"Bounded time\")",
			 (unsigned long long)cost, SONDE_FIRING_BUDGET, what,
			 k->count[top], k->count[top] == 1 ? "" : "s",
			 (unsigned long long)(k->units[top] / k->count[top]));
	}
}

/*
 * Serialise and verify (libsonde, the verifier the kernel runs): a
 * rejection is a bug in this compiler, said at the line of the
 * instruction refused.  The image verified is the program's: the loader
 * sends it.
 */
static void dc_selfcheck(struct dc_cc *cc)
{
	struct sonde_program *p = cc->prog;
	struct sonde_load_err e;
	struct sonde_image img;
	uint32_t cl;

	if (!sonde_program_verify(p, &img, &e)) {
		dc_costcheck(cc, &img);
		return;
	}
	if (e.kind == SONDE_LOADERR_IMAGE) {
		if (e.err == -ENOMEM)
			cc->oom = true;
		else
			dc_error(cc, "D_UNKNOWN", 0, 0,
				 "internal compiler error: cannot build the program image: %s",
				 strerror(-e.err));
		return;
	}
	cl = e.clause;
	if (cl != SONDE_LOADERR_NOWHERE && e.pc != SONDE_LOADERR_NOWHERE) {
		cc->cur_src = cl < cc->nclauses ? cc->clauses[cl].src : 0;
		dc_error(cc, "D_UNKNOWN", dc_insn_line(p, cl, e.pred, e.pc), 1,
			 "internal compiler error: the verifier rejected the generated code: %s",
			 e.reason);
	} else {
		dc_error(cc, "D_UNKNOWN", 0, 0,
			 "internal compiler error: the verifier rejected the generated program: %s",
			 e.reason);
	}
}

static int dc_cmpname(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The text of file @path, malloc'd, or NULL with errno set. */
static char *dc_readfile(const char *path)
{
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	do {
		if (len + 4097 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);

			if (!nb) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, 4096, f);
		len += n;
	} while (n == 4096);
	fclose(f);
	buf[len] = 0;
	return buf;
}

/* Add source @name (its malloc'd @text, kept till the end) to the
 * compilation; its index, or -1 (OOM). */
static int dc_src_add(struct dc_cc *cc, const char *name, char *text)
{
	struct dc_src *s;
	char *n = strdup(name);

	if (!n || !dc_grow(cc, (void **)&cc->srcs, &cc->cap_srcs,
			   cc->nsrcs + 1, sizeof(*cc->srcs))) {
		free(n);
		free(text);
		cc->oom = true;
		return -1;
	}
	s = &cc->srcs[cc->nsrcs];
	memset(s, 0, sizeof(*s));
	s->name = n;
	s->text = text;
	s->len = strlen(text);
	s->kind = DC_IN_SCRIPT;
	s->owned = true;
	return (int)cc->nsrcs++;
}

/* Does the compilation have D library directories (opts->libdirs)? */
static bool dc_libs_given(const struct dc_opts *o)
{
	return o && o->sz >= offsetof(struct dc_opts, libdirs) +
	       sizeof(o->libdirs) && o->libdirs && o->libdirs[0];
}

bool dc_libs_need(struct dc_cc *cc)
{
	if (cc->libs_loaded || !dc_libs_given(cc->opts))
		return false;
	if (!cc->libs_needed) {
		cc->libs_needed = true;
		/* an error of sorts: nothing is generated, and the pass
		 * is thrown away */
		cc->nerrors++;
	}
	return true;
}

/*
 * The D libraries: every *.d file of each directory of opts->libdirs, in
 * name order, compiled (declarations only) as sources after the inputs,
 * before the inputs are parsed: dc_compile() does it once, when a first
 * pass found the program needs a name it does not declare
 * (dc_libs_need()).  A program that needs none (BEGIN { exit(0); }) never
 * reads them.  Errors in a library are reported in its file.
 */
static void dc_libs_load(struct dc_cc *cc)
{
	const struct dc_opts *o = cc->opts;
	uint32_t saved = cc->cur_src;
	unsigned int d;

	cc->libs_loaded = true;
	if (!dc_libs_given(o))
		return;
	cc->in_lib = true;
	for (d = 0; o->libdirs[d] && !cc->oom; d++) {
		struct dirent *e;
		char **v = NULL;
		size_t nv = 0, i;
		DIR *dir = opendir(o->libdirs[d]);

		if (!dir) {
			dc_error(cc, "D_UNKNOWN", 0, 0,
				 "cannot read D library directory %s: %s",
				 o->libdirs[d], strerror(errno));
			continue;
		}
		while ((e = readdir(dir))) {
			size_t l = strlen(e->d_name);
			char **nv2;

			if (l < 3 || strcmp(e->d_name + l - 2, ".d") ||
			    e->d_name[0] == '.')
				continue;
			nv2 = realloc(v, (nv + 1) * sizeof(*v));
			if (!nv2 || !(nv2[nv] = malloc(strlen(o->libdirs[d]) +
						       l + 2))) {
				v = nv2 ? nv2 : v;
				cc->oom = true;
				break;
			}
			v = nv2;
			sprintf(v[nv++], "%s/%s", o->libdirs[d], e->d_name);
		}
		closedir(dir);
		if (nv)
			qsort(v, nv, sizeof(*v), dc_cmpname);
		for (i = 0; i < nv; i++) {
			char *text = cc->oom ? NULL : dc_readfile(v[i]);
			int si;

			if (!text && !cc->oom) {
				dc_error(cc, "D_UNKNOWN", 0, 0,
					 "cannot read D library %s: %s", v[i],
					 strerror(errno));
			} else if (text && (si = dc_src_add(cc, v[i], text)) >= 0) {
				cc->cur_src = (uint32_t)si;
				dc_parse(cc, (uint32_t)si);
			}
			free(v[i]);
		}
		free(v);
	}
	cc->in_lib = false;
	cc->cur_src = saved;
}

/*
 * One pass over the inputs (their cpp output made already): the D
 * libraries first if @libs, then every input parsed (pragmas anywhere
 * set strsize & co.), then each clause checked and generated, then the
 * self-check.  The program, or NULL (cc->oom, cc->nerrors say why).
 */
static struct sonde_program *dc_compile_pass(struct dc_cc *cc,
					     struct dc_input *in,
					     unsigned int nin, bool libs)
{
	struct sonde_program *p = calloc(1, sizeof(*p));
	uint32_t i, j;

	if (!p) {
		cc->oom = true;
		return NULL;
	}
	cc->prog = p;
	dc_ct_init(cc);
	dc_sem_types_begin(cc);
	memcpy(p->kopts, cc->dc->kopts, sizeof(p->kopts));
	/* D's strsize, 256 characters (Linux dtrace's default), unless
	 * set: the kernel's counts the NUL (dc_kopt_bias()) */
	if (!p->kopts[SONDE_OPT_strsize].set) {
		p->kopts[SONDE_OPT_strsize].set = true;
		p->kopts[SONDE_OPT_strsize].value = DC_STRSIZE_DEFAULT + 1;
	}
	p->uopts = cc->dc->uopts;
	if (libs)
		dc_libs_load(cc);
	for (i = 0; i < nin && !cc->oom; i++) {
		cc->cur_src = i;
		in[i].clause0 = cc->nclauses;
		dc_parse(cc, i);
		in[i].nclauses = cc->nclauses - in[i].clause0;
		/* the empty option lets a program have no clause */
		if (in[i].nclauses == 0 && !cc->oom && !cc->nerrors &&
		    !p->uopts.empty)
			dc_error(cc, "D_EMPTY", 0, 0,
				 "empty D program translation unit");
	}
	if (cc->nclauses > SONDE_MAX_CLAUSES)
		dc_error(cc, "D_ID_OFLOW", 0, 0,
			 "too many clauses: %u, at most %u", cc->nclauses,
			 SONDE_MAX_CLAUSES);
	p->clauses = calloc(cc->nclauses ? cc->nclauses : 1,
			    sizeof(*p->clauses));
	if (!p->clauses)
		cc->oom = true;
	else
		p->nclauses = cc->nclauses;

	for (i = 0; i < p->nclauses && !cc->oom && !cc->libs_needed; i++) {
		struct dc_clause_ast *c = &cc->clauses[i];
		struct sonde_pclause *pc = &p->clauses[i];

		cc->cur_src = c->src;
		pc->line = DC_LINE(c->line);
		pc->descs = calloc(c->ndescs ? c->ndescs : 1,
				   sizeof(*pc->descs));
		if (!pc->descs) {
			cc->oom = true;
			break;
		}
		for (j = 0; j < c->ndescs; j++) {
			struct sonde_pdesc *d = &pc->descs[pc->ndescs];
			char *text = dc_sem_expand_pdesc(cc, c->descs[j].text,
							 c->descs[j].line,
							 c->descs[j].col);

			if (!text)
				continue;
			d->text = text;
			d->line = DC_LINE(c->descs[j].line);
			d->col = c->descs[j].col;
			pc->ndescs++;
			dc_pdesc_split(cc, text, &d->desc, c->descs[j].line,
				       c->descs[j].col);
		}
		/* no code once an error is out: a type the parser could not
		 * resolve leaves a node sema cannot finish, and the program
		 * is thrown away anyway */
		if (c->bad || !dc_sem_clause(cc, c) || cc->nerrors)
			continue;
		dc_cg_clause(cc, c, i);
	}
	if (!cc->nerrors && !cc->oom)
		dc_vars_fini(cc);
	/* the kernel's limit, said with its reason (as dc_cg.c's record
	 * size) rather than as the verifier's refusal */
	if (!cc->nerrors && !cc->oom && p->ninsns > SONDE_MAX_INSNS)
		dc_error(cc, "D_UNKNOWN", 0, 0,
			 "the program has %u instructions, more than the %u allowed",
			 p->ninsns, SONDE_MAX_INSNS);
	if (!cc->nerrors && !cc->oom)
		dc_selfcheck(cc);
	if (cc->oom || cc->nerrors) {
		sonde_program_free(p);
		return NULL;
	}
	return p;
}

/*
 * The compiler's entry point.  A first pass compiles the inputs alone;
 * when it finds they name what only the D libraries may declare
 * (dc_libs_need()), its work and messages are thrown away and a second
 * pass compiles the libraries, then the inputs.  The libraries are
 * compiled there only, so a program that needs none never reads them
 * and no stage calls back into the driver.
 */
struct sonde_program *dc_compile(struct dc *dc, struct dc_input *in,
				 unsigned int nin, const struct dc_opts *opts)
{
	struct dc_cc cc, keep;
	struct sonde_program *p;
	unsigned int ndiags, nerrors;
	uint32_t i;

	dc_diags_clear(dc);
	memset(&cc, 0, sizeof(cc));
	cc.dc = dc;
	cc.opts = opts;
	cc.srcs = calloc(nin ? nin : 1, sizeof(*cc.srcs));
	if (!cc.srcs) {
		errno = ENOMEM;
		return NULL;
	}
	cc.cap_srcs = nin ? nin : 1;
	cc.nsrcs = nin;
	for (i = 0; i < nin; i++) {
		cc.srcs[i].name = in[i].name ? in[i].name : "<command line>";
		cc.srcs[i].text = in[i].text ? in[i].text : "";
		cc.srcs[i].len = strlen(cc.srcs[i].text);
		cc.srcs[i].kind = in[i].kind;
	}
	if ((opts && opts->sz >= offsetof(struct dc_opts, cpp_args) +
	     sizeof(opts->cpp_args) && opts->cpp) || dc->cpp)
		for (i = 0; i < nin && !cc.oom; i++)
			if (cc.srcs[i].kind == DC_IN_SCRIPT) {
				cc.cur_src = i;
				dc_cpp(&cc, i);
			}

	ndiags = dc_ndiags(dc);
	nerrors = cc.nerrors;
	p = dc_compile_pass(&cc, in, nin, false);
	if (!p && cc.libs_needed && !cc.oom) {
		/* the inputs and their cpp output stay */
		keep = cc;
		dc_cc_free_pass(&cc);
		memset(&cc, 0, sizeof(cc));
		cc.dc = dc;
		cc.opts = opts;
		cc.srcs = keep.srcs;
		cc.nsrcs = keep.nsrcs;
		cc.cap_srcs = keep.cap_srcs;
		cc.nerrors = nerrors;
		dc_diags_truncate(dc, ndiags);
		p = dc_compile_pass(&cc, in, nin, true);
	}
	dc_cc_free(&cc);
	if (!p)
		errno = cc.oom ? ENOMEM : EINVAL;
	return p;
}

struct sonde_program *dc_compile_str(struct dc *dc, const char *name,
				     const char *text,
				     const struct dc_opts *opts)
{
	struct dc_input in = { .name = name, .text = text,
			       .kind = DC_IN_SCRIPT };

	return dc_compile(dc, &in, 1, opts);
}

static void dc_dump_range(FILE *fp, const struct sonde_program *p,
			  uint32_t off, uint32_t len)
{
	uint32_t pc, line = 0;
	char buf[128];

	for (pc = 0; pc < len; pc++) {
		uint32_t l = p->insn_line ? p->insn_line[off + pc] : 0;

		sonde_disasm(&p->insns[off + pc], pc, p->strtab, p->strtab_len,
			     buf, sizeof(buf));
		if (l != line)
			fprintf(fp, "    %3u: %-32s ; line %u\n", pc, buf, l);
		else
			fprintf(fp, "    %3u: %s\n", pc, buf);
		line = l;
	}
}

static const char *dc_dt_name(struct sonde_dtype t, char *buf, size_t size)
{
	if (t.kind == SONDE_DT_STR)
		snprintf(buf, size, "string[%u]", t.size);
	else if (t.kind == SONDE_DT_KSTACK || t.kind == SONDE_DT_USTACK)
		snprintf(buf, size, "%sstack[%u]",
			 t.kind == SONDE_DT_USTACK ? "u" : "k", t.size / 8);
	else if (sonde_dt_is_jstack(t))
		snprintf(buf, size, "jstack[%u, %u]", SONDE_DT_JFRAMES(t.kind),
			 sonde_dt_jstrsize(t));
	else if (sonde_dt_is_sym(t))
		snprintf(buf, size, "%s()", sonde_action_name(SONDE_DT_SACT(t.kind)));
	else if (t.kind == SONDE_DT_BYTES)
		snprintf(buf, size, "bytes[%u]", t.size);
	else
		snprintf(buf, size, "%s%u", t.kind == SONDE_DT_UINT ? "uint" :
			 "int", t.size * 8);
	return buf;
}

void dc_dump(FILE *fp, const struct sonde_program *p)
{
	uint32_t i, j, k;
	char tb[32];

	for (i = 0; i < p->naggs; i++) {
		const struct sonde_pagg *a = &p->aggs[i];

		fprintf(fp, "aggregation %u: @%s = %s(", i, a->name,
			sonde_aggfn_name(a->desc.fn));
		for (k = 0; k < 4; k++)
			if (a->desc.params[k] || (k < 3 && a->desc.params[k + 1]))
				fprintf(fp, "%s%lld", k ? ", " : "",
					(long long)a->desc.params[k]);
		fprintf(fp, ")%s keys [", a->desc.flags & SONDE_AGGF_INCR ?
			" incr" : "");
		for (k = 0; k < a->desc.nkeys; k++)
			fprintf(fp, "%s%s", k ? ", " : "",
				dc_dt_name(a->keys[k], tb, sizeof(tb)));
		fprintf(fp, "]\n");
	}
	for (i = 0; i < p->nvars; i++) {
		static const char *const scope[] = { "global", "this->",
						     "self->" };
		const struct sonde_pvar *v = &p->vars[i];

		fprintf(fp, "variable %u: %s%s%s %s", i,
			scope[v->desc.scope % 3], v->desc.scope ? "" : " ",
			v->name, dc_dt_name(v->type, tb, sizeof(tb)));
		if (v->desc.nkeys) {
			fprintf(fp, " keys [");
			for (k = 0; k < v->desc.nkeys; k++)
				fprintf(fp, "%s%s", k ? ", " : "",
					dc_dt_name(v->keys[k], tb, sizeof(tb)));
			fprintf(fp, "]");
		}
		fprintf(fp, "\n");
	}
	for (i = 0; i < p->nclauses; i++) {
		const struct sonde_pclause *c = &p->clauses[i];

		fprintf(fp, "clause %u (line %u):", i, c->line);
		for (j = 0; j < c->ndescs; j++)
			fprintf(fp, "%s %s", j ? "," : "", c->descs[j].text);
		fprintf(fp, "\n  record %u bytes%s:", c->rec_size,
			!(c->flags & SONDE_CLAUSEF_RECORD) ? "" :
			c->nacts ? " (always)" : " (default action)");
		for (j = 0; j < c->nfields; j++)
			fprintf(fp, " %u:%s", c->fields[j].offset,
				dc_dt_name(c->fields[j].type, tb, sizeof(tb)));
		fprintf(fp, "\n");
		for (j = 0; j < c->nacts; j++) {
			const struct sonde_action *a = &c->acts[j];

			fprintf(fp, "  action %u: %s fields %u..%u line %u:%u",
				j, sonde_action_name(a->kind), a->field,
				a->field + a->nfields, a->line, a->col);
			for (k = 0; k < a->naggs; k++)
				fprintf(fp, " @%s", p->aggs[a->aggids[k]].name);
			fprintf(fp, "\n");
		}
		if (c->pred_len) {
			fprintf(fp, "  predicate:\n");
			dc_dump_range(fp, p, c->pred_off, c->pred_len);
		}
		fprintf(fp, "  actions:\n");
		dc_dump_range(fp, p, c->act_off, c->act_len);
	}
}
