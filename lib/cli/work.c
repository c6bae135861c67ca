/*
 * work.c - an exact table's build folder when none is named (cli.h):
 * $TMPDIR/PROGNAME.XXXXXX, made here (not by the library) so that it is
 * removed at the end, on an error and on every signal that can be caught;
 * only what SIGKILL stops stays, and its name was shown.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* $TMPDIR/PROGNAME.XXXXXX, made here (not by the library) so that a
 * signal can remove it; empty when there is none */
static char tmp_work[PATH_MAX];

/* the signals that end the tool, each of which a thread of its own waits
 * for: the folder is removed, then the signal takes its course */
static const int ending[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
    SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF };

static void
remove_folder(void)
{
	char path[PATH_MAX + 256];
	struct dirent *de;
	DIR *d;
	int tries;

	/* the build's threads may still be adding files: a few rounds */
	for (tries = 0; tmp_work[0] && tries < 100; tries++) {
		if ((d = opendir(tmp_work)) != NULL) {
			while ((de = readdir(d)) != NULL)
				if (strcmp(de->d_name, ".") &&
				    strcmp(de->d_name, "..") &&
				    snprintf(path, sizeof path, "%s/%s",
				    tmp_work, de->d_name) < (int)sizeof path)
					unlink(path);
			closedir(d);
		}
		if (rmdir(tmp_work) == 0 || errno == ENOENT)
			break;
	}
	tmp_work[0] = '\0';
}

/* held by whoever removes the folder; a signal's thread never lets it
 * go, so that the build, failing as its files vanish, waits for the
 * signal to end the tool instead of saying why it failed */
static pthread_mutex_t work_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
watch_signals(void *arg)
{
	const sigset_t *set = arg;
	sigset_t one;
	int sig;

	if (sigwait(set, &sig) != 0)
		return NULL;
	pthread_mutex_lock(&work_lock);
	remove_folder();
	signal(sig, SIG_DFL);
	sigemptyset(&one);
	sigaddset(&one, sig);
	pthread_sigmask(SIG_UNBLOCK, &one, NULL);
	raise(sig);
	_exit(128 + sig);
}

int
cli_work_make(g2048_exact_opts *o, int quiet, char *err, size_t errsize)
{
	static sigset_t set;
	const char *tmp = getenv("TMPDIR");
	pthread_t tid;
	size_t i;

	if (snprintf(tmp_work, sizeof tmp_work, "%s/%s.XXXXXX",
	    tmp && *tmp ? tmp : "/tmp", progname) >= (int)sizeof tmp_work ||
	    mkdtemp(tmp_work) == NULL) {
		snprintf(err, errsize, "cannot make %s: %s", tmp_work,
		    strerror(errno));
		tmp_work[0] = '\0';
		return -1;
	}
	/* blocked here, and so in every thread the build starts */
	sigemptyset(&set);
	for (i = 0; i < sizeof ending / sizeof ending[0]; i++)
		sigaddset(&set, ending[i]);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (pthread_create(&tid, NULL, watch_signals, &set) != 0) {
		remove_folder();
		snprintf(err, errsize, "cannot start a thread");
		return -1;
	}
	pthread_detach(tid);
	o->workdir = tmp_work;
	o->temporary = 1;       /* removed when the build stops */
	if (!quiet)
		fprintf(stderr, "%s: working in %s (removed at the end)\n",
		    progname, tmp_work);
	return 0;
}

void
cli_work_remove(void)
{
	pthread_mutex_lock(&work_lock);
	remove_folder();
	pthread_mutex_unlock(&work_lock);
}
