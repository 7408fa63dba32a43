// SPDX-License-Identifier: GPL-2.0
/*
 * output_test.c - `info` and `test` as a table (default), JSON or CSV.
 * Every format carries the same fields; the table abbreviates.
 */
#include <inttypes.h>
#include <stdio.h>

#include "dmabench.h"

static const char *yes_no(int v)
{
	return v ? "yes" : "no";
}

static const char *json_bool(int v)
{
	return v ? "true" : "false";
}

/* The module's strings are names (no quotes or controls); keep JSON valid anyway. */
void print_json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(out, "\\u%04x", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

static int mask_bits(uint64_t mask)
{
	int bits = 0;

	while (mask & 1) {
		bits++;
		mask >>= 1;
	}
	return bits;
}

void print_device_json(FILE *out, const struct device *d)
{
	const struct dnb_info *i = &d->info;

	fprintf(out, "{\"path\": ");
	print_json_string(out, d->path);
	fprintf(out, ", \"device\": ");
	print_json_string(out, i->device);
	fprintf(out, ", \"kind\": ");
	print_json_string(out, i->kind);
	fprintf(out, ", \"has_dma\": %s, \"dma_mask_bits\": %d, \"dma_coherent\": %s, \"iommu\": %s, "
	       "\"engine\": %s, \"page_size\": %u, \"max_size\": %u, \"live_buffers\": %" PRId64 "}",
	       json_bool(i->has_dma), mask_bits(i->dma_mask), json_bool(i->dma_coherent),
	       json_bool(i->iommu), json_bool(i->engine), i->page_size, i->max_size,
	       (int64_t)i->live_buffers);
}

void print_device_line(FILE *out, const struct device *d)
{
	const struct dnb_info *i = &d->info;

	fprintf(out, "device: %s (%s, %s): DMA mask %d bits, dma-coherent %s, IOMMU %s, DMA engine %s\n",
	       d->path, i->device, i->kind, mask_bits(i->dma_mask), yes_no(i->dma_coherent),
	       yes_no(i->iommu), yes_no(i->engine));
}

void print_info(FILE *out, const struct device *d, enum output_format f)
{
	const struct dnb_info *i = &d->info;

	if (f == FORMAT_JSON) {
		print_device_json(out, d);
		fputc('\n', out);
		return;
	}
	if (f == FORMAT_CSV) {
		fprintf(out, "path,device,kind,has_dma,dma_mask_bits,dma_coherent,iommu,engine,page_size,max_size,live_buffers\n");
		fprintf(out, "%s,%s,%s,%d,%d,%d,%d,%d,%u,%u,%" PRId64 "\n", d->path, i->device, i->kind,
		       !!i->has_dma, mask_bits(i->dma_mask), !!i->dma_coherent, !!i->iommu,
		       !!i->engine, i->page_size, i->max_size, (int64_t)i->live_buffers);
		return;
	}
	fprintf(out, "path          %s\n", d->path);
	fprintf(out, "device        %s (%s)\n", i->device, i->kind);
	fprintf(out, "dma mask      %d bits%s\n", mask_bits(i->dma_mask), i->has_dma ? "" : " (no DMA)");
	fprintf(out, "dma-coherent  %s\n", yes_no(i->dma_coherent));
	fprintf(out, "iommu         %s\n", yes_no(i->iommu));
	fprintf(out, "dma engine    %s\n", yes_no(i->engine));
	fprintf(out, "page size     %u\n", i->page_size);
	fprintf(out, "max size      %u\n", i->max_size);
	fprintf(out, "live buffers  %" PRId64 "\n", (int64_t)i->live_buffers);
}

/* The derived columns of one result. */
struct test_row {
	char size[16];
	const char *strategy;
	int pages_contiguous, dma_contiguous, synced, device, mmap_ok;
};

static void test_row(const struct test_result *r, struct test_row *row)
{
	const struct dnb_alloc *a = &r->alloc;
	int allocated = a->status == DNB_OK;

	format_size(r->size, row->size, sizeof(row->size));
	row->strategy = strategy_name(r->strategy) ? strategy_name(r->strategy) : "?";
	row->pages_contiguous = allocated && a->shape.phys_runs == 1;
	row->dma_contiguous = allocated && a->shape.dma_runs == 1 && a->shape.dma_length == r->size;
	row->synced = !!(a->checks & DNB_CHECK_SYNCED);
	row->device = !!(a->checks & DNB_CHECK_DEVICE);
	row->mmap_ok = r->mmap_read && r->mmap_write;
}

static void print_tests_json(FILE *out, const struct device *d, const struct test_result *r, int n)
{
	fprintf(out, "{\"device\": ");
	print_device_json(out, d);
	fprintf(out, ",\n \"tests\": [");
	for (int k = 0; k < n; k++) {
		const struct dnb_shape *s = &r[k].alloc.shape;
		struct test_row row;

		test_row(&r[k], &row);
		fprintf(out, "%s\n  {\"strategy\": ", k ? "," : "");
		print_json_string(out, row.strategy);
		fprintf(out, ", \"size\": %" PRIu64 ", \"status\": ", r[k].size);
		print_json_string(out, status_text(r[k].alloc.status));
		fprintf(out, ", \"nents\": %u, \"orig_nents\": %u, \"phys_runs\": %u, \"dma_runs\": %u, "
		       "\"pages_contiguous\": %s, \"dma_contiguous\": %s, \"vmapped\": %s, "
		       "\"synced\": %s, \"device_checked\": %s, \"mmap_read\": %s, \"mmap_write\": %s, "
		       "\"ok\": %s",
		       s->nents, s->orig_nents, s->phys_runs, s->dma_runs,
		       json_bool(row.pages_contiguous), json_bool(row.dma_contiguous),
		       json_bool(s->vmapped), json_bool(row.synced), json_bool(row.device),
		       json_bool(r[k].mmap_read), json_bool(r[k].mmap_write), json_bool(!r[k].failure));
		if (r[k].failure) {
			fprintf(out, ", \"failure\": ");
			print_json_string(out, r[k].failure);
		}
		fputc('}', out);
	}
	fprintf(out, "\n]}\n");
}

static void print_tests_csv(FILE *out, const struct test_result *r, int n)
{
	fprintf(out, "strategy,size,status,nents,orig_nents,phys_runs,dma_runs,pages_contiguous,"
	       "dma_contiguous,vmapped,synced,device_checked,mmap_read,mmap_write,result\n");
	for (int k = 0; k < n; k++) {
		const struct dnb_shape *s = &r[k].alloc.shape;
		struct test_row row;

		test_row(&r[k], &row);
		fprintf(out, "%s,%" PRIu64 ",%s,%u,%u,%u,%u,%d,%d,%u,%d,%d,%d,%d,%s\n", row.strategy,
		       r[k].size, status_text(r[k].alloc.status), s->nents, s->orig_nents,
		       s->phys_runs, s->dma_runs, row.pages_contiguous, row.dma_contiguous,
		       s->vmapped, row.synced, row.device, r[k].mmap_read, r[k].mmap_write,
		       r[k].failure ? r[k].failure : "ok");
	}
}

void print_tests(FILE *out, const struct device *d, const struct test_result *r, int n, enum output_format f)
{
	if (f == FORMAT_JSON) {
		print_tests_json(out, d, r, n);
		return;
	}
	if (f == FORMAT_CSV) {
		print_tests_csv(out, r, n);
		return;
	}
	print_device_line(out, d);
	fprintf(out, "%-14s %5s %5s %10s %9s %8s %12s %10s %7s %6s %6s %4s  %s\n", "strategy", "size",
	       "nents", "orig_nents", "phys_runs", "dma_runs", "pages_contig", "dma_contig",
	       "vmapped", "synced", "device", "mmap", "result");
	for (int k = 0; k < n; k++) {
		const struct dnb_shape *s = &r[k].alloc.shape;
		struct test_row row;

		test_row(&r[k], &row);
		fprintf(out, "%-14s %5s %5u %10u %9u %8u %12s %10s %7s %6s %6s %4s  %s\n", row.strategy,
		       row.size, s->nents, s->orig_nents, s->phys_runs, s->dma_runs,
		       yes_no(row.pages_contiguous), yes_no(row.dma_contiguous), yes_no(s->vmapped),
		       yes_no(row.synced), row.device ? "ok" : "-", row.mmap_ok ? "ok" : "-",
		       r[k].failure ? r[k].failure : "ok");
	}
}
