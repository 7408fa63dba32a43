/* SPDX-License-Identifier: GPL-2.0 */
/*
 * frame_verify.h - whether `uvcstat run` checks a stream's frames. Only the
 * virtual camera (tools/vcam) writes a framestamp into its frames
 * (tools/common/framestamp.h); a real camera's frames carry none. So by
 * default the stream's first frame decides: stamped, every frame is checked
 * from then on (a later frame without its stamp is corrupt); not stamped,
 * the frames are "not checked" and the run goes on. --verify checks every
 * frame (one without a stamp is corrupt), --no-verify none.
 */
#ifndef UVCSTAT_FRAME_VERIFY_H
#define UVCSTAT_FRAME_VERIFY_H

#include <stddef.h>

/* What the command line asked for. */
enum uvc_verify_request {
	UVC_VERIFY_AUTO = -1,	/* if the first frame carries a framestamp */
	UVC_VERIFY_OFF = 0,	/* --no-verify */
	UVC_VERIFY_ON = 1,	/* --verify */
};

/* What became of it. */
enum uvc_verify_state {
	UVC_VERIFY_UNDECIDED = 0,	/* no frame yet */
	UVC_VERIFY_CHECKING,		/* every frame is checked */
	UVC_VERIFY_UNSTAMPED,		/* the first frame carried no framestamp: none checked */
	UVC_VERIFY_SKIPPED,		/* --no-verify */
};

/*
 * The state after a frame of LEN bytes at FRAME, given the state before it:
 * decided on the first frame (UNDECIDED), kept for every later one.
 */
enum uvc_verify_state uvc_verify_next(enum uvc_verify_request req, enum uvc_verify_state state,
				      const void *frame, size_t len);

#endif
