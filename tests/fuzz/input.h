/* input.h - a fuzz target's input as a descriptor to read, as the tools
 * read their standard input.  Included by the targets (one file each). */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

/* A pipe holding data, its write end closed: the read end, or -1 when
 * data is over max bytes (the pipe buffer, 64 KiB on Linux, holds any
 * input of -max_len) or no pipe can be made. */
static int
fuzz_input(const uint8_t *data, size_t size, size_t max)
{
	int fd[2];

	if (size > max || pipe(fd) != 0)
		return -1;
	if (write(fd[1], data, size) != (ssize_t)size)
		abort();
	close(fd[1]);
	return fd[0];
}

#endif
