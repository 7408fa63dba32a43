#include "platform.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { TEXT, REAL, COUNT };

static const struct key {
	const char *name;
	enum kind kind;
	size_t offset;
} keys[] = {
	{ "name", TEXT, offsetof(struct platform, name) },
	{ "cpu_ghz", REAL, offsetof(struct platform, cpu_ghz) },
	{ "cpi", REAL, offsetof(struct platform, cpi) },
	{ "line_bytes", COUNT, offsetof(struct platform, line_bytes) },
	{ "l1d_kib", COUNT, offsetof(struct platform, l1d_kib) },
	{ "l1d_ways", COUNT, offsetof(struct platform, l1d_ways) },
	{ "l2_kib", COUNT, offsetof(struct platform, l2_kib) },
	{ "l2_ways", COUNT, offsetof(struct platform, l2_ways) },
	{ "l2_hit_cycles", REAL, offsetof(struct platform, l2_hit_cycles) },
	{ "dram_ns", REAL, offsetof(struct platform, dram_ns) },
	{ "miss_overlap", REAL, offsetof(struct platform, miss_overlap) },
	{ "stream_mb_s", REAL, offsetof(struct platform, stream_mb_s) },
	{ "prefetch_lines", COUNT, offsetof(struct platform, prefetch_lines) },
	{ "prefetch_streams", COUNT, offsetof(struct platform, prefetch_streams) },
	{ "dc_line_cycles", REAL, offsetof(struct platform, dc_line_cycles) },
};
#define NKEYS (sizeof(keys) / sizeof(keys[0]))

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int set_value(struct platform *p, const struct key *k, const char *v)
{
	char *end;
	char *field = (char *)p + k->offset;

	errno = 0;
	switch (k->kind) {
	case TEXT:
		if (!*v || strlen(v) >= sizeof(p->name))
			return -1;
		strcpy(field, v);
		return 0;
	case REAL: {
		double d = strtod(v, &end);

		if (errno || end == v || *end || !(d >= 0))
			return -1;
		*(double *)(void *)field = d;
		return 0;
	}
	case COUNT: {
		unsigned long n = strtoul(v, &end, 10);

		if (errno || end == v || *end || *v == '-' || n == 0 || n > 1u << 20)
			return -1;
		*(unsigned int *)(void *)field = (unsigned int)n;
		return 0;
	}
	}
	return -1;
}

int platform_load(const char *path, struct platform *p, char *err, unsigned long errlen)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	int seen[NKEYS] = { 0 };
	unsigned int lineno = 0;
	size_t i;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	memset(p, 0, sizeof(*p));
	while (fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#'), *eq, *key, *val;

		lineno++;
		if (hash)
			*hash = '\0';
		key = trim(line);
		if (!*key)
			continue;
		eq = strchr(key, '=');
		if (!eq) {
			snprintf(err, errlen, "%s:%u: not 'key = value'", path, lineno);
			goto fail;
		}
		*eq = '\0';
		val = trim(eq + 1);
		key = trim(key);
		for (i = 0; i < NKEYS && strcmp(keys[i].name, key); i++)
			;
		if (i == NKEYS) {
			snprintf(err, errlen, "%s:%u: unknown parameter '%s'", path, lineno, key);
			goto fail;
		}
		if (seen[i]++) {
			snprintf(err, errlen, "%s:%u: '%s' given twice", path, lineno, key);
			goto fail;
		}
		if (set_value(p, &keys[i], val)) {
			snprintf(err, errlen, "%s:%u: bad value '%s' for %s", path, lineno, val, key);
			goto fail;
		}
	}
	fclose(f);
	for (i = 0; i < NKEYS; i++) {
		if (!seen[i]) {
			snprintf(err, errlen, "%s: parameter '%s' missing", path, keys[i].name);
			return -1;
		}
	}
	if (p->line_bytes & (p->line_bytes - 1) || p->l1d_kib * 1024 / p->line_bytes % p->l1d_ways ||
	    p->l2_kib * 1024 / p->line_bytes % p->l2_ways || p->cpu_ghz == 0 || p->stream_mb_s == 0 ||
	    p->prefetch_streams > MAX_STREAMS || p->miss_overlap < 1) {
		snprintf(err, errlen, "%s: inconsistent geometry, a zero clock or bandwidth, over %d streams"
			 " or a miss_overlap below 1", path, MAX_STREAMS);
		return -1;
	}
	return 0;
fail:
	fclose(f);
	return -1;
}
