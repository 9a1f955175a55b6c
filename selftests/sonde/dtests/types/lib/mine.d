/* SPDX-License-Identifier: GPL-2.0 */
/* a D library for tst.library_dir.d (-L lib) */
inline int MY_LIMIT = 42;
typedef struct mine { int a; char b[6]; } mine_t;
