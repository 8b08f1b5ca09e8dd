// librdkafka from Debian's librdkafka-dev (pkg-config rdkafka), including
// its mock cluster, which the tests and experiments use as a real broker.
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
