#include <zlib.h>

/// `inflateInit2` is a function-like macro that Swift cannot call; this wrapper exposes it.
static inline int wx_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}

/// `deflateInit2` is a macro too: raw deflate (no zlib or gzip wrapper, as a zip entry holds it)
/// at `level`, the default memory and strategy.
static inline int wx_deflateInitRaw(z_streamp strm, int level) {
    return deflateInit2(strm, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
