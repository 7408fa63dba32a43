// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupting a thread blocked in a raw-gadget ioctl: SIGUSR1, whose
 * handler does nothing but count, installed without SA_RESTART so that
 * the ioctl returns EINTR.
 *
 * A signal can come just before the thread blocks (after it checked that
 * it should go on), so the sender sends again until the thread notices.
 * It sends again only once the previous signal has been handled: a signal
 * costs the receiver a signal frame and a sigreturn, which on a debug
 * kernel under TCG (KASAN, the SVE and SME state of -cpu max) took longer
 * than the 2 ms between sends, and signals sent faster than they are
 * handled keep the thread in its handler for good, never back to the code
 * that would notice (7.3's debug kernel: 1878 signals in 5 s, until the
 * host gave up the control transfer that was waiting for the stop).
 */
#include "interrupt.h"

/* The thread's own vcam_interrupt, if it has one. */
static _Thread_local struct vcam_interrupt *self;

void vcam_interrupt_handled(void)
{
	if (self)
		__atomic_add_fetch(&self->handled, 1, __ATOMIC_RELEASE);
}

static void on_sigusr1(int sig)
{
	(void)sig;
	vcam_interrupt_handled();
}

void vcam_interrupt_install(void)
{
	struct sigaction sa = { .sa_handler = on_sigusr1 };	/* no SA_RESTART */

	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
}

void vcam_interrupt_block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void vcam_interrupt_become(struct vcam_interrupt *i)
{
	sigset_t set;

	self = i;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int vcam_interrupt_send(struct vcam_interrupt *i, pthread_t thread)
{
	unsigned int handled = __atomic_load_n(&i->handled, __ATOMIC_ACQUIRE);

	if (i->sent && handled == i->seen)
		return 0;
	i->seen = handled;
	i->sent++;
	pthread_kill(thread, SIGUSR1);
	return 1;
}
