/*
 * term.c - 2048-play's terminal: raw mode and the alternate screen,
 * restored on every way out (exit, a quitting signal, a crash), signals
 * turned into bytes on a pipe for the event loop, the window size.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "play.h"

/* the alternate screen, the cursor hidden; and back */
#define ENTER "\033[?1049h\033[?25l\033[H\033[2J"
#define LEAVE "\033[0m\033[?25h\033[?1049l"

static struct termios saved;
static int in_fd = -1, out_fd = -1;
static volatile sig_atomic_t active;
static int sig_pipe[2] = { -1, -1 };

/* signals that end the game: it is saved, then they take their course */
static const int quitting[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static const int events[] = { SIGWINCH, SIGTSTP, SIGCONT };
static const int crashes[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

/* write(2) only: this runs in signal handlers too */
int
play_write_all(int fd, const char *buf, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, buf, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

void
play_term_restore(void)
{
	int e = errno;

	if (!active)
		return;
	active = 0;
	play_write_all(out_fd, LEAVE, sizeof LEAVE - 1);
	/* discard keys typed ahead: they were meant for the game */
	tcsetattr(in_fd, TCSAFLUSH, &saved);
	errno = e;
}

static void
on_signal(int sig)
{
	unsigned char c = (unsigned char)sig;
	int e = errno;

	if (write(sig_pipe[1], &c, 1) < 0) {
		/* the pipe is full: the loop has enough to wake up for */
	}
	errno = e;
}

/* SA_RESETHAND: raising again takes the default action (a core dump) */
static void
on_crash(int sig)
{
	play_term_restore();
	raise(sig);
}

static int
catch(int sig, void (*handler)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

int
play_term_resume(void)
{
	struct termios raw = saved;

	/* bytes as they are typed, unechoed; ^C and ^Z still signal */
	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | IEXTEN);
	raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(in_fd, TCSADRAIN, &raw) < 0)
		return -1;
	active = 1;
	play_write_all(out_fd, ENTER, sizeof ENTER - 1);
	return 0;
}

int
play_term_start(int in, int out)
{
	static int registered;
	size_t i;

	in_fd = in;
	out_fd = out;
	if (tcgetattr(in_fd, &saved) < 0)
		return -1;
	if (sig_pipe[0] < 0) {
		if (pipe(sig_pipe) < 0)
			return -1;
		for (i = 0; i < 2; i++) {
			fcntl(sig_pipe[i], F_SETFL, O_NONBLOCK);
			fcntl(sig_pipe[i], F_SETFD, FD_CLOEXEC);
		}
	}
	for (i = 0; i < sizeof quitting / sizeof *quitting; i++)
		catch(quitting[i], on_signal, 0);
	for (i = 0; i < sizeof events / sizeof *events; i++)
		catch(events[i], on_signal, SA_RESTART);
	for (i = 0; i < sizeof crashes / sizeof *crashes; i++)
		catch(crashes[i], on_crash, SA_RESETHAND);
	if (!registered && atexit(play_term_restore) == 0)
		registered = 1;
	return play_term_resume();
}

void
play_term_suspend(void)
{
	play_term_restore();
	catch(SIGTSTP, SIG_DFL, 0);
	raise(SIGTSTP);
	/* continued */
	catch(SIGTSTP, on_signal, SA_RESTART);
	play_term_resume();
}

int
play_term_size(int *cols, int *rows)
{
	struct winsize ws;

	if (ioctl(out_fd, TIOCGWINSZ, &ws) < 0 || ws.ws_col == 0 ||
	    ws.ws_row == 0) {
		*cols = 80;
		*rows = 24;
		return -1;
	}
	*cols = ws.ws_col;
	*rows = ws.ws_row;
	return 0;
}

int
play_term_signal_fd(void)
{
	return sig_pipe[0];
}

int
play_term_next_signal(void)
{
	unsigned char c;

	return read(sig_pipe[0], &c, 1) == 1 ? c : 0;
}

int
play_term_write(const char *buf, size_t n)
{
	return play_write_all(out_fd, buf, n);
}
