// SPDX-License-Identifier: GPL-2.0
/*
 * file.c - the character device of a bound device: each open file holds
 * at most one buffer (DNB_IOC_ALLOC), which mmap() maps and DNB_IOC_FREE
 * or the file's release frees. A buffer is never freed while user space
 * maps it (the mapping holds the file, and DNB_IOC_FREE refuses), and no
 * request that fails leaves a buffer behind.
 */
#include <linux/dma-map-ops.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "dnb.h"

struct dnb_file {
	struct dnb_dev *dd;
	struct mutex lock;	/* the held buffer */
	bool has_buf;
	struct dnb_buf buf;
};

int dnb_status_errno(enum dnb_status status)
{
	switch (status) {
	case DNB_OK:
		return 0;
	case DNB_ERR_SIZE_LARGE:
		return -E2BIG;
	case DNB_ERR_NO_DMA:
		return -ENODEV;
	case DNB_ERR_BUSY:
	case DNB_ERR_MAPPED:
		return -EBUSY;
	case DNB_ERR_NO_BUFFER:
		return -ENXIO;
	case DNB_ERR_ALLOC:
	case DNB_ERR_VMAP:
	case DNB_ERR_NOMEM:
		return -ENOMEM;
	case DNB_ERR_PATTERN:
	case DNB_ERR_DEVICE_DATA:
		return -EIO;
	case DNB_ERR_DEVICE_TIMEOUT:
		return -ETIMEDOUT;
	case DNB_ERR_INTERRUPTED:
		return -EINTR;
	default:
		return -EINVAL;
	}
}

static int dnb_open(struct inode *inode, struct file *file)
{
	/* misc_open() left our miscdevice here. */
	struct miscdevice *misc = file->private_data;
	struct dnb_file *f;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->dd = container_of(misc, struct dnb_dev, misc);
	mutex_init(&f->lock);
	file->private_data = f;
	return 0;
}

static int dnb_release(struct inode *inode, struct file *file)
{
	struct dnb_file *f = file->private_data;

	/* No mapping is left: each one holds a reference to the file. */
	if (f->has_buf)
		dnb_buf_free(&f->buf);
	kfree(f);
	return 0;
}

static void dnb_info(struct dnb_dev *dd, struct dnb_info *info)
{
	struct device *dev = dd->dev;

	memset(info, 0, sizeof(*info));
	info->abi_version = DNB_ABI_VERSION;
	info->page_size = PAGE_SIZE;
	info->max_size = DNB_MAX_SIZE;
	info->has_dma = dev->dma_mask && *dev->dma_mask;
	info->dma_coherent = dev_is_dma_coherent(dev);
	info->iommu = device_iommu_mapped(dev);
	info->engine = dd->engine != NULL;
	info->dma_mask = dev->dma_mask ? *dev->dma_mask : 0;
	info->live_buffers = dnb_live_buffers();
	strscpy(info->device, dev_name(dev), sizeof(info->device));
	strscpy(info->kind, dd->kind, sizeof(info->kind));
}

static long dnb_ioctl_alloc(struct dnb_file *f, struct dnb_alloc __user *arg)
{
	struct dnb_alloc req;
	int status;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	req.checks = 0;
	req.bad_offset = 0;
	memset(&req.shape, 0, sizeof(req.shape));

	mutex_lock(&f->lock);
	status = f->has_buf ? DNB_ERR_BUSY : dnb_validate(f->dd, req.strategy, req.size);
	if (!status)
		status = dnb_buf_alloc(&f->buf, f->dd, req.strategy, req.size);
	if (!status) {
		dnb_buf_shape(&f->buf, &req.shape);
		status = dnb_selftest(&f->buf, req.seed, &req);
		if (status)
			dnb_buf_free(&f->buf);
		else
			f->has_buf = true;
	}
	req.status = status;
	if (copy_to_user(arg, &req, sizeof(req))) {
		/* The caller never learns of the buffer: do not keep it. */
		if (!status) {
			dnb_buf_free(&f->buf);
			f->has_buf = false;
		}
		mutex_unlock(&f->lock);
		return -EFAULT;
	}
	mutex_unlock(&f->lock);
	return dnb_status_errno(status);
}

static long dnb_ioctl_check(struct dnb_file *f, struct dnb_check __user *arg)
{
	struct dnb_check req;
	int status = DNB_OK;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	req.bad_offset = 0;
	mutex_lock(&f->lock);
	if (!f->has_buf) {
		status = DNB_ERR_NO_BUFFER;
	} else {
		dnb_buf_sync_for_cpu(&f->buf);
		if (!dnb_pattern_check(f->buf.vaddr, f->buf.size, req.seed, &req.bad_offset))
			status = DNB_ERR_PATTERN;
	}
	mutex_unlock(&f->lock);
	req.status = status;
	if (copy_to_user(arg, &req, sizeof(req)))
		return -EFAULT;
	return dnb_status_errno(status);
}

static long dnb_ioctl_free(struct dnb_file *f, struct dnb_free __user *arg)
{
	struct dnb_free req = { 0 };
	int status = DNB_OK;

	mutex_lock(&f->lock);
	if (!f->has_buf) {
		status = DNB_ERR_NO_BUFFER;
	} else if (atomic_read(&f->buf.mappings)) {
		status = DNB_ERR_MAPPED;
	} else {
		dnb_buf_free(&f->buf);
		f->has_buf = false;
	}
	mutex_unlock(&f->lock);
	req.status = status;
	if (copy_to_user(arg, &req, sizeof(req)))
		return -EFAULT;
	return dnb_status_errno(status);
}

static long dnb_ioctl_bench(struct dnb_file *f, struct dnb_bench __user *arg)
{
	struct dnb_bench *req;
	long ret;

	req = kzalloc(sizeof(*req), GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	if (copy_from_user(req, arg, sizeof(*req))) {
		kfree(req);
		return -EFAULT;
	}
	req->status = dnb_bench(f->dd, req);
	ret = dnb_status_errno(req->status);
	if (copy_to_user(arg, req, sizeof(*req)))
		ret = -EFAULT;
	kfree(req);
	return ret;
}

static long dnb_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dnb_file *f = file->private_data;
	void __user *uarg = (void __user *)arg;
	struct dnb_info info;

	switch (cmd) {
	case DNB_IOC_INFO:
		dnb_info(f->dd, &info);
		return copy_to_user(uarg, &info, sizeof(info)) ? -EFAULT : 0;
	case DNB_IOC_ALLOC:
		return dnb_ioctl_alloc(f, uarg);
	case DNB_IOC_CHECK:
		return dnb_ioctl_check(f, uarg);
	case DNB_IOC_FREE:
		return dnb_ioctl_free(f, uarg);
	case DNB_IOC_BENCH:
		return dnb_ioctl_bench(f, uarg);
	default:
		return -ENOTTY;
	}
}

/* Counted VMAs keep DNB_IOC_FREE from freeing pages user space still maps. */
static void dnb_vma_open(struct vm_area_struct *vma)
{
	struct dnb_buf *buf = vma->vm_private_data;

	atomic_inc(&buf->mappings);
}

static void dnb_vma_close(struct vm_area_struct *vma)
{
	struct dnb_buf *buf = vma->vm_private_data;

	atomic_dec(&buf->mappings);
}

static const struct vm_operations_struct dnb_vm_ops = {
	.open = dnb_vma_open,
	.close = dnb_vma_close,
};

static int dnb_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct dnb_file *f = file->private_data;
	int ret = -ENXIO;

	mutex_lock(&f->lock);
	if (f->has_buf)
		ret = dnb_buf_mmap(&f->buf, vma);
	if (!ret) {
		vma->vm_private_data = &f->buf;
		vma->vm_ops = &dnb_vm_ops;
		dnb_vma_open(vma);
	}
	mutex_unlock(&f->lock);
	return ret;
}

static const struct file_operations dnb_fops = {
	.owner = THIS_MODULE,
	.open = dnb_open,
	.release = dnb_release,
	.unlocked_ioctl = dnb_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.mmap = dnb_mmap,
};

/* /dev/dma_nc_bench-<kind> for DD (one device of each kind). */
int dnb_dev_add(struct dnb_dev *dd)
{
	snprintf(dd->misc_name, sizeof(dd->misc_name), "dma_nc_bench-%s", dd->kind);
	dd->misc.minor = MISC_DYNAMIC_MINOR;
	dd->misc.name = dd->misc_name;
	dd->misc.fops = &dnb_fops;
	dd->misc.parent = dd->dev;
	dd->misc.mode = 0600;
	return misc_register(&dd->misc);
}

void dnb_dev_remove(struct dnb_dev *dd)
{
	misc_deregister(&dd->misc);
}
