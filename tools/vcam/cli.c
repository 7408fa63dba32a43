// SPDX-License-Identifier: GPL-2.0
/* Command line of vcam: options, their checks and the --help text. */
#include "vcam.h"

#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

static const struct { uint16_t w, h; } default_sizes[] = {
	{ 640, 480 }, { 1280, 720 }, { 1920, 1080 },
};

void vcam_usage(FILE *f)
{
	fputs(
"NAME\n"
"    vcam - virtual bulk UVC camera on /dev/raw-gadget (dummy_hcd)\n"
"\n"
"SYNOPSIS\n"
"    vcam [--format LIST] [--size LIST] [--fps LIST|free] [--frames N]\n"
"         [--speed high|super] [--pts] [--scr] [--quality Q] [--no-framestamp]\n"
"         [--streams 1|2] [--status] [--status-fifo PATH] [--async-ctrl]\n"
"         [--async-delay MS | --async-hold]\n"
"         [--payload-size BYTES] [--write-size BYTES] [--udc DRIVER:DEVICE]\n"
"         [--fault LIST [--fault-after N] [--fault-every N] [--fault-limit N]\n"
"         [--seed N]] [--list-faults] [-v]\n"
"\n"
"DESCRIPTION\n"
"    Emulates a USB Video Class 1.1 camera with one bulk IN endpoint and a\n"
"    single alternate setting, through raw-gadget on the dummy_udc.0 UDC of\n"
"    dummy_hcd, so the stock uvcvideo driver binds to it (/dev/videoN).\n"
"    Needs the modules raw_gadget and dummy_hcd (is_super_speed=1 for\n"
"    --speed super). Every frame carries a framestamp (sequence number and\n"
"    checksum, tools/common/framestamp.h) that vcam-verify checks, unless\n"
"    --no-framestamp.\n"
"    Runs until SIGINT/SIGTERM or --frames, then disconnects and prints a\n"
"    summary line on stdout:\n"
"      vcam: frames N bytes N time S fps F MB/s M write-errors N restarts N\n"
"            faults N late N\n"
"    (late: frame slots skipped because the host took frames too late; the\n"
"    camera never sends faster than the committed rate to catch up)\n"
"\n"
"OPTIONS\n"
"    -f, --format LIST   formats to advertise: yuyv, mjpeg (default yuyv,mjpeg)\n"
"    -s, --size LIST     frame sizes WxH, W even, 16..3840 x 16..2160\n"
"                        (default 640x480,1280x720,1920x1080)\n"
"    -r, --fps LIST      frame rates to advertise: 1..120 (default 30,60); the\n"
"                        camera paces frames at the committed interval.\n"
"                        'free' advertises 30,60 but sends frames as fast as\n"
"                        the host takes them (throughput runs)\n"
"    -n, --frames N      stop after sending N frames (default 0: never)\n"
"        --speed S       high (default, wMaxPacketSize 512) or super (1024)\n"
"        --pts, --scr    put PTS and/or SCR in the payload headers (off by\n"
"                        default: dummy_hcd's frame counter is not a SOF)\n"
"    -q, --quality Q     MJPEG quality 1..100 (default 82: ~68 KB/frame at 1280x720)\n"
"        --no-framestamp frames without a framestamp, as a real camera sends\n"
"                        them (uvcstat run then reports them not checked)\n"
"        --streams N     1 (default) or 2: a second VideoStreaming interface\n"
"                        (same formats, endpoint 0x82) that binds and never\n"
"                        streams (its COMMIT stalls), as a camera with several\n"
"                        streams has\n"
"        --status        the VideoControl interface's status (interrupt IN)\n"
"                        endpoint, 0x85, and a processing unit with a\n"
"                        brightness control (0..255, default 128, an\n"
"                        autoupdate control: the camera may change it) between\n"
"                        the camera and the output terminal\n"
"        --status-fifo PATH  implies --status: status packets to send, one\n"
"                        command a line written to the FIFO PATH (made if\n"
"                        missing, removed at exit if vcam made it); numbers\n"
"                        decimal or 0x hex, each value one byte:\n"
"                          button press|release  streaming interface 1's button\n"
"                              (declared in its input header: bTriggerSupport\n"
"                              and bTriggerUsage 1)\n"
"                          control ENTITY SELECTOR ATTRIBUTE [BYTE...]  a\n"
"                              control change (4 2 0 V 0: brightness is now V)\n"
"                          bytes BYTE...  exactly these bytes (1..64): short,\n"
"                              malformed or oversized packets\n"
"                        A packet goes when the host's status URB takes it\n"
"                        (uvcvideo polls while a video node is open)\n"
"        --async-ctrl    implies --status: brightness is an asynchronous\n"
"                        control; after each SET_CUR the status endpoint\n"
"                        reports the new value\n"
"        --async-delay MS  implies --async-ctrl: that report MS ms after the\n"
"                        SET_CUR (0..10000, default 0): the host's file may\n"
"                        be closed by then\n"
"        --async-hold    implies --async-ctrl, needs --status-fifo: that\n"
"                        report waits for the FIFO command complete (a test\n"
"                        decides when the SET_CUR ends, not a clock); the\n"
"                        packets queued after it wait behind it\n"
"        --payload-size B  dwMaxPayloadTransferSize: split frames into\n"
"                        payloads of at most B bytes (default: one payload per\n"
"                        frame, like a bulk camera)\n"
"        --write-size B  largest EP_WRITE in bytes (default 1048576); bigger\n"
"                        payloads are sent in pieces of a multiple of the\n"
"                        packet size\n"
"        --udc D:N       raw-gadget driver and device (default dummy_udc:dummy_udc.0)\n"
"    -v, --verbose       log control requests and stream starts (twice: more)\n"
"    -h, --help          this text\n"
"\n"
"FAULTS (--fault LIST, comma separated; for reliability tests)\n", f);
	for (int i = 0; i < F_COUNT; i++)
		fprintf(f, "    %-16s %s\n", vcam_fault_name(i), vcam_fault_text(i));
	fputs(
"    --fault-after N  frames sent clean before the first faulty one (default 0)\n"
"    --fault-every N  then every Nth frame is faulty (default 1: all)\n"
"    --fault-limit N  at most N faulty frames, and N requests stalled by\n"
"                     each control fault (default 0: no limit)\n"
"    --seed N         seed of random-bytes, random-payload, desc-fuzz (default 1)\n"
"    --busy-cpu CPU[,MS]  when the first faulty frame begins, before it is\n"
"                     sent, a SCHED_FIFO thread keeps CPU busy for MS ms\n"
"                     (default 500): work queued on that CPU waits, which\n"
"                     holds a race window with the host driver open\n"
"    --list-faults    the faults, one 'name<TAB>kind<TAB>text' a line\n"
"                     (kind: S stream, C control request, D descriptor)\n"
"\n"
"EXIT STATUS\n"
"    0 after a clean stop, 1 on a runtime error (raw-gadget, write errors),\n"
"    2 on bad arguments.\n"
"\n"
"EXAMPLES\n"
"    modprobe dummy_hcd; modprobe raw_gadget; modprobe uvcvideo\n"
"    vcam --format yuyv --size 640x480 --fps 30 &\n"
"    vcam-verify -d /dev/video0 -f yuyv -s 640x480 -r 30 -c 300\n", f);
}

static int err(const char *fmt, const char *arg, const char *accepted)
{
	fprintf(stderr, "vcam: ");
	fprintf(stderr, fmt, arg);
	if (accepted)
		fprintf(stderr, "; accepted: %s", accepted);
	fputs(" (see vcam --help)\n", stderr);
	return -1;
}

static int parse_u64(const char *s, uint64_t *v, uint64_t min, uint64_t max)
{
	char *end;
	unsigned long long x;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || *end || x < min || x > max)
		return -1;
	*v = x;
	return 0;
}

/* Calls fn on each comma-separated item of list; stops on error. */
static int each(const char *list, int (*fn)(struct vcam_config *, const char *),
		struct vcam_config *c)
{
	char buf[256], *save = NULL, *tok;

	if (strlen(list) >= sizeof(buf) || !*list)
		return -1;
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (fn(c, tok))
			return -1;
	return 0;
}

static struct {
	int nfmt, nsize, nfps;
	enum vcam_fmt fmt[VCAM_MAX_FORMATS];
	uint16_t w[VCAM_MAX_FRAMES], h[VCAM_MAX_FRAMES];
	uint32_t interval[VCAM_MAX_INTERVALS];
} sel;

static int add_format(struct vcam_config *c, const char *s)
{
	enum vcam_fmt f;

	(void)c;
	if (!strcasecmp(s, "yuyv"))
		f = VCAM_YUYV;
	else if (!strcasecmp(s, "mjpeg") || !strcasecmp(s, "mjpg"))
		f = VCAM_MJPEG;
	else
		return err("unknown format '%s'", s, "yuyv, mjpeg");
	for (int i = 0; i < sel.nfmt; i++)
		if (sel.fmt[i] == f)
			return err("format '%s' given twice", s, NULL);
	sel.fmt[sel.nfmt++] = f;
	return 0;
}

static int add_size(struct vcam_config *c, const char *s)
{
	unsigned w, h;
	char tail;

	(void)c;
	if (sscanf(s, "%ux%u%c", &w, &h, &tail) != 2 || w < 16 || w > 3840 || w % 2 ||
	    h < 16 || h > 2160)
		return err("bad size '%s'", s, "WxH with W even, 16..3840 x 16..2160, e.g. 640x480");
	if (sel.nsize == VCAM_MAX_FRAMES)
		return err("too many sizes at '%s'", s, "up to 8");
	for (int i = 0; i < sel.nsize; i++)
		if (sel.w[i] == w && sel.h[i] == h)
			return err("size '%s' given twice", s, NULL);
	sel.w[sel.nsize] = w;
	sel.h[sel.nsize++] = h;
	return 0;
}

static int add_fps(struct vcam_config *c, const char *s)
{
	uint64_t fps;
	uint32_t iv;
	int i;

	if (!strcmp(s, "free")) {
		c->free_run = 1;
		return 0;
	}
	if (parse_u64(s, &fps, 1, 120))
		return err("bad frame rate '%s'", s, "1..120 frames per second, or free");
	if (sel.nfps == VCAM_MAX_INTERVALS)
		return err("too many frame rates at '%s'", s, "up to 4");
	iv = (uint32_t)((10000000 + fps / 2) / fps);
	for (i = sel.nfps; i > 0 && sel.interval[i - 1] > iv; i--)
		sel.interval[i] = sel.interval[i - 1];
	if (i > 0 && sel.interval[i - 1] == iv)
		return err("frame rate '%s' given twice", s, NULL);
	sel.interval[i] = iv;
	sel.nfps++;
	return 0;
}

static int add_fault(struct vcam_config *c, const char *s)
{
	int f = vcam_fault_parse(s);

	if (f < 0)
		return err("unknown fault '%s'", s, vcam_fault_list());
	c->faults |= 1u << f;
	return 0;
}

/* --list-faults: the table of faults.h, for the tests and the README's check. */
static void list_faults(void)
{
	for (int i = 0; i < F_COUNT; i++)
		printf("%s\t%c\t%s\n", vcam_fault_name(i), vcam_fault_kind(i), vcam_fault_text(i));
}

void vcam_config_default(struct vcam_config *c)
{
	memset(c, 0, sizeof(*c));
	c->speed = VCAM_HIGH;
	c->write_size = 1 << 20;
	c->quality = 82;
	c->fault_every = 1;
	c->seed = 1;
	c->busy_cpu = -1;
	c->busy_ms = 500;
	c->udc_driver = "dummy_udc";
	c->udc_device = "dummy_udc.0";
}

/* Builds c->format[] from the selections (defaults where none). */
static void build_formats(struct vcam_config *c)
{
	if (!sel.nfmt) {
		sel.fmt[sel.nfmt++] = VCAM_YUYV;
		sel.fmt[sel.nfmt++] = VCAM_MJPEG;
	}
	if (!sel.nsize)
		for (size_t i = 0; i < sizeof(default_sizes) / sizeof(default_sizes[0]); i++) {
			sel.w[sel.nsize] = default_sizes[i].w;
			sel.h[sel.nsize++] = default_sizes[i].h;
		}
	if (!sel.nfps) {
		sel.interval[sel.nfps++] = 166667;
		sel.interval[sel.nfps++] = 333333;
	}
	c->nformats = sel.nfmt;
	for (int i = 0; i < sel.nfmt; i++) {
		struct vcam_format *f = &c->format[i];

		f->fmt = sel.fmt[i];
		f->nframes = sel.nsize;
		for (int j = 0; j < sel.nsize; j++) {
			f->frame[j].w = sel.w[j];
			f->frame[j].h = sel.h[j];
			f->frame[j].nint = sel.nfps;
			memcpy(f->frame[j].interval, sel.interval, sizeof(sel.interval));
		}
	}
}

int vcam_parse_args(struct vcam_config *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "size", required_argument, NULL, 's' },
		{ "fps", required_argument, NULL, 'r' },
		{ "frames", required_argument, NULL, 'n' },
		{ "speed", required_argument, NULL, 'S' },
		{ "pts", no_argument, NULL, 'P' },
		{ "scr", no_argument, NULL, 'C' },
		{ "no-framestamp", no_argument, NULL, 'N' },
		{ "streams", required_argument, NULL, 'T' },
		{ "quality", required_argument, NULL, 'q' },
		{ "payload-size", required_argument, NULL, 'p' },
		{ "write-size", required_argument, NULL, 'w' },
		{ "udc", required_argument, NULL, 'u' },
		{ "fault", required_argument, NULL, 'F' },
		{ "fault-after", required_argument, NULL, 'A' },
		{ "fault-every", required_argument, NULL, 'E' },
		{ "fault-limit", required_argument, NULL, 'L' },
		{ "list-faults", no_argument, NULL, 'l' },
		{ "seed", required_argument, NULL, 'R' },
		{ "busy-cpu", required_argument, NULL, 'B' },
		{ "status", no_argument, NULL, 'I' },
		{ "status-fifo", required_argument, NULL, 'O' },
		{ "async-ctrl", no_argument, NULL, 'a' },
		{ "async-delay", required_argument, NULL, 'D' },
		{ "async-hold", no_argument, NULL, 'H' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	static char udc[2 * 128];
	uint64_t v;
	int o;

	memset(&sel, 0, sizeof(sel));
	optind = 1;
	opterr = 0;
	while ((o = getopt_long(argc, argv, ":f:s:r:n:q:vh", opts, NULL)) != -1) {
		switch (o) {
		case 'f':
			if (each(optarg, add_format, c))
				return -1;
			break;
		case 's':
			if (each(optarg, add_size, c))
				return -1;
			break;
		case 'r':
			if (each(optarg, add_fps, c))
				return -1;
			break;
		case 'n':
			if (parse_u64(optarg, &c->frames, 0, UINT64_MAX))
				return err("bad --frames '%s'", optarg, "a number, 0 for no limit");
			break;
		case 'S':
			if (!strcmp(optarg, "high"))
				c->speed = VCAM_HIGH;
			else if (!strcmp(optarg, "super"))
				c->speed = VCAM_SUPER;
			else
				return err("bad --speed '%s'", optarg, "high, super");
			break;
		case 'P':
			c->pts = 1;
			break;
		case 'C':
			c->scr = 1;
			break;
		case 'N':
			c->no_framestamp = 1;
			break;
		case 'T':
			if (parse_u64(optarg, &v, 1, 2))
				return err("bad --streams '%s'", optarg, "1, 2");
			c->idle_streams = (int)v - 1;
			break;
		case 'q':
			if (parse_u64(optarg, &v, 1, 100))
				return err("bad --quality '%s'", optarg, "1..100");
			c->quality = (int)v;
			break;
		case 'p':
			if (parse_u64(optarg, &v, 16, 64 << 20))
				return err("bad --payload-size '%s'", optarg, "16..67108864 bytes");
			c->payload_size = (uint32_t)v;
			break;
		case 'w':
			if (parse_u64(optarg, &v, 1024, 4 << 20))
				return err("bad --write-size '%s'", optarg, "1024..4194304 bytes");
			c->write_size = (uint32_t)v;
			break;
		case 'u': {
			char *colon;

			if (strlen(optarg) >= sizeof(udc) || !(colon = strchr(optarg, ':')) ||
			    colon == optarg || !colon[1])
				return err("bad --udc '%s'", optarg, "DRIVER:DEVICE, e.g. dummy_udc:dummy_udc.0");
			strcpy(udc, optarg);
			udc[colon - optarg] = 0;
			c->udc_driver = udc;
			c->udc_device = udc + (colon - optarg) + 1;
			break;
		}
		case 'F':
			if (each(optarg, add_fault, c))
				return -1;
			break;
		case 'A':
			if (parse_u64(optarg, &c->fault_after, 0, UINT64_MAX))
				return err("bad --fault-after '%s'", optarg, "a number of frames");
			break;
		case 'E':
			if (parse_u64(optarg, &c->fault_every, 1, UINT64_MAX))
				return err("bad --fault-every '%s'", optarg, "a number >= 1");
			break;
		case 'L':
			if (parse_u64(optarg, &c->fault_limit, 0, UINT64_MAX))
				return err("bad --fault-limit '%s'", optarg, "a number, 0 for no limit");
			break;
		case 'l':
			list_faults();
			return 1;
		case 'R':
			if (parse_u64(optarg, &v, 0, UINT32_MAX))
				return err("bad --seed '%s'", optarg, "0..4294967295");
			c->seed = (unsigned int)v;
			break;
		case 'B': {
			uint64_t cpu, ms = c->busy_ms;
			char *comma = strchr(optarg, ',');

			if (comma)
				*comma = 0;
			if (parse_u64(optarg, &cpu, 0, CPU_SETSIZE - 1) ||
			    (comma && parse_u64(comma + 1, &ms, 1, 10000)))
				return err("bad --busy-cpu '%s'", optarg, "CPU[,MS], MS 1..10000");
			c->busy_cpu = (int)cpu;
			c->busy_ms = (unsigned int)ms;
			break;
		}
		case 'I':
			c->status = 1;
			break;
		case 'O':
			if (!*optarg)
				return err("bad --status-fifo '%s'", optarg, "a path");
			c->status = 1;
			c->status_fifo = optarg;
			break;
		case 'a':
			c->status = 1;
			c->async_ctrl = 1;
			break;
		case 'D':
			if (parse_u64(optarg, &v, 0, 10000))
				return err("bad --async-delay '%s'", optarg, "0..10000 ms");
			c->status = 1;
			c->async_ctrl = 1;
			c->async_delay_ms = (unsigned int)v;
			break;
		case 'H':
			c->status = 1;
			c->async_ctrl = 1;
			c->async_hold = 1;
			break;
		case 'v':
			c->verbose++;
			break;
		case 'h':
			vcam_usage(stdout);
			return 1;
		case ':':
			return err("option '%s' needs a value", argv[optind - 1], NULL);
		default:
			return err("unknown option '%s'", argv[optind - 1],
				   "see the OPTIONS section");
		}
	}
	if (optind < argc)
		return err("unexpected argument '%s'", argv[optind], "options only");
	build_formats(c);
	if (c->busy_cpu >= 0 && !c->faults)
		return err("--busy-cpu%s needs --fault: it starts at the first faulty frame", "", NULL);
	if (c->async_hold && c->async_delay_ms)
		return err("--async-hold%s and --async-delay exclude each other", "", NULL);
	if (c->async_hold && !c->status_fifo)
		return err("--async-hold%s needs --status-fifo: its command complete ends the hold",
			   "", NULL);
	if (vcam_fault_on(c, F_CTRL_CHANGE_IN_SET) && !c->async_ctrl)
		return err("--fault ctrl-change-in-set%s needs --async-ctrl", "", NULL);
	if (c->payload_size && c->payload_size <= vcam_hdr_len(c))
		return err("--payload-size %s is not larger than the payload header", "", NULL);
	return 0;
}
