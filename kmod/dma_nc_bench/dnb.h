/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dnb.h - what the parts of dma_nc_bench share: one bound device
 * (struct dnb_dev), one allocated buffer (struct dnb_buf) and the
 * functions of each file.
 */
#ifndef DNB_H
#define DNB_H

#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/scatterlist.h>

#include "dma_nc_bench.h"

struct dnb_engine;

/* A device the module is bound to, and its character device. */
struct dnb_dev {
	struct device *dev;
	const char *kind;		/* "platform", "nodma", "edu" */
	struct dnb_engine *engine;	/* NULL unless the device moves data itself */
	struct miscdevice misc;
	char misc_name[48];
};

/* One DMA buffer, with what its free needs. */
struct dnb_buf {
	struct dnb_dev *dd;
	enum dnb_strategy strategy;
	size_t size;
	void *vaddr;			/* kernel mapping */
	dma_addr_t dma;			/* all but noncontiguous */
	struct page *page;		/* pages */
	struct sg_table *sgt;		/* noncontiguous */
	atomic_t mappings;		/* user-space VMAs mapping it */
};

/* buffer.c: the four strategies behind one interface */
int dnb_validate(struct dnb_dev *dd, u32 strategy, u64 size);
int dnb_buf_alloc(struct dnb_buf *buf, struct dnb_dev *dd, enum dnb_strategy s, size_t size);
void dnb_buf_free(struct dnb_buf *buf);
bool dnb_buf_syncs(const struct dnb_buf *buf);
void dnb_buf_sync_for_device(struct dnb_buf *buf);
void dnb_buf_sync_for_cpu(struct dnb_buf *buf);
dma_addr_t dnb_buf_dma_at(const struct dnb_buf *buf, size_t offset);
int dnb_buf_mmap(struct dnb_buf *buf, struct vm_area_struct *vma);
void dnb_buf_shape(const struct dnb_buf *buf, struct dnb_shape *shape);
s64 dnb_live_buffers(void);

/* selftest.c */
void dnb_pattern_fill(void *p, size_t size, u32 seed);
bool dnb_pattern_check(const void *p, size_t size, u32 seed, u64 *bad_offset);
int dnb_selftest(struct dnb_buf *buf, u32 seed, struct dnb_alloc *req);

/* bench.c */
int dnb_bench(struct dnb_dev *dd, struct dnb_bench *req);

/* edu.c: QEMU's edu PCI device as a DMA engine */
/*
 * Bytes per device transfer. edu's buffer is 4 KiB, but QEMU 7.2's edu
 * rejects a transfer that ends at the buffer's end (and its hw_error()
 * ends QEMU): half of it is safe on every version.
 */
#define DNB_ENGINE_CHUNK 2048
int dnb_engine_to_device(struct dnb_engine *e, dma_addr_t src, size_t len);
int dnb_engine_from_device(struct dnb_engine *e, dma_addr_t dst, size_t len);
int dnb_edu_register(void);
void dnb_edu_unregister(void);

/* main.c */
int dnb_dev_add(struct dnb_dev *dd);
void dnb_dev_remove(struct dnb_dev *dd);
int dnb_status_errno(enum dnb_status status);

#endif /* DNB_H */
