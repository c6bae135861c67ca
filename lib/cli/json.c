/* json.c - JSON values on stdout for the tools' --json (see cli.h). */
#include <math.h>
#include <stdio.h>

#include "cli.h"

void
cli_json_string(const char *s)
{
	const unsigned char *p;

	putchar('"');
	for (p = (const unsigned char *)s; *p; p++)
		if (*p == '"' || *p == '\\')
			printf("\\%c", *p);
		else if (*p < 0x20)
			printf("\\u%04x", *p);
		else
			putchar(*p);
	putchar('"');
}

void
cli_json_number(double v, int decimals)
{
	/* JSON has no inf or nan */
	if (!isfinite(v))
		fputs("null", stdout);
	else
		printf("%.*f", decimals, v);
}
