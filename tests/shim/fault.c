/*
 * fault.c - a full disk and a slow disk on demand, for the tests of
 * tools that keep files (tests/85-faults.bats and the play and learn
 * suites): preloaded (LD_PRELOAD=.../fault.so), it wraps write(2),
 * fsync(2) and close(2) on regular files, as the environment says:
 *
 *   FAULT_WRITE_LIMIT=N  after N bytes written to regular files, writes
 *                        fail with ENOSPC (the one that crosses N is short)
 *   FAULT_FSYNC=1        fsync fails with EIO
 *   FAULT_CLOSE=1        close of a file written to fails with ENOSPC
 *                        (after closing it, as NFS reports a full disk)
 *   FAULT_SLOW=US        each write sleeps US microseconds and writes at
 *                        most 4096 bytes (a save takes long enough to be
 *                        killed in the middle)
 *   FAULT_PATH=TEXT      only files whose path contains TEXT
 *   FAULT_RAISE=SIG      the first open(2) of a path containing FAULT_PATH
 *                        raises signal SIG first (a signal at a known
 *                        point of a run, however busy the machine: as a
 *                        tool opens its tables), sent to the process
 *
 * Terminals, pipes and sockets pass untouched; so do stdio's own writes
 * inside libc, which do not go through the symbol write.  Linux: the path
 * of a descriptor comes from /proc/self/fd.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static unsigned long long written;
static unsigned char wrote[1024];        /* fds written to, for FAULT_CLOSE */

static const char *
env(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? v : NULL;
}

/* Is fd a regular file whose path contains FAULT_PATH? */
static int
targeted(int fd)
{
	const char *want = env("FAULT_PATH");
	char link[64], path[4096];
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	if (!want)
		return 1;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	if ((n = readlink(link, path, sizeof path - 1)) < 0)
		return 0;
	path[n] = '\0';
	return strstr(path, want) != NULL;
}

/* The function the shim wraps, into *fp (ISO C has no cast from an
 * object pointer to a function pointer: copy the bytes). */
static void
next(const char *name, void *fp, size_t size)
{
	void *f = dlsym(RTLD_NEXT, name);

	if (!f || size != sizeof f)
		abort();
	memcpy(fp, &f, size);
}

ssize_t
write(int fd, const void *buf, size_t n)
{
	static ssize_t (*real)(int, const void *, size_t);
	const char *limit = env("FAULT_WRITE_LIMIT"), *slow = env("FAULT_SLOW");
	unsigned long long max;
	ssize_t w;

	if (!real)
		next("write", &real, sizeof real);
	if ((!limit && !slow && !env("FAULT_CLOSE")) || !targeted(fd))
		return real(fd, buf, n);
	if (slow) {
		struct timespec ts = { 0, atol(slow) * 1000L };

		nanosleep(&ts, NULL);
		if (n > 4096)
			n = 4096;
	}
	if (limit) {
		max = strtoull(limit, NULL, 10);
		if (written >= max) {
			errno = ENOSPC;
			return -1;
		}
		if (n > max - written)
			n = (size_t)(max - written);
	}
	if ((w = real(fd, buf, n)) > 0)
		written += (unsigned long long)w;
	if (fd >= 0 && fd < (int)sizeof wrote)
		wrote[fd] = 1;
	return w;
}

int
fsync(int fd)
{
	static int (*real)(int);

	if (!real)
		next("fsync", &real, sizeof real);
	if (env("FAULT_FSYNC") && targeted(fd)) {
		errno = EIO;
		return -1;
	}
	return real(fd);
}

int
close(int fd)
{
	static int (*real)(int);
	int was = fd >= 0 && fd < (int)sizeof wrote && wrote[fd];

	if (!real)
		next("close", &real, sizeof real);
	if (fd >= 0 && fd < (int)sizeof wrote)
		wrote[fd] = 0;
	if (was && env("FAULT_CLOSE")) {
		real(fd);
		errno = ENOSPC;
		return -1;
	}
	return real(fd);
}

int
open(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	static int raised;
	const char *sig = env("FAULT_RAISE"), *want = env("FAULT_PATH");
	mode_t mode = 0;
	va_list ap;

	if (!real)
		next("open", &real, sizeof real);
	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	/* to the process, as kill(1) sends it: a thread that blocks it
	 * leaves it to the one that waits for it */
	if (sig && !raised && (!want || strstr(path, want))) {
		raised = 1;
		kill(getpid(), atoi(sig));
	}
	return real(path, flags, mode);
}
