/*
 * model-load FILE: load a platform file with the model's own parser and
 * print its name and clock, or the parser's message (exit 1).
 * tests/host/model-from-log.t checks model/from-log's output with it.
 */
#include <stdio.h>

#include "../platform.h"

int main(int argc, char **argv)
{
	struct platform p;
	char err[256];

	if (argc != 2) {
		fputs("usage: model-load FILE\n", stderr);
		return 2;
	}
	if (platform_load(argv[1], &p, err, sizeof(err))) {
		puts(err);
		return 1;
	}
	printf("%s %.3f\n", p.name, p.cpu_ghz);
	return 0;
}
