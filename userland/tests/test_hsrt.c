// SPDX-License-Identifier: GPL-2.0
/*
 * test_hsrt.c - jstack()'s Java side on the host, against a live JVM
 * (Debian's openjdk-17 by default): the layout read from its exported
 * VMStructs tables (usdt/hsrt.c), then used as the kernel's walk will use
 * it: each thread stopped (ptrace), its frame-pointer chain followed from
 * its registers, each frame's Method* at the slot the layout names,
 * Method -> ConstMethod -> ConstantPool -> holder Klass's name and the
 * method's name and signature Symbols.  The JVM runs a program blocked
 * in Hsrt.main -> Hsrt.a -> Hsrt.b -> Thread.sleep, interpreted (each
 * called once, so none is compiled): those frames must come out, in
 * that order, with their signatures.
 *
 *   test_hsrt [JAVA]   (default the openjdk-17 java; skipped if absent)
 *
 * Prints "ok N - what" / "not ok N - what" and a summary; exit 1 on any
 * failure.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>

#include "usdt.h"
#include "unit.h"

static const char hsrt_java[] =
	"public class Hsrt {\n"
	"	static void b(int n) throws Exception {\n"
	"		System.out.println(\"ready\");\n"
	"		System.out.flush();\n"
	"		Thread.sleep(600000);\n"
	"	}\n"
	"	static void a(String s) throws Exception { b(s.length()); }\n"
	"	public static void main(String[] args) throws Exception {\n"
	"		a(\"x\");\n"
	"	}\n"
	"}\n";

static int memfd = -1;

static int rd(uint64_t addr, void *dst, size_t n)
{
	return pread(memfd, dst, n, (off_t)addr) == (ssize_t)n ? 0 : -1;
}

static uint64_t rd64(uint64_t addr)
{
	uint64_t v = 0;

	rd(addr, &v, sizeof(v));
	return v;
}

/*
 * The frame at @fp as an interpreted one: "Class.method signature" in
 * @buf, or false when its Method* slot does not lead to one.
 */
static bool java_frame(pid_t pid, const struct sonde_hsrt *rt, uint64_t fp,
		       char *buf, size_t size)
{
	uint64_t m, cm, cp, holder, kname, msym, ssym;
	uint16_t ni = 0, si = 0;
	char cls[256], name[256], sig[256];

	m = rd64(fp + (int64_t)rt->frame_method_slot * 8);
	if (!m || m & 7)
		return false;
	cm = rd64(m + rt->method_constmethod);
	if (!cm || cm & 7)
		return false;
	cp = rd64(cm + rt->constmethod_constants);
	if (!cp || cp & 7 || rd(cm + rt->constmethod_name_index, &ni, 2) ||
	    rd(cm + rt->constmethod_signature_index, &si, 2))
		return false;
	holder = rd64(cp + rt->cpool_holder);
	if (!holder || holder & 7)
		return false;
	kname = rd64(holder + rt->klass_name);
	msym = rd64(cp + rt->cpool_size + 8ULL * ni);
	ssym = rd64(cp + rt->cpool_size + 8ULL * si);
	if (!kname || !msym || !ssym ||
	    sonde_hsrt_symbol(pid, rt, kname, cls, sizeof(cls)) ||
	    sonde_hsrt_symbol(pid, rt, msym, name, sizeof(name)) ||
	    sonde_hsrt_symbol(pid, rt, ssym, sig, sizeof(sig)) ||
	    !cls[0] || !name[0])
		return false;
	snprintf(buf, size, "%s.%s%s", cls, name, sig);
	return true;
}

/* Thread @tid's Java frames, innermost first, one a line, in @out. */
static void thread_frames(pid_t pid, pid_t tid, const struct sonde_hsrt *rt,
			  char *out, size_t size)
{
	struct user_regs_struct regs;
	uint64_t fp, next;
	char f[800];
	size_t len = 0;
	int i, status;

	out[0] = '\0';
	if (ptrace(PTRACE_SEIZE, tid, NULL, NULL))
		return;
	if (ptrace(PTRACE_INTERRUPT, tid, NULL, NULL) ||
	    waitpid(tid, &status, __WALL) != tid ||
	    ptrace(PTRACE_GETREGS, tid, NULL, &regs))
		goto out;
	/*
	 * Debian's libjvm.so has no frame pointers: the thread's rbp, deep
	 * in it, is 0.  The kernel's walk gets through its frames by their
	 * CFI rows (ustack.c); here the first interpreted frame is found by
	 * scanning the stack up from rsp for a word that starts a chain of
	 * them (stale slots of earlier calls resolve too, but their saved
	 * fp leads nowhere).  From there on the interpreter keeps the
	 * frame-pointer chain.
	 */
	for (fp = regs.rsp & ~7ULL; fp < regs.rsp + (1 << 20); fp += 8) {
		uint64_t q = fp;
		int k, good = 0;

		for (k = 0; k < 3 && q && !(q & 7); k++) {
			next = rd64(q);
			if (next <= q || next > q + (1 << 20) ||
			    !java_frame(pid, rt, q, f, sizeof(f)))
				break;
			good++;
			q = next;
		}
		if (good == 3)
			break;
	}
	for (i = 0; i < 256 && fp && !(fp & 7); i++) {
		if (java_frame(pid, rt, fp, f, sizeof(f)) &&
		    len + strlen(f) + 2 < size)
			len += snprintf(out + len, size - len, "%s\n", f);
		next = rd64(fp);
		if (next <= fp)
			break;	/* the chain must go up the stack */
		fp = next;
	}
out:
	ptrace(PTRACE_DETACH, tid, NULL, NULL);
}

int main(int argc, char **argv)
{
	const char *java = argc > 1 ? argv[1] :
		"/usr/lib/jvm/java-17-openjdk-amd64/bin/java";
	char dir[] = "/tmp/test_hsrt.XXXXXX", src[64], line[64], err[256];
	char frames[8192], want[512], fn[64];
	struct sonde_hsrt rt;
	struct dirent *de;
	bool found = false;
	int pfd[2], ret;
	pid_t pid;
	FILE *f;
	DIR *d;

	if (access(java, X_OK)) {
		check(true, "HotSpot layout # SKIP no %s", java);
		return unit_summary("");
	}
	if (!mkdtemp(dir) || pipe(pfd))
		return 1;
	snprintf(src, sizeof(src), "%s/Hsrt.java", dir);
	f = fopen(src, "w");
	if (!f || fputs(hsrt_java, f) < 0 || fclose(f))
		return 1;
	pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		/* the source launcher compiles it in memory; C1 only, so
		 * the run is quick, and the frames stay interpreted (each
		 * method runs once) */
		execl(java, java, "-XX:TieredStopAtLevel=1", "-Xss1m", src,
		      (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	f = fdopen(pfd[0], "r");
	if (!f || !fgets(line, sizeof(line), f) || strcmp(line, "ready\n")) {
		check(false, "the JVM runs the program (%s)", java);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return unit_summary("");
	}
	usleep(200000);		/* on into Thread.sleep() */

	err[0] = '\0';
	ret = sonde_hsrt_read(pid, &rt, err, sizeof(err));
	check(ret == 0, "the layout read from the JVM's VMStructs%s%s", err[0] ? ": " : "", err);
	check(rt.symbol_body > rt.symbol_length && rt.cpool_size >= 8 &&
	      rt.method_constmethod && rt.frame_method_slot == -3,
	      "the layout is plausible: Symbol length %llu body %llu, ConstantPool %llu bytes, Method* at fp%+d words",
	      (unsigned long long)rt.symbol_length,
	      (unsigned long long)rt.symbol_body,
	      (unsigned long long)rt.cpool_size, rt.frame_method_slot);
	check(rt.codecache_low && rt.codecache_high && rt.codecache_heaps &&
	      rt.nmethod_method && rt.codeblob_name,
	      "the CodeCache's statics and an nmethod's Method* are found");

	snprintf(fn, sizeof(fn), "/proc/%d/mem", (int)pid);
	memfd = open(fn, O_RDONLY | O_CLOEXEC);
	snprintf(fn, sizeof(fn), "/proc/%d/task", (int)pid);
	d = opendir(fn);
	snprintf(want, sizeof(want), "%s\n%s\n%s\n%s\n",
		 "java/lang/Thread.sleep(J)V", "Hsrt.b(I)V",
		 "Hsrt.a(Ljava/lang/String;)V", "Hsrt.main([Ljava/lang/String;)V");
	while (!ret && d && memfd >= 0 && (de = readdir(d))) {
		pid_t tid = atoi(de->d_name);

		if (tid <= 0)
			continue;
		thread_frames(pid, tid, &rt, frames, sizeof(frames));
		if (strstr(frames, "Hsrt.")) {
			found = true;
			if (!check(strstr(frames, want) != NULL,
				   "thread %d's interpreted frames, innermost first",
				   (int)tid))
				printf("# got:\n%s# want:\n%s", frames, want);
		}
	}
	check(found, "a thread runs Hsrt's frames");
	if (d)
		closedir(d);
	if (memfd >= 0)
		close(memfd);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	unlink(src);
	rmdir(dir);
	return unit_summary("");
}
