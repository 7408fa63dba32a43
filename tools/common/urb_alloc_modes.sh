# shellcheck shell=bash
# uvcvideo's URB buffer allocation modes in the kernel's enum order: the
# shell twin of urb_alloc_modes.h (tests/host/urb-alloc-modes.t keeps the
# two and the kernel patch in step). Source it for URB_ALLOC_MODES.
# shellcheck disable=SC2034
URB_ALLOC_MODES=(noncontiguous coherent usb-coherent noncoherent)
