/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Integers hold their type's value when the probe fires: a narrowing
 * cast truncates and sign-extends, 32-bit arithmetic wraps, / and % of a
 * negative truncate toward zero, a mixed compare is unsigned; a narrow
 * variable keeps its type.  trace() shows a 1-byte value unsigned, as
 * dtrace's dt_print_datum() does ((char)-56 traces 200).
 */
#pragma D option quiet

int8_t g;

BEGIN
{
	this->x = 255;
	this->y = -7;
	this->z = 2;
	g = this->x;
	printf("%d %d %d %d %d %d %d\n", (int8_t)this->x,
	    (uint8_t)(this->x + 1), this->y / this->z, this->y % this->z,
	    this->y < 1u, (int)0x7fffffff + this->z - 1, g);
	trace((char)(this->x - 55));
	exit(0);
}
