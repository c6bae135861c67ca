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

#include "2048.h"
#include "unit.h"

static char dir[] = "/tmp/test-file.XXXXXX";
static char path[64];

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
	unlink(path);
	rmdir(dir);
	return UNIT_EXIT();
}
