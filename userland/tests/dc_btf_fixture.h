/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dc_btf_fixture.h - the compiler tests' fixed kernel types: see
 * dc_btf_fixture.c.
 */
#ifndef _SONDE_DC_BTF_FIXTURE_H
#define _SONDE_DC_BTF_FIXTURE_H

/* Write "vmlinux" and "sonde_mod" BTF files into @dir; 0 or -errno. */
int dc_btf_fixture(const char *dir);

#endif /* _SONDE_DC_BTF_FIXTURE_H */
