// SPDX-License-Identifier: GPL-2.0
/* frame_verify.c - whether `uvcstat run` checks a stream's frames (frame_verify.h). */
#include "frame_verify.h"
#include "framestamp.h"

enum uvc_verify_state uvc_verify_next(enum uvc_verify_request req, enum uvc_verify_state state,
				      const void *frame, size_t len)
{
	if (state != UVC_VERIFY_UNDECIDED)
		return state;
	if (req == UVC_VERIFY_OFF)
		return UVC_VERIFY_SKIPPED;
	if (req == UVC_VERIFY_ON)
		return UVC_VERIFY_CHECKING;	/* a frame without a stamp is corrupt */
	/* a stamp with a bad checksum is still a stamp: the camera stamps, that frame is corrupt */
	if (fs_check(frame, len, NULL) == FS_NO_STAMP)
		return UVC_VERIFY_UNSTAMPED;
	return UVC_VERIFY_CHECKING;
}
