/* SPDX-License-Identifier: GPL-2.0 */
/* a D library with a probe clause, which err.library_dir_clause.d refuses */
BEGIN { exit(0); }
