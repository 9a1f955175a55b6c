/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copyinstr() inside a context switch (issue 29): tlb:tlb_flush with
 * reason TLB_FLUSH_ON_TASK_SWITCH (0) fires in switch_mm_irqs_off()
 * after the next task's page tables are loaded, while current is still
 * the previous task.  cswitch-prog's parent and child hand a byte back
 * and forth on CPU 0; `secret` is at the same address in both.  Read for
 * the parent there, it must be an ERROR each time, never the child's
 * "sonde-child" (nor anything else: the address space is not the
 * parent's), so no "switch" line.  The parent's own write shows the
 * address is readable.
 *
 * @@runtest-opts: -c 'cswitch-prog 2000'
 * @@timeout: 120
 */
#pragma D option quiet

syscall::write:entry
/pid == $target && !a/
{
	a = arg1;
	printf("own %s\n", copyinstr(a));
}

tracepoint:tlb::tlb_flush
/pid == $target && a && (int)arg0 == 0/
{
	printf("switch %s\n", copyinstr(a));
}
