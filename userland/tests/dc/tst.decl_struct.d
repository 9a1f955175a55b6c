/* struct, union and enum declarations; sizes and offsets as C's */
struct s {
	char c;
	int i;
	short sh;
	long l;
	char tail[3];
};

union u {
	char c;
	long l;
	int a[3];
};

enum color { RED, GREEN = 5, BLUE };
enum { ANON_A = -1, ANON_B };

typedef struct s s_t;
typedef enum color color_t;
typedef int arr3_t[3];

struct nested {
	struct s in;
	union u un;
	struct {
		int x, y;
	} anon;
	struct {
		int ax;
	};
	int *p;
	int (*fp)(int, char *);
	char *argv[4];
	int m[2][3];
};

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (struct s), offsetof(struct s, i),
	    offsetof(struct s, sh), offsetof(struct s, l),
	    offsetof(struct s, tail));
	printf("%d %d\n", sizeof (union u), sizeof (s_t));
	printf("%d %d %d %d %d\n", RED, GREEN, BLUE, ANON_A, ANON_B);
	printf("%d %d %d\n", sizeof (struct nested),
	    offsetof(struct nested, ax), offsetof(struct nested, m));
	printf("%d %d %d\n", sizeof (arr3_t), sizeof (color_t),
	    sizeof (int [2][5]));
	this->c = BLUE;
	trace(this->c == 6);
	trace(sizeof (enum color));
}
