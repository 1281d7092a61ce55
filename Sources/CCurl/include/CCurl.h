#ifndef SIDEWALK_CCURL_H
#define SIDEWALK_CCURL_H
/* libcurl behind one blocking call: a GET with the limits Sidewalk needs (connect timeout,
   stalled-read timeout, total timeout, a byte cap, redirects only to http and https), over a
   connection cache shared by every thread, so requests to one host reuse connections. */
#include <stddef.h>

typedef enum {
    SW_HTTP_OK = 0,          /* a response arrived (any status) */
    SW_HTTP_TOO_LARGE = 1,   /* the body passed max_bytes */
    SW_HTTP_TIMEOUT = 2,     /* connect, stall or total time passed */
    SW_HTTP_CONNECT = 3,     /* could not resolve or connect */
    SW_HTTP_BROKEN = 4,      /* reset or closed mid-response, bad response */
    SW_HTTP_REFUSED = 5,     /* a scheme or redirect other than http/https */
    SW_HTTP_FAILED = 6,      /* anything else (message says what) */
    SW_HTTP_NOT_HTTP = 7,    /* the answer is not HTTP/1.x or 2 (HTTP/0.9, another protocol) */
    SW_HTTP_HEADERS_TOO_LARGE = 8 /* a header line past libcurl's limit (100 KB) */
} sw_http_status;

/* Takes the body as it arrives, after libcurl has undone any Content-Encoding, so what it is
   given is what is charged to max_bytes: `count` bytes at `bytes`. `expected` is the length the
   server declared (of the body as sent, so smaller than what arrives when it is compressed),
   or -1 when it declared none. Returns 0 to go on, non-zero to stop the transfer (no memory). */
typedef int (*sw_http_sink)(void *context, const unsigned char *bytes, size_t count, long long expected);

typedef struct {
    long connect_timeout_ms; /* to connect (and TLS handshake) */
    long stall_seconds;      /* abort when under 1 byte/s for this long */
    long total_seconds;      /* abort after this long in all */
    long max_bytes;          /* most body bytes accepted */
    const char *if_none_match; /* an ETag for a conditional request, or NULL */
    const char *range;       /* a byte range ("FIRST-LAST") to ask for, or NULL for the whole */
    const char *user_agent;  /* the User-Agent header */
    const char *authorization; /* the Authorization header's value, or NULL; never sent after a
                                  redirect to another host */
    sw_http_sink sink;       /* takes the body; never given more than max_bytes in all */
    void *sink_context;      /* passed to sink */
} sw_http_options;

typedef struct {
    long status;            /* HTTP status code (also when the transfer then failed), or 0 */
    long long declared_length; /* the Content-Length the server declared, or -1 */
    char etag[256];         /* the ETag header, or "" */
    char cache_control[256];/* the Cache-Control header, or "" */
    char retry_after[64];   /* the Retry-After header, or "" */
    char final_url[2048];   /* after redirects */
} sw_http_response;

/* Once, before any other thread calls sw_http_get. Returns 0 on success. */
int sw_http_init(void);

sw_http_status sw_http_get(const char *url, sw_http_options options, sw_http_response *response,
                           char *message, size_t message_size);

#endif
