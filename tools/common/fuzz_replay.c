// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_replay.c - runs a libFuzzer harness's LLVMFuzzerTestOneInput() once
 * on each file named on the command line, without libFuzzer: the
 * regression inputs that `make check` replays are built with gcc and
 * -fsanitize=address,undefined, so the check needs no clang. Prints one
 * line per file; a sanitizer report aborts with its own message.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (size == cap) {
			uint8_t *p = realloc(data, cap = cap ? 2 * cap : 4096);

			if (!p) {
				fclose(f);
				free(data);
				return -1;
			}
			data = p;
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n);
	fclose(f);
	/* an exact-size copy, so ASan sees a read past the input's end */
	{
		uint8_t *exact = malloc(size ? size : 1);

		if (!exact) {
			free(data);
			return -1;
		}
		for (size_t i = 0; i < size; i++)
			exact[i] = data[i];
		free(data);
		LLVMFuzzerTestOneInput(exact, size);
		free(exact);
	}
	printf("replayed %s (%zu bytes)\n", path, size);
	return 0;
}

int main(int argc, char **argv)
{
	int bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s INPUT...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++)
		bad |= replay(argv[i]) != 0;
	return bad;
}
