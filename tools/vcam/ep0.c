// SPDX-License-Identifier: GPL-2.0
/*
 * Control requests on ep0: standard requests that reach the gadget
 * (dummy_hcd answers SET_ADDRESS, GET_STATUS and the FEATURE requests
 * itself), and the UVC class requests: VS_PROBE / VS_COMMIT on the
 * streaming interface, the request error code on the control interface
 * and, with --status, the processing unit's brightness. Everything else
 * is stalled.
 */
#include "source.h"

#include <errno.h>
#include <linux/usb/ch9.h>
#include <linux/usb/raw_gadget.h>
#include <linux/usb/video.h>
#include <string.h>
#include <sys/ioctl.h>

struct ep0_io {
	struct usb_raw_ep_io io;
	uint8_t data[4096];
};

static int ep0_fail(const char *what, int e)
{
	fprintf(stderr, "vcam: %s: %s\n", what, strerror(e));
	return -1;
}

static int ep0_stall(struct vcam_ep0 *e)
{
	if (ioctl(e->fd, USB_RAW_IOCTL_EP0_STALL, 0) < 0 && errno != EINTR)
		return ep0_fail("EP0_STALL", errno);
	return 0;
}

static int ep0_reply(struct vcam_ep0 *e, const struct usb_ctrlrequest *c,
		     const void *data, size_t len)
{
	static struct ep0_io b;

	if (len > c->wLength)
		len = c->wLength;	/* more than asked gives -EOVERFLOW */
	if (len > sizeof(b.data))
		len = sizeof(b.data);
	b.io.ep = 0;
	b.io.flags = 0;
	b.io.length = len;
	memcpy(b.data, data, len);
	if (ioctl(e->fd, USB_RAW_IOCTL_EP0_WRITE, &b) < 0 && errno != EINTR)
		return ep0_fail("EP0_WRITE", errno);
	return 0;
}

/* Reads the data stage (len bytes) or acks a no-data request (len 0). */
static int ep0_read(struct vcam_ep0 *e, void *data, size_t len)
{
	static struct ep0_io b;
	int ret;

	b.io.ep = 0;
	b.io.flags = 0;
	b.io.length = len;
	ret = ioctl(e->fd, USB_RAW_IOCTL_EP0_READ, &b);
	if (ret < 0)
		return errno == EINTR ? -1 : ep0_fail("EP0_READ", errno);
	if (data)
		memcpy(data, b.data, (size_t)ret < len ? (size_t)ret : len);
	return ret;
}

/* ---- Standard requests ---- */

static int get_descriptor(struct vcam_ep0 *e, const struct usb_ctrlrequest *c)
{
	static uint8_t buf[4096];
	size_t n = 0;

	switch (c->wValue >> 8) {
	case USB_DT_DEVICE:
		n = vcam_device_desc(e->cfg, buf);
		break;
	case USB_DT_CONFIG:
		if ((c->wValue & 0xff) == 0)
			n = vcam_config_desc(e->cfg, buf, sizeof(buf));
		break;
	case USB_DT_STRING:
		n = vcam_string_desc(c->wValue & 0xff, buf, sizeof(buf));
		break;
	case USB_DT_BOS:
		if (e->cfg->speed == VCAM_SUPER)
			n = vcam_bos_desc(e->cfg, buf);
		break;
	}
	if (!n || n > sizeof(buf))
		return ep0_stall(e);	/* qualifier, other speed, unknown */
	return ep0_reply(e, c, buf, n);
}

static int set_configuration(struct vcam_ep0 *e, const struct usb_ctrlrequest *c)
{
	uint8_t desc[7];
	int ep;

	if ((c->wValue & 0xff) > 1)
		return ep0_stall(e);
	if ((c->wValue & 0xff) == 1 && !e->configured) {
		vcam_ep_desc(e->cfg, desc);	/* the real maxp, even with desc-maxp0 */
		ep = ioctl(e->fd, USB_RAW_IOCTL_EP_ENABLE, desc);
		if (ep < 0)
			return ep0_fail("EP_ENABLE of the bulk endpoint", errno);
		if (ioctl(e->fd, USB_RAW_IOCTL_VBUS_DRAW, 50) < 0)
			return ep0_fail("VBUS_DRAW", errno);
		if (ioctl(e->fd, USB_RAW_IOCTL_CONFIGURE, 0) < 0)
			return ep0_fail("CONFIGURE", errno);
		e->configured = 1;
		vcam_stream_set_ep(e->stream, ep);
		if (e->cfg->verbose)
			fprintf(stderr, "vcam: configured, bulk endpoint handle %d\n", ep);
		if (e->status) {
			vcam_status_ep_desc(e->cfg, desc);
			ep = ioctl(e->fd, USB_RAW_IOCTL_EP_ENABLE, desc);
			if (ep < 0)
				return ep0_fail("EP_ENABLE of the status endpoint", errno);
			vcam_status_set_ep(e->status, ep);
		}
	}
	return ep0_read(e, NULL, 0) < 0 ? -1 : 0;
}

/* The highest interface number: the second stream's with --streams 2. */
static unsigned int last_intf(const struct vcam_config *cfg)
{
	return cfg->idle_streams ? VCAM_VS2_INTF : VCAM_VS_INTF;
}

static int standard(struct vcam_ep0 *e, const struct usb_ctrlrequest *c)
{
	uint8_t zero = 0, one = 1;

	switch (c->bRequest) {
	case USB_REQ_GET_DESCRIPTOR:
		if (c->bRequestType == USB_DIR_IN)
			return get_descriptor(e, c);
		break;
	case USB_REQ_SET_CONFIGURATION:
		if (c->bRequestType == USB_DIR_OUT)
			return set_configuration(e, c);
		break;
	case USB_REQ_GET_CONFIGURATION:
		return ep0_reply(e, c, e->configured ? &one : &zero, 1);
	case USB_REQ_SET_INTERFACE:
		/* one alternate setting per interface */
		if ((c->bRequestType & USB_RECIP_MASK) == USB_RECIP_INTERFACE &&
		    c->wValue == 0 && c->wIndex <= last_intf(e->cfg))
			return ep0_read(e, NULL, 0) < 0 ? -1 : 0;
		break;
	case USB_REQ_GET_INTERFACE:
		if (c->wIndex <= last_intf(e->cfg))
			return ep0_reply(e, c, &zero, 1);
		break;
	case USB_REQ_SET_SEL:		/* SuperSpeed: exit latencies, 6 bytes */
	case USB_REQ_SET_ISOCH_DELAY:	/* SuperSpeed: no data */
		if (c->bRequestType == USB_DIR_OUT && c->wLength <= 6) {
			uint8_t sel[6];

			return ep0_read(e, sel, c->wLength) < 0 ? -1 : 0;
		}
		break;
	}
	return ep0_stall(e);
}

/* ---- UVC class requests ---- */

/*
 * Is control fault F due on this request? Once --fault-after frames were
 * sent, and until F has stalled --fault-limit requests.
 */
static int ctrl_fault(struct vcam_ep0 *e, enum vcam_fault f)
{
	const struct vcam_config *c = e->cfg;
	uint64_t sent = __atomic_load_n(&e->stream->st.frames, __ATOMIC_RELAXED);

	if (!vcam_fault_on(c, f) || sent < c->fault_after ||
	    (c->fault_limit && e->stalled[f] >= c->fault_limit))
		return 0;
	e->stalled[f]++;
	if (c->verbose)
		fprintf(stderr, "vcam: fault %s: %s\n", vcam_fault_name(f),
			f == F_CTRL_CHANGE_IN_SET ? "a change of its own first" : "STALL");
	return 1;
}

static int probe_get(struct vcam_ep0 *e, const struct usb_ctrlrequest *c, int commit)
{
	/* UVC 1.5's 48 bytes (desc-gen's bcdUVC 1.5): its last fields zero */
	uint8_t buf[48] = { 0 }, info = 0x03;
	uint16_t len = VCAM_PROBE_SIZE;
	struct vcam_probe p;

	switch (c->bRequest) {
	case UVC_GET_CUR:
		if (ctrl_fault(e, commit ? F_STALL_COMMIT_GET : F_STALL_PROBE_GET))
			return ep0_stall(e);
		p = commit ? e->commit : e->probe;
		break;
	case UVC_GET_MIN:
	case UVC_GET_MAX:
	case UVC_GET_DEF:
		if (commit)
			return ep0_stall(e);
		if (c->bRequest == UVC_GET_DEF)
			vcam_probe_def(e->cfg, &p);
		else if (c->bRequest == UVC_GET_MIN)
			vcam_probe_min(e->cfg, &e->probe, &p);
		else
			vcam_probe_max(e->cfg, &e->probe, &p);
		break;
	case UVC_GET_INFO:
		return ep0_reply(e, c, &info, 1);
	case UVC_GET_LEN:
		buf[0] = len & 0xff;
		buf[1] = len >> 8;
		return ep0_reply(e, c, buf, 2);
	default:
		return ep0_stall(e);	/* GET_RES */
	}
	vcam_probe_pack(&p, buf);
	return ep0_reply(e, c, buf, c->wLength > VCAM_PROBE_SIZE ? sizeof(buf) : VCAM_PROBE_SIZE);
}

static void log_probe(const char *what, const struct vcam_probe *p)
{
	fprintf(stderr, "vcam: %s format %u frame %u interval %u maxframe %u maxpayload %u\n",
		what, p->bFormatIndex, p->bFrameIndex, p->dwFrameInterval,
		p->dwMaxVideoFrameSize, p->dwMaxPayloadTransferSize);
}

static int probe_set(struct vcam_ep0 *e, const struct usb_ctrlrequest *c, int commit)
{
	uint8_t buf[64];
	struct vcam_probe req, ok;
	int n;

	if (c->bRequest != UVC_SET_CUR || c->wLength < 26 || c->wLength > sizeof(buf))
		return ep0_stall(e);
	if (!commit && ctrl_fault(e, F_STALL_PROBE_SET))
		return ep0_stall(e);
	if (commit) {
		if (ctrl_fault(e, F_STALL_COMMIT))
			return ep0_stall(e);
		/* stop the writer before the host submits the new URBs */
		vcam_stream_pause(e->stream);
	}
	n = ep0_read(e, buf, c->wLength);
	if (n < 0)
		return -1;
	vcam_probe_unpack(&req, buf, (size_t)n);
	if (!commit) {
		vcam_probe_negotiate(e->cfg, &req);
		e->probe = req;
		if (e->cfg->verbose)
			log_probe("probe", &req);
		return 0;
	}
	/* The status stage is already done: a bad commit just does not stream. */
	if (vcam_commit_check(e->cfg, &req, &ok)) {
		fprintf(stderr, "vcam: ignoring COMMIT of format %u frame %u (not advertised)\n",
			req.bFormatIndex, req.bFrameIndex);
		return 0;
	}
	e->commit = ok;
	if (e->cfg->verbose)
		log_probe("commit, streaming", &ok);
	vcam_stream_run(e->stream, &ok);
	return 0;
}

/*
 * --status: the processing unit's brightness, 0..255 in steps of 1. The
 * camera may change it itself (a FIFO command reporting a change does), so
 * it is an autoupdate control (GET_INFO bit 3): uvcvideo then reads it
 * from the camera rather than from its cache. With --async-ctrl it is also
 * asynchronous (bit 4): SET_CUR's status stage completes at once, and the
 * status endpoint then reports the new value, which is when uvcvideo sees
 * the change done.
 */
static int pu_request(struct vcam_ep0 *e, const struct usb_ctrlrequest *c, int cs)
{
	uint8_t buf[2], info = 0x0b | (e->cfg->async_ctrl ? 0x10 : 0);
	unsigned int v;
	int n;

	if (cs != UVC_PU_BRIGHTNESS_CONTROL)
		return ep0_stall(e);
	switch (c->bRequest) {
	case UVC_SET_CUR:
		if (c->wLength != 2)
			return ep0_stall(e);
		n = ep0_read(e, buf, 2);
		if (n < 0)
			return -1;
		if (n != 2)
			return 0;
		v = buf[0] | buf[1] << 8;
		vcam_status_set_brightness(e->status, (uint16_t)v);
		if (e->cfg->async_ctrl) {
			uint8_t pkt[7] = { 0x01, VCAM_PU_ID, 0x00, UVC_PU_BRIGHTNESS_CONTROL,
					   0x00, v & 0xff, v >> 8 };

			/*
			 * The camera changed it itself while this SET_CUR is
			 * in flight: that report goes at once, the SET_CUR's
			 * own when it ends.
			 */
			if (ctrl_fault(e, F_CTRL_CHANGE_IN_SET)) {
				pkt[5] ^= 0x80;
				vcam_status_queue(e->status, pkt, sizeof(pkt), 0);
				pkt[5] ^= 0x80;
			}
			vcam_status_queue(e->status, pkt, sizeof(pkt),
					  e->cfg->async_hold ? VCAM_STATUS_HOLD : e->cfg->async_delay_ms);
		}
		return 0;
	case UVC_GET_INFO:
		return ep0_reply(e, c, &info, 1);
	case UVC_GET_CUR:
		v = vcam_status_brightness(e->status);
		break;
	case UVC_GET_MIN:
		v = 0;
		break;
	case UVC_GET_MAX:
		v = 255;
		break;
	case UVC_GET_RES:
		v = 1;
		break;
	case UVC_GET_DEF:
		v = 128;
		break;
	case UVC_GET_LEN:
		v = 2;
		break;
	default:
		return ep0_stall(e);
	}
	buf[0] = v & 0xff;
	buf[1] = v >> 8;
	return ep0_reply(e, c, buf, 2);
}

static int class_request(struct vcam_ep0 *e, const struct usb_ctrlrequest *c)
{
	int in = c->bRequestType & USB_DIR_IN;
	int intf = c->wIndex & 0xff, entity = c->wIndex >> 8, cs = c->wValue >> 8;
	uint8_t zero = 0;

	if ((c->bRequestType & USB_RECIP_MASK) != USB_RECIP_INTERFACE)
		return ep0_stall(e);
	if (intf == VCAM_VS_INTF && (cs == UVC_VS_PROBE_CONTROL || cs == UVC_VS_COMMIT_CONTROL)) {
		int commit = cs == UVC_VS_COMMIT_CONTROL;

		if (!commit && ctrl_fault(e, F_STALL_PROBE))
			return ep0_stall(e);
		return in ? probe_get(e, c, commit) : probe_set(e, c, commit);
	}
	if (intf == VCAM_VS2_INTF && e->cfg->idle_streams && cs == UVC_VS_PROBE_CONTROL)
		return in ? probe_get(e, c, 0) : probe_set(e, c, 0);	/* never a commit: idle */
	if (intf == VCAM_VC_INTF && entity == VCAM_PU_ID && e->status)
		return pu_request(e, c, cs);
	if (intf == VCAM_VC_INTF && entity == 0 && cs == UVC_VC_REQUEST_ERROR_CODE_CONTROL &&
	    in && c->bRequest == UVC_GET_CUR)
		return ep0_reply(e, c, &zero, 1);	/* no error */
	return ep0_stall(e);
}

int vcam_ep0_setup(struct vcam_ep0 *e, const void *ctrl)
{
	const struct usb_ctrlrequest *c = ctrl;

	if (e->cfg->verbose)
		fprintf(stderr, "vcam: setup %02x %02x %04x %04x %u\n", c->bRequestType,
			c->bRequest, c->wValue, c->wIndex, c->wLength);
	switch (c->bRequestType & USB_TYPE_MASK) {
	case USB_TYPE_STANDARD:
		return standard(e, c);
	case USB_TYPE_CLASS:
		return class_request(e, c);
	}
	return ep0_stall(e);
}
