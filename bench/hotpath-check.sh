#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hotpath-check.sh - the firing path of sonde.ko clears no memory: no
# `rep stos` and no call to memset() in any function a firing can run
# (run by `make check`, before the guest).
#
# Debian's kernel is built with CONFIG_INIT_STACK_ALL_ZERO, so a struct on
# the stack, a `= { }` or a memset() of a few hundred bytes becomes
# `rep stos`; under TCG every byte of one is an emulated block, and in
# the firing path they once cost more than the rest of it together
# (bench/tcgprof.c counted 73 of 165 blocks per syscall event).  Probe
# context declares its frames __uninitialized and fills them field by
# field (sonde_fire_init()), writes only what a record or key holds, and
# clears the little it must with sonde_zero() (vm/vm.h); this keeps it
# that way.  (A `rep movs` that copies data of variable length, a stack()
# key, costs what a loop would and is allowed.)
#
# The firing path is computed, not listed: every function of sonde.ko
# (and its .cold part) reachable by calls and tail calls from the probe
# handlers below and from the callbacks the firing path calls through
# pointers.
#
# Second, the fast paths `make profile` measured stay fast: each rule
# "FROM TO" of NOREACH below says that nothing FROM reaches by calls and
# tail calls (in the module) calls TO (a glob; a function of the module
# or of the kernel).  A fused aggregation clause (sonde_fastact_run())
# never enters the interpreter; an aggregation's update never calls
# through a pointer (a retpoline
# thunk: the interpreter's computed goto was 6 of getppid count()'s
# instructions under TCG).
#
#   hotpath-check.sh [sonde.ko]
set -euo pipefail

KO=${1:-sonde.ko}
# Where firings enter sonde.ko: every provider's handler, and what the
# firing path calls through a pointer.  Names absent from the module are
# skipped; the core must be there.
ROOTS=(
	sonde_probe_fire
	sonde_fbt_callback sonde_fbt_return
	sonde_sys_enter sonde_sys_exit
	sonde_tp_handler sonde_tp_artificial
	sonde_tick_fn sonde_profile_fn
	sonde_sdt_off_cpu sonde_sdt_sleep sonde_sdt_preempt sonde_sdt_on_cpu
	sonde_sdt_wakeup sonde_sdt_create sonde_sdt_exec sonde_sdt_exit
	sonde_sdt_lwp_exit sonde_sdt_signal_send sonde_sdt_signal_handle
	sonde_sdt_io_start sonde_sdt_io_done
	sonde_sdt_queue sonde_sdt_nice sonde_sdt_setsched sonde_sdt_pi
	sonde_sdt_remain sonde_sdt_current sonde_sdt_lwp_create
	sonde_sdt_exec_failure sonde_sdt_exec_success sonde_sdt_start
	sonde_sdt_lwp_start sonde_sdt_signal_discard sonde_sdt_signal_clear
	sonde_sdt_wait_start sonde_sdt_wait_entry sonde_sdt_wait_done
	sonde_ls_entry sonde_ls_entry_t sonde_ls_acquired sonde_ls_acquired0
	sonde_ls_acquire_error sonde_ls_tried sonde_ls_read sonde_ls_write
	sonde_ls_tried_read sonde_ls_tried_write sonde_ls_spun
	sonde_ls_spun_read sonde_ls_spun_write sonde_ls_released
	sonde_ls_released_read sonde_ls_released_write sonde_ls_mutex_begin
	sonde_ls_spin_end sonde_ls_block_end
	sonde_ip_recv sonde_ip_send sonde_tcp_xmit sonde_tcp_xmit_syn
	sonde_tcp_synack sonde_tcp_rcv sonde_tcp_refused sonde_tcp_accepted
	sonde_tcp_rst_rcv sonde_tcp_rst_syn sonde_tcp_set_state
	sonde_tcp_time_wait sonde_tcp_syn_recv_entry sonde_tcp_syn_recv
	sonde_tcp_syn_recv6 sonde_udp_send4 sonde_udp_send6 sonde_udp_recv
	sonde_cpc_overflow sonde_cpc_nmi_fn
	sonde_uprobe_handler sonde_uretprobe_handler
	sonde_stack_skip
)
CORE=(sonde_probe_fire sonde_vm_run sonde_fbt_callback)
NOREACH=(
	"sonde_fastact_run sonde_vm_run"
	"sonde_agg_update __x86_indirect_thunk_*"
	"sonde_agg_update sonde_vm_run"
)

command -v objdump >/dev/null || { echo "hotpath-check: objdump not found" >&2; exit 1; }
[ -f "$KO" ] || { echo "hotpath-check: no $KO (make module)" >&2; exit 1; }

# One line per fact: "F name" a function, "C caller callee" a call or a
# tail call to another function (direct or through a relocation), "Z
# name what" a memset() call or a rep stos.
facts=$(objdump -dr --no-show-raw-insn "$KO" | awk '
	/^[0-9a-f]+ <[^>]*>:$/ {
		fn = $2; sub(/^</, "", fn); sub(/>:$/, "", fn)
		print "F", fn; last = ""; next
	}
	fn == "" { next }
	/R_X86_64_(PLT32|PC32)/ {
		t = $NF; sub(/[-+]0x[0-9a-f]+$/, "", t)
		if (last ~ /(call|jmp)/) {
			if (t ~ /^(__)?memset$/) print "Z", fn, "call memset"
			else print "C", fn, t
		}
		next
	}
	{ last = $0 }
	/(^|[^a-z])rep[a-z]* +stos/ { print "Z", fn, "rep stos" }
	/(^|[^a-z])(call|jmp)[a-z]* +[0-9a-f]+ <[^>]*>/ {
		t = $0; sub(/.*</, "", t); sub(/>.*/, "", t); sub(/\+0x[0-9a-f]+$/, "", t)
		if (t != fn) print "C", fn, t
	}
')

declare -A defined=() seen=()
declare -A calls=()
while read -r kind a b rest; do
	case $kind in
	F) defined[$a]=1 ;;
	C) calls[$a]+=" $b" ;;
	esac
done <<<"$facts"

for c in "${CORE[@]}"; do
	[ -n "${defined[$c]:-}" ] || { echo "hotpath-check: $c not in $KO: the firing path cannot be followed" >&2; exit 1; }
done

queue=()
for r in "${ROOTS[@]}"; do
	[ -n "${defined[$r]:-}" ] && queue+=("$r")
done
while [ ${#queue[@]} -gt 0 ]; do
	f=${queue[0]}
	queue=("${queue[@]:1}")
	[ -n "${seen[$f]:-}" ] && continue
	seen[$f]=1
	# GCC moves a function's unlikely paths to "<name>.cold"
	for g in ${calls[$f]:-} "$f.cold"; do
		# functions of the module only; the kernel's own are not ours
		[ -n "${defined[$g]:-}" ] && [ -z "${seen[$g]:-}" ] && queue+=("$g")
	done
done

bad=0
while read -r kind a what; do
	[ "$kind" = Z ] || continue
	[ -n "${seen[$a]:-}" ] || continue
	echo "hotpath-check: $a (firing path) clears memory: $what" >&2
	bad=1
done <<<"$facts"

# everything FROM calls, the module's functions followed
reach() {
	local -A r=()
	local q=("$1") f g
	while [ ${#q[@]} -gt 0 ]; do
		f=${q[0]}
		q=("${q[@]:1}")
		[ -n "${r[$f]:-}" ] && continue
		r[$f]=1
		for g in ${calls[$f]:-} "$f.cold"; do
			[ -z "${r[$g]:-}" ] || continue
			if [ -n "${defined[$g]:-}" ]; then
				q+=("$g")
			elif [ "$g" != "$f.cold" ]; then
				r[$g]=1
			fi
		done
	done
	printf '%s\n' "${!r[@]}"
}
nr=0
for rule in "${NOREACH[@]}"; do
	read -r from to <<<"$rule"
	[ -n "${defined[$from]:-}" ] || { echo "hotpath-check: $from not in $KO: its rule cannot be checked" >&2; exit 1; }
	while read -r g; do
		# shellcheck disable=SC2053 # $to is a glob
		if [[ $g == $to ]]; then
			echo "hotpath-check: $from (a fast path) reaches $g" >&2
			bad=1
		fi
	done < <(reach "$from")
	nr=$((nr + 1))
done
[ "$bad" = 0 ] || exit 1
echo "hotpath-check: no rep stos and no memset() in the ${#seen[@]} firing-path functions of $KO; $nr fast-path rules hold"
