/* SPDX-License-Identifier: GPL-2.0 */
/*
 * status.c: the VideoControl interface's status (interrupt IN) endpoint,
 * --status. A thread sends status packets, one EP_WRITE each, as the host's
 * status URB takes them: those the ep0 handler queues (an asynchronous
 * control's change once its SET_CUR is done) and those a test asks for,
 * one command a line, through the FIFO of --status-fifo.
 */
#ifndef VCAM_STATUS_H
#define VCAM_STATUS_H

#include "interrupt.h"
#include "vcam.h"

#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#define VCAM_STATUS_QUEUE	16

struct vcam_status {
	const struct vcam_config *cfg;
	int fd;				/* /dev/raw-gadget */
	int ep;				/* endpoint handle, -1 until configured */
	int fifo;			/* --status-fifo, -1 none */
	int created;			/* vcam made the FIFO: removed at stop */
	int wake[2];			/* a queued packet or stop wakes the thread */
	pthread_t thread;
	int started;
	struct vcam_interrupt intr;	/* ends a blocked EP_WRITE at stop */
	volatile sig_atomic_t quit;
	pthread_mutex_t lock;		/* the queue and the counters */
	uint8_t pkt[VCAM_STATUS_QUEUE][VCAM_STATUS_MAX];
	uint8_t len[VCAM_STATUS_QUEUE];
	double due[VCAM_STATUS_QUEUE];	/* vcam_now() seconds: not sent before */
	uint8_t held[VCAM_STATUS_QUEUE];	/* until the FIFO says complete */
	unsigned int head, count;
	uint64_t sent, dropped;
	uint16_t brightness;		/* the processing unit's control (atomic) */
	char line[256];			/* a FIFO line being read */
	size_t line_len;
};

/*
 * One command of the FIFO, as a status packet in pkt (size bytes of
 * room): its length, or -1 with the reason in why. Numbers are decimal or
 * 0x-prefixed; every value is one byte.
 *   button press|release        streaming interface 1's button (bEvent 0)
 *   control ENTITY SELECTOR ATTRIBUTE [BYTE...]
 *                               a VideoControl status packet: a control of
 *                               ENTITY changed (bEvent 0); ATTRIBUTE 0 is
 *                               its value, the BYTEs
 *   bytes BYTE...               exactly these bytes (1 to VCAM_STATUS_MAX):
 *                               short, malformed or oversized packets
 */
int vcam_status_parse(const char *line, uint8_t *pkt, size_t size, const char **why);

/*
 * vcam_status_queue()'s delay_ms for a packet held until the FIFO command
 *   complete                    sends the packets held so far (--async-hold)
 * so that a test, not a clock, decides when an asynchronous SET_CUR ends.
 */
#define VCAM_STATUS_HOLD	(~0u)

int vcam_status_start(struct vcam_status *s, const struct vcam_config *c, int fd);
/* The endpoint is enabled (SET_CONFIGURATION): packets may go. */
void vcam_status_set_ep(struct vcam_status *s, int ep);
/* The processing unit's brightness: ep0.c's requests, and a FIFO command
 * that reports its change, which changes it (the camera changed it). */
uint16_t vcam_status_brightness(const struct vcam_status *s);
void vcam_status_set_brightness(struct vcam_status *s, uint16_t v);
/* Queues one packet (any thread), to go delay_ms from now at the earliest
 * and after those queued before it; -1 if the queue is full (counted). */
int vcam_status_queue(struct vcam_status *s, const uint8_t *pkt, size_t n,
		      unsigned int delay_ms);
void vcam_status_stop(struct vcam_status *s);

#endif
