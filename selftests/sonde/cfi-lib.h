/* SPDX-License-Identifier: GPL-2.0 */
/* cfi-lib.h - libcfi.so's functions (cfi-lib-nofp.c, cfi-lib-fp.c). */
#ifndef CFI_LIB_H
#define CFI_LIB_H

long lib_outer(long x);
long fp_outer(long x);

#endif
