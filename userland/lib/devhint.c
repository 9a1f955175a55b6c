// SPDX-License-Identifier: GPL-2.0
/*
 * devhint.c - what to do when /dev/sonde cannot be opened.  From the
 * open's errno and what the host shows (the node, /sys/module/sonde, the
 * modules.dep of the running and the other installed kernels, the
 * installed module's vermagic, kernel lockdown, whether the kernel loads
 * modules at all (/proc/modules, kernel.modules_disabled), the caller's
 * uid and CAP_SYS_ADMIN) one remedy is written, e.g.
 *
 *	the sonde module is not loaded: load it with 'modprobe sonde' (as root)
 *	sonde needs root: run it as root or with sudo (...)
 *
 * The facts are read under a root folder (sonde_dev_hint_at()) so the
 * unit test can fake a host.  Never prints; consumer's thread only.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "libsonde.h"

/* What the module is called in modules.dep, with its compression. */
static bool hint_is_sonde_ko(const char *path, size_t len)
{
	static const char *const names[] = {
		"sonde.ko", "sonde.ko.xz", "sonde.ko.zst", "sonde.ko.gz",
	};
	size_t i, n;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		n = strlen(names[i]);
		if (len >= n && !memcmp(path + len - n, names[i], n) &&
		    (len == n || path[len - n - 1] == '/'))
			return true;
	}
	return false;
}

/*
 * Is sonde in @root/lib/modules/@rel/modules.dep?  Its path (relative to
 * that folder) goes to @path.
 */
static bool hint_installed(const char *root, const char *rel, char *path,
			   size_t size)
{
	char fn[512], line[1024];
	bool found = false;
	FILE *f;

	snprintf(fn, sizeof(fn), "%s/lib/modules/%s/modules.dep", root, rel);
	f = fopen(fn, "re");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (colon && hint_is_sonde_ko(line, colon - line)) {
			snprintf(path, size, "%.*s", (int)(colon - line), line);
			found = true;
		}
	}
	fclose(f);
	return found;
}

/*
 * The release an uncompressed module was built for (its vermagic's first
 * word), or "" when it cannot be told (compressed, unreadable).
 */
static void hint_vermagic(const char *file, char *out, size_t size)
{
	static const char key[] = "vermagic=";
	char *buf = NULL, *p;
	struct stat st;
	size_t n;
	FILE *f;

	out[0] = '\0';
	n = strlen(file);
	if (n < 3 || strcmp(file + n - 3, ".ko"))
		return;
	f = fopen(file, "re");
	if (!f)
		return;
	if (fstat(fileno(f), &st) == 0 && st.st_size > 0 &&
	    st.st_size < (64 << 20) && (buf = malloc(st.st_size + 1)) &&
	    fread(buf, 1, st.st_size, f) == (size_t)st.st_size) {
		buf[st.st_size] = '\0';
		p = memmem(buf, st.st_size, key, sizeof(key) - 1);
		if (p) {
			p += sizeof(key) - 1;
			n = strcspn(p, " ");
			if (n < size && p + n < buf + st.st_size)
				snprintf(out, size, "%.*s", (int)n, p);
		}
	}
	free(buf);
	fclose(f);
}

/* The other releases with sonde installed, ", "-separated. */
static void hint_others(const char *root, const char *rel, char *out,
			size_t size)
{
	char dir[512], path[512];
	struct dirent *de;
	size_t len = 0;
	DIR *d;

	out[0] = '\0';
	snprintf(dir, sizeof(dir), "%s/lib/modules", root);
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, rel))
			continue;
		if (!hint_installed(root, de->d_name, path, sizeof(path)))
			continue;
		if (len + strlen(de->d_name) + 3 >= size)
			break;
		len += snprintf(out + len, size - len, "%s%s",
				len ? ", " : "", de->d_name);
	}
	closedir(d);
}

/* "integrity" or "confidentiality" when the kernel is locked down. */
static void hint_lockdown(const char *root, char *out, size_t size)
{
	char fn[512], line[128], *b, *e;
	FILE *f;

	out[0] = '\0';
	snprintf(fn, sizeof(fn), "%s/sys/kernel/security/lockdown", root);
	f = fopen(fn, "re");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && (b = strchr(line, '[')) &&
	    (e = strchr(b, ']')) && strncmp(b + 1, "none", e - b - 1))
		snprintf(out, size, "%.*s", (int)(e - b - 1), b + 1);
	fclose(f);
}

static bool hint_exists(const char *root, const char *what)
{
	char fn[512];

	snprintf(fn, sizeof(fn), "%s%s", root, what);
	return access(fn, F_OK) == 0;
}

static void hint_put(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void hint_put(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	if (len + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

/* kernel.modules_disabled: 1 once set (it cannot be cleared). */
static bool hint_modules_disabled(const char *root)
{
	char fn[512];
	int c = 0;
	FILE *f;

	snprintf(fn, sizeof(fn), "%s/proc/sys/kernel/modules_disabled", root);
	f = fopen(fn, "re");
	if (!f)
		return false;
	c = fgetc(f);
	fclose(f);
	return c == '1';
}

/*
 * Why no module is there to load, or why the one there would not load.
 * A kernel that loads no modules at all comes first: insmod or modprobe
 * would only fail again.
 */
static void hint_module(const struct sonde_hint_env *env, int err, char *buf,
			size_t size)
{
	char path[512], file[1024], vm[128], others[512], ld[32];

	if (!hint_exists(env->root, "/proc/modules")) {
		hint_put(buf, size, "the running kernel %s cannot load modules (it was built without CONFIG_MODULES: there is no /proc/modules), so sonde cannot run on it: boot a kernel with module support, such as Debian's linux-image-amd64",
			 env->release);
		return;
	}
	if (hint_modules_disabled(env->root)) {
		hint_put(buf, size, "the running kernel refuses to load modules (kernel.modules_disabled is 1, and stays so until a reboot): remove that setting (sysctl.d, the boot's scripts) and reboot, then load sonde");
		return;
	}
	hint_lockdown(env->root, ld, sizeof(ld));
	if (!hint_installed(env->root, env->release, path, sizeof(path))) {
		hint_others(env->root, env->release, others, sizeof(others));
		if (others[0])
			hint_put(buf, size, "no sonde module is installed for the running kernel %s, only for %s: install linux-headers-%s and run 'dkms autoinstall' (as root), or reinstall the sonde-dkms package",
				 env->release, others, env->release);
		else
			hint_put(buf, size, "no sonde module is installed for the running kernel %s: install the sonde-dkms package, or build the module ('make module') and load it with 'insmod sonde.ko' (as root)",
				 env->release);
		return;
	}
	snprintf(file, sizeof(file), "%s/lib/modules/%s/%s", env->root,
		 env->release, path);
	hint_vermagic(file, vm, sizeof(vm));
	if (vm[0] && strcmp(vm, env->release))
		hint_put(buf, size, "the installed module %s was built for kernel %s, but the running kernel is %s: rebuild it with 'dkms autoinstall' (as root)",
			 path, vm, env->release);
	else if (err == ENOENT)
		hint_put(buf, size, "the sonde module is not loaded: load it with 'modprobe sonde' (as root)");
	else
		hint_put(buf, size, "the sonde module did not load on demand: run 'modprobe sonde' as root to see why");
	if (ld[0])
		hint_put(buf, size, "; the kernel is locked down (%s), so it loads only modules signed with a key it trusts: see sonde(8), SECURE BOOT",
			 ld);
}

int sonde_dev_hint_at(const struct sonde_hint_env *env, int err, char *buf,
		      size_t size)
{
	bool loaded;
	char ld[32];

	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	if (err < 0)
		err = -err;
	loaded = hint_exists(env->root, "/sys/module/sonde");
	switch (err) {
	case ENOENT:
		if (loaded)
			hint_put(buf, size, "the sonde module is loaded but there is no %s: is devtmpfs mounted on /dev?",
				 SONDE_DEVICE_PATH);
		else
			hint_module(env, err, buf, size);
		break;
	case ENODEV:
	case ENXIO:
		if (loaded)
			hint_put(buf, size, "%s does not belong to the loaded sonde module: remove the stale node (rm %s) and reload the module",
				 SONDE_DEVICE_PATH, SONDE_DEVICE_PATH);
		else
			hint_module(env, err, buf, size);
		break;
	case EACCES:
	case EPERM:
		hint_lockdown(env->root, ld, sizeof(ld));
		if (env->euid != 0)
			hint_put(buf, size, "sonde needs root: run it as root or with sudo (%s is mode 0600 and needs CAP_SYS_ADMIN)",
				 SONDE_DEVICE_PATH);
		else if (!env->cap_sys_admin)
			hint_put(buf, size, "this process lacks CAP_SYS_ADMIN, which %s requires (a container, or a reduced capability set?)",
				 SONDE_DEVICE_PATH);
		else if (ld[0] && err == EPERM)
			hint_put(buf, size, "the kernel is locked down (%s)", ld);
		else
			hint_put(buf, size, "root was refused: check %s's owner and mode (root, 0600) and any security module (SELinux, AppArmor)",
				 SONDE_DEVICE_PATH);
		break;
	case ENOTTY:
		hint_put(buf, size, "%s is not a sonde device", SONDE_DEVICE_PATH);
		break;
	case EPROTO:
		hint_put(buf, size, "the module and this command come from different sonde versions: install matching sonde and sonde-dkms packages, or rebuild and reload both");
		break;
	default:
		break;
	}
	return buf[0] ? 0 : -ENOENT;
}

/* CAP_SYS_ADMIN (21) in this process's effective set. */
static bool hint_cap_sys_admin(void)
{
	unsigned long long eff = 0;
	char line[256];
	bool found = false;
	FILE *f;

	f = fopen("/proc/self/status", "re");
	if (!f)
		return geteuid() == 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1) {
			found = true;
			break;
		}
	fclose(f);
	return found ? (eff >> 21) & 1 : geteuid() == 0;
}

int sonde_dev_hint(int err, char *buf, size_t size)
{
	struct sonde_hint_env env = { .root = "" };
	struct utsname u;

	if (uname(&u))
		return -errno;
	env.release = u.release;
	env.euid = geteuid();
	env.cap_sys_admin = hint_cap_sys_admin();
	return sonde_dev_hint_at(&env, err, buf, size);
}
