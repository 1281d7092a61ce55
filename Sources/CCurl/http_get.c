#include "CCurl.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>

static CURLSH *shared;
static pthread_mutex_t locks[CURL_LOCK_DATA_LAST];

static void lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *user) {
    (void)handle; (void)access; (void)user;
    pthread_mutex_lock(&locks[data]);
}

static void unlock(CURL *handle, curl_lock_data data, void *user) {
    (void)handle; (void)user;
    pthread_mutex_unlock(&locks[data]);
}

int sw_http_init(void) {
    if (shared) return 0;
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return -1;
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&locks[i], NULL);
    shared = curl_share_init();
    if (!shared) return -1;
    curl_share_setopt(shared, CURLSHOPT_LOCKFUNC, lock);
    curl_share_setopt(shared, CURLSHOPT_UNLOCKFUNC, unlock);
    curl_share_setopt(shared, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    curl_share_setopt(shared, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    curl_share_setopt(shared, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
    return 0;
}

/* What the body has cost so far, checked before each piece is handed on, so an answer that
   inflates (gzip, deflate) is stopped at max_bytes of what it inflates to. */
typedef struct {
    CURL *curl;
    sw_http_sink sink;
    void *context;
    size_t size;
    size_t limit;
    int over;
} body_meter;

static size_t on_body(char *chunk, size_t size, size_t count, void *user) {
    body_meter *body = user;
    size_t length = size * count;
    if (length > body->limit - body->size) { body->over = 1; return 0; }
    curl_off_t expected = -1;
    if (body->size == 0 && curl_easy_getinfo(body->curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected) != CURLE_OK) {
        expected = -1;
    }
    if (body->sink(body->context, (const unsigned char *)chunk, length, (long long)expected) != 0) return 0;
    body->size += length;
    return length;
}

/* Keeps the last Content-Length header seen, as declared: libcurl refuses one over
   CURLOPT_MAXFILESIZE before it records it, and the message should say what was declared. */
static size_t on_header(char *line, size_t size, size_t count, void *user) {
    long long *declared = user;
    size_t length = size * count;
    static const char name[] = "content-length:";
    if (length > sizeof name - 1 && strncasecmp(line, name, sizeof name - 1) == 0) {
        char value[32];
        size_t n = length - (sizeof name - 1);
        if (n >= sizeof value) n = sizeof value - 1;
        memcpy(value, line + sizeof name - 1, n);
        value[n] = 0;
        char *end = NULL;
        long long parsed = strtoll(value, &end, 10);
        *declared = end != value && parsed >= 0 ? parsed : -1;
    }
    return length;
}

static void copy_header(CURL *curl, const char *name, char *target, size_t size) {
    struct curl_header *header = NULL;
    target[0] = 0;
    if (curl_easy_header(curl, name, 0, CURLH_HEADER, -1, &header) == CURLHE_OK && header && header->value) {
        snprintf(target, size, "%s", header->value);
    }
}

sw_http_status sw_http_get(const char *url, sw_http_options options, sw_http_response *response,
                           char *message, size_t message_size) {
    memset(response, 0, sizeof *response);
    message[0] = 0;
    CURL *curl = curl_easy_init();
    if (!curl) { snprintf(message, message_size, "could not start a transfer"); return SW_HTTP_FAILED; }
    body_meter body = { curl, options.sink, options.sink_context, 0, (size_t)options.max_bytes, 0 };
    struct curl_slist *headers = NULL;
    char condition[300];
    if (options.if_none_match && options.if_none_match[0]) {
        snprintf(condition, sizeof condition, "If-None-Match: %s", options.if_none_match);
        headers = curl_slist_append(headers, condition);
    }
    if (options.authorization && options.authorization[0]) {
        size_t size = strlen(options.authorization) + sizeof "Authorization: ";
        char *line = malloc(size);
        if (!line) { curl_slist_free_all(headers); curl_easy_cleanup(curl); snprintf(message, message_size, "out of memory"); return SW_HTTP_FAILED; }
        snprintf(line, size, "Authorization: %s", options.authorization);
        headers = curl_slist_append(headers, line); /* copies the line */
        memset(line, 0, size);
        free(line);
    }
    char error[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_URL, url);
    /* The default, said outright: an Authorization header stays with the host it was meant for. */
    curl_easy_setopt(curl, CURLOPT_UNRESTRICTED_AUTH, 0L);
    curl_easy_setopt(curl, CURLOPT_SHARE, shared);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, options.connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, options.stall_seconds);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, options.total_seconds);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)options.max_bytes);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_USERAGENT, options.user_agent);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (options.range && options.range[0]) curl_easy_setopt(curl, CURLOPT_RANGE, options.range);
    long long declared = -1;
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &declared);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    CURLcode code = curl_easy_perform(curl);
    sw_http_status status = SW_HTTP_OK;
    response->declared_length = declared;
    if (code == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
        copy_header(curl, "ETag", response->etag, sizeof response->etag);
        copy_header(curl, "Cache-Control", response->cache_control, sizeof response->cache_control);
        copy_header(curl, "Retry-After", response->retry_after, sizeof response->retry_after);
        char *final_url = NULL;
        if (curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &final_url) == CURLE_OK && final_url) {
            snprintf(response->final_url, sizeof response->final_url, "%s", final_url);
        }
    } else {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
        switch (code) {
        case CURLE_FILESIZE_EXCEEDED: status = SW_HTTP_TOO_LARGE; break;
        case CURLE_WRITE_ERROR: status = body.over ? SW_HTTP_TOO_LARGE : SW_HTTP_FAILED; break;
        case CURLE_OPERATION_TIMEDOUT: status = SW_HTTP_TIMEOUT; break;
        case CURLE_COULDNT_RESOLVE_HOST: case CURLE_COULDNT_CONNECT: case CURLE_COULDNT_RESOLVE_PROXY: status = SW_HTTP_CONNECT; break;
        case CURLE_UNSUPPORTED_PROTOCOL: {
            /* After a redirect (3xx) it is the new address's scheme; otherwise the answer itself
               was not HTTP (libcurl refuses HTTP/0.9 with this code too). */
            long last = 0;
            curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &last);
            status = last >= 300 && last < 400 ? SW_HTTP_REFUSED : SW_HTTP_NOT_HTTP;
            break;
        }
        case CURLE_TOO_MANY_REDIRECTS: status = SW_HTTP_REFUSED; break;
        case CURLE_OUT_OF_MEMORY: status = SW_HTTP_HEADERS_TOO_LARGE; break;
        case CURLE_RECV_ERROR: case CURLE_PARTIAL_FILE: case CURLE_GOT_NOTHING: case CURLE_SEND_ERROR:
        case CURLE_WEIRD_SERVER_REPLY: case CURLE_HTTP2: case CURLE_HTTP2_STREAM: case CURLE_BAD_CONTENT_ENCODING:
            status = SW_HTTP_BROKEN; break;
        default: status = SW_HTTP_FAILED; break;
        }
        snprintf(message, message_size, "%s", error[0] ? error : curl_easy_strerror(code));
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return status;
}
