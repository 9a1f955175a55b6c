// SPDX-License-Identifier: GPL-2.0
/*
 * sym-cxx-prog.cc - a C++ program for ustack()'s demangled names
 * (dtests/ustack/): main() calls sonde::outer(long), which calls
 * sonde::Widget<int>::poke(int) N times (argv[1], default 1); poke makes
 * the getppid system call itself, so the syscall probe's user PC is in it
 * and, with frame pointers, the frames above are outer and main.
 */
#include <cstdlib>
#include <sys/syscall.h>

namespace sonde {

template <typename T> struct Widget {
	T base;
	long poke(T v);
};

template <typename T> __attribute__((noipa)) long Widget<T>::poke(T v)
{
	long r;

	asm volatile("syscall" : "=a"(r) : "0"((long)SYS_getppid)
		     : "rcx", "r11", "memory");
	return r + v + base;
}

__attribute__((noipa)) long outer(long n)
{
	Widget<int> w = { 1 };
	long s = 0;

	for (long i = 0; i < n; i++)
		s += w.poke((int)(i & 7));
	return s;
}

} // namespace sonde

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	return sonde::outer(n) == -1;
}
