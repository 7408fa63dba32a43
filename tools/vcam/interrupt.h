/* SPDX-License-Identifier: GPL-2.0 */
/* interrupt.c: SIGUSR1 to end a thread's blocking raw-gadget ioctl. */
#ifndef VCAM_INTERRUPT_H
#define VCAM_INTERRUPT_H

#include <pthread.h>
#include <signal.h>

/* The signals sent to one thread by one sender, and those it handled. */
struct vcam_interrupt {
	unsigned int sent;		/* the sender's count */
	unsigned int seen;		/* the sender's: handled when it last sent */
	unsigned int handled;		/* the handler's, atomic */
};

/* The SIGUSR1 handler, for the whole process. */
void vcam_interrupt_install(void);
/* Blocks SIGUSR1 in the caller, so that a thread it creates starts with it
 * blocked; old gets the previous mask to restore after pthread_create(). */
void vcam_interrupt_block(sigset_t *old);
/* Called by a thread to be interrupted through i: unblocks SIGUSR1, whose
 * handler from now on counts in i->handled. */
void vcam_interrupt_become(struct vcam_interrupt *i);
/* Sends thread a SIGUSR1 unless nothing was handled since the last one
 * sent (a SIGUSR1 from elsewhere counts too: it may have merged with
 * ours); returns 1 if it sent one. */
int vcam_interrupt_send(struct vcam_interrupt *i, pthread_t thread);
/* What the handler does: counts a signal handled by the calling thread. */
void vcam_interrupt_handled(void);

#endif
