#include <zlib.h>

/// `inflateInit2` is a function-like macro that Swift cannot call; this wrapper exposes it.
static inline int wx_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}
