// SPDX-License-Identifier: GPL-2.0
/* vcam's one clock: the frame schedule, the status endpoint's delays, the
 * stop reports and the busy CPU all measure time on it. */
#include "vcam.h"

#include <time.h>

double vcam_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
