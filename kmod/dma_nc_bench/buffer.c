// SPDX-License-Identifier: GPL-2.0
/*
 * buffer.c - the four allocation strategies behind one interface: allocate
 * (with the kernel mapping), free with the matching arguments, sync the
 * whole buffer each way, map it to user space with the strategy's own
 * mmap helper, and describe where its pages and DMA addresses are.
 *
 * Every buffer is allocated DMA_BIDIRECTIONAL: the self-test moves data
 * both ways through the same buffer.
 */
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/vmalloc.h>

#include "dnb.h"

#define DNB_DIR DMA_BIDIRECTIONAL
/*
 * No allocation-failure splat: a failed allocation is reported to user
 * space (DNB_ERR_ALLOC), and qemu/run would count the warning as a kernel
 * report.
 */
#define DNB_GFP (GFP_KERNEL | __GFP_NOWARN)

/* Buffers allocated and not freed, by every device: the leak check. */
static atomic64_t dnb_live = ATOMIC64_INIT(0);

s64 dnb_live_buffers(void)
{
	return atomic64_read(&dnb_live);
}

/* The status of a request for STRATEGY and SIZE on DD, before any allocation. */
int dnb_validate(struct dnb_dev *dd, u32 strategy, u64 size)
{
	struct device *dev = dd->dev;

	if (strategy >= DNB_STRATEGY_COUNT)
		return DNB_ERR_STRATEGY;
	if (!size)
		return DNB_ERR_SIZE_ZERO;
	if (!PAGE_ALIGNED(size))
		return DNB_ERR_SIZE_ALIGN;
	if (size > DNB_MAX_SIZE)
		return DNB_ERR_SIZE_LARGE;
	/* The DMA API WARNs on a device without masks: refuse first. */
	if (!dev->dma_mask || !*dev->dma_mask || !dev->coherent_dma_mask)
		return DNB_ERR_NO_DMA;
	return DNB_OK;
}

int dnb_buf_alloc(struct dnb_buf *buf, struct dnb_dev *dd,
		  enum dnb_strategy strategy, size_t size)
{
	struct device *dev = dd->dev;

	memset(buf, 0, sizeof(*buf));
	buf->dd = dd;
	buf->strategy = strategy;
	buf->size = size;
	atomic_set(&buf->mappings, 0);

	switch (strategy) {
	case DNB_NONCONTIGUOUS:
		buf->sgt = dma_alloc_noncontiguous(dev, size, DNB_DIR, DNB_GFP, 0);
		if (!buf->sgt)
			return DNB_ERR_ALLOC;
		buf->vaddr = dma_vmap_noncontiguous(dev, size, buf->sgt);
		if (!buf->vaddr) {
			dma_free_noncontiguous(dev, size, buf->sgt, DNB_DIR);
			return DNB_ERR_VMAP;
		}
		break;
	case DNB_COHERENT:
		buf->vaddr = dma_alloc_coherent(dev, size, &buf->dma, DNB_GFP);
		break;
	case DNB_NONCOHERENT:
		buf->vaddr = dma_alloc_noncoherent(dev, size, &buf->dma, DNB_DIR, DNB_GFP);
		break;
	case DNB_PAGES:
		buf->page = dma_alloc_pages(dev, size, &buf->dma, DNB_DIR, DNB_GFP);
		if (buf->page)
			buf->vaddr = page_address(buf->page);
		break;
	default:
		return DNB_ERR_STRATEGY;
	}
	if (!buf->vaddr)
		return DNB_ERR_ALLOC;
	atomic64_inc(&dnb_live);
	return DNB_OK;
}

void dnb_buf_free(struct dnb_buf *buf)
{
	struct device *dev = buf->dd->dev;

	switch (buf->strategy) {
	case DNB_NONCONTIGUOUS:
		dma_vunmap_noncontiguous(dev, buf->vaddr);
		dma_free_noncontiguous(dev, buf->size, buf->sgt, DNB_DIR);
		break;
	case DNB_COHERENT:
		dma_free_coherent(dev, buf->size, buf->vaddr, buf->dma);
		break;
	case DNB_NONCOHERENT:
		dma_free_noncoherent(dev, buf->size, buf->vaddr, buf->dma, DNB_DIR);
		break;
	case DNB_PAGES:
		dma_free_pages(dev, buf->size, buf->page, buf->dma, DNB_DIR);
		break;
	default:
		return;
	}
	buf->vaddr = NULL;
	atomic64_dec(&dnb_live);
}

/* Coherent memory has no sync calls: the mapping is the sync. */
bool dnb_buf_syncs(const struct dnb_buf *buf)
{
	return buf->strategy != DNB_COHERENT;
}

void dnb_buf_sync_for_device(struct dnb_buf *buf)
{
	struct device *dev = buf->dd->dev;

	switch (buf->strategy) {
	case DNB_NONCONTIGUOUS:
		/* The vmap alias first (a no-op on arm64's PIPT caches). */
		flush_kernel_vmap_range(buf->vaddr, buf->size);
		dma_sync_sgtable_for_device(dev, buf->sgt, DNB_DIR);
		break;
	case DNB_NONCOHERENT:
	case DNB_PAGES:
		dma_sync_single_for_device(dev, buf->dma, buf->size, DNB_DIR);
		break;
	default:
		break;
	}
}

void dnb_buf_sync_for_cpu(struct dnb_buf *buf)
{
	struct device *dev = buf->dd->dev;

	switch (buf->strategy) {
	case DNB_NONCONTIGUOUS:
		/* As uvcvideo's uvc_urb_dma_sync() does. */
		dma_sync_sgtable_for_cpu(dev, buf->sgt, DNB_DIR);
		invalidate_kernel_vmap_range(buf->vaddr, buf->size);
		break;
	case DNB_NONCOHERENT:
	case DNB_PAGES:
		dma_sync_single_for_cpu(dev, buf->dma, buf->size, DNB_DIR);
		break;
	default:
		break;
	}
}

/*
 * The DMA address of byte OFFSET. A noncontiguous buffer has one DMA
 * segment (nents is 1 whatever the pages), so its addresses run on from
 * the first.
 */
dma_addr_t dnb_buf_dma_at(const struct dnb_buf *buf, size_t offset)
{
	if (buf->strategy == DNB_NONCONTIGUOUS)
		return sg_dma_address(buf->sgt->sgl) + offset;
	return buf->dma + offset;
}

int dnb_buf_mmap(struct dnb_buf *buf, struct vm_area_struct *vma)
{
	struct device *dev = buf->dd->dev;

	switch (buf->strategy) {
	case DNB_NONCONTIGUOUS:
		return dma_mmap_noncontiguous(dev, vma, buf->size, buf->sgt);
	case DNB_COHERENT:
		return dma_mmap_coherent(dev, vma, buf->vaddr, buf->dma, buf->size);
	case DNB_NONCOHERENT:
		/* dma_alloc_noncoherent() memory is dma_alloc_pages() memory. */
		return dma_mmap_pages(dev, vma, buf->size, virt_to_page(buf->vaddr));
	case DNB_PAGES:
		return dma_mmap_pages(dev, vma, buf->size, buf->page);
	default:
		return -EINVAL;
	}
}

/* The page frame behind kernel address P, linear map or vmap/remap area. */
static unsigned long dnb_kaddr_pfn(const void *p)
{
	if (is_vmalloc_addr(p))
		return vmalloc_to_pfn(p);
	return page_to_pfn(virt_to_page(p));
}

void dnb_buf_shape(const struct dnb_buf *buf, struct dnb_shape *shape)
{
	unsigned long pfn, prev = 0;
	struct scatterlist *sg;
	dma_addr_t end = 0;
	size_t off;
	int i;

	memset(shape, 0, sizeof(*shape));
	shape->vmapped = is_vmalloc_addr(buf->vaddr);
	for (off = 0; off < buf->size; off += PAGE_SIZE) {
		pfn = dnb_kaddr_pfn(buf->vaddr + off);
		if (!off || pfn != prev + 1)
			shape->phys_runs++;
		prev = pfn;
	}

	if (buf->strategy != DNB_NONCONTIGUOUS) {
		shape->dma_runs = 1;
		shape->dma_addr = buf->dma;
		shape->dma_length = buf->size;
		return;
	}
	shape->nents = buf->sgt->nents;
	shape->orig_nents = buf->sgt->orig_nents;
	for_each_sgtable_dma_sg(buf->sgt, sg, i) {
		dma_addr_t addr = sg_dma_address(sg);
		unsigned int len = sg_dma_len(sg);

		if (!len)
			continue;
		if (!shape->dma_length)
			shape->dma_addr = addr;
		if (!shape->dma_length || addr != end)
			shape->dma_runs++;
		end = addr + len;
		shape->dma_length += len;
	}
}
