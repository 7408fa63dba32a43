/* A named platform: the parameters of the memory model (model/platforms/). */
#ifndef MODEL_PLATFORM_H
#define MODEL_PLATFORM_H

#define MAX_STREAMS 16

struct platform {
	char name[64];
	double cpu_ghz;		/* core clock */
	double cpi;		/* cycles per instruction, memory stalls aside */
	unsigned int line_bytes;
	unsigned int l1d_kib, l1d_ways;
	unsigned int l2_kib, l2_ways;
	double l2_hit_cycles;	/* an L1 miss that hits L2, beyond an L1 hit */
	double dram_ns;		/* a demand miss to DRAM, or one uncached load */
	double miss_overlap;	/* independent DRAM accesses in flight at once (>= 1) */
	double stream_mb_s;	/* DRAM copy bandwidth that prefetched lines arrive at */
	unsigned int prefetch_lines;	/* lines ahead of a detected stream */
	unsigned int prefetch_streams;	/* streams tracked at once */
	double dc_line_cycles;	/* one DC IVAC/CVAC/CIVAC */
};

/*
 * platform_load() - read "key = value" lines ('#' starts a comment); every
 * key is required and none may be unknown. Returns 0, or -1 with a message
 * in err.
 */
int platform_load(const char *path, struct platform *p, char *err, unsigned long errlen);

#endif
