/* @cpp: a struct declared in a C header (-C), copied in and read */
#include "types_header.h"

BEGIN
{
	this->r = (struct hdr_rec *)copyin(HDR_ADDR, sizeof (struct hdr_rec));
	printf("%s %d %d %d %d\n", this->r->name, this->r->a, this->r->b,
	    this->r->c, sizeof (struct hdr_rec));
}
