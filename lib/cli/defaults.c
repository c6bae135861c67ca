/* defaults.c - what a tool plays by unless told (cli.h): the default
 * net and tables ($G2048_NET, $G2048_TABLES, installed, beside the
 * tools), and the evaluator an option names. */
#include <errno.h>
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

/* path if it names a readable file, else NULL */
static const char *
readable(const char *path)
{
	return access(path, R_OK) == 0 ? path : NULL;
}

/* path if it names a directory, else NULL */
static const char *
directory(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? path : NULL;
}

/*
 * Into path, rel beside the tools' directory (DIR/../rel, where DIR holds
 * the running tool: /proc/self/exe names it on Linux): 0, or -1.
 */
static int
beside_tools(const char *rel, char *path, size_t size)
{
	char exe[4096 - 64], *slash;
	ssize_t n;

	if ((n = readlink("/proc/self/exe", exe, sizeof exe - 1)) <= 0)
		return -1;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return -1;
	*slash = '\0';
	snprintf(path, size, "%s/../%s", exe, rel);
	return 0;
}

/* the net cli_default_net() took from G2048_NET, so that a message about
 * it names the variable */
static const char *net_from_env;

const char *
cli_default_net(void)
{
	static char path[4096];
	const char *env = getenv("G2048_NET");

	if (env) {
		net_from_env = *env ? env : NULL;
		return net_from_env;
	}
	if (beside_tools("share/2048-tools/2048.net", path, sizeof path) < 0)
		return NULL;
	if (readable(path))
		return path;
	beside_tools("net/2048.net", path, sizeof path);
	return readable(path);
}

const char *
cli_default_tables(void)
{
	static char path[4096];
	const char *env = getenv("G2048_TABLES");

	if (env)
		return *env ? env : NULL;
	if (beside_tools("share/2048-tools/tables", path, sizeof path) < 0)
		return NULL;
	if (directory(path))
		return path;
	beside_tools("tables", path, sizeof path);
	return directory(path);
}

g2048_eval *
cli_evaluator(const char *heuristic, const char *weights,
    const char *netpath, g2048_net **net)
{
	char err[512];
	g2048_eval *e;

	*net = NULL;
	if (netpath && (heuristic || weights))
		cli_usage_error("--net is the evaluator: no --heuristic or "
		    "--weights with it");
	if (netpath) {
		if ((*net = g2048_net_open(netpath, err, sizeof err)) == NULL &&
		    netpath == net_from_env)
			cli_die(2, "G2048_NET: %s (G2048_NET names the default "
			    "net; set it empty for none)", err);
		if (*net == NULL)
			cli_die(2, "%s", err);
		e = g2048_eval_net(*net, err, sizeof err);
	} else {
		e = g2048_eval_new(heuristic, weights, err, sizeof err);
	}
	if (e == NULL)
		cli_usage_error("%s", err);
	return e;
}

void
cli_net_check(const g2048_net *net)
{
	char err[512];

	if (net && g2048_net_check(net, err, sizeof err) < 0)
		cli_die(2, "%s", err);
}

const char *
cli_default_cache(void)
{
	static char path[4096];
	const char *env = getenv("G2048_CACHE"), *xdg, *home;

	if (env)
		return *env ? env : NULL;
	/* the XDG base directories: a relative path there is ignored */
	if ((xdg = getenv("XDG_CACHE_HOME")) != NULL && xdg[0] == '/')
		snprintf(path, sizeof path, "%s/2048-tools", xdg);
	else if ((home = getenv("HOME")) != NULL && home[0] == '/')
		snprintf(path, sizeof path, "%s/.cache/2048-tools", home);
	else
		return NULL;
	return path;
}

int
cli_make_dirs(const char *path, char *err, size_t errsize)
{
	char dir[4096], *s;

	if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
		snprintf(err, errsize, "%s: %s", path, strerror(ENAMETOOLONG));
		return -1;
	}
	for (s = dir + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		int end = *s == '\0';

		*s = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
			snprintf(err, errsize, "%s: %s", dir, strerror(errno));
			return -1;
		}
		if (end)
			break;
		*s = '/';
	}
	if (directory(path) == NULL) {
		snprintf(err, errsize, "%s: not a directory", path);
		return -1;
	}
	return 0;
}
