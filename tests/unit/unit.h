/*
 * unit.h - a minimal unit-test harness: RUN(fn) runs one test function
 * and prints a TAP line for it; CHECK records a failure with its place.
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdio.h>

static int unit_fails;          /* failed checks in the running test */
static int unit_tests_failed;

#define CHECK(cond) do { \
	if (!(cond)) { \
		if (unit_fails++ < 10) \
			printf("# %s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
	} \
} while (0)

#define CHECK_EQ_U64(a, b) do { \
	unsigned long long a_ = (unsigned long long)(a); \
	unsigned long long b_ = (unsigned long long)(b); \
	if (a_ != b_) { \
		if (unit_fails++ < 10) \
			printf("# %s:%d: %s == %llu, expected %llu\n", \
			    __FILE__, __LINE__, #a, a_, b_); \
	} \
} while (0)

#define RUN(fn) do { \
	unit_fails = 0; \
	fn(); \
	printf("%s - %s\n", unit_fails ? "not ok" : "ok", #fn); \
	unit_tests_failed += unit_fails != 0; \
} while (0)

#define UNIT_EXIT() (fflush(stdout), unit_tests_failed != 0)

#endif
