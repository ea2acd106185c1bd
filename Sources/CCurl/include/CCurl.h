// libcurl for CalculatorRates: one download into memory. fetch.c loads libcurl.so.4 at the
// first download, so no other run of circlecalc maps it.
#include <stddef.h>

/// How a download ended.
enum ccurl_status {
    /// The body is in `data`.
    CCURL_OK = 0,
    /// libcurl.so.4 could not be loaded (`message` says why).
    CCURL_NO_LIBRARY,
    /// No answer: no connection, a timeout, a TLS failure... (`message` says which).
    CCURL_FAILED,
    /// The server answered with an error status (`http_status`, 400 and up).
    CCURL_HTTP_ERROR,
    /// The body was longer than the limit; nothing was kept.
    CCURL_TOO_LARGE,
};

/// What `ccurl_fetch` found.
struct ccurl_result {
    enum ccurl_status status;
    /// The last HTTP status seen, 0 without one.
    long http_status;
    /// The body (malloc'd, not NUL-terminated), for CCURL_OK; `ccurl_free` frees it.
    unsigned char *data;
    size_t size;
    /// One line saying what went wrong, for CCURL_NO_LIBRARY and CCURL_FAILED.
    char message[256];
};

/// Downloads `url` (http or https only, at most 5 redirects) into memory: giving up after
/// `connect_timeout_ms` without a connection or `timeout_ms` in all, or as soon as the body
/// passes `limit` bytes. Uses no signals, so any thread may call it.
void ccurl_fetch(const char *url, const char *user_agent, long connect_timeout_ms,
                 long timeout_ms, size_t limit, struct ccurl_result *result);

/// Frees the body of a result.
void ccurl_free(struct ccurl_result *result);
