// SPDX-License-Identifier: GPL-2.0
/*
 * edu.c - QEMU's "edu" educational PCI device (vendor 0x1234, device
 * 0x11e8; QEMU's docs/specs/edu.txt) as the DMA engine of the self-test:
 * it copies between a DMA address and its own 4 KiB buffer at device
 * address 0x40000 (DNB_ENGINE_CHUNK bytes at a time here). A transfer completes about 100 ms of guest time
 * after it starts (QEMU's timer); the driver polls the command register.
 *
 * Behind an SMMU (qemu/run --iommu smmuv3 --device edu) its DMA goes
 * through the IOMMU, so a noncontiguous buffer's single IOVA range is
 * what the device sees.
 */
#include <linux/delay.h>
#include <linux/dma-map-ops.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "dnb.h"

#define EDU_VENDOR	0x1234
#define EDU_DEVICE	0x11e8
#define EDU_REG_ID	0x00	/* 0xRRrr00ed: major, minor, 0xed */
#define EDU_REG_DMA_SRC	0x80
#define EDU_REG_DMA_DST	0x88
#define EDU_REG_DMA_CNT	0x90
#define EDU_REG_DMA_CMD	0x98
#define EDU_DMA_RUN	0x1
#define EDU_DMA_TO_RAM	0x2	/* direction: edu buffer -> RAM */
#define EDU_BUF_ADDR	0x40000
/* QEMU's edu clamps DMA addresses to 28 bits (its dma_mask property). */
#define EDU_DMA_BITS	28
#define EDU_TIMEOUT_MS	20000

struct dnb_engine {
	void __iomem *regs;
	struct mutex lock;	/* one transfer at a time */
};

struct dnb_edu {
	struct dnb_dev dd;
	struct dnb_engine engine;
};

static int dnb_edu_transfer(struct dnb_engine *e, u64 src, u64 dst, size_t len, u64 cmd)
{
	unsigned long deadline = jiffies + msecs_to_jiffies(EDU_TIMEOUT_MS);
	int ret = 0;

	if (len > DNB_ENGINE_CHUNK)
		return -EINVAL;
	mutex_lock(&e->lock);
	writeq(src, e->regs + EDU_REG_DMA_SRC);
	writeq(dst, e->regs + EDU_REG_DMA_DST);
	writeq(len, e->regs + EDU_REG_DMA_CNT);
	/* writeq orders the CPU's earlier memory writes before the start. */
	writeq(cmd | EDU_DMA_RUN, e->regs + EDU_REG_DMA_CMD);
	while (readq(e->regs + EDU_REG_DMA_CMD) & EDU_DMA_RUN) {
		if (time_after(jiffies, deadline)) {
			ret = -ETIMEDOUT;
			break;
		}
		usleep_range(2000, 5000);
	}
	mutex_unlock(&e->lock);
	return ret;
}

/* RAM at SRC -> the device's buffer. */
int dnb_engine_to_device(struct dnb_engine *e, dma_addr_t src, size_t len)
{
	return dnb_edu_transfer(e, src, EDU_BUF_ADDR, len, 0);
}

/* The device's buffer -> RAM at DST. */
int dnb_engine_from_device(struct dnb_engine *e, dma_addr_t dst, size_t len)
{
	return dnb_edu_transfer(e, EDU_BUF_ADDR, dst, len, EDU_DMA_TO_RAM);
}

static int dnb_edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct dnb_edu *edu;
	u32 ident;
	int ret;

	edu = kzalloc(sizeof(*edu), GFP_KERNEL);
	if (!edu)
		return -ENOMEM;
	ret = pci_enable_device(pdev);
	if (ret)
		goto err_free;
	ret = pci_request_regions(pdev, "dma_nc_bench");
	if (ret)
		goto err_disable;
	edu->engine.regs = pci_iomap(pdev, 0, 0);
	if (!edu->engine.regs) {
		ret = -ENOMEM;
		goto err_release;
	}
	ident = readl(edu->engine.regs + EDU_REG_ID);
	if ((ident & 0xff) != 0xed) {
		dev_err(&pdev->dev, "not an edu device (id register %#x)\n", ident);
		ret = -ENODEV;
		goto err_unmap;
	}
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(EDU_DMA_BITS));
	if (ret)
		goto err_unmap;
	/* Behind an IOMMU a non-contiguous buffer is one DMA segment too. */
	dma_set_max_seg_size(&pdev->dev, UINT_MAX);
	pci_set_master(pdev);
	mutex_init(&edu->engine.lock);
	edu->dd.dev = &pdev->dev;
	edu->dd.kind = "edu";
	edu->dd.engine = &edu->engine;
	ret = dnb_dev_add(&edu->dd);
	if (ret)
		goto err_master;
	pci_set_drvdata(pdev, edu);
	dev_info(&pdev->dev, "edu %u.%u: DMA engine, %s, %s\n", ident >> 24,
		 (ident >> 16) & 0xff,
		 device_iommu_mapped(&pdev->dev) ? "behind an IOMMU" : "no IOMMU",
		 dev_is_dma_coherent(&pdev->dev) ? "dma-coherent" : "not dma-coherent");
	return 0;

err_master:
	pci_clear_master(pdev);
err_unmap:
	pci_iounmap(pdev, edu->engine.regs);
err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
err_free:
	kfree(edu);
	return ret;
}

static void dnb_edu_remove(struct pci_dev *pdev)
{
	struct dnb_edu *edu = pci_get_drvdata(pdev);

	dnb_dev_remove(&edu->dd);
	pci_clear_master(pdev);
	pci_iounmap(pdev, edu->engine.regs);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
	kfree(edu);
}

static const struct pci_device_id dnb_edu_ids[] = {
	{ PCI_DEVICE(EDU_VENDOR, EDU_DEVICE) },
	{ }
};
MODULE_DEVICE_TABLE(pci, dnb_edu_ids);

static struct pci_driver dnb_edu_driver = {
	.name = "dma_nc_bench_edu",
	.id_table = dnb_edu_ids,
	.probe = dnb_edu_probe,
	.remove = dnb_edu_remove,
};

int dnb_edu_register(void)
{
	return pci_register_driver(&dnb_edu_driver);
}

void dnb_edu_unregister(void)
{
	pci_unregister_driver(&dnb_edu_driver);
}
