// SPDX-License-Identifier: GPL-2.0
/*
 * The status endpoint (status.h). The thread waits in poll() on the FIFO
 * and on a pipe the queue writes to; once the endpoint is enabled it sends
 * the queued packets in order. An EP_WRITE blocks until the host's status
 * URB takes the packet (uvcvideo submits it while a video node is open),
 * so stopping interrupts it with SIGUSR1 (interrupt.c).
 */
#include "status.h"
#include "vcam.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/usb/raw_gadget.h>
#include <linux/usb/video.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Parses a byte (decimal or 0x hex); 0 on success. */
static int parse_byte(const char *tok, uint8_t *v)
{
	char *end;
	unsigned long x;

	if (!*tok || *tok == '-')
		return -1;
	errno = 0;
	x = strtoul(tok, &end, 0);
	if (errno || *end || x > 255)
		return -1;
	*v = (uint8_t)x;
	return 0;
}

int vcam_status_parse(const char *line, uint8_t *pkt, size_t size, const char **why)
{
	char buf[256], *save = NULL, *tok, *cmd;
	uint8_t v[VCAM_STATUS_MAX + 1];
	size_t nv = 0, n = 0;

	if (strlen(line) >= sizeof(buf)) {
		*why = "line too long";
		return -1;
	}
	strcpy(buf, line);
	cmd = strtok_r(buf, " \t\r\n", &save);
	if (!cmd) {
		*why = "empty";
		return -1;
	}
	if (!strcmp(cmd, "button")) {
		tok = strtok_r(NULL, " \t\r\n", &save);
		if (!tok || (strcmp(tok, "press") && strcmp(tok, "release")) ||
		    strtok_r(NULL, " \t\r\n", &save) || size < 4) {
			*why = "button takes press or release";
			return -1;
		}
		pkt[0] = 0x02;			/* VideoStreaming */
		pkt[1] = VCAM_VS_INTF;		/* bOriginator */
		pkt[2] = 0x00;			/* bEvent: button press */
		pkt[3] = !strcmp(tok, "press");	/* bValue */
		return 4;
	}
	if (strcmp(cmd, "control") && strcmp(cmd, "bytes")) {
		*why = "unknown command (button, control, bytes)";
		return -1;
	}
	while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
		if (nv == sizeof(v)) {
			*why = "too many bytes";
			return -1;
		}
		if (parse_byte(tok, &v[nv++])) {
			*why = "a value is not a byte (0..255, or 0x00..0xff)";
			return -1;
		}
	}
	if (!strcmp(cmd, "bytes")) {
		if (!nv || nv > size) {
			*why = nv ? "too many bytes" : "bytes takes 1 or more bytes";
			return -1;
		}
		memcpy(pkt, v, nv);
		return (int)nv;
	}
	if (nv < 3) {
		*why = "control takes ENTITY SELECTOR ATTRIBUTE [BYTE...]";
		return -1;
	}
	if (nv + 2 > size) {
		*why = "too many bytes";
		return -1;
	}
	pkt[n++] = 0x01;			/* VideoControl */
	pkt[n++] = v[0];			/* bOriginator: the entity */
	pkt[n++] = 0x00;			/* bEvent: control change */
	memcpy(pkt + n, v + 1, nv - 1);		/* bSelector, bAttribute, bValue */
	return (int)(n + nv - 1);
}

uint16_t vcam_status_brightness(const struct vcam_status *s)
{
	return __atomic_load_n(&s->brightness, __ATOMIC_RELAXED);
}

void vcam_status_set_brightness(struct vcam_status *s, uint16_t v)
{
	__atomic_store_n(&s->brightness, v, __ATOMIC_RELAXED);
}

/* A change of the processing unit's brightness value, 2 bytes or more. */
static int brightness_change(const uint8_t *p, int n, uint16_t *v)
{
	if (n < 7 || p[0] != 0x01 || p[1] != VCAM_PU_ID || p[2] != 0x00 ||
	    p[3] != UVC_PU_BRIGHTNESS_CONTROL || p[4] != 0x00)
		return 0;
	*v = p[5] | p[6] << 8;
	return 1;
}

static void status_log(const struct vcam_status *s, const char *what, const uint8_t *p, size_t n)
{
	if (!s->cfg->verbose)
		return;
	fprintf(stderr, "vcam: status %s %zu byte(s):", what, n);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, " %02x", p[i]);
	fputc('\n', stderr);
}

int vcam_status_queue(struct vcam_status *s, const uint8_t *pkt, size_t n,
		      unsigned int delay_ms)
{
	unsigned int at;
	int ret = 0;

	if (n == 0 || n > VCAM_STATUS_MAX)
		return -1;
	pthread_mutex_lock(&s->lock);
	if (s->count == VCAM_STATUS_QUEUE) {
		s->dropped++;
		ret = -1;
	} else {
		at = (s->head + s->count++) % VCAM_STATUS_QUEUE;
		memcpy(s->pkt[at], pkt, n);
		s->len[at] = (uint8_t)n;
		s->held[at] = delay_ms == VCAM_STATUS_HOLD;
		s->due[at] = vcam_now() + (s->held[at] ? 0 : delay_ms / 1000.0);
	}
	pthread_mutex_unlock(&s->lock);
	if (ret)
		fprintf(stderr, "vcam: status queue full, packet dropped\n");
	else if (write(s->wake[1], "", 1) < 0 && errno != EAGAIN)
		fprintf(stderr, "vcam: status wake: %s\n", strerror(errno));
	return ret;
}

/* The FIFO's complete: the held packets may go, in their order. */
static void release_held(struct vcam_status *s)
{
	unsigned int released = 0;

	pthread_mutex_lock(&s->lock);
	for (unsigned int i = 0; i < s->count; i++) {
		unsigned int at = (s->head + i) % VCAM_STATUS_QUEUE;

		released += s->held[at];
		s->held[at] = 0;
	}
	pthread_mutex_unlock(&s->lock);
	if (s->cfg->verbose)
		fprintf(stderr, "vcam: status complete: %u held packet(s) released\n", released);
}

/* Reads what the FIFO holds; queues each whole line's packet. */
static void read_fifo(struct vcam_status *s)
{
	char chunk[256];
	ssize_t r;

	while ((r = read(s->fifo, chunk, sizeof(chunk))) > 0) {
		for (ssize_t i = 0; i < r; i++) {
			uint8_t pkt[VCAM_STATUS_MAX];
			const char *why = NULL;
			int n;

			if (chunk[i] != '\n') {
				if (s->line_len < sizeof(s->line) - 1)
					s->line[s->line_len++] = chunk[i];
				continue;
			}
			s->line[s->line_len] = 0;
			s->line_len = 0;
			if (!s->line[strspn(s->line, " \t\r")])
				continue;
			uint16_t v;

			if (!strcmp(s->line, "complete")) {
				release_held(s);
				continue;
			}
			n = vcam_status_parse(s->line, pkt, sizeof(pkt), &why);
			if (n < 0) {
				fprintf(stderr, "vcam: status command '%s': %s\n", s->line, why);
				continue;
			}
			/* the camera reports a change it made */
			if (brightness_change(pkt, n, &v))
				vcam_status_set_brightness(s, v);
			vcam_status_queue(s, pkt, (size_t)n, 0);
		}
	}
}

/* Sends the oldest queued packet once it is due: 1 sent (or lost, or to
 * be tried again), 0 nothing due (*wait_ms: how long until it is, else
 * 100), -1 stop. */
static int send_one(struct vcam_status *s, int *wait_ms)
{
	static struct {
		struct usb_raw_ep_io io;
		uint8_t data[VCAM_STATUS_MAX];
	} b;
	int ep = __atomic_load_n(&s->ep, __ATOMIC_ACQUIRE);

	double early;

	*wait_ms = 100;
	pthread_mutex_lock(&s->lock);
	if (!s->count || ep < 0) {
		pthread_mutex_unlock(&s->lock);
		return 0;
	}
	/* a held packet holds those behind it too: the queue keeps its order */
	if (s->held[s->head]) {
		pthread_mutex_unlock(&s->lock);
		return 0;
	}
	early = s->due[s->head] - vcam_now();
	if (early > 0) {
		*wait_ms = (int)(early * 1000) + 1;
		pthread_mutex_unlock(&s->lock);
		return 0;
	}
	b.io.ep = (uint16_t)ep;
	b.io.flags = 0;
	b.io.length = s->len[s->head];
	memcpy(b.data, s->pkt[s->head], b.io.length);
	pthread_mutex_unlock(&s->lock);
	if (ioctl(s->fd, USB_RAW_IOCTL_EP_WRITE, &b) < 0) {
		if (errno == EINTR && s->quit)
			return -1;
		if (errno == EINTR)
			return 1;		/* a stray SIGUSR1: send it again */
		fprintf(stderr, "vcam: status EP_WRITE: %s\n", strerror(errno));
		/* the host is gone or reset the endpoint: that packet is lost */
		pthread_mutex_lock(&s->lock);
		s->dropped++;
	} else {
		status_log(s, "sent", b.data, b.io.length);
		pthread_mutex_lock(&s->lock);
		s->sent++;
	}
	s->head = (s->head + 1) % VCAM_STATUS_QUEUE;
	s->count--;
	pthread_mutex_unlock(&s->lock);
	return 1;
}

static void *status_thread(void *arg)
{
	struct vcam_status *s = arg;
	struct pollfd pfd[2] = {
		{ .fd = s->wake[0], .events = POLLIN },
		{ .fd = s->fifo, .events = POLLIN },
	};
	char drain[64];

	vcam_interrupt_become(&s->intr);
	while (!s->quit) {
		int wait_ms, sent = send_one(s, &wait_ms);

		if (sent < 0)
			break;
		if (sent)
			continue;
		if (poll(pfd, s->fifo >= 0 ? 2 : 1, wait_ms) < 0 && errno != EINTR)
			break;
		while (read(s->wake[0], drain, sizeof(drain)) > 0)
			;
		if (s->fifo >= 0)
			read_fifo(s);
	}
	return NULL;
}

static int open_fifo(struct vcam_status *s, const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0) {
		if (!S_ISFIFO(st.st_mode)) {
			fprintf(stderr, "vcam: --status-fifo %s exists and is not a FIFO\n", path);
			return -1;
		}
	} else if (mkfifo(path, 0600) == 0) {
		s->created = 1;
	} else {
		fprintf(stderr, "vcam: cannot make the FIFO %s: %s\n", path, strerror(errno));
		return -1;
	}
	/* read-write: no end of file when a writer closes it */
	s->fifo = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (s->fifo < 0) {
		fprintf(stderr, "vcam: cannot open the FIFO %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

int vcam_status_start(struct vcam_status *s, const struct vcam_config *c, int fd)
{
	sigset_t old;
	int ret;

	memset(s, 0, sizeof(*s));
	s->cfg = c;
	s->fd = fd;
	s->ep = -1;
	s->fifo = -1;
	s->brightness = 128;
	pthread_mutex_init(&s->lock, NULL);
	if (pipe2(s->wake, O_NONBLOCK | O_CLOEXEC)) {
		fprintf(stderr, "vcam: status pipe: %s\n", strerror(errno));
		return -1;
	}
	if (c->status_fifo && open_fifo(s, c->status_fifo))
		return -1;
	vcam_interrupt_block(&old);
	ret = pthread_create(&s->thread, NULL, status_thread, s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ret) {
		fprintf(stderr, "vcam: cannot start the status thread\n");
		return -1;
	}
	s->started = 1;
	return 0;
}

void vcam_status_set_ep(struct vcam_status *s, int ep)
{
	__atomic_store_n(&s->ep, ep, __ATOMIC_RELEASE);
	if (write(s->wake[1], "", 1) < 0 && errno != EAGAIN)
		fprintf(stderr, "vcam: status wake: %s\n", strerror(errno));
}

void vcam_status_stop(struct vcam_status *s)
{
	if (s->started) {
		s->quit = 1;
		/* until the thread returns: it may sit in EP_WRITE or poll() */
		while (pthread_tryjoin_np(s->thread, NULL)) {
			vcam_interrupt_send(&s->intr, s->thread);
			usleep(2000);
		}
		s->started = 0;
	}
	if (s->fifo >= 0)
		close(s->fifo);
	if (s->created && s->cfg->status_fifo)
		unlink(s->cfg->status_fifo);
	close(s->wake[0]);
	close(s->wake[1]);
	if (s->cfg->verbose || s->dropped)
		fprintf(stderr, "vcam: status packets sent %llu dropped %llu\n",
			(unsigned long long)s->sent, (unsigned long long)s->dropped);
}
