// SPDX-License-Identifier: GPL-2.0
/*
 * dma_nc_bench - a self-test and micro-benchmark of the DMA API's buffer
 * allocators (dma_alloc_noncontiguous() + dma_vmap_noncontiguous(),
 * dma_alloc_coherent(), dma_alloc_noncoherent(), dma_alloc_pages()), in
 * the shape of kernel/dma/map_benchmark.c, driven from user space by
 * tools/dmabench through /dev/dma_nc_bench-<kind>.
 *
 * It binds to:
 *   platform  a platform device it creates, without a firmware node (so
 *             no IOMMU and, on arm64, not DMA-coherent), 64-bit DMA mask
 *   nodma     a platform device it creates with its DMA masks cleared:
 *             every request is refused with DNB_ERR_NO_DMA
 *   edu       QEMU's edu PCI device, a DMA engine (edu.c)
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "dnb.h"

#define DNB_NAME "dma_nc_bench"
enum { DNB_PDEV_DMA, DNB_PDEV_NODMA };

static struct platform_device *dnb_pdevs[2];

static int dnb_platform_probe(struct platform_device *pdev)
{
	struct dnb_dev *dd;
	int ret;

	dd = kzalloc(sizeof(*dd), GFP_KERNEL);
	if (!dd)
		return -ENOMEM;
	dd->dev = &pdev->dev;
	dd->kind = pdev->id == DNB_PDEV_NODMA ? "nodma" : "platform";
	ret = dnb_dev_add(dd);
	if (ret) {
		kfree(dd);
		return ret;
	}
	platform_set_drvdata(pdev, dd);
	return 0;
}

static void dnb_platform_unbind(struct platform_device *pdev)
{
	struct dnb_dev *dd = platform_get_drvdata(pdev);

	dnb_dev_remove(dd);
	kfree(dd);
}

/* .remove returns void from 6.11 on. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static void dnb_platform_remove(struct platform_device *pdev)
{
	dnb_platform_unbind(pdev);
}
#else
static int dnb_platform_remove(struct platform_device *pdev)
{
	dnb_platform_unbind(pdev);
	return 0;
}
#endif

static struct platform_driver dnb_platform_driver = {
	.driver = { .name = DNB_NAME },
	.probe = dnb_platform_probe,
	.remove = dnb_platform_remove,
};

static struct platform_device *dnb_pdev_create(int id)
{
	struct platform_device *pdev;
	int ret;

	pdev = platform_device_alloc(DNB_NAME, id);
	if (!pdev)
		return ERR_PTR(-ENOMEM);
	if (id == DNB_PDEV_NODMA) {
		/* platform_device_alloc() gave it 32-bit masks: take them away. */
		pdev->dev.dma_mask = NULL;
		pdev->dev.coherent_dma_mask = 0;
	} else {
		ret = dma_coerce_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
		if (ret)
			goto err_put;
		/*
		 * Without an IOMMU a non-contiguous buffer is one DMA segment as
		 * long as the buffer: DMA-API debug checks it against this,
		 * 64 KiB unless the driver says more.
		 */
		dma_set_max_seg_size(&pdev->dev, UINT_MAX);
	}
	ret = platform_device_add(pdev);
	if (ret)
		goto err_put;
	return pdev;
err_put:
	platform_device_put(pdev);
	return ERR_PTR(ret);
}

static void dnb_pdevs_destroy(void)
{
	int i;

	for (i = ARRAY_SIZE(dnb_pdevs) - 1; i >= 0; i--) {
		if (!IS_ERR_OR_NULL(dnb_pdevs[i]))
			platform_device_unregister(dnb_pdevs[i]);
		dnb_pdevs[i] = NULL;
	}
}

static int __init dnb_init(void)
{
	int ret, i;

	ret = platform_driver_register(&dnb_platform_driver);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(dnb_pdevs); i++) {
		dnb_pdevs[i] = dnb_pdev_create(i);
		if (IS_ERR(dnb_pdevs[i])) {
			ret = PTR_ERR(dnb_pdevs[i]);
			goto err_pdevs;
		}
	}
	ret = dnb_edu_register();
	if (ret)
		goto err_pdevs;
	return 0;

err_pdevs:
	dnb_pdevs_destroy();
	platform_driver_unregister(&dnb_platform_driver);
	return ret;
}

static void __exit dnb_exit(void)
{
	dnb_edu_unregister();
	dnb_pdevs_destroy();
	platform_driver_unregister(&dnb_platform_driver);
}

module_init(dnb_init);
module_exit(dnb_exit);
MODULE_DESCRIPTION("DMA API allocation strategies: self-test and benchmark (uvcdma lab)");
MODULE_LICENSE("GPL");
