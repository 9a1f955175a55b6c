/* SPDX-License-Identifier: GPL-2.0 */
/* types-prog's struct known_rec, as D declares it (bit-fields for flags) */
struct known_rec {
	int32_t magic;
	uint16_t small;
	uint8_t lo : 3, hi : 5;
	char name[13];
	uint64_t big;
	int16_t arr[3];
};
