/* values.c - the values of options, each checked whole (cli.h): integers,
 * numbers, sizes, the cores, a random seed. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/random.h>
#endif

#include "cli.h"

int
cli_parse_int(const char *s, long long min, long long max, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	/* strtoll would take leading blanks and a '+'; a number past the
	 * range of long long is ERANGE, never wrapped */
	if ((*s != '-' && (*s < '0' || *s > '9')) || *end || errno ||
	    *v < min || *v > max)
		return -1;
	return 0;
}

long long
cli_int(const char *s, const char *option, long long min, long long max)
{
	long long v;

	if (cli_parse_int(s, min, max, &v) < 0)
		cli_usage_error("%s: expected an integer from %lld to %lld: '%s'",
		    option, min, max, s);
	return v;
}

int
cli_cores(int max)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > max ? max : (int)n;
}

int
cli_parse_u64(const char *s, uint64_t *v)
{
	char *end;
	unsigned long long u;

	errno = 0;
	u = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno)
		return -1;
	*v = (uint64_t)u;
	return 0;
}

uint64_t
cli_u64(const char *s, const char *option)
{
	uint64_t v;

	if (cli_parse_u64(s, &v) < 0)
		cli_usage_error("%s: expected an integer from 0 to %llu: '%s'",
		    option, (unsigned long long)UINT64_MAX, s);
	return v;
}

double
cli_double(const char *s, const char *option, double min, double max)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v >= min && v <= max))
		cli_usage_error("%s: expected a number from %g to %g: '%s'",
		    option, min, max, s);
	return v;
}

void
cli_size(const char *s, const char *option, int *rows, int *cols)
{
	int r = s[0] - '0', c = r;

	/* one digit a side: "5" or "3x4" */
	if (s[0] != '\0' && s[1] == 'x' && s[2] != '\0' && s[3] == '\0')
		c = s[2] - '0';
	else if (s[0] == '\0' || s[1] != '\0')
		r = 0;
	if (r < G2048_SIZE_MIN || r > G2048_SIZE_MAX || c < G2048_SIZE_MIN ||
	    c > G2048_SIZE_MAX)
		cli_usage_error("%s: expected ROWSxCOLS, each from %d to %d, "
		    "as 4x4 or 3x5: '%s'", option, G2048_SIZE_MIN,
		    G2048_SIZE_MAX, s);
	*rows = r;
	*cols = c;
}

uint64_t
cli_random_seed(void)
{
	uint64_t seed = 0;
	int fd;

#ifdef __linux__
	if (getrandom(&seed, sizeof seed, 0) == (ssize_t)sizeof seed)
		return seed;
#endif
	if ((fd = open("/dev/urandom", O_RDONLY)) >= 0) {
		ssize_t n = read(fd, &seed, sizeof seed);

		close(fd);
		if (n == (ssize_t)sizeof seed)
			return seed;
	}
	return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

