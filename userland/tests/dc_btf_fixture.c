// SPDX-License-Identifier: GPL-2.0
/*
 * dc_btf_fixture.c - a small, fixed kernel for the compiler's tests: a
 * BTF "vmlinux" and one module's split BTF, written with libbpf's BTF
 * writer into a directory the tests point the compiler at (dc_opts
 * btf_dir), so that kernel types in the corpus mean the same on every
 * build host.  The types have the kernel's names and members, in a
 * compact layout of their own; task_struct's first 24 bytes overlay the
 * run world's memory window (dc_test.c's run_mem) so a .run test reads
 * known values: comm "hello, world\n", pid 0x06050403, tgid 0xfeff0807.
 * The network types (sk_buff, sock, tcp_sock, the headers...) have the
 * members the D library's network translators read.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "dc_btf_fixture.h"

static int write_btf(const struct btf *b, const char *dir, const char *name)
{
	char path[4096];
	const void *raw;
	__u32 size;
	FILE *f;
	int ok;

	raw = btf__raw_data(b, &size);
	if (!raw)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	ok = fwrite(raw, 1, size, f) == size;
	return fclose(f) || !ok ? -EIO : 0;
}

/*
 * The network types the ip, tcp and udp providers' translators read
 * (userland/dlib/ip.d, tcp.d, udp.d), with the members they use only.
 */
static int dc_btf_fixture_net(struct btf *b, int t_int, int t_uint,
			      int t_uchar, int t_char, int t_ull)
{
	/* types first: a member goes to the type made last */
	int t_u16 = btf__add_int(b, "short unsigned int", 2, 0);
	int be16 = btf__add_typedef(b, "__be16", t_u16);
	int be32 = btf__add_typedef(b, "__be32", t_uint);
	int u8x16 = btf__add_array(b, t_int, t_uchar, 16);
	int u8p = btf__add_ptr(b, t_uchar);
	int skb, skbp, sk, skp, common, inet, icsk, rxopt, tcp, udp, net;
	int netp, pnet, dev, devp, ip, ip6, th, uh, cb, name16, cb48, u8x3;
	int in6 = btf__add_struct(b, "in6_addr", 16);

	btf__add_field(b, "s6_addr", u8x16, 0, 0);
	skb = btf__add_fwd(b, "sk_buff", BTF_FWD_STRUCT);
	skbp = btf__add_ptr(b, skb);
	common = btf__add_struct(b, "sock_common", 48);
	btf__add_field(b, "skc_daddr", be32, 0, 0);
	btf__add_field(b, "skc_rcv_saddr", be32, 32, 0);
	btf__add_field(b, "skc_dport", be16, 64, 0);
	btf__add_field(b, "skc_num", t_u16, 80, 0);
	btf__add_field(b, "skc_family", t_u16, 96, 0);
	btf__add_field(b, "skc_state", t_uchar, 112, 0);
	btf__add_field(b, "skc_v6_daddr", in6, 128, 0);
	btf__add_field(b, "skc_v6_rcv_saddr", in6, 256, 0);
	sk = btf__add_struct(b, "sock", 56);
	btf__add_field(b, "__sk_common", common, 0, 0);
	btf__add_field(b, "sk_protocol", t_u16, 384, 0);
	skp = btf__add_ptr(b, sk);
	inet = btf__add_struct(b, "inet_sock", 64);
	btf__add_field(b, "sk", sk, 0, 0);
	btf__add_field(b, "inet_sport", be16, 448, 0);
	btf__add_ptr(b, inet);
	icsk = btf__add_struct(b, "inet_connection_sock", 72);
	btf__add_field(b, "icsk_inet", inet, 0, 0);
	btf__add_field(b, "icsk_rto", t_uint, 512, 0);
	rxopt = btf__add_struct(b, "tcp_options_received", 4);
	btf__add_field(b, "snd_wscale", t_uchar, 0, 4);
	btf__add_field(b, "rcv_wscale", t_uchar, 4, 4);
	tcp = btf__add_struct(b, "tcp_sock", 144);
	btf__add_field(b, "inet_conn", icsk, 0, 0);
	btf__add_field(b, "snd_una", t_uint, 576, 0);
	btf__add_field(b, "snd_nxt", t_uint, 608, 0);
	btf__add_field(b, "rcv_nxt", t_uint, 640, 0);
	btf__add_field(b, "snd_wnd", t_uint, 672, 0);
	btf__add_field(b, "rcv_wnd", t_uint, 704, 0);
	btf__add_field(b, "snd_cwnd", t_uint, 736, 0);
	btf__add_field(b, "snd_ssthresh", t_uint, 768, 0);
	btf__add_field(b, "sacked_out", t_uint, 800, 0);
	btf__add_field(b, "mss_cache", t_uint, 832, 0);
	btf__add_field(b, "srtt_us", t_uint, 864, 0);
	btf__add_field(b, "mdev_us", t_uint, 896, 0);
	btf__add_field(b, "rx_opt", rxopt, 928, 0);
	btf__add_field(b, "bytes_acked", t_ull, 960, 0);
	btf__add_field(b, "bytes_received", t_ull, 1024, 0);
	btf__add_field(b, "highest_sack", skbp, 1088, 0);
	btf__add_ptr(b, tcp);
	udp = btf__add_struct(b, "udp_sock", 64);
	btf__add_field(b, "inet", inet, 0, 0);
	btf__add_ptr(b, udp);
	net = btf__add_struct(b, "net", 4);
	btf__add_field(b, "ifindex", t_int, 0, 0);
	netp = btf__add_ptr(b, net);
	pnet = btf__add_struct(b, NULL, 8);
	btf__add_field(b, "net", netp, 0, 0);
	pnet = btf__add_typedef(b, "possible_net_t", pnet);
	name16 = btf__add_array(b, t_int, t_char, 16);
	dev = btf__add_struct(b, "net_device", 24);
	btf__add_field(b, "name", name16, 0, 0);
	btf__add_field(b, "nd_net", pnet, 128, 0);
	devp = btf__add_ptr(b, dev);
	cb48 = btf__add_array(b, t_int, t_char, 48);
	skb = btf__add_struct(b, "sk_buff", 80);
	btf__add_field(b, "sk", skp, 0, 0);
	btf__add_field(b, "dev", devp, 64, 0);
	btf__add_field(b, "cb", cb48, 128, 0);
	btf__add_field(b, "len", t_uint, 512, 0);
	btf__add_field(b, "transport_header", t_u16, 544, 0);
	btf__add_field(b, "network_header", t_u16, 560, 0);
	btf__add_field(b, "head", u8p, 576, 0);
	cb = btf__add_struct(b, "tcp_skb_cb", 8);
	btf__add_field(b, "seq", t_uint, 0, 0);
	btf__add_field(b, "end_seq", t_uint, 32, 0);
	btf__add_ptr(b, cb);
	ip = btf__add_struct(b, "iphdr", 20);
	btf__add_field(b, "ihl", t_uchar, 0, 4);
	btf__add_field(b, "version", t_uchar, 4, 4);
	btf__add_field(b, "tos", t_uchar, 8, 0);
	btf__add_field(b, "tot_len", be16, 16, 0);
	btf__add_field(b, "id", be16, 32, 0);
	btf__add_field(b, "frag_off", be16, 48, 0);
	btf__add_field(b, "ttl", t_uchar, 64, 0);
	btf__add_field(b, "protocol", t_uchar, 72, 0);
	btf__add_field(b, "check", t_u16, 80, 0);
	btf__add_field(b, "saddr", be32, 96, 0);
	btf__add_field(b, "daddr", be32, 128, 0);
	btf__add_ptr(b, ip);
	u8x3 = btf__add_array(b, t_int, t_uchar, 3);
	ip6 = btf__add_struct(b, "ipv6hdr", 40);
	btf__add_field(b, "priority", t_uchar, 0, 4);
	btf__add_field(b, "version", t_uchar, 4, 4);
	btf__add_field(b, "flow_lbl", u8x3, 8, 0);
	btf__add_field(b, "payload_len", be16, 32, 0);
	btf__add_field(b, "nexthdr", t_uchar, 48, 0);
	btf__add_field(b, "hop_limit", t_uchar, 56, 0);
	btf__add_field(b, "saddr", in6, 64, 0);
	btf__add_field(b, "daddr", in6, 192, 0);
	btf__add_ptr(b, ip6);
	th = btf__add_struct(b, "tcphdr", 20);
	btf__add_field(b, "source", be16, 0, 0);
	btf__add_field(b, "dest", be16, 16, 0);
	btf__add_field(b, "seq", be32, 32, 0);
	btf__add_field(b, "ack_seq", be32, 64, 0);
	btf__add_field(b, "window", be16, 112, 0);
	btf__add_field(b, "check", t_u16, 128, 0);
	btf__add_field(b, "urg_ptr", be16, 144, 0);
	btf__add_ptr(b, th);
	uh = btf__add_struct(b, "udphdr", 8);
	btf__add_field(b, "source", be16, 0, 0);
	btf__add_field(b, "dest", be16, 16, 0);
	btf__add_field(b, "len", be16, 32, 0);
	btf__add_field(b, "check", t_u16, 48, 0);
	return btf__add_ptr(b, uh) < 0 ? -ENOMEM : 0;
}

int dc_btf_fixture(const char *dir)
{
	struct btf *b = btf__new_empty(), *m = NULL;
	int t_int, t_uint, t_char, t_uchar, t_long, t_ulong, t_ull, t_ll;
	int t_u32, t_u64, t_pid, t_uid, t_gid, t_kuid, t_kgid, t_sizet;
	int t_task, t_taskp, t_mm, t_mmp, t_cred, t_credp, t_sig, t_sigp;
	int t_anon, t_comm, t_file, t_filep, t_path, t_dentry, t_dentryp;
	int t_qstr, t_cucharp, t_hl, t_hls, t_loff, t_loffp;
	int t_charp, t_ssize, t_fn, t_req, t_rq, t_rqp, t_disk;
	int t_diskp, t_bdev, t_bdevp, t_name32, t_pid4, t_pidp, t_pids;
	int t_upid, t_upid1, t_var, t_regs, t_cregsp, t_tty, t_ttyp;
	int t_sector, t_opf, err;
	int t_fsp, t_filesp, t_fdt, t_fstype, t_sb, t_vfsm, t_ccharp;
	int t_filepp, t_lock, t_qrw, t_bprm, t_vp;

	if (!b)
		return -ENOMEM;
	t_int = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	t_uint = btf__add_int(b, "unsigned int", 4, 0);
	t_char = btf__add_int(b, "char", 1, BTF_INT_SIGNED | BTF_INT_CHAR);
	t_uchar = btf__add_int(b, "unsigned char", 1, BTF_INT_CHAR);
	t_long = btf__add_int(b, "long int", 8, BTF_INT_SIGNED);
	t_ulong = btf__add_int(b, "long unsigned int", 8, 0);
	t_ll = btf__add_int(b, "long long int", 8, BTF_INT_SIGNED);
	t_ull = btf__add_int(b, "long long unsigned int", 8, 0);
	t_u32 = btf__add_typedef(b, "u32", t_uint);
	t_u64 = btf__add_typedef(b, "u64", t_ull);
	t_pid = btf__add_typedef(b, "pid_t", t_int);
	t_uid = btf__add_typedef(b, "uid_t", t_uint);
	t_gid = btf__add_typedef(b, "gid_t", t_uint);
	t_sizet = btf__add_typedef(b, "size_t", t_ulong);
	t_ssize = btf__add_typedef(b, "ssize_t", t_long);
	t_loff = btf__add_typedef(b, "loff_t", t_ll);
	t_sector = btf__add_typedef(b, "sector_t", t_u64);
	t_opf = btf__add_typedef(b, "blk_opf_t", t_u32);
	t_kuid = btf__add_struct(b, NULL, 4);
	btf__add_field(b, "val", t_uid, 0, 0);
	t_kuid = btf__add_typedef(b, "kuid_t", t_kuid);
	t_kgid = btf__add_struct(b, NULL, 4);
	btf__add_field(b, "val", t_gid, 0, 0);
	t_kgid = btf__add_typedef(b, "kgid_t", t_kgid);
	/* a mutex and a rwlock_t: their words (the lock subroutines) */
	t_lock = btf__add_struct(b, NULL, 8);
	btf__add_field(b, "counter", t_long, 0, 0);
	t_lock = btf__add_typedef(b, "atomic_long_t", t_lock);
	btf__add_struct(b, "mutex", 8);
	btf__add_field(b, "owner", t_lock, 0, 0);
	t_lock = btf__add_struct(b, NULL, 4);
	btf__add_field(b, "counter", t_int, 0, 0);
	t_lock = btf__add_typedef(b, "atomic_t", t_lock);
	t_qrw = btf__add_struct(b, "qrwlock", 4);
	btf__add_field(b, "cnts", t_lock, 0, 0);
	t_lock = btf__add_struct(b, NULL, 4);
	btf__add_field(b, "raw_lock", t_qrw, 0, 0);
	btf__add_typedef(b, "rwlock_t", t_lock);

	/* struct task_struct, declared first: it points to itself */
	t_task = btf__add_fwd(b, "task_struct", BTF_FWD_STRUCT);
	t_taskp = btf__add_ptr(b, t_task);
	t_anon = btf__add_struct(b, NULL, 16);
	btf__add_field(b, "arg_start", t_ulong, 0, 0);
	btf__add_field(b, "arg_end", t_ulong, 64, 0);
	/* mm_struct's members sit in an anonymous struct, as in 6.1 */
	t_mm = btf__add_struct(b, "mm_struct", 16);
	btf__add_field(b, NULL, t_anon, 0, 0);
	t_mmp = btf__add_ptr(b, t_mm);
	t_cred = btf__add_struct(b, "cred", 16);
	btf__add_field(b, "uid", t_kuid, 0, 0);
	btf__add_field(b, "gid", t_kgid, 32, 0);
	btf__add_field(b, "euid", t_kuid, 64, 0);
	btf__add_field(b, "egid", t_kgid, 96, 0);
	t_credp = btf__add_ptr(b, btf__add_const(b, t_cred));
	t_upid = btf__add_struct(b, "upid", 16);
	btf__add_field(b, "nr", t_int, 0, 0);
	t_upid1 = btf__add_array(b, t_int, t_upid, 1);
	t_pids = btf__add_struct(b, "pid", 24);
	btf__add_field(b, "level", t_uint, 0, 0);
	btf__add_field(b, "numbers", t_upid1, 64, 0);
	t_pidp = btf__add_ptr(b, t_pids);
	t_pid4 = btf__add_array(b, t_int, t_pidp, 4);
	t_tty = btf__add_struct(b, "tty_struct", 8);
	btf__add_field(b, "index", t_int, 0, 0);
	t_ttyp = btf__add_ptr(b, t_tty);
	t_sig = btf__add_struct(b, "signal_struct", 40);
	btf__add_field(b, "pids", t_pid4, 0, 0);
	btf__add_field(b, "tty", t_ttyp, 256, 0);
	t_sigp = btf__add_ptr(b, t_sig);
	t_comm = btf__add_array(b, t_int, t_char, 16);
	/* the process's fs_struct and files_struct, defined below */
	t_fsp = btf__add_ptr(b, btf__add_fwd(b, "fs_struct", BTF_FWD_STRUCT));
	t_filesp = btf__add_ptr(b, btf__add_fwd(b, "files_struct",
						BTF_FWD_STRUCT));
	t_task = btf__add_struct(b, "task_struct", 88);
	btf__add_field(b, "comm", t_comm, 0, 0);
	btf__add_field(b, "pid", t_pid, 128, 0);
	btf__add_field(b, "tgid", t_pid, 160, 0);
	btf__add_field(b, "__state", t_uint, 192, 0);
	btf__add_field(b, "prio", t_int, 224, 0);
	btf__add_field(b, "real_parent", t_taskp, 256, 0);
	btf__add_field(b, "mm", t_mmp, 320, 0);
	btf__add_field(b, "cred", t_credp, 384, 0);
	btf__add_field(b, "signal", t_sigp, 448, 0);
	btf__add_field(b, "sched_reset_on_fork", t_uint, 512, 1);
	btf__add_field(b, "sched_contributes_to_load", t_uint, 513, 1);
	btf__add_field(b, "fs", t_fsp, 576, 0);
	btf__add_field(b, "files", t_filesp, 640, 0);
	/* files: struct file -> f_path.dentry->d_name.name */
	t_cucharp = btf__add_ptr(b, btf__add_const(b, t_uchar));
	t_hls = btf__add_struct(b, NULL, 8);
	btf__add_field(b, "hash", t_u32, 0, 0);
	btf__add_field(b, "len", t_u32, 32, 0);
	t_hl = btf__add_union(b, NULL, 8);
	btf__add_field(b, NULL, t_hls, 0, 0);
	btf__add_field(b, "hash_len", t_u64, 0, 0);
	t_qstr = btf__add_struct(b, "qstr", 16);
	btf__add_field(b, NULL, t_hl, 0, 0);
	btf__add_field(b, "name", t_cucharp, 64, 0);
	t_dentry = btf__add_struct(b, "dentry", 24);
	btf__add_field(b, "d_flags", t_uint, 0, 0);
	btf__add_field(b, "d_name", t_qstr, 64, 0);
	t_dentryp = btf__add_ptr(b, t_dentry);
	/* a mount: its file system's type name (fileinfo_t's fi_fs) */
	t_ccharp = btf__add_ptr(b, btf__add_const(b, t_char));
	t_fstype = btf__add_struct(b, "file_system_type", 8);
	btf__add_field(b, "name", t_ccharp, 0, 0);
	t_fstype = btf__add_ptr(b, t_fstype);
	t_sb = btf__add_struct(b, "super_block", 8);
	btf__add_field(b, "s_type", t_fstype, 0, 0);
	t_sb = btf__add_ptr(b, t_sb);
	t_vfsm = btf__add_struct(b, "vfsmount", 16);
	btf__add_field(b, "mnt_root", t_dentryp, 0, 0);
	btf__add_field(b, "mnt_sb", t_sb, 64, 0);
	t_vfsm = btf__add_ptr(b, t_vfsm);
	t_path = btf__add_struct(b, "path", 16);
	btf__add_field(b, "mnt", t_vfsm, 0, 0);
	btf__add_field(b, "dentry", t_dentryp, 64, 0);
	t_file = btf__add_struct(b, "file", 32);
	btf__add_field(b, "f_path", t_path, 0, 0);
	btf__add_field(b, "f_flags", t_uint, 128, 0);
	btf__add_field(b, "f_pos", t_loff, 192, 0);
	t_filep = btf__add_ptr(b, t_file);
	/* the process's root and working directory; its open files */
	btf__add_struct(b, "fs_struct", 32);
	btf__add_field(b, "root", t_path, 0, 0);
	btf__add_field(b, "pwd", t_path, 128, 0);
	t_filepp = btf__add_ptr(b, t_filep);
	t_fdt = btf__add_struct(b, "fdtable", 16);
	btf__add_field(b, "max_fds", t_uint, 0, 0);
	btf__add_field(b, "fd", t_filepp, 64, 0);
	t_fdt = btf__add_ptr(b, t_fdt);
	btf__add_struct(b, "files_struct", 8);
	btf__add_field(b, "fdt", t_fdt, 0, 0);
	t_charp = btf__add_ptr(b, t_char);
	t_loffp = btf__add_ptr(b, t_loff);
	t_fn = btf__add_func_proto(b, t_ssize);
	btf__add_func_param(b, "file", t_filep);
	btf__add_func_param(b, "buf", t_charp);
	btf__add_func_param(b, "count", t_sizet);
	btf__add_func_param(b, "pos", t_loffp);
	btf__add_func(b, "vfs_read", BTF_FUNC_GLOBAL, t_fn);
	t_regs = btf__add_struct(b, "pt_regs", 168);
	btf__add_field(b, "di", t_ulong, 14 * 64, 0);
	t_cregsp = btf__add_ptr(b, btf__add_const(b, t_regs));
	t_fn = btf__add_func_proto(b, t_long);
	btf__add_func_param(b, "regs", t_cregsp);
	btf__add_func(b, "__x64_sys_getppid", BTF_FUNC_GLOBAL, t_fn);
	/* a tracepoint's probe type, as TP_PROTO makes it:
	 * btf_trace_sched_process_exec(void *, struct task_struct *, pid_t,
	 * struct linux_binprm *) */
	t_bprm = btf__add_struct(b, "linux_binprm", 8);
	btf__add_field(b, "filename", t_ccharp, 0, 0);
	t_bprm = btf__add_ptr(b, t_bprm);
	t_vp = btf__add_ptr(b, 0);
	t_fn = btf__add_func_proto(b, 0);
	btf__add_func_param(b, "__data", t_vp);
	btf__add_func_param(b, "p", t_taskp);
	btf__add_func_param(b, "old_pid", t_pid);
	btf__add_func_param(b, "bprm", t_bprm);
	btf__add_typedef(b, "btf_trace_sched_process_exec", btf__add_ptr(b, t_fn));
	/* block I/O: request -> q -> disk */
	t_disk = btf__add_fwd(b, "gendisk", BTF_FWD_STRUCT);
	t_diskp = btf__add_ptr(b, t_disk);
	t_bdev = btf__add_struct(b, "block_device", 48);
	btf__add_field(b, "bd_dev", t_u32, 0, 0);
	btf__add_field(b, "bd_disk", t_diskp, 64, 0);
	t_bdevp = btf__add_ptr(b, t_bdev);
	t_name32 = btf__add_array(b, t_int, t_char, 32);
	t_disk = btf__add_struct(b, "gendisk", 56);
	btf__add_field(b, "major", t_int, 0, 0);
	btf__add_field(b, "first_minor", t_int, 32, 0);
	btf__add_field(b, "disk_name", t_name32, 64, 0);
	btf__add_field(b, "part0", t_bdevp, 320, 0);
	t_rq = btf__add_struct(b, "request_queue", 8);
	btf__add_field(b, "disk", t_diskp, 0, 0);
	t_rqp = btf__add_ptr(b, t_rq);
	t_req = btf__add_struct(b, "request", 40);
	btf__add_field(b, "q", t_rqp, 0, 0);
	btf__add_field(b, "cmd_flags", t_opf, 64, 0);
	btf__add_field(b, "__data_len", t_uint, 96, 0);
	btf__add_field(b, "__sector", t_sector, 128, 0);
	btf__add_field(b, "part", t_bdevp, 192, 0);
	btf__add_ptr(b, t_req);
	btf__add_enum(b, "pid_type", 4);
	btf__add_enum_value(b, "PIDTYPE_PID", 0);
	btf__add_enum_value(b, "PIDTYPE_TGID", 1);
	btf__add_enum_value(b, "PIDTYPE_PGID", 2);
	btf__add_enum_value(b, "PIDTYPE_SID", 3);
	btf__add_float(b, "double", 8);
	/* a per-CPU variable, as pahole lists them */
	t_var = btf__add_var(b, "runqueues", BTF_VAR_GLOBAL_ALLOCATED, t_int);
	btf__add_datasec(b, ".data..percpu", 4);
	btf__add_datasec_var_info(b, t_var, 0, 4);
	err = dc_btf_fixture_net(b, t_int, t_uint, t_uchar, t_char, t_ull);
	if (err)
		goto out;
	err = write_btf(b, dir, "vmlinux");
	if (err)
		goto out;

	/* a module with a type of its own and one vmlinux's */
	m = btf__new_empty_split(b);
	if (!m) {
		err = -ENOMEM;
		goto out;
	}
	btf__add_struct(m, "sonde_mod_state", 16);
	btf__add_field(m, "count", t_int, 0, 0);
	btf__add_field(m, "owner", t_taskp, 64, 0);
	err = write_btf(m, dir, "sonde_mod");
out:
	btf__free(m);
	btf__free(b);
	return err;
}
