// libcurl, loaded with dlopen at the first download: it brings some 30 shared libraries (TLS,
// HTTP/2, IDN, Kerberos, LDAP...), which every other run of circlecalc would otherwise map at
// start. Only what the download needs is looked up, once, under pthread_once.
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CCurl.h"

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    char error[200];
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void)
{
    // Debian's libcurl4 (the OpenSSL flavour, whose headers libcurl4-openssl-dev installs).
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(curl.error, sizeof curl.error, "cannot load libcurl: %s", dlerror());
        return;
    }
    *(void **)&curl.global_init = dlsym(library, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&curl.easy_strerror = dlsym(library, "curl_easy_strerror");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform ||
        !curl.easy_getinfo || !curl.easy_cleanup || !curl.easy_strerror) {
        snprintf(curl.error, sizeof curl.error, "libcurl.so.4 lacks the easy interface");
        curl.easy_init = NULL;
        return;
    }
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(curl.error, sizeof curl.error, "libcurl failed to start");
        curl.easy_init = NULL;
    }
}

struct body {
    unsigned char *data;
    size_t size, capacity, limit;
    int too_large;
};

// libcurl's write callback: keeps the bytes, or stops the transfer past the limit.
static size_t collect(char *data, size_t size, size_t count, void *context)
{
    struct body *body = context;
    size_t length = size * count;
    if (length > body->limit - body->size) {
        body->too_large = 1;
        return 0;
    }
    if (body->size + length > body->capacity) {
        size_t capacity = body->capacity ? body->capacity : 4096;
        while (capacity < body->size + length)
            capacity *= 2;
        unsigned char *grown = realloc(body->data, capacity);
        if (!grown)
            return 0;
        body->data = grown;
        body->capacity = capacity;
    }
    memcpy(body->data + body->size, data, length);
    body->size += length;
    return length;
}

void ccurl_fetch(const char *url, const char *user_agent, long connect_timeout_ms,
                 long timeout_ms, size_t limit, struct ccurl_result *result)
{
    memset(result, 0, sizeof *result);
    pthread_once(&loaded, load);
    CURL *handle = curl.easy_init ? curl.easy_init() : NULL;
    if (!handle) {
        result->status = CCURL_NO_LIBRARY;
        snprintf(result->message, sizeof result->message, "%s",
                 curl.error[0] ? curl.error : "libcurl could not start a transfer");
        return;
    }
    struct body body = {.limit = limit};
    char error[CURL_ERROR_SIZE] = "";
    CURLcode code = CURLE_OK;
    // Each option in turn, stopping at the first libcurl refuses (an older libcurl).
    if (!code) code = curl.easy_setopt(handle, CURLOPT_URL, url);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (!code) code = curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    if (!code) code = curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    // No SIGALRM for timeouts: the caller may be any thread, and signals are the program's.
    if (!code) code = curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_FAILONERROR, 1L);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limit);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    if (!code) code = curl.easy_setopt(handle, CURLOPT_USERAGENT, user_agent);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, collect);
    if (!code) code = curl.easy_setopt(handle, CURLOPT_WRITEDATA, &body);
    if (!code) code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->http_status);
    curl.easy_cleanup(handle);

    if (code == CURLE_OK) {
        result->status = CCURL_OK;
        result->data = body.data;
        result->size = body.size;
        return;
    }
    free(body.data);
    if (body.too_large || code == CURLE_FILESIZE_EXCEEDED) {
        result->status = CCURL_TOO_LARGE;
    } else if (code == CURLE_HTTP_RETURNED_ERROR && result->http_status >= 400) {
        result->status = CCURL_HTTP_ERROR;
    } else {
        result->status = CCURL_FAILED;
        snprintf(result->message, sizeof result->message, "%s",
                 error[0] ? error : curl.easy_strerror(code));
    }
}

void ccurl_free(struct ccurl_result *result)
{
    free(result->data);
    result->data = NULL;
    result->size = 0;
}
