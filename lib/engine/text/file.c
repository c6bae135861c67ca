/*
 * file.c - a file replaced whole: what every file a tool keeps (a saved
 * game, a best score, a net, a table) is written through, so that a full
 * disk, a failing write or a kill in the middle leaves the old file or the
 * new one, never part of one; a symbolic link is written through, and
 * what is not a regular file (a device) is never replaced.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "2048-private.h"

int
g2048_write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t w = write(fd, p, n < ((size_t)1 << 30) ? n :
		    (size_t)1 << 30);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		if (w == 0) {
			errno = EIO;     /* no progress and no error: give up */
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Make the rename into path's directory durable; a failure here cannot
 * undo the rename, and the file itself is whole either way. */
static void
sync_dir(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	int fd;

	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + 1), path);
	if ((fd = open(dir, O_RDONLY)) >= 0) {
		fsync(fd);
		close(fd);
	}
}

/*
 * Remove what a save of path killed by SIGKILL (or a crash) left beside
 * it: new files path.tmpPID-XXXXXX whose process PID is gone.  A file of
 * a live process, or of another name, is left alone; errors are ignored
 * (the save itself says what matters).
 */
static void
sweep_stale(const char *path)
{
	char dir[PATH_MAX], stale[PATH_MAX];
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t blen = strlen(base);
	struct dirent *de;
	DIR *d;

	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + 1), path);
	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		const char *p = de->d_name + blen;
		char *end;
		long pid;

		if (strncmp(de->d_name, base, blen) != 0 ||
		    strncmp(p, ".tmp", 4) != 0 || p[4] < '1' || p[4] > '9')
			continue;
		errno = 0;
		pid = strtol(p + 4, &end, 10);
		if (errno || *end != '-' || strlen(end + 1) != 6 ||
		    (pid_t)pid != pid || pid == (long)getpid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (snprintf(stale, sizeof stale, "%s%s", slash ? dir : "",
		    de->d_name) < (int)sizeof stale)
			unlink(stale);
	}
	closedir(d);
}

/*
 * The file a save of path writes: path itself, or the file a symbolic
 * link at path names (through any chain of links, as open(2) would), so
 * the link stays and its target is replaced, as editors and install(1)
 * do.  Into out; 0, or -1 with errno set.
 */
static int
resolve(const char *path, char *out, size_t size)
{
	char link[PATH_MAX], next[PATH_MAX];
	struct stat st;
	const char *slash;
	ssize_t n;
	int hops;

	if (snprintf(out, size, "%s", path) >= (int)size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (hops = 0; lstat(out, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
		if (hops == 40) {
			errno = ELOOP;
			return -1;
		}
		if ((n = readlink(out, link, sizeof link - 1)) < 0)
			return -1;
		link[n] = '\0';
		/* a relative target is beside the link */
		slash = strrchr(out, '/');
		if (link[0] == '/' || slash == NULL)
			n = snprintf(next, sizeof next, "%s", link);
		else
			n = snprintf(next, sizeof next, "%.*s%s",
			    (int)(slash - out + 1), out, link);
		if (n < 0 || (size_t)n >= sizeof next || (size_t)n >= size) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(out, next, (size_t)n + 1);
	}
	return 0;
}

/* 0 if what is at path (resolved) may be replaced: nothing, or a regular
 * file; else -1 with errno EISDIR (a directory) or EINVAL (a device, a
 * FIFO, a socket: renaming over one would put a file in its place). */
static int
replaceable(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (S_ISREG(st.st_mode))
		return 0;
	errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
	return -1;
}

int
g2048_file_check(const char *path, char *err, size_t errsize)
{
	char real[PATH_MAX], tmp[PATH_MAX + 32];
	int fd;

	if (resolve(path, real, sizeof real) < 0) {
		snprintf(err, errsize, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (replaceable(real) < 0) {
		if (errno == EINVAL || errno == EISDIR)
			snprintf(err, errsize, "%s: not a regular file (%s): "
			    "refusing to replace it", path, errno == EISDIR ?
			    "a directory" : "a device, FIFO or socket");
		else
			snprintf(err, errsize, "%s: %s", path, strerror(errno));
		return -1;
	}
	/* the new file a save makes beside it, made and removed */
	snprintf(tmp, sizeof tmp, "%s.tmp%ld-XXXXXX", real, (long)getpid());
	if ((fd = mkstemp(tmp)) < 0) {
		snprintf(err, errsize, "%s: cannot write there: %s", path,
		    strerror(errno));
		return -1;
	}
	close(fd);
	unlink(tmp);
	return 0;
}

int
g2048_file_replace(const char *given, int (*fill)(int fd, const void *ctx),
    const void *ctx)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	int fd, saved;

	/* a link is written through; a device is never replaced */
	if (resolve(given, path, sizeof path) < 0 || replaceable(path) < 0)
		return -1;
	/* a name of its own beside path: the same file system, and no
	 * clash with another process saving the same file; the PID in it
	 * lets a later save remove it if this process dies mid-save */
	if (snprintf(tmp, sizeof tmp, "%s.tmp%ld-XXXXXX", path,
	    (long)getpid()) >= (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	sweep_stale(path);
	if ((fd = mkstemp(tmp)) < 0)
		return -1;
	if (fill(fd, ctx) < 0 || fchmod(fd, 0644) < 0 || fsync(fd) < 0) {
		saved = errno;
		close(fd);
		goto fail;
	}
	/* some file systems (NFS) report a full disk only here */
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		saved = errno;
		goto fail;
	}
	sync_dir(path);
	return 0;
fail:
	unlink(tmp);
	errno = saved;
	return -1;
}
