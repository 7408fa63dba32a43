// SPDX-License-Identifier: GPL-2.0
/*
 * vcam: a virtual bulk UVC camera. main() parses the options, opens
 * /dev/raw-gadget, binds to the UDC and runs the ep0 event loop; the
 * writer thread (stream.c) sends the frames; a signal thread turns
 * SIGINT/SIGTERM (and the writer's own reasons to stop) into a clean exit:
 * the writer stops, the gadget is closed (the device disconnects) and a
 * summary is printed.
 */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/usb/raw_gadget.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static struct {
	pthread_t main, sig;
	struct vcam_interrupt main_intr;	/* ends main's EVENT_FETCH */
	volatile sig_atomic_t quit;
	volatile sig_atomic_t done;	/* main has left the event loop */
	const char *why;
} g;

/* Called by any thread: ask the signal thread to stop everything. */
static void request_exit(const char *why)
{
	if (!g.why)
		g.why = why;
	pthread_kill(g.sig, SIGTERM);
}

/* Waits for SIGINT/SIGTERM, then interrupts main until it notices. */
static void *signal_thread(void *arg)
{
	sigset_t *set = arg;
	int sig;

	sigwait(set, &sig);
	if (!g.why)
		g.why = sig == SIGINT ? "SIGINT" : "SIGTERM";
	g.quit = 1;
	while (!g.done) {
		vcam_interrupt_send(&g.main_intr, g.main);
		usleep(20000);
	}
	return NULL;
}

static int open_gadget(const struct vcam_config *c)
{
	struct usb_raw_init init = { .speed = c->speed == VCAM_SUPER ? USB_SPEED_SUPER
								   : USB_SPEED_HIGH };
	char path[300];
	int fd = open("/dev/raw-gadget", O_RDWR);

	if (fd < 0) {
		if (errno == ENOENT)
			fprintf(stderr, "vcam: /dev/raw-gadget does not exist: load the raw_gadget "
				"module (modprobe raw_gadget), and dummy_hcd for the UDC\n");
		else
			fprintf(stderr, "vcam: cannot open /dev/raw-gadget: %s\n", strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "/sys/class/udc/%s", c->udc_device);
	if (access(path, F_OK)) {
		fprintf(stderr, "vcam: no UDC %s (%s missing): load dummy_hcd (modprobe dummy_hcd%s)\n",
			c->udc_device, path, c->speed == VCAM_SUPER ? " is_super_speed=1" : "");
		close(fd);
		return -1;
	}
	snprintf((char *)init.driver_name, UDC_NAME_LENGTH_MAX, "%s", c->udc_driver);
	snprintf((char *)init.device_name, UDC_NAME_LENGTH_MAX, "%s", c->udc_device);
	if (ioctl(fd, USB_RAW_IOCTL_INIT, &init) < 0) {
		fprintf(stderr, "vcam: USB_RAW_IOCTL_INIT: %s\n", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* Binds the gadget: the device connects. */
static int run_gadget(const struct vcam_config *c, int fd)
{
	if (ioctl(fd, USB_RAW_IOCTL_RUN, 0) < 0) {
		fprintf(stderr, "vcam: USB_RAW_IOCTL_RUN on %s: %s (is another gadget bound?)\n",
			c->udc_device, strerror(errno));
		return -1;
	}
	return 0;
}

static int event_loop(struct vcam_ep0 *e)
{
	struct {
		struct usb_raw_event ev;
		uint8_t data[sizeof(struct usb_ctrlrequest)];
	} b;

	while (!g.quit) {
		b.ev.type = 0;
		b.ev.length = sizeof(b.data);
		if (ioctl(e->fd, USB_RAW_IOCTL_EVENT_FETCH, &b) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "vcam: EVENT_FETCH: %s\n", strerror(errno));
			return -1;
		}
		switch (b.ev.type) {
		case USB_RAW_EVENT_CONNECT:
			if (e->cfg->verbose)
				fprintf(stderr, "vcam: connected\n");
			break;
		case USB_RAW_EVENT_CONTROL:
			if (vcam_ep0_setup(e, b.data) < 0 && !g.quit)
				return -1;
			break;
		default:
			if (e->cfg->verbose)
				fprintf(stderr, "vcam: event %u ignored\n", b.ev.type);
		}
	}
	return 0;
}

static void summary(const struct vcam_stats *st)
{
	double t = st->frames > 1 ? st->t_last - st->t_first : 0;

	printf("vcam: frames %llu bytes %llu time %.3f fps %.2f MB/s %.2f write-errors %llu "
	       "restarts %llu faults %llu late %llu\n",
	       (unsigned long long)st->frames, (unsigned long long)st->bytes, t,
	       t > 0 ? (st->frames - 1) / t : 0.0, t > 0 ? st->bytes / t / 1e6 : 0.0,
	       (unsigned long long)st->write_errors, (unsigned long long)st->restarts,
	       (unsigned long long)st->faults, (unsigned long long)st->late);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	static struct vcam_config cfg;
	static struct vcam_stream stream;
	static struct vcam_status status;
	struct vcam_ep0 e;
	sigset_t set;
	int fd, ret, rc;

	vcam_config_default(&cfg);
	ret = vcam_parse_args(&cfg, argc, argv);
	if (ret)
		return ret > 0 ? 0 : 2;
	vcam_interrupt_install();
	vcam_interrupt_become(&g.main_intr);
	g.main = pthread_self();
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);	/* inherited by every thread */
	if (pthread_create(&g.sig, NULL, signal_thread, &set))
		return 1;
	fd = open_gadget(&cfg);
	if (fd < 0) {
		g.done = 1;
		return 1;
	}
	if (vcam_stream_start(&stream, &cfg, fd, request_exit)) {
		fprintf(stderr, "vcam: cannot start the writer thread\n");
		return 1;
	}
	/*
	 * Plugged in once every format and size has an image, so that a
	 * stream can start at its first STREAMON, whatever it asks for
	 * (vcam_prepare_wait_first()); that takes about a second of guest
	 * time with every format and size advertised, much less with one.
	 */
	if (cfg.status && vcam_status_start(&status, &cfg, fd)) {
		g.done = 1;
		vcam_stream_stop(&stream);
		close(fd);
		return 1;
	}
	vcam_prepare_wait_first(&stream.prep);
	if (cfg.verbose)
		fprintf(stderr, "vcam: an image of every format and size made\n");
	if (run_gadget(&cfg, fd)) {
		g.done = 1;
		vcam_stream_stop(&stream);
		if (cfg.status)
			vcam_status_stop(&status);
		close(fd);
		return 1;
	}
	memset(&e, 0, sizeof(e));
	e.cfg = &cfg;
	e.fd = fd;
	e.stream = &stream;
	e.status = cfg.status ? &status : NULL;
	vcam_probe_def(&cfg, &e.probe);
	e.commit = e.probe;
	if (cfg.verbose)
		fprintf(stderr, "vcam: running on %s, %d format(s)\n", cfg.udc_device, cfg.nformats);
	rc = event_loop(&e) ? 1 : 0;
	g.done = 1;
	vcam_stream_stop(&stream);
	if (cfg.status)
		vcam_status_stop(&status);
	close(fd);			/* unbinds the gadget: the device disconnects */
	if (cfg.verbose || g.why)
		fprintf(stderr, "vcam: stopping (%s)\n", g.why ? g.why : "error");
	summary(&stream.st);
	if (stream.st.write_errors && !cfg.faults)
		rc = 1;
	pthread_kill(g.sig, SIGTERM);	/* if no signal came, end its sigwait */
	pthread_join(g.sig, NULL);
	return rc;
}
