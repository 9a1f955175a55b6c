// SPDX-License-Identifier: GPL-2.0
/*
 * anon.c - the file of an anonymous (boot-time) enabling (uapi/sonde.h,
 * struct sonde_anon_hdr): its checksum and the parse of its header and
 * sections.  The module runs it on the file it reads at load, which is
 * untrusted input like any LOAD; `sonde -A` on what it wrote and `sonde
 * -a` on what the module gives back.  The program image inside is not
 * looked at here: its verification is sonde_image_verify()'s, the one
 * LOAD runs.
 *
 * Errors: -EINVAL malformed (truncated, corrupt, overlapping), -E2BIG
 * over a limit, -EPROTO a version this code does not read; each with one
 * line in the log.  Any context; never allocates.
 */
#include "vm.h"

/* CRC-32 of IEEE 802.3 (zlib's crc32()), reflected, bit by bit: the file
 * is read once per module load, and a table would be 1 KiB of .data. */
u32 sonde_crc32(u32 crc, const void *buf, size_t len)
{
	const u8 *p = buf;
	int k;

	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320U & (0U - (crc & 1)));
	}
	return ~crc;
}

/* Is [@off, @off + @len) inside [@lo, @end)? */
static bool sonde_anon_in(u32 off, u64 len, u32 lo, u32 end)
{
	return off >= lo && off <= end && len <= (u64)end - off;
}

/* Do [a, a + alen) and [b, b + blen) overlap (both non-empty)? */
static bool sonde_anon_overlap(u32 a, u64 alen, u32 b, u64 blen)
{
	return alen && blen && a < b + blen && b < a + alen;
}

/* Is @s, @size bytes, NUL-terminated within them? */
static bool sonde_anon_str(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

int sonde_anon_parse(const void *file, size_t size,
		     struct sonde_anon_view *v, struct sonde_vlog *log)
{
	const struct sonde_anon_hdr *h = file;
	u64 probes_len;
	u32 i, crc;

	memset(v, 0, sizeof(*v));
	if (size > SONDE_ANON_MAX_SIZE) {
		sonde_vlog(log, "anonymous enabling: file of %zu bytes is over the limit of %u bytes\n",
			   size, (u32)SONDE_ANON_MAX_SIZE);
		return -E2BIG;
	}
	if (!file || size < sizeof(*h)) {
		sonde_vlog(log, "anonymous enabling: file of %zu bytes is shorter than its header (%u bytes): truncated\n",
			   size, (u32)sizeof(*h));
		return -EINVAL;
	}
	if (h->magic != SONDE_ANON_MAGIC) {
		sonde_vlog(log, "anonymous enabling: bad magic 0x%08x: not a file sonde -A wrote\n",
			   h->magic);
		return -EINVAL;
	}
	if (h->version != SONDE_ANON_VERSION) {
		sonde_vlog(log, "anonymous enabling: file version %u, this sonde reads version %u: save it again with sonde -A\n",
			   h->version, SONDE_ANON_VERSION);
		return -EPROTO;
	}
	if (h->abi_version != SONDE_ABI_VERSION) {
		sonde_vlog(log, "anonymous enabling: written for module ABI %u, this one is ABI %u: save it again with sonde -A\n",
			   h->abi_version, SONDE_ABI_VERSION);
		return -EPROTO;
	}
	if (h->hdr_size != sizeof(*h)) {
		sonde_vlog(log, "anonymous enabling: header of %u bytes, expected %u\n",
			   h->hdr_size, (u32)sizeof(*h));
		return -EINVAL;
	}
	if (h->file_size > size) {
		sonde_vlog(log, "anonymous enabling: file of %zu bytes, its header says %u: truncated\n",
			   size, h->file_size);
		return -EINVAL;
	}
	if (h->file_size < size) {
		sonde_vlog(log, "anonymous enabling: %zu bytes after the end its header says (%u bytes)\n",
			   size - h->file_size, h->file_size);
		return -EINVAL;
	}
	crc = sonde_crc32(0, (const u8 *)file + sizeof(*h),
			  size - sizeof(*h));
	if (crc != h->crc) {
		sonde_vlog(log, "anonymous enabling: checksum 0x%08x, its header says 0x%08x: the file is corrupt\n",
			   crc, h->crc);
		return -EINVAL;
	}
	if (h->flags || h->reserved[0] || h->reserved[1] || h->reserved[2]) {
		sonde_vlog(log, "anonymous enabling: flags or reserved header fields not zero\n");
		return -EINVAL;
	}
	if (!h->nprobes || h->nprobes > SONDE_ANON_MAX_PROBES) {
		sonde_vlog(log, "anonymous enabling: %u probes, must be 1 to %u\n",
			   h->nprobes, (u32)SONDE_ANON_MAX_PROBES);
		return h->nprobes ? -E2BIG : -EINVAL;
	}
	if (h->args_size > SONDE_ANON_MAX_ARGS) {
		sonde_vlog(log, "anonymous enabling: %u bytes of arguments, over the limit of %u\n",
			   h->args_size, (u32)SONDE_ANON_MAX_ARGS);
		return -E2BIG;
	}
	probes_len = (u64)h->nprobes * sizeof(struct sonde_probe_desc);
	if ((h->prog_off | h->probes_off) & 7 ||
	    h->prog_size < sizeof(struct sonde_prog_hdr) ||
	    !sonde_anon_in(h->prog_off, h->prog_size, sizeof(*h), h->file_size) ||
	    !sonde_anon_in(h->probes_off, probes_len, sizeof(*h), h->file_size) ||
	    !sonde_anon_in(h->args_off, h->args_size, sizeof(*h), h->file_size)) {
		sonde_vlog(log, "anonymous enabling: a section is misaligned, empty or out of the file's %u bytes (program %u+%u, probes %u+%llu, arguments %u+%u)\n",
			   h->file_size, h->prog_off, h->prog_size,
			   h->probes_off, (unsigned long long)probes_len,
			   h->args_off, h->args_size);
		return -EINVAL;
	}
	if (sonde_anon_overlap(h->prog_off, h->prog_size, h->probes_off,
			       probes_len) ||
	    sonde_anon_overlap(h->prog_off, h->prog_size, h->args_off,
			       h->args_size) ||
	    sonde_anon_overlap(h->probes_off, probes_len, h->args_off,
			       h->args_size)) {
		sonde_vlog(log, "anonymous enabling: sections overlap\n");
		return -EINVAL;
	}
	v->probes = (const struct sonde_probe_desc *)((const u8 *)file +
						       h->probes_off);
	for (i = 0; i < h->nprobes; i++) {
		const struct sonde_probe_desc *d = &v->probes[i];

		if (!sonde_anon_str(d->provider, sizeof(d->provider)) ||
		    !sonde_anon_str(d->module, sizeof(d->module)) ||
		    !sonde_anon_str(d->function, sizeof(d->function)) ||
		    !sonde_anon_str(d->name, sizeof(d->name)) ||
		    !d->provider[0] || !d->name[0]) {
			memset(v, 0, sizeof(*v));
			sonde_vlog(log, "anonymous enabling: probe %u: a name field is empty or not NUL-terminated\n",
				   i + 1);
			return -EINVAL;
		}
	}
	v->args = (const char *)file + h->args_off;
	if (h->args_size && v->args[h->args_size - 1] != '\0') {
		memset(v, 0, sizeof(*v));
		sonde_vlog(log, "anonymous enabling: the arguments do not end with a NUL\n");
		return -EINVAL;
	}
	v->hdr = h;
	v->prog = (const u8 *)file + h->prog_off;
	v->prog_size = h->prog_size;
	v->nprobes = h->nprobes;
	v->args_size = h->args_size;
	return 0;
}
