#include <sqlite3.h>

/// `sqlite3_config` is variadic, which Swift cannot call: this turns off SQLite's memory
/// statistics, whose global mutex every allocation of the library takes (a few per cent of an
/// ingest's writer thread). It must run before SQLite is initialized; later it returns
/// SQLITE_MISUSE and changes nothing. https://www.sqlite.org/c3ref/c_config_covering_index_scan.html
static inline int wxpipe_sqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Keeps statement journals and savepoint sub-journals in memory up to `bytes` before they
/// spill to a temporary file (SQLite's default is 64 KiB). Ingest writes each file inside a
/// savepoint of a transaction that spans files; past 64 KiB every file then created, wrote
/// and deleted a temporary file, which cost more system time than the WAL writes. Like the
/// memory statistics it must be set before SQLite is initialized.
static inline int wxpipe_sqlite_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
