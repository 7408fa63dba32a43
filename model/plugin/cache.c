#include "cache.h"

#include <stdlib.h>

int cache_init(struct cache *c, unsigned int bytes, unsigned int ways, unsigned int line_bytes)
{
	size_t n;

	c->ways = ways;
	c->sets = bytes / line_bytes / ways;
	c->set_mask = c->sets && !(c->sets & (c->sets - 1)) ? c->sets - 1 : 0;
	c->now = 0;
	n = (size_t)c->sets * ways;
	c->tag = calloc(n, sizeof(*c->tag));
	c->state = calloc(n, sizeof(*c->state));
	c->used = calloc(n, sizeof(*c->used));
	if (!c->sets || !c->tag || !c->state || !c->used) {
		cache_free(c);
		return -1;
	}
	return 0;
}

void cache_free(struct cache *c)
{
	free(c->tag);
	free(c->state);
	free(c->used);
	c->tag = NULL;
	c->state = NULL;
	c->used = NULL;
}

static size_t set_base(const struct cache *c, uint64_t line)
{
	return (size_t)(c->set_mask || c->sets == 1 ? line & c->set_mask : line % c->sets) * c->ways;
}

static long find(const struct cache *c, uint64_t line)
{
	size_t base = set_base(c, line);
	unsigned int w;

	for (w = 0; w < c->ways; w++)
		if (c->tag[base + w] == line + 1)
			return (long)(base + w);
	return -1;
}

uint8_t *cache_lookup(struct cache *c, uint64_t line)
{
	long i = find(c, line);

	if (i < 0)
		return NULL;
	c->used[i] = ++c->now;
	return &c->state[i];
}

uint8_t *cache_peek(struct cache *c, uint64_t line)
{
	long i = find(c, line);

	return i < 0 ? NULL : &c->state[i];
}

void cache_fill(struct cache *c, uint64_t line, uint8_t state, struct victim *v)
{
	size_t base = set_base(c, line), pick = base;
	unsigned int w;

	for (w = 0; w < c->ways; w++) {
		size_t i = base + w;

		if (!c->tag[i]) {
			pick = i;
			break;
		}
		/* Wrap-safe: the way used longest ago. */
		if ((uint32_t)(c->now - c->used[i]) > (uint32_t)(c->now - c->used[pick]))
			pick = i;
	}
	v->valid = c->tag[pick] != 0;
	v->line = c->tag[pick] - 1;
	v->state = c->state[pick];
	c->tag[pick] = line + 1;
	c->state[pick] = state;
	c->used[pick] = ++c->now;
}

bool cache_drop(struct cache *c, uint64_t line, uint8_t *state)
{
	long i = find(c, line);

	if (i < 0)
		return false;
	*state = c->state[i];
	c->tag[i] = 0;
	c->state[i] = 0;
	return true;
}
