#include <sqlite3.h>

/// `sqlite3_config` is variadic, which Swift cannot call: this turns off SQLite's memory
/// statistics, whose global mutex every allocation of the library takes (a few per cent of an
/// ingest's writer thread). It must run before SQLite is initialized; later it returns
/// SQLITE_MISUSE and changes nothing. https://www.sqlite.org/c3ref/c_config_covering_index_scan.html
static inline int wxpipe_sqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

