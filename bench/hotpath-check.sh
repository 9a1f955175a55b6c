#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hotpath-check.sh - the firing path of sonde.ko clears no memory with
# `rep stos` (run by `make check`, before the guest).
#
# Debian's kernel is built with CONFIG_INIT_STACK_ALL_ZERO, so a struct on
# the stack, a `= { }` or a memset() of a few hundred bytes becomes
# `rep stos`; under TCG every word of one is an emulated block, and in
# the firing path they once cost more than the rest of it together
# (bench/tcgprof.c counted 73 of 165 blocks per syscall event).  Probe
# context declares its frames __uninitialized and fills them field by
# field (sonde_fire_init()); this keeps it that way.  (A `rep movs` that
# copies data of variable length, a stack() key, costs what a loop would
# and is allowed.)
#
#   hotpath-check.sh [sonde.ko]
set -euo pipefail

KO=${1:-sonde.ko}
# Every firing runs these (those the compiler inlined are simply absent).
FUNCS=(
	sonde_probe_fire sonde_ecb_run sonde_vm_run
	sonde_sys_enter sonde_sys_exit
	sonde_fbt_entry sonde_fbt_return
	sonde_tp_handler sonde_timer_fire
	sonde_sdt_fire sonde_sdt_on_cpu
	sonde_uprobe_handler sonde_uretprobe_handler
	sonde_env_builtin sonde_env_agg sonde_agg_update sonde_agg_apply
	sonde_key_hash sonde_key_equal
	sonde_key_build sonde_rec_reserve sonde_rec_commit
)

command -v objdump >/dev/null || { echo "hotpath-check: objdump not found" >&2; exit 1; }
[ -f "$KO" ] || { echo "hotpath-check: no $KO (make module)" >&2; exit 1; }

dis=$(objdump -d --no-show-raw-insn "$KO")
bad=0 seen=0
for f in "${FUNCS[@]}"; do
	body=$(awk -v f="<$f>:" '$2 == f { on = 1; next } on && /^$/ { exit } on' <<<"$dis")
	[ -n "$body" ] || continue
	seen=$((seen + 1))
	reps=$(grep -E '\brep[a-z]* +stos' <<<"$body" || true)
	if [ -n "$reps" ]; then
		echo "hotpath-check: $f clears memory with rep stos:" >&2
		sed 's/^/    /' <<<"$reps" >&2
		bad=1
	fi
done
# the core of every firing must be there to be checked
[ "$seen" -ge 3 ] || { echo "hotpath-check: only $seen of the firing path's functions found in $KO" >&2; exit 1; }
[ "$bad" = 0 ] || exit 1
echo "hotpath-check: no rep stos in $seen firing-path functions of $KO"
