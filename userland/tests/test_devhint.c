// SPDX-License-Identifier: GPL-2.0
/*
 * test_devhint.c - sonde_dev_hint_at(): the remedy the command prints when
 * /dev/sonde cannot be opened, on fake hosts built under a temporary
 * folder (modules.dep files, a module with a vermagic, /sys/module/sonde,
 * the lockdown file).  Messages are matched by substring.  KTAP output.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "libsonde.h"

static char g_root[256];
static int g_n, g_fail;

static void put_bin(const char *rel, const char *data, size_t len)
{
	char path[512], cmd[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", g_root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	if (system(cmd)) {
		perror("mkdir");
		exit(1);
	}
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	fwrite(data, 1, len, f);
	fclose(f);
}

static void put(const char *rel, const char *text)
{
	put_bin(rel, text, strlen(text));
}

static void reset(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s'", g_root,
		 g_root);
	if (system(cmd))
		exit(1);
}

/* The hint for @err must contain every NULL-terminated needle. */
static void expect(const char *name, const struct sonde_hint_env *env,
		   int err, ...)
{
	char buf[1024];
	const char *needle;
	va_list ap;
	bool ok = true;
	int ret;

	ret = sonde_dev_hint_at(env, err, buf, sizeof(buf));
	va_start(ap, err);
	while ((needle = va_arg(ap, const char *)))
		if (ret || !strstr(buf, needle)) {
			printf("# %s: want '%s' in '%s' (ret %d)\n", name,
			       needle, buf, ret);
			ok = false;
		}
	va_end(ap);
	g_n++;
	if (!ok)
		g_fail++;
	printf("%sok %d %s\n", ok ? "" : "not ", g_n, name);
}

int main(void)
{
	struct sonde_hint_env env = {
		.root = g_root, .release = "6.12.1-amd64", .euid = 0,
		.cap_sys_admin = true,
	};
	char buf[64];

	snprintf(g_root, sizeof(g_root), "/tmp/test_devhint.%d", (int)getpid());
	printf("TAP version 13\n1..15\n");

	/* a kernel without CONFIG_MODULES has no /proc/modules */
	reset();
	expect("no_module_support", &env, ENOENT, "cannot load modules",
	       "without CONFIG_MODULES", NULL);
	put("lib/modules/6.12.1-amd64/modules.dep", "updates/dkms/sonde.ko:\n");
	expect("no_module_support_installed", &env, ENODEV,
	       "cannot load modules", NULL);
	/* kernel.modules_disabled=1: no insmod, no modprobe */
	put("proc/modules", "");
	put("proc/sys/kernel/modules_disabled", "1\n");
	expect("modules_disabled", &env, ENOENT,
	       "kernel.modules_disabled is 1", NULL);
	put("proc/sys/kernel/modules_disabled", "0\n");

	reset();
	put("proc/modules", "");
	expect("nothing_installed", &env, ENOENT, "no sonde module is installed for the running kernel 6.12.1-amd64",
	       "sonde-dkms", NULL);

	put("lib/modules/6.1.0-9-amd64/modules.dep",
	    "kernel/fs/fuse/fuse.ko.xz:\nupdates/dkms/sonde.ko.xz:\n");
	put("lib/modules/6.12.1-amd64/modules.dep", "kernel/fs/fuse/fuse.ko.xz:\n");
	expect("installed_for_another_kernel", &env, ENOENT,
	       "only for 6.1.0-9-amd64", "linux-headers-6.12.1-amd64",
	       "dkms autoinstall", NULL);

	put("lib/modules/6.12.1-amd64/modules.dep",
	    "kernel/fs/fuse/fuse.ko.xz:\nupdates/dkms/sonde.ko.xz:\n");
	expect("installed_not_loaded", &env, ENOENT, "modprobe sonde", NULL);
	expect("load_on_demand_failed", &env, ENODEV,
	       "did not load on demand", "modprobe sonde", NULL);

	put("sys/kernel/security/lockdown", "none [integrity] confidentiality\n");
	expect("locked_down_unsigned", &env, ENXIO, "locked down (integrity)",
	       "SECURE BOOT", NULL);
	put("sys/kernel/security/lockdown", "[none] integrity confidentiality\n");

	/* an uncompressed module built for another kernel */
	put("lib/modules/6.12.1-amd64/modules.dep", "extra/sonde.ko:\n");
	{
		static const char ko[] = "\177ELF junk\0name=sonde\0"
			"vermagic=6.1.0-9-amd64 SMP preempt mod_unload\0";

		put_bin("lib/modules/6.12.1-amd64/extra/sonde.ko", ko,
			sizeof(ko));
	}
	expect("vermagic_mismatch", &env, ENODEV, "built for kernel 6.1.0-9-amd64",
	       "running kernel is 6.12.1-amd64", NULL);

	put("sys/module/sonde/refcnt", "0\n");
	expect("loaded_no_node", &env, ENOENT, "devtmpfs", NULL);
	expect("loaded_stale_node", &env, ENXIO, "stale node", NULL);

	env.euid = 1000;
	env.cap_sys_admin = false;
	expect("not_root", &env, EACCES, "needs root", "sudo", NULL);
	env.euid = 0;
	expect("root_without_cap", &env, EPERM, "lacks CAP_SYS_ADMIN", NULL);
	env.cap_sys_admin = true;
	expect("abi_mismatch", &env, EPROTO, "different sonde versions", NULL);

	/* nothing to add for an errno that says it all */
	g_n++;
	if (sonde_dev_hint_at(&env, EINTR, buf, sizeof(buf)) == -ENOENT &&
	    !buf[0]) {
		printf("ok %d no_hint_for_eintr\n", g_n);
	} else {
		g_fail++;
		printf("not ok %d no_hint_for_eintr\n", g_n);
	}

	snprintf(buf, sizeof(buf), "rm -rf '%s'", g_root);
	if (system(buf))
		return 1;
	printf("# %d passed, %d failed\n", g_n - g_fail, g_fail);
	return g_fail ? 1 : 0;
}
