/* One set-associative cache of lines, least recently used replacement. */
#ifndef MODEL_CACHE_H
#define MODEL_CACHE_H

#include <stdbool.h>
#include <stdint.h>

enum line_state {
	LINE_DIRTY = 1,		/* written by the CPU since it was filled or cleaned */
	LINE_STALE = 2,		/* memory changed (DMA) after this copy was filled */
	LINE_PREFETCHED = 4,	/* filled by the prefetcher, not yet used */
};

struct cache {
	unsigned int sets, ways;
	uint64_t set_mask;	/* sets - 1 when sets is a power of two (no division), else 0 */
	uint64_t *tag;		/* line number + 1; 0: invalid */
	uint8_t *state;
	uint32_t *used;		/* when each way was last used */
	uint32_t now;
};

struct victim {
	uint64_t line;
	uint8_t state;
	bool valid;
};

int cache_init(struct cache *c, unsigned int bytes, unsigned int ways, unsigned int line_bytes);
void cache_free(struct cache *c);
/* The line's state, or NULL when absent; a hit counts as a use. */
uint8_t *cache_lookup(struct cache *c, uint64_t line);
/* The line's state without counting a use, or NULL. */
uint8_t *cache_peek(struct cache *c, uint64_t line);
/* Fill an absent line, evicting the least recently used way into *v. */
void cache_fill(struct cache *c, uint64_t line, uint8_t state, struct victim *v);
/* Drop the line if present; its state in *state. */
bool cache_drop(struct cache *c, uint64_t line, uint8_t *state);

#endif
