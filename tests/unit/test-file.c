/*
 * test-file.c - g2048_file_replace(): a file replaced whole, or left as it
 * was with no temporary file beside it when the writing fails.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "2048-private.h"
#include "unit.h"

static char dir[] = "/tmp/test-file.XXXXXX";
static char path[96];

static int
fill_text(int fd, const void *text)
{
	return g2048_write_all(fd, text, strlen(text));
}

/* half the text, then a full disk */
static int
fill_then_fail(int fd, const void *text)
{
	if (g2048_write_all(fd, text, strlen(text) / 2) < 0)
		return -1;
	errno = ENOSPC;
	return -1;
}

static void
slurp(char *buf, size_t size)
{
	FILE *fp = fopen(path, "r");
	size_t n = 0;

	if (fp) {
		n = fread(buf, 1, size - 1, fp);
		fclose(fp);
	}
	buf[n] = '\0';
}

static int
files_in_dir(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void
test_replace_whole(void)
{
	char buf[64];
	struct stat st;

	CHECK(g2048_file_replace(path, fill_text, "first\n") == 0);
	slurp(buf, sizeof buf);
	CHECK(strcmp(buf, "first\n") == 0);
	CHECK(g2048_file_replace(path, fill_text, "second, longer\n") == 0);
	slurp(buf, sizeof buf);
	CHECK(strcmp(buf, "second, longer\n") == 0);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
	CHECK(files_in_dir() == 1);
}

static void
test_failure_keeps_old(void)
{
	char buf[64];

	CHECK(g2048_file_replace(path, fill_text, "old\n") == 0);
	errno = 0;
	CHECK(g2048_file_replace(path, fill_then_fail, "new text\n") == -1);
	CHECK(errno == ENOSPC);
	slurp(buf, sizeof buf);
	CHECK(strcmp(buf, "old\n") == 0);
	CHECK(files_in_dir() == 1);
}

static void
test_no_directory(void)
{
	char missing[96];

	snprintf(missing, sizeof missing, "%s/none/file", dir);
	errno = 0;
	CHECK(g2048_file_replace(missing, fill_text, "x\n") == -1);
	CHECK(errno == ENOENT);
}

/* A FIFO (as a device) is never replaced by a file; a directory
 * neither; g2048_file_check() says so before any work. */
static void
test_not_regular(void)
{
	char fifo[96], sub[96], err[256];
	struct stat st;

	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	snprintf(sub, sizeof sub, "%s/sub", dir);
	CHECK(mkfifo(fifo, 0644) == 0);
	CHECK(mkdir(sub, 0755) == 0);
	errno = 0;
	CHECK(g2048_file_replace(fifo, fill_text, "x\n") == -1);
	CHECK(errno == EINVAL);
	CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
	errno = 0;
	CHECK(g2048_file_replace(sub, fill_text, "x\n") == -1);
	CHECK(errno == EISDIR);
	CHECK(g2048_file_check(fifo, err, sizeof err) == -1);
	CHECK(strstr(err, "not a regular file") != NULL);
	CHECK(g2048_file_check(sub, err, sizeof err) == -1);
	CHECK(g2048_file_check(path, err, sizeof err) == 0);
	snprintf(sub + strlen(sub), sizeof sub - strlen(sub), "/none/x");
	CHECK(g2048_file_check(sub, err, sizeof err) == -1);
	CHECK(strstr(err, "No such file") != NULL);
	CHECK(files_in_dir() == 3);
	unlink(fifo);
	snprintf(sub, sizeof sub, "%s/sub", dir);
	rmdir(sub);
}

/* A symbolic link is written through: its target replaced, the link
 * kept, also through a chain of links and a dangling one. */
static void
test_symlink(void)
{
	char link1[96], link2[96], target[96], buf[96];
	struct stat st;

	snprintf(link1, sizeof link1, "%s/link1", dir);
	snprintf(link2, sizeof link2, "%s/link2", dir);
	snprintf(target, sizeof target, "%s/target", dir);
	CHECK(symlink("target", link1) == 0);
	CHECK(symlink("link1", link2) == 0);
	CHECK(g2048_file_replace(link2, fill_text, "through\n") == 0);
	CHECK(lstat(link1, &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(lstat(link2, &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(lstat(target, &st) == 0 && S_ISREG(st.st_mode));
	CHECK(g2048_file_replace(link1, fill_text, "again\n") == 0);
	CHECK(lstat(link1, &st) == 0 && S_ISLNK(st.st_mode));
	snprintf(buf, sizeof buf, "%s", path);
	snprintf(path, sizeof path, "%s", target);
	{
		char text[64];

		slurp(text, sizeof text);
		CHECK(strcmp(text, "again\n") == 0);
	}
	snprintf(path, sizeof path, "%s", buf);
	unlink(link1);
	unlink(link2);
	unlink(target);
}

int
main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof path, "%s/kept", dir);
	RUN(test_replace_whole);
	RUN(test_failure_keeps_old);
	RUN(test_no_directory);
	RUN(test_not_regular);
	RUN(test_symlink);
	unlink(path);
	rmdir(dir);
	return UNIT_EXIT();
}
