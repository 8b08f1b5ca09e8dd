// libcurl (Debian's libcurl4-openssl-dev), for email over SMTP (issue 42).
// curl_easy_setopt is variadic, which Swift cannot call: these wrappers
// give it one signature per argument type.
#include <curl/curl.h>

static inline CURLcode herald_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode herald_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode herald_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode herald_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*herald_curl_read_callback)(char *buffer, size_t size, size_t count, void *context);

static inline CURLcode herald_curl_set_read_function(CURL *handle, herald_curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

static inline long herald_curl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
