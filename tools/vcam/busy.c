// SPDX-License-Identifier: GPL-2.0
/*
 * --busy-cpu: a SCHED_FIFO thread that keeps one CPU busy for a while,
 * started when the first faulty frame begins. While it spins, nothing of
 * the normal scheduling class runs on that CPU: work that the host driver
 * queued there (uvcvideo's copy work on an unbound workqueue whose cpumask
 * is that CPU alone) waits until it stops. That holds a race window open
 * on purpose: the copy work of a frame's first URB still pending when the
 * camera goes away (tests/guest/hostile-plug.t).
 */
#include "source.h"	/* vcam_now() */

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>

struct busy {
	unsigned int cpu;
	double seconds;
	sem_t running;
	int err;		/* errno of a failed set-up, 0 if it spins */
};

static void *spin(void *arg)
{
	struct busy *b = arg;
	struct sched_param sp = { .sched_priority = 1 };
	cpu_set_t set;
	double until;

	CPU_ZERO(&set);
	CPU_SET(b->cpu, &set);
	b->err = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (!b->err)
		b->err = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
	/* on its CPU, at its priority: from here on it holds the CPU */
	until = vcam_now() + b->seconds;
	sem_post(&b->running);
	if (b->err)
		return NULL;
	while (vcam_now() < until)
		;
	return NULL;
}

int vcam_busy_cpu(unsigned int cpu, unsigned int ms)
{
	static struct busy b;
	pthread_attr_t attr;
	pthread_t t;
	int ret;

	b.cpu = cpu;
	b.seconds = ms / 1000.0;
	b.err = 0;
	sem_init(&b.running, 0, 0);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	ret = pthread_create(&t, &attr, spin, &b);
	pthread_attr_destroy(&attr);
	if (ret) {
		fprintf(stderr, "vcam: --busy-cpu: cannot start the thread: %s\n", strerror(ret));
		return -1;
	}
	while (sem_wait(&b.running) && errno == EINTR)
		;
	if (b.err) {
		fprintf(stderr, "vcam: --busy-cpu %u: %s\n", cpu, strerror(b.err));
		return -1;
	}
	return 0;
}
