/* cli.c - the tools' shared front end (see cli.h): messages and exits,
 * the board loop, stdout kept whole.  Option values are in values.c, the
 * default net and tables and the evaluator in defaults.c. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
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

const char *progname = "2048";
g2048_writer cli_out;

static char out_buf[1 << 16];

char *
cli_init(char *argv0)
{
	char *slash = strrchr(argv0, '/');

	progname = slash ? slash + 1 : argv0;
	/* a closed pipe ends us quietly, as it ends cat */
	signal(SIGPIPE, SIG_DFL);
	/* big blocks into pipes and files; a terminal keeps line buffering */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
	return slash ? slash + 1 : argv0;
}

/* The message of a bus error, made before one can come: a handler may
 * only write and exit. */
static char sigbus_msg[256];
static size_t sigbus_len;

static void
on_sigbus(int sig)
{
	(void)sig;
	if (write(STDERR_FILENO, sigbus_msg, sigbus_len) < 0)
		_exit(2);
	_exit(2);
}

void
cli_catch_sigbus(void)
{
	struct sigaction sa;
	int n;

	n = snprintf(sigbus_msg, sizeof sigbus_msg, "%s: a table file shrank "
	    "while being read (SIGBUS): it was cut short or rewritten in place "
	    "during the run\n", progname);
	sigbus_len = n > 0 && (size_t)n < sizeof sigbus_msg ? (size_t)n :
	    strlen(sigbus_msg);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigbus;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

/*
 * A write to stdout failed (a full disk, /dev/full, a closed socket):
 * one message and exit 2, at once, so that no more work is done for
 * output that cannot be written.  err is the write's errno, or 0 to take
 * it from one more try.
 */
static void
stdout_failed(int err)
{
	int before = errno;

	if (err == 0) {
		/* the failed flush's errno, if the stream kept what it
		 * could not write; else most likely still errno */
		errno = 0;
		fflush(stdout);
		err = errno ? errno : before ? before : EIO;
	}
	fprintf(stderr, "%s: write error: %s\n", progname, strerror(err));
	/* exit, not _exit: other files (a --log) keep what was written to
	 * them; stdout's flush fails again, quietly */
	exit(2);
}

void
cli_write_failed(int err)
{
	stdout_failed(err ? err : EIO);
}

/* Flush stdout; a failure ends the tool (stdout_failed). */
static void
flush_or_die(void)
{
	if (fflush(stdout) == EOF)
		stdout_failed(errno);
	if (ferror(stdout))
		stdout_failed(0);
}

/* Before waiting for input, hand on what we have: a tool in a pipe whose
 * writer waits for our answer (a coprocess) must not hold it back. */
static void
flush_stdout(void)
{
	flush_or_die();
}

void
cli_check_stdout(void)
{
	if (ferror(stdout))
		stdout_failed(0);
}

/* One write a message where it fits, so that nothing (a terminal's echo
 * of what is typed, another tool's message) lands inside it. */
static void
vmessage(const char *fmt, va_list ap)
{
	char line[4096];
	va_list again;
	int head, body;

	/* what came before the message first; a write that fails is the
	 * error to report */
	flush_or_die();
	va_copy(again, ap);
	head = snprintf(line, sizeof line, "%s: ", progname);
	body = head < 0 || head >= (int)sizeof line ? -1 :
	    vsnprintf(line + head, sizeof line - (size_t)head, fmt, ap);
	if (body >= 0 && head + body + 1 < (int)sizeof line) {
		line[head + body] = '\n';
		fwrite(line, 1, (size_t)(head + body + 1), stderr);
	} else {
		fprintf(stderr, "%s: ", progname);
		vfprintf(stderr, fmt, again);
		fputc('\n', stderr);
	}
	va_end(again);
}

void
cli_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

void
cli_die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	exit(cli_finish(status));
}

void
cli_check_writable(const char *path, const char *option)
{
	char err[PATH_MAX + 512];

	if (g2048_file_check(path, err, sizeof err) < 0)
		cli_die(2, "%s%s%s", option ? option : "", option ? " " : "",
		    err);
}

/* The error, getopt's own (fmt NULL) or "progname: ...", then where to
 * read more. */
void
cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		vmessage(fmt, ap);
		va_end(ap);
	}
	fprintf(stderr, "Try '%s --help'.\n", progname);
	exit(2);
}

int
cli_getopt(int argc, char **argv, const char *shortopts,
    const struct option *longopts)
{
	static char opts[128];     /* a tool has at most 52 letters */

	snprintf(opts, sizeof opts, "h%s", shortopts);
	return getopt_long(argc, argv, opts, longopts, NULL);
}

void
cli_version(void)
{
	printf("%s (2048-tools) %s\n", progname, G2048_VERSION);
	exit(cli_finish(0));
}

void
cli_write(const char *s, size_t n)
{
	if (fwrite(s, 1, n, stdout) != n)
		stdout_failed(errno);
}

void
cli_write_board(const g2048_board *b)
{
	char buf[G2048_STREAM_MAX];
	int n = g2048_writer_format(&cli_out, b, buf, sizeof buf);

	/* whole boards only: the buffer is written in one piece */
	cli_write(buf, (size_t)n);
}

static g2048_reader *rd;   /* of the file being read */

static void
vwarn_board(const char *fmt, va_list ap)
{
	flush_or_die();
	fprintf(stderr, "%s: %s:%lu: ", progname, g2048_reader_name(rd),
	    g2048_reader_board_line(rd));
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
cli_warn_board(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_board(fmt, ap);
	va_end(ap);
}

void
cli_die_board(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_board(fmt, ap);
	va_end(ap);
	exit(cli_finish(2));
}

void
cli_die_overflow(const g2048_board *b, int dir)
{
	g2048_board t = *b;
	const char *counter = "draws";

	if (dir >= 0 && b->moves == UINT64_MAX)
		counter = "moves";
	else if (dir >= 0 && g2048_board_move(&t, (enum g2048_dir)dir) ==
	    G2048_OVERFLOW)
		counter = "score";
	cli_die_board("%s would pass %llu", counter,
	    (unsigned long long)UINT64_MAX);
}

/* Someone typing boards is told once how to end them: a tool waiting on
 * a terminal looks hung otherwise. */
static void
terminal_hint(int fd)
{
	static int told;

	if (told || !isatty(fd))
		return;
	told = 1;
	cli_warn("reading boards from the terminal: rows of cells, . for "
	    "empty (4 rows of 4 for the classic board), a blank line after "
	    "each board, Ctrl-D to end");
}

/*
 * After each board's output: a write of stdout that failed ends the tool
 * now (within 64 boards of a millisecond or less), not after the rest of
 * the input.  Output that is slow to come (a search of seconds a board)
 * is flushed every FLUSH_SECONDS, so that a reader sees it and a failing
 * write shows then; fast output goes in whole buffers.
 */
#define FLUSH_SECONDS 0.05

static void
board_written(void)
{
	static double last_look, last_flush;
	static unsigned boards, every = 1;
	double now;

	/* every board when boards are slow, every 64th when they come
	 * faster than one a millisecond: the stream's error flag (a flush
	 * of printf's output that failed) and the clock */
	if (++boards < every)
		return;
	boards = 0;
	if (ferror(stdout))
		stdout_failed(0);
	now = cli_now();
	if (now - last_look < 0.001)
		every = every < 64 ? 2 * every : 64;
	else
		every = 1;
	last_look = now;
	if (now - last_flush >= FLUSH_SECONDS) {
		if (last_flush > 0)
			flush_or_die();
		last_flush = now;
	}
}

/* cli_shapes(): what a change of size does, and the first board's */
static enum cli_shapes shapes;
static int first_rows, first_cols;

void
cli_shapes(enum cli_shapes how)
{
	shapes = how;
}

/* b's size against the stream's first board's (rd is b's reader) */
static void
check_shape(const g2048_board *b)
{
	if (shapes == CLI_SHAPES_ANY)
		return;
	if (first_rows == 0) {
		first_rows = b->rows;
		first_cols = b->cols;
		return;
	}
	if (b->rows == first_rows && b->cols == first_cols)
		return;
	if (shapes == CLI_SHAPES_STRICT)
		cli_die_board("a %dx%d board after %dx%d ones (--strict: one "
		    "size)", b->rows, b->cols, first_rows, first_cols);
	cli_warn_board("warning: a %dx%d board after %dx%d ones: a row or a "
	    "cell too many or too few? (said once; --strict refuses it)",
	    b->rows, b->cols, first_rows, first_cols);
	shapes = CLI_SHAPES_ANY;
}

static int
read_fd(int fd, const char *name, cli_board_fn *fn, void *ctx)
{
	g2048_board b;
	int r, status = 0, s;

	terminal_hint(fd);

	if ((rd = g2048_reader_new(fd, name)) == NULL)
		cli_die(2, "out of memory");
	g2048_reader_before_read(rd, flush_stdout);
	while ((r = g2048_read(rd, &b)) > 0) {
		check_shape(&b);
		if ((s = fn(&b, ctx)) > status)
			status = s;
		board_written();
	}
	if (r < 0 && g2048_reader_line(rd) == 0)
		cli_die(2, "%s: %s", name, g2048_reader_error(rd));
	if (r < 0)
		cli_die(2, "%s:%lu: %s", name, g2048_reader_line(rd),
		    g2048_reader_error(rd));
	g2048_reader_free(rd);
	rd = NULL;
	return status;
}

int
cli_boards(char **files, int nfiles, cli_board_fn *fn, void *ctx)
{
	int i, fd, s, status = 0;

	if (nfiles == 0)
		return read_fd(0, "<stdin>", fn, ctx);
	for (i = 0; i < nfiles; i++) {
		if (strcmp(files[i], "-") == 0) {
			s = read_fd(0, "<stdin>", fn, ctx);
		} else {
			if ((fd = open(files[i], O_RDONLY)) < 0)
				cli_die(2, "%s: %s", files[i], strerror(errno));
			s = read_fd(fd, files[i], fn, ctx);
			close(fd);
		}
		if (s > status)
			status = s;
	}
	return status;
}

g2048_rng *
cli_board_rng(const g2048_board *b, g2048_rng *run, int have_run_seed,
    g2048_rng *own)
{
	if (have_run_seed)
		return run;
	g2048_rng_seed(own, b->has_rng ? b->seed : cli_random_seed(),
	    b->has_rng ? b->draws : 0);
	return own;
}

void
cli_board_save_rng(g2048_board *b, const g2048_rng *r)
{
	b->has_rng = 1;
	b->seed = r->seed;
	b->draws = r->draws;
}

void
cli_close_or_die(FILE *fp, const char *name)
{
	/* a failed flush sets the error flag and drops the buffer, so a
	 * later fclose() may well succeed: the flag is what tells */
	int failed = ferror(fp), e = errno;

	if (fclose(fp) != 0 && !failed) {
		failed = 1;
		e = errno;
	}
	if (failed)
		cli_die(2, "%s: write error: %s", name, strerror(e));
}

int
cli_finish(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
		return 2;
	}
	if (fclose(stdout) != 0) {
		fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
		return 2;
	}
	return status;
}
