// SPDX-License-Identifier: GPL-2.0
/*
 * selftest.c - what DNB_IOC_ALLOC checks on a fresh buffer: the pattern
 * written through the kernel mapping survives a sync for the device and a
 * sync for the CPU; with a device engine, the device reads what the CPU
 * wrote and the CPU reads what the device wrote, each across the syncs
 * the DMA API asks for.
 */
#include "dnb.h"

void dnb_pattern_fill(void *p, size_t size, u32 seed)
{
	u8 *b = p;
	size_t i;

	for (i = 0; i < size; i++)
		b[i] = dnb_pattern_byte(seed, i);
}

bool dnb_pattern_check(const void *p, size_t size, u32 seed, u64 *bad_offset)
{
	const u8 *b = p;
	size_t i;

	for (i = 0; i < size; i++) {
		if (b[i] != dnb_pattern_byte(seed, i)) {
			*bad_offset = i;
			return false;
		}
	}
	return true;
}

/*
 * The device copies the chunk at SRC (it straddles the middle page
 * boundary, so behind an IOMMU it spans two unrelated pages) into its own
 * memory; the CPU overwrites the chunk at DST with the complement; the
 * device writes its copy to DST. Only if the CPU's pattern reached the
 * device and the device's write reached the CPU does DST read back as the
 * pattern of SRC.
 */
static int dnb_device_roundtrip(struct dnb_buf *buf, u32 seed, struct dnb_alloc *req)
{
	const size_t chunk = DNB_ENGINE_CHUNK;
	size_t src = buf->size > chunk ? buf->size / 2 - chunk / 2 : 0;
	size_t dst = buf->size - chunk;
	u8 *b = buf->vaddr;
	size_t i;

	dnb_buf_sync_for_device(buf);
	if (dnb_engine_to_device(buf->dd->engine, dnb_buf_dma_at(buf, src), chunk))
		return DNB_ERR_DEVICE_TIMEOUT;
	dnb_buf_sync_for_cpu(buf);

	for (i = 0; i < chunk; i++)
		b[dst + i] = ~dnb_pattern_byte(seed, src + i);
	dnb_buf_sync_for_device(buf);
	if (dnb_engine_from_device(buf->dd->engine, dnb_buf_dma_at(buf, dst), chunk))
		return DNB_ERR_DEVICE_TIMEOUT;
	dnb_buf_sync_for_cpu(buf);

	for (i = 0; i < chunk; i++) {
		if (b[dst + i] != dnb_pattern_byte(seed, src + i)) {
			req->bad_offset = dst + i;
			return DNB_ERR_DEVICE_DATA;
		}
	}
	return DNB_OK;
}

int dnb_selftest(struct dnb_buf *buf, u32 seed, struct dnb_alloc *req)
{
	int status;

	dnb_pattern_fill(buf->vaddr, buf->size, seed);
	dnb_buf_sync_for_device(buf);
	dnb_buf_sync_for_cpu(buf);
	if (dnb_buf_syncs(buf))
		req->checks |= DNB_CHECK_SYNCED;
	if (!dnb_pattern_check(buf->vaddr, buf->size, seed, &req->bad_offset))
		return DNB_ERR_PATTERN;

	if (!buf->dd->engine)
		return DNB_OK;
	status = dnb_device_roundtrip(buf, seed, req);
	if (status)
		return status;
	req->checks |= DNB_CHECK_DEVICE;
	/* The whole pattern again, for user space's check through its mapping. */
	dnb_pattern_fill(buf->vaddr, buf->size, seed);
	dnb_buf_sync_for_device(buf);
	dnb_buf_sync_for_cpu(buf);
	return DNB_OK;
}
