// SPDX-License-Identifier: GPL-2.0
/*
 * --fault desc-gen: whole configurations built from the UVC 1.5 descriptor
 * grammar, seeded by --seed (desc-fuzz, desc_fuzz.c, mutates vcam's own
 * bytes instead). A seed picks:
 *  - the VideoControl topology: one to three input terminals (camera or
 *    another type), then processing, selector, extension and encoding
 *    units, each fed by entities defined before it, and one or two
 *    streaming output terminals; the header's bcdUVC (1.0, 1.1 or 1.5);
 *  - the VideoStreaming interface's formats: uncompressed, MJPEG,
 *    frame-based, H.264 (1.5), DV, MPEG-2 TS and stream-based, each with
 *    its frames (discrete or continuous intervals), a still image frame or
 *    a color matching descriptor now and then;
 *  - and, for half the seeds, one or two disagreements (enum disagree):
 *    the counts, lengths, links and IDs that a broken camera gets wrong,
 *    in fields that must agree with each other, which a byte mutator
 *    rarely hits together.
 * The standard descriptors (configuration, IAD, the two interfaces, the
 * bulk endpoint 0x81) stay as vcam's own, so the device enumerates and
 * uvcvideo gets to parse what the seed built; vcam streams its own frames
 * if uvcvideo commits a format it has.
 */
#include "vcam.h"
#include "descbuf.h"
#include "rng.h"

#include <string.h>

#define MAX_ENTITIES	12
#define MAX_SOURCES	3

enum disagree {
	D_VC_TOTAL,		/* VC header wTotalLength off by a descriptor's worth */
	D_VS_TOTAL,		/* VS input header wTotalLength off */
	D_NUM_FORMATS,		/* bNumFormats one more or one fewer than sent */
	D_NUM_FRAMES,		/* a format's bNumFrameDescriptors off by one */
	D_SOURCE,		/* a unit fed by an ID no entity has */
	D_DUP_ID,		/* two entities with one ID */
	D_LINK,			/* bTerminalLink names no terminal */
	D_NR_IN_PINS,		/* bNrInPins more than the sources sent */
	D_CONTROL_SIZE,		/* bControlSize past the descriptor's end */
	D_INTERVALS,		/* bFrameIntervalType n, n - 1 intervals sent */
	D_CYCLE,		/* a unit fed by itself */
	D_COUNT
};

struct gen {
	struct vcam_rng r;
	struct out *o;
	unsigned int dis;	/* 1 << enum disagree */
	uint16_t bcd;
	uint8_t id[MAX_ENTITIES];	/* the entities defined so far */
	int nid;
	uint8_t ot[2];		/* the streaming output terminals */
	int not;
	int neu;		/* encoding units: IDs 0x40 on, apart */
};

static int dis(const struct gen *g, enum disagree d)
{
	return (g->dis >> d) & 1;
}

static uint32_t below(struct gen *g, uint32_t n)
{
	return vcam_rng_below(&g->r, n);
}

static void put_guid(struct gen *g, const char *fourcc)
{
	/* the UVC format GUIDs: fourcc-0000-0010-8000-00aa00389b71 */
	static const uint8_t tail[12] = { 0x00, 0x00, 0x10, 0x00, 0x80, 0x00,
					  0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71 };

	for (int i = 0; i < 4; i++)
		put8(g->o, fourcc ? (uint8_t)fourcc[i] : (uint8_t)vcam_rng_next(&g->r));
	for (int i = 0; i < 12; i++)
		put8(g->o, tail[i]);
}

/* A source for a new unit: an entity defined before it, or what the
 * seed's disagreement says. */
static uint8_t source(struct gen *g, uint8_t self)
{
	if (dis(g, D_SOURCE) && !below(g, 3))
		return 0xf0 + below(g, 15);	/* no entity has it */
	if (dis(g, D_CYCLE) && !below(g, 3))
		return self;
	return g->id[below(g, (uint32_t)g->nid)];
}

static uint8_t new_id(struct gen *g)
{
	uint8_t id = (uint8_t)(g->nid + 1);

	if (dis(g, D_DUP_ID) && g->nid > 1 && !below(g, 3))
		id = g->id[below(g, (uint32_t)g->nid)];
	return id;
}

/* bmControls of n bytes: bControlSize, then the bytes (or fewer, for
 * D_CONTROL_SIZE: the size runs past the descriptor's end). */
static int control_size(struct gen *g, int n)
{
	return dis(g, D_CONTROL_SIZE) && !below(g, 2) ? n + 1 + (int)below(g, 4) : n;
}

static void input_terminal(struct gen *g)
{
	uint8_t id = new_id(g);

	if (below(g, 3)) {
		/* camera terminal: 3 bytes of controls */
		put8(g->o, 18); put8(g->o, 0x24); put8(g->o, 0x02); put8(g->o, id);
		put16(g->o, 0x0201); put8(g->o, 0); put8(g->o, 0);
		put16(g->o, 0); put16(g->o, 0); put16(g->o, 0);
		put8(g->o, 3);
		put8(g->o, below(g, 256)); put8(g->o, below(g, 256)); put8(g->o, below(g, 8));
	} else {
		/* another input: a composite connector, or a vendor's own */
		static const uint16_t types[] = { 0x0401, 0x0200 };

		put8(g->o, 8); put8(g->o, 0x24); put8(g->o, 0x02); put8(g->o, id);
		put16(g->o, types[below(g, 2)]); put8(g->o, 0); put8(g->o, 0);
	}
	g->id[g->nid++] = id;
}

static void processing_unit(struct gen *g)
{
	uint8_t id = new_id(g);
	int n = g->bcd >= 0x0150 ? 3 : 2, cs = control_size(g, n);
	int head = g->bcd >= 0x0110 ? 10 : 9;

	put8(g->o, head + n); put8(g->o, 0x24); put8(g->o, 0x05); put8(g->o, id);
	put8(g->o, source(g, id)); put16(g->o, below(g, 2) ? 0 : 0x4000);
	put8(g->o, cs);
	for (int i = 0; i < n; i++)
		put8(g->o, below(g, 256));
	put8(g->o, 0);			/* iProcessing */
	if (head == 10)
		put8(g->o, below(g, 64));	/* bmVideoStandards */
	g->id[g->nid++] = id;
}

static void selector_unit(struct gen *g)
{
	uint8_t id = new_id(g);
	int p = 1 + (int)below(g, MAX_SOURCES), claim = p;

	if (dis(g, D_NR_IN_PINS) && !below(g, 2))
		claim = p + 1 + (int)below(g, 4);
	put8(g->o, 6 + p); put8(g->o, 0x24); put8(g->o, 0x04); put8(g->o, id);
	put8(g->o, claim);
	for (int i = 0; i < p; i++)
		put8(g->o, source(g, id));
	put8(g->o, 0);			/* iSelector */
	g->id[g->nid++] = id;
}

static void extension_unit(struct gen *g)
{
	uint8_t id = new_id(g);
	/* mostly one input pin: uvcvideo takes no extension unit with more */
	int p = below(g, 4) ? 1 : 2 + (int)below(g, MAX_SOURCES - 1), claim = p;
	int n = 1 + (int)below(g, 4);
	int cs = control_size(g, n);

	if (dis(g, D_NR_IN_PINS) && !below(g, 2))
		claim = p + 1 + (int)below(g, 4);
	put8(g->o, 24 + p + n); put8(g->o, 0x24); put8(g->o, 0x06); put8(g->o, id);
	put_guid(g, NULL);
	put8(g->o, below(g, 9));	/* bNumControls */
	put8(g->o, claim);
	for (int i = 0; i < p; i++)
		put8(g->o, source(g, id));
	put8(g->o, cs);
	for (int i = 0; i < n; i++)
		put8(g->o, below(g, 256));
	put8(g->o, 0);			/* iExtension */
	g->id[g->nid++] = id;
}

/* UVC 1.5's encoding unit (subtype 7): uvcvideo knows no such unit and
 * skips it, so nothing is fed by it (its ID is never a source). */
static void encoding_unit(struct gen *g)
{
	uint8_t id = (uint8_t)(0x40 + g->neu++);

	put8(g->o, 13); put8(g->o, 0x24); put8(g->o, 0x07); put8(g->o, id);
	put8(g->o, source(g, id)); put8(g->o, 0); put8(g->o, 3);
	for (int i = 0; i < 6; i++)
		put8(g->o, below(g, 256));
}

static void output_terminal(struct gen *g)
{
	uint8_t id = new_id(g);

	put8(g->o, 9); put8(g->o, 0x24); put8(g->o, 0x03); put8(g->o, id);
	put16(g->o, 0x0101); put8(g->o, 0); put8(g->o, source(g, id)); put8(g->o, 0);
	g->id[g->nid++] = id;
	g->ot[g->not++] = id;
}

static void vc_class(struct gen *g)
{
	static const uint16_t bcds[] = { 0x0100, 0x0110, 0x0150 };
	size_t hdr = g->o->n;
	int nunits = (int)below(g, 6);

	g->bcd = bcds[below(g, 3)];
	put8(g->o, 13); put8(g->o, 0x24); put8(g->o, 0x01); put16(g->o, g->bcd);
	put16(g->o, 0); put32(g->o, VCAM_CLOCK_HZ); put8(g->o, 1); put8(g->o, VCAM_VS_INTF);
	for (int i = 0, n = 1 + (int)below(g, 3); i < n; i++)
		input_terminal(g);
	int npu = 0, nsu = 0;

	for (int i = 0; i < nunits && g->nid < MAX_ENTITIES - 2; i++) {
		/* uvcvideo takes one processing and one selector unit a chain:
		 * more only where the seed disagrees anyway */
		switch (below(g, 4)) {
		case 0:
			if (!npu++ || g->dis)
				processing_unit(g);
			break;
		case 1:
			if (!nsu++ || g->dis)
				selector_unit(g);
			break;
		case 2:
			extension_unit(g);
			break;
		default:
			encoding_unit(g);
		}
	}
	for (int i = 0, n = 1 + (int)below(g, 2); i < n; i++)
		output_terminal(g);
	set16(g->o, hdr + 5, (unsigned)(g->o->n - hdr) + (dis(g, D_VC_TOTAL) ? 9 : 0));
}

/* One frame of an uncompressed (5), MJPEG (7), frame-based (0x11) or
 * H.264 (0x14: bLength 44 + 4n, its body left zero but for the sizes). */
static void frame(struct gen *g, int subtype, int index, int plain)
{
	static const uint16_t sizes[][2] = { { 160, 120 }, { 640, 480 }, { 1280, 720 }, { 0, 0 }, { 4096, 4096 } };
	/* the first frame of the first format a size cameras have */
	int s = (int)below(g, plain ? 3 : 5), cont = !below(g, 4), n = cont ? 3 : 1 + (int)below(g, 4);
	int sent = !cont && dis(g, D_INTERVALS) && !below(g, 2) ? n - 1 : n;
	uint32_t bytes = (uint32_t)sizes[s][0] * sizes[s][1] * 2;

	if (subtype == 0x14) {
		put8(g->o, 44 + 4 * sent); put8(g->o, 0x24); put8(g->o, 0x14); put8(g->o, index);
		put16(g->o, sizes[s][0]); put16(g->o, sizes[s][1]);
		for (int i = 0; i < 36; i++)
			put8(g->o, i == 35 ? n : 0);	/* the interval count last */
	} else {
		put8(g->o, 26 + 4 * sent); put8(g->o, 0x24); put8(g->o, subtype); put8(g->o, index);
		put8(g->o, below(g, 4)); put16(g->o, sizes[s][0]); put16(g->o, sizes[s][1]);
		put32(g->o, bytes * 8); put32(g->o, bytes * 8 * 30);
		if (subtype != 0x11)
			put32(g->o, bytes);		/* dwMaxVideoFrameBufferSize */
		put32(g->o, 333333);		/* dwDefaultFrameInterval */
		put8(g->o, cont ? 0 : n);	/* bFrameIntervalType */
		if (subtype == 0x11)
			put32(g->o, sizes[s][0] * 2);	/* dwBytesPerLine */
	}
	/* continuous: min, max, step; discrete: ascending */
	for (int i = 0; i < sent; i++)
		put32(g->o, cont ? (i == 0 ? 166666 : i == 1 ? 333333 : 166667) : 166666 * (uint32_t)(i + 1));
}

/* The format numbered index and its frames; what follows it now and then. */
static void format(struct gen *g, int index)
{
	static const char *const guids[] = { "YUY2", "NV12", "M420", "I420", "H264", NULL };
	/* the first format one uvcvideo streams: YUY2 or MJPEG */
	int kind = index == 1 ? (int)below(g, 2) : (int)below(g, 7);
	int nframes = 1 + (int)below(g, 4), claim = nframes;
	int frame_type = 0;

	if (dis(g, D_NUM_FRAMES) && !below(g, 2))
		claim = nframes + (below(g, 2) ? 1 : -1);
	switch (kind) {
	case 0:		/* uncompressed */
		put8(g->o, 27); put8(g->o, 0x24); put8(g->o, 0x04); put8(g->o, index); put8(g->o, claim);
		put_guid(g, guids[index == 1 ? 0 : below(g, 6)]);
		put8(g->o, 16); put8(g->o, 1); put8(g->o, 0); put8(g->o, 0); put8(g->o, 0); put8(g->o, 0);
		frame_type = 0x05;
		break;
	case 1:		/* MJPEG */
		put8(g->o, 11); put8(g->o, 0x24); put8(g->o, 0x06); put8(g->o, index); put8(g->o, claim);
		put8(g->o, 1); put8(g->o, 1); put8(g->o, 0); put8(g->o, 0); put8(g->o, 0); put8(g->o, 0);
		frame_type = 0x07;
		break;
	case 2:		/* frame-based */
		put8(g->o, 28); put8(g->o, 0x24); put8(g->o, 0x10); put8(g->o, index); put8(g->o, claim);
		put_guid(g, guids[below(g, 6)]);
		put8(g->o, 16); put8(g->o, 1); put8(g->o, 0); put8(g->o, 0); put8(g->o, 0); put8(g->o, 0);
		put8(g->o, below(g, 2));	/* bVariableSize */
		frame_type = 0x11;
		break;
	case 3:		/* H.264 (UVC 1.5): bLength 52, its body zero but the index and count */
		put8(g->o, 52); put8(g->o, 0x24); put8(g->o, 0x13); put8(g->o, index); put8(g->o, claim);
		for (int i = 0; i < 47; i++)
			put8(g->o, 0);
		frame_type = 0x14;
		break;
	case 4:		/* DV: no frames */
		put8(g->o, 9); put8(g->o, 0x24); put8(g->o, 0x0c); put8(g->o, index);
		put32(g->o, 144000); put8(g->o, below(g, 3));
		break;
	case 5:		/* MPEG-2 TS: no frames */
		put8(g->o, 23); put8(g->o, 0x24); put8(g->o, 0x0a); put8(g->o, index);
		put8(g->o, 0); put8(g->o, 188); put8(g->o, 188);
		put_guid(g, NULL);
		break;
	default:	/* stream-based: no frames */
		put8(g->o, 24); put8(g->o, 0x24); put8(g->o, 0x12); put8(g->o, index);
		put_guid(g, NULL); put32(g->o, 0);
	}
	for (int i = 0; frame_type && i < nframes; i++)
		frame(g, frame_type, i + 1, index == 1 && i == 0);
	if (frame_type && !below(g, 4)) {
		/* still image frame: two sizes, one compression */
		put8(g->o, 5 + 4 * 2 + 1 + 1); put8(g->o, 0x24); put8(g->o, 0x03); put8(g->o, 0);
		put8(g->o, 2); put16(g->o, 640); put16(g->o, 480); put16(g->o, 160); put16(g->o, 120);
		put8(g->o, 1); put8(g->o, 0);
	}
	if (!below(g, 2)) {
		put8(g->o, 6); put8(g->o, 0x24); put8(g->o, 0x0d);
		put8(g->o, below(g, 6)); put8(g->o, below(g, 8)); put8(g->o, below(g, 5));
	}
}

static void vs_class(struct gen *g)
{
	size_t hdr = g->o->n;
	int n = 1 + (int)below(g, 4), claim = n;

	if (dis(g, D_NUM_FORMATS))
		claim = n + (below(g, 2) ? 1 : -1);
	put8(g->o, 13 + n); put8(g->o, 0x24); put8(g->o, 0x01); put8(g->o, claim);
	put16(g->o, 0); put8(g->o, VCAM_EP_ADDR); put8(g->o, 0);
	put8(g->o, dis(g, D_LINK) ? 0xee : g->ot[below(g, (uint32_t)g->not)]);
	put8(g->o, 0); put8(g->o, 0); put8(g->o, 0); put8(g->o, 1);
	for (int i = 0; i < n; i++)
		put8(g->o, 0);
	for (int i = 0; i < n; i++)
		format(g, i + 1);
	set16(g->o, hdr + 4, (unsigned)(g->o->n - hdr) - (dis(g, D_VS_TOTAL) ? 1 + below(g, 20) : 0));
}

unsigned int vcam_desc_gen_disagreements(unsigned int seed)
{
	struct vcam_rng r = { .s = seed * 0x9e3779b97f4a7c15ULL + 7 };
	unsigned int mask = 0;

	/* half the seeds agree throughout; the others disagree once or twice */
	if (vcam_rng_below(&r, 2))
		for (int i = 0, n = 1 + (int)vcam_rng_below(&r, 2); i < n; i++)
			mask |= 1u << vcam_rng_below(&r, D_COUNT);
	return mask;
}

size_t vcam_desc_gen(const struct vcam_config *c, uint8_t *buf, size_t size, unsigned int seed)
{
	struct out o = { buf, 0, size };
	struct gen g = { .r = { .s = seed * 0x2545f4914f6cdd1dULL + 3 }, .o = &o };
	uint8_t ep[7];

	g.dis = vcam_desc_gen_disagreements(seed);
	put8(&o, 9); put8(&o, 0x02); put16(&o, 0); put8(&o, 2);
	put8(&o, 1); put8(&o, 0); put8(&o, 0x80); put8(&o, 50);
	/* IAD, the VideoControl interface (no endpoint) and its class descriptors */
	put8(&o, 8); put8(&o, 0x0b); put8(&o, VCAM_VC_INTF); put8(&o, 2);
	put8(&o, 0x0e); put8(&o, 0x03); put8(&o, 0x00); put8(&o, 0);
	put8(&o, 9); put8(&o, 0x04); put8(&o, VCAM_VC_INTF); put8(&o, 0); put8(&o, 0);
	put8(&o, 0x0e); put8(&o, 0x01); put8(&o, 0x00); put8(&o, 0);
	vc_class(&g);
	/* the VideoStreaming interface, its class descriptors, the bulk endpoint */
	put8(&o, 9); put8(&o, 0x04); put8(&o, VCAM_VS_INTF); put8(&o, 0); put8(&o, 1);
	put8(&o, 0x0e); put8(&o, 0x02); put8(&o, 0x00); put8(&o, 0);
	vs_class(&g);
	vcam_ep_desc(c, ep);
	for (int i = 0; i < 7; i++)
		put8(&o, ep[i]);
	if (c->speed == VCAM_SUPER) {
		put8(&o, 6); put8(&o, 0x30); put8(&o, 0); put8(&o, 0); put16(&o, 0);
	}
	set16(&o, 2, (unsigned)o.n);
	return o.n;
}
