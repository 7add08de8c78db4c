/* SPDX-License-Identifier: BSD-3-Clause
 * Stats registry and SOFTDPA_STATS socket: every registration error with its log line,
 * the exact dump format (section prefix, non-object lines, escaping), the built-in
 * "ports" section, softdpa_stats_dump errors, and the server: serve, stale/foreign
 * socket files, stop removes the file, concurrent clients while sections come and go.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <softdpa.h>

#include "core/atomics.h"
#include "core/stats.h"
#include "io/port.h"
#include "t_helpers.h"

/* The dump as one string (caller frees). */
static char *dump_str(void)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&buf, &size);

	assert_non_null(mem);
	assert_int_equal(softdpa_stats_dump(mem), DOCA_SUCCESS);
	fclose(mem);
	return buf;
}

static void write_lines(void *arg, FILE *out)
{
	fputs((const char *)arg, out);
}

static void noop(void *arg, FILE *out)
{
	(void)arg;
	(void)out;
}

static void test_register_errors(void **state)
{
	char name[64];

	(void)state;
	t_log_reset();
	assert_int_equal(sdpa_stats_register(NULL, noop, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("sdpa_stats_register", "'(null)' is invalid", "[a-z0-9_]");
	assert_int_equal(sdpa_stats_register("", noop, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(sdpa_stats_register("Pipes", noop, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("'Pipes' is invalid", "1..31 characters");
	assert_int_equal(sdpa_stats_register("a-b", noop, NULL), DOCA_ERROR_INVALID_VALUE);
	memset(name, 'a', 32);
	name[32] = '\0';
	assert_int_equal(sdpa_stats_register(name, noop, NULL), DOCA_ERROR_INVALID_VALUE);
	name[31] = '\0'; /* 31 characters: the longest name */
	assert_int_equal(sdpa_stats_register(name, noop, NULL), DOCA_SUCCESS);
	assert_int_equal(sdpa_stats_unregister(name), DOCA_SUCCESS);
	assert_int_equal(sdpa_stats_register("t_x", NULL, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("sdpa_stats_register(t_x)", "callback is NULL");

	assert_int_equal(sdpa_stats_register("t_x", noop, NULL), DOCA_SUCCESS);
	assert_int_equal(sdpa_stats_register("t_x", noop, NULL), DOCA_ERROR_ALREADY_EXIST);
	t_assert_logged("section 't_x' is already registered", "unregister it first");
	/* "ports" is registered by the io layer. */
	assert_int_equal(sdpa_stats_register("ports", noop, NULL), DOCA_ERROR_ALREADY_EXIST);
	assert_int_equal(sdpa_stats_unregister("t_x"), DOCA_SUCCESS);
	assert_int_equal(sdpa_stats_unregister("t_x"), DOCA_ERROR_NOT_FOUND);
	assert_int_equal(sdpa_stats_unregister(NULL), DOCA_ERROR_NOT_FOUND);

	/* ports + 31 more fill the table. */
	for (int i = 0; i < SDPA_STATS_SECTIONS - 1; i++) {
		snprintf(name, sizeof(name), "t_fill%d", i);
		assert_int_equal(sdpa_stats_register(name, noop, NULL), DOCA_SUCCESS);
	}
	t_log_reset();
	assert_int_equal(sdpa_stats_register("t_more", noop, NULL), DOCA_ERROR_FULL);
	t_assert_logged("sdpa_stats_register(t_more)", "all 32 sections are taken");
	assert_int_equal(t_log_problems(), 1);
	for (int i = 0; i < SDPA_STATS_SECTIONS - 1; i++) {
		snprintf(name, sizeof(name), "t_fill%d", i);
		assert_int_equal(sdpa_stats_unregister(name), DOCA_SUCCESS);
	}
}

static void test_dump_format(void **state)
{
	char head[128], *d;

	(void)state;
	assert_int_equal(sdpa_stats_register("t_a", write_lines,
	                                     "{\"x\":1,\"s\":\"v\"}\n"
	                                     "  {}  \n"
	                                     "\n"
	                                     "plain \"text\"\r\n"
	                                     "{ \"last\":true}"),
	                 DOCA_SUCCESS);
	assert_int_equal(sdpa_stats_register("t_b", write_lines, "{\"y\":2}\n"), DOCA_SUCCESS);
	d = dump_str();
	snprintf(head, sizeof(head), "{\"section\":\"softdpa\",\"pid\":%ld,\"sections\":3}\n",
	         (long)getpid());
	/* No port has traffic in this process yet: "ports" writes nothing. */
	char *want;

	assert_true(asprintf(&want,
	                     "%s"
	                     "{\"section\":\"t_a\",\"x\":1,\"s\":\"v\"}\n"
	                     "{\"section\":\"t_a\"}\n"
	                     "{\"section\":\"t_a\",\"text\":\"plain \\\"text\\\"\"}\n"
	                     "{\"section\":\"t_a\",\"last\":true}\n"
	                     "{\"section\":\"t_b\",\"y\":2}\n",
	                     head) > 0);
	assert_string_equal(d, want);
	free(want);
	free(d);

	/* Unregistered sections disappear; order is registration order. */
	assert_int_equal(sdpa_stats_unregister("t_a"), DOCA_SUCCESS);
	assert_int_equal(sdpa_stats_register("t_a", write_lines, "{\"z\":3}\n"), DOCA_SUCCESS);
	d = dump_str();
	assert_non_null(strstr(d, "\"sections\":3}\n{\"section\":\"t_b\",\"y\":2}\n"
	                          "{\"section\":\"t_a\",\"z\":3}\n"));
	free(d);
	assert_int_equal(sdpa_stats_unregister("t_a"), DOCA_SUCCESS);
	assert_int_equal(sdpa_stats_unregister("t_b"), DOCA_SUCCESS);
}

static void test_json_str(void **state)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&buf, &size);

	(void)state;
	sdpa_stats_json_str(mem, "a\"b\\c\nd\te\x01");
	sdpa_stats_json_str(mem, NULL);
	fclose(mem);
	assert_string_equal(buf, "\"a\\\"b\\\\c\\nd\\te\\u0001\"\"\"");
	free(buf);
}

static void test_dump_errors(void **state)
{
	FILE *ro;

	(void)state;
	t_log_reset();
	assert_int_equal(softdpa_stats_dump(NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_stats_dump", "out is NULL");
	ro = fopen("/dev/null", "r");
	assert_non_null(ro);
	assert_int_equal(softdpa_stats_dump(ro), DOCA_ERROR_IO_FAILED);
	t_assert_logged("softdpa_stats_dump", "writing the dump failed");
	fclose(ro);
}

static void test_ports_section(void **state)
{
	uint8_t frame[100] = {0};
	struct sdpa_pkt *pkts[4];
	char *d;

	(void)state;
	assert_int_equal(sdpa_port_open(5), DOCA_SUCCESS);
	d = dump_str();
	assert_non_null(strstr(d, "{\"section\":\"ports\",\"port\":5,\"state\":\"started\","
	                          "\"wire\":\"mem\",\"rx_frames\":0,\"rx_bytes\":0,"
	                          "\"tx_frames\":0,\"tx_bytes\":0,\"rx_refused\":0,"
	                          "\"dropped\":0}\n"));
	assert_null(strstr(d, "\"port\":4,"));
	free(d);

	assert_int_equal(softdpa_port_inject(5, frame, 100), DOCA_SUCCESS);
	assert_int_equal(softdpa_port_inject(5, frame, 60), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_rx_burst(5, pkts, 4), 2);
	sdpa_port_rx_release(5, 2);
	sdpa_port_count_drop(5, 0, SOFTDPA_DROP_NO_PIPE, 2);
	assert_int_equal(sdpa_port_close(5), DOCA_SUCCESS);
	/* Stopped, but it had traffic: still listed, with its final counters. */
	d = dump_str();
	assert_non_null(strstr(d, "{\"section\":\"ports\",\"port\":5,\"state\":\"stopped\","
	                          "\"wire\":\"-\",\"rx_frames\":2,\"rx_bytes\":160,"
	                          "\"tx_frames\":0,\"tx_bytes\":0,\"rx_refused\":0,"
	                          "\"dropped\":2,\"drop_no_pipe\":2}\n"));
	free(d);
}

/* ------------------------------------------------------------ socket */

static void set_sun_path(struct sockaddr_un *sa, const char *path)
{
	assert_true(strlen(path) < sizeof(sa->sun_path));
	memcpy(sa->sun_path, path, strlen(path) + 1);
}

static int connect_to(const char *path)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	set_sun_path(&sa, path);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Everything one connection returns (caller frees), or NULL if it cannot connect. */
static char *read_socket(const char *path)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *mem;
	char tmp[4096];
	ssize_t n;
	int fd = connect_to(path);

	if (fd < 0)
		return NULL;
	mem = open_memstream(&buf, &size);
	while ((n = read(fd, tmp, sizeof(tmp))) > 0)
		fwrite(tmp, 1, (size_t)n, mem);
	fclose(mem);
	close(fd);
	return buf;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void test_socket_serves_and_stops(void **state)
{
	char path[512], *got;
	struct stat st;
	uint64_t served;

	(void)state;
	t_path(path, sizeof(path), "stats.sock");
	unsetenv("SOFTDPA_STATS");
	sdpa_stats_maybe_start();
	assert_null(sdpa_stats_socket_path());
	sdpa_stats_stop(); /* forget "off" so that the next call reads the variable again */

	setenv("SOFTDPA_STATS", path, 1);
	assert_int_equal(sdpa_stats_register("t_sock", write_lines, "{\"hello\":1}\n"),
	                 DOCA_SUCCESS);
	sdpa_stats_maybe_start();
	assert_non_null(sdpa_stats_socket_path());
	assert_string_equal(sdpa_stats_socket_path(), path);
	sdpa_stats_maybe_start(); /* idempotent */
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));

	served = sdpa_stats_served();
	for (int i = 0; i < 3; i++) {
		got = read_socket(path);
		assert_non_null(got);
		assert_non_null(strstr(got, "{\"section\":\"softdpa\",\"pid\":"));
		assert_non_null(strstr(got, "\n{\"section\":\"t_sock\",\"hello\":1}\n"));
		free(got);
	}
	/* The server counts a connection before closing it, so the third is normally counted
	 * by now; the wait (by the clock, up to 30 s) only covers a slow machine. */
	for (uint64_t end = mono_ns() + 30 * 1000000000ull;
	     sdpa_stats_served() < served + 3 && mono_ns() < end;)
		usleep(1000);
	assert_int_equal(sdpa_stats_served(), served + 3);

	sdpa_stats_stop();
	assert_null(sdpa_stats_socket_path());
	assert_int_equal(stat(path, &st), -1);
	assert_int_equal(errno, ENOENT);
	assert_int_equal(connect_to(path), -1);
	sdpa_stats_stop(); /* stopping twice is harmless */

	/* softdpa_stats_dump starts it too. */
	free(dump_str());
	assert_non_null(sdpa_stats_socket_path());
	got = read_socket(path);
	assert_non_null(got);
	free(got);
	sdpa_stats_stop();
	assert_int_equal(sdpa_stats_unregister("t_sock"), DOCA_SUCCESS);
	unsetenv("SOFTDPA_STATS");
}

static void test_socket_path_problems(void **state)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	char path[512], longp[200];
	struct stat st;
	FILE *f;
	int fd;

	(void)state;
	/* A regular file is never replaced. */
	t_path(path, sizeof(path), "not_a_socket");
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("keep me", f);
	fclose(f);
	setenv("SOFTDPA_STATS", path, 1);
	t_log_reset();
	sdpa_stats_maybe_start();
	assert_null(sdpa_stats_socket_path());
	t_assert_logged("exists and is not a socket", "Pick another path");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 7);
	sdpa_stats_stop();

	/* A stale socket (its process died) is replaced. */
	t_path(path, sizeof(path), "stale.sock");
	set_sun_path(&sa, path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	close(fd); /* bound, never listening: nobody answers */
	setenv("SOFTDPA_STATS", path, 1);
	sdpa_stats_maybe_start();
	assert_non_null(sdpa_stats_socket_path());
	free(read_socket(path));

	/* A live socket belongs to another process (played here by our own listener). */
	sdpa_stats_stop();
	t_path(path, sizeof(path), "live.sock");
	set_sun_path(&sa, path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(listen(fd, 1), 0);
	setenv("SOFTDPA_STATS", path, 1);
	t_log_reset();
	sdpa_stats_maybe_start();
	assert_null(sdpa_stats_socket_path());
	t_assert_logged("is served by another running process", "its own path");
	close(fd);
	sdpa_stats_stop();

	/* Too long for sun_path. */
	memset(longp, 'x', sizeof(longp) - 1);
	longp[0] = '/';
	longp[sizeof(longp) - 1] = '\0';
	setenv("SOFTDPA_STATS", longp, 1);
	t_log_reset();
	sdpa_stats_maybe_start();
	assert_null(sdpa_stats_socket_path());
	t_assert_logged("longer than a unix socket path may be", "shorter path");
	sdpa_stats_stop();

	/* A directory that does not exist. */
	setenv("SOFTDPA_STATS", "/nonexistent-dir/s.sock", 1);
	t_log_reset();
	sdpa_stats_maybe_start();
	assert_null(sdpa_stats_socket_path());
	t_assert_logged("cannot listen on it", "directory exists");
	sdpa_stats_stop();
	unsetenv("SOFTDPA_STATS");
}

/* Clients hammer the socket while sections are registered and removed: every dump is
 * whole (header first, each line an object) and nothing races (TSan in CI). */
struct churn {
	const char *path;
	sdpa_atomic_int bad;
};

static void *client(void *arg)
{
	struct churn *c = arg;

	for (int i = 0; i < 30; i++) {
		char *got = read_socket(c->path);

		if (got == NULL || strncmp(got, "{\"section\":\"softdpa\"", 20) != 0)
			sdpa_fetch_add_relaxed(&c->bad, 1);
		for (char *p = got; p != NULL && *p != '\0';) {
			char *nl = strchr(p, '\n');

			if (*p != '{' || nl == NULL || nl[-1] != '}') {
				sdpa_fetch_add_relaxed(&c->bad, 1);
				break;
			}
			p = nl + 1;
		}
		free(got);
	}
	return NULL;
}

static void test_socket_concurrent(void **state)
{
	char path[512];
	struct churn c = {.path = path};
	pthread_t th[4];

	(void)state;
	t_path(path, sizeof(path), "conc.sock");
	setenv("SOFTDPA_STATS", path, 1);
	sdpa_stats_maybe_start();
	assert_non_null(sdpa_stats_socket_path());
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&th[i], NULL, client, &c), 0);
	for (int i = 0; i < 200; i++) {
		assert_int_equal(sdpa_stats_register("t_churn", write_lines, "{\"n\":1}\n"),
		                 DOCA_SUCCESS);
		assert_int_equal(sdpa_stats_unregister("t_churn"), DOCA_SUCCESS);
	}
	for (int i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(sdpa_load_relaxed(&c.bad), 0);
	sdpa_stats_stop();
	unsetenv("SOFTDPA_STATS");
}

static int setup(void **state)
{
	(void)state;
	return t_tmpdir() != NULL ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	t_rmdir_r(t_tmpdir());
	return 0;
}

int main(void)
{
	/* The io layer registers "ports" when the first port opens; open (and close) one so
	 * every case starts from the same registry: "ports" present, no traffic. */
	if (sdpa_port_open(63) != DOCA_SUCCESS || sdpa_port_close(63) != DOCA_SUCCESS)
		return 1;
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_register_errors),
	        cmocka_unit_test(test_dump_format),
	        cmocka_unit_test(test_json_str),
	        cmocka_unit_test(test_dump_errors),
	        cmocka_unit_test(test_ports_section),
	        cmocka_unit_test(test_socket_serves_and_stops),
	        cmocka_unit_test(test_socket_path_problems),
	        cmocka_unit_test(test_socket_concurrent),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
