/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * sched.d - cpuinfo_t, DTrace's view of a CPU: curcpu, and args[2] of
 * sched:::enqueue and sched:::dequeue, the CPU whose run queue the thread
 * joins or leaves.  Part of sonde's D library.
 *
 * The module keeps one cpuinfo_t per CPU (kmod/env.c), filled from the
 * kernel's topology when it loads: cpu_chip is
 * the physical package, cpu_lgrp the NUMA node; Linux has no processor
 * sets, and cpu_pset is 0, as in Oracle's DTrace for Linux.
 */

typedef id_t chipid_t;
typedef id_t lgrp_id_t;

typedef struct cpuinfo {
	processorid_t cpu_id;		/* the CPU's number */
	psetid_t cpu_pset;		/* processor set: 0 */
	chipid_t cpu_chip;		/* physical package */
	lgrp_id_t cpu_lgrp;		/* NUMA node */
} cpuinfo_t;

/* illumos's built-ins for the CPU's set, chip and locality group, as
 * Oracle's D library has them (cpu is a built-in of sonde's) */
inline psetid_t pset = curcpu->cpu_pset;
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;
