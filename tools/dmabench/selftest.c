// SPDX-License-Identifier: GPL-2.0
/*
 * selftest.c - one self-test case on its own open file: the kernel's
 * checks (DNB_IOC_ALLOC), a second allocation refused, the buffer mapped
 * into user space and compared both ways, a free refused while mapped,
 * the free; and `hold`, which leaves the freeing to the kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dmabench.h"

/* A seed for user space's own pattern, different from the kernel's. */
#define USER_SEED(seed) ((seed) ^ 0x5a5a5a5au)

static int mapped_checks(int fd, struct test_result *r, uint32_t seed)
{
	struct dnb_check check = { .seed = USER_SEED(seed) };
	struct dnb_free fr;
	uint8_t *p;
	size_t i;

	p = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		r->failure = "mmap failed";
		return -1;
	}
	r->mmap_read = 1;
	for (i = 0; i < r->size; i++) {
		if (p[i] != dnb_pattern_byte(seed, i)) {
			r->mmap_read = 0;
			break;
		}
	}
	for (i = 0; i < r->size; i++)
		p[i] = dnb_pattern_byte(check.seed, i);
	r->mmap_write = ioctl(fd, DNB_IOC_CHECK, &check) == 0 && check.status == DNB_OK;
	r->free_refused = ioctl(fd, DNB_IOC_FREE, &fr) == -1 && errno == EBUSY &&
			  fr.status == DNB_ERR_MAPPED;
	munmap(p, r->size);
	if (!r->mmap_read)
		r->failure = "user space read differs from the kernel's pattern";
	else if (!r->mmap_write)
		r->failure = "the kernel read differs from user space's pattern";
	else if (!r->free_refused)
		r->failure = "DNB_IOC_FREE did not refuse a mapped buffer";
	return r->failure ? -1 : 0;
}

/*
 * 0 when every check passed, EXIT_FAILED when one failed, EXIT_REFUSED
 * when the kernel refused the request (bad input; r->alloc.status says
 * why), EXIT_DEVICE when the device cannot be opened again.
 */
int run_test(struct device *d, uint32_t strategy, uint64_t size, uint32_t seed,
	     struct test_result *r)
{
	struct dnb_alloc again;
	struct dnb_free fr;
	int fd;

	memset(r, 0, sizeof(*r));
	r->strategy = strategy;
	r->size = size;
	r->alloc.strategy = strategy;
	r->alloc.size = size;
	r->alloc.seed = seed;
	fd = open(d->path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "dmabench: cannot open %s: %s\n", d->path, strerror(errno));
		return EXIT_DEVICE;
	}
	if (ioctl(fd, DNB_IOC_ALLOC, &r->alloc)) {
		r->alloc_errno = errno;
		r->failure = status_text(r->alloc.status);
		close(fd);
		switch (r->alloc.status) {
		case DNB_ERR_STRATEGY:
		case DNB_ERR_SIZE_ZERO:
		case DNB_ERR_SIZE_ALIGN:
		case DNB_ERR_SIZE_LARGE:
		case DNB_ERR_NO_DMA:
			return EXIT_REFUSED;
		default:
			return EXIT_FAILED;
		}
	}
	again = r->alloc;
	r->busy_refused = ioctl(fd, DNB_IOC_ALLOC, &again) == -1 && errno == EBUSY &&
			  again.status == DNB_ERR_BUSY;
	if (!r->busy_refused)
		r->failure = "a second DNB_IOC_ALLOC on the file was not refused";
	else
		mapped_checks(fd, r, seed);
	r->freed = ioctl(fd, DNB_IOC_FREE, &fr) == 0 && fr.status == DNB_OK;
	if (!r->freed && !r->failure)
		r->failure = "DNB_IOC_FREE failed after munmap";
	close(fd);
	return r->failure ? EXIT_FAILED : 0;
}

/* Allocate, then exit (or wait for a signal) with the buffer held. */
int run_hold(struct device *d, const struct options *o)
{
	struct dnb_alloc a = {
		.strategy = o->strategies[0], .size = o->sizes[0], .seed = o->seed,
	};

	if (ioctl(d->fd, DNB_IOC_ALLOC, &a)) {
		fprintf(stderr, "dmabench: %s: %s\n", d->path, status_text(a.status));
		return EXIT_REFUSED;
	}
	printf("holding a %s buffer of %llu bytes on %s\n", strategy_name(a.strategy),
	       (unsigned long long)a.size, d->path);
	fflush(stdout);
	if (o->wait)
		pause();
	return 0;
}
