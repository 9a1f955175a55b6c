/* a header of C declarations a D script includes with -C */
struct hdr_rec {
	char name[14];
	unsigned char a;
	signed char b;
	unsigned short c;
};
#define HDR_ADDR 0x2000
