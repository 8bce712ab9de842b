#ifndef CANOPY_CZSTD_SHIM_H
#define CANOPY_CZSTD_SHIM_H
/* libzstd's streaming API, for the zstd frames of an .xcresult bundle's Data/ payloads. */
#include <zstd.h>
#include <zstd_errors.h>
#endif
