/* SPDX-License-Identifier: BSD-3-Clause
 * Stats registry, softdpa_stats_dump() and the SOFTDPA_STATS socket server.
 *
 * Locks: reg_lock guards the section table and is held while callbacks run; srv_lock
 * guards the server's start/stop. Order: srv_lock may be taken before reg_lock, never
 * the reverse (the server thread takes only reg_lock, so stop can join it safely).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <softdpa.h>

#include "core/atomics.h"
#include "core/config.h"
#include "core/log.h"
#include "core/stats.h"
#include "core/util.h"

SDPA_LOG_REGISTER(core_stats);

enum {
	SEND_TIMEOUT_S = 2, /* a client that stops reading cannot hold the server longer */
	LISTEN_BACKLOG = 8,
};

struct section {
	char name[SDPA_STATS_NAME_MAX];
	void (*fn)(void *arg, FILE *out);
	void *arg;
};

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static struct section sections[SDPA_STATS_SECTIONS];
static unsigned int nr_sections;

/* ------------------------------------------------------------ JSON lines */

void sdpa_stats_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)(s != NULL ? s : ""); *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20)
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

/* Copy one callback line to out with the section name added (see stats.h). */
static void emit_line(FILE *out, const char *name, const char *line, size_t len)
{
	size_t b = 0, e = len;

	while (b < e && (line[b] == ' ' || line[b] == '\t'))
		b++;
	while (e > b && (line[e - 1] == ' ' || line[e - 1] == '\t' || line[e - 1] == '\r'))
		e--;
	if (b == e)
		return;
	fprintf(out, "{\"section\":");
	sdpa_stats_json_str(out, name);
	if (line[b] == '{' && line[e - 1] == '}' && e - b >= 2) {
		b++;
		e--;
		while (b < e && (line[b] == ' ' || line[b] == '\t'))
			b++;
		if (b < e) {
			fputc(',', out);
			fwrite(line + b, 1, e - b, out);
		}
		fputs("}\n", out);
		return;
	}
	char *text = strndup(line + b, e - b);

	fputs(",\"text\":", out);
	sdpa_stats_json_str(out, text != NULL ? text : "(out of memory)");
	fputs("}\n", out);
	free(text);
}

/* Holding reg_lock. */
static void dump_section(FILE *out, const struct section *s)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&buf, &size);

	if (mem == NULL) {
		fprintf(out, "{\"section\":");
		sdpa_stats_json_str(out, s->name);
		fputs(",\"error\":\"out of memory\"}\n", out);
		return;
	}
	s->fn(s->arg, mem);
	fclose(mem);
	for (size_t i = 0; i < size;) {
		const char *nl = memchr(buf + i, '\n', size - i);
		size_t len = nl != NULL ? (size_t)(nl - (buf + i)) : size - i;

		emit_line(out, s->name, buf + i, len);
		i += len + 1;
	}
	free(buf);
}

static void dump_all(FILE *out)
{
	pthread_mutex_lock(&reg_lock);
	fprintf(out, "{\"section\":\"softdpa\",\"pid\":%ld,\"sections\":%u}\n", (long)getpid(),
	        nr_sections);
	for (unsigned int i = 0; i < nr_sections; i++)
		dump_section(out, &sections[i]);
	pthread_mutex_unlock(&reg_lock);
}

/* ------------------------------------------------------------ registry */

static bool valid_name(const char *s)
{
	size_t n = 0;

	if (s == NULL)
		return false;
	for (; s[n] != '\0'; n++)
		if (!((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= '0' && s[n] <= '9') || s[n] == '_'))
			return false;
	return n >= 1 && n < SDPA_STATS_NAME_MAX;
}

static doca_error_t register_locked(const char *section, void (*fn)(void *, FILE *), void *arg)
{
	if (!valid_name(section)) {
		DOCA_LOG_ERR("sdpa_stats_register: section name '%s' is invalid; use 1..%d "
		             "characters from [a-z0-9_]",
		             section != NULL ? section : "(null)", SDPA_STATS_NAME_MAX - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (fn == NULL) {
		DOCA_LOG_ERR("sdpa_stats_register(%s): the dump callback is NULL; pass a function "
		             "that writes the section's JSON lines",
		             section);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (unsigned int i = 0; i < nr_sections; i++) {
		if (strcmp(sections[i].name, section) == 0) {
			DOCA_LOG_ERR("sdpa_stats_register: section '%s' is already registered; "
			             "unregister it first or pick another name",
			             section);
			return DOCA_ERROR_ALREADY_EXIST;
		}
	}
	if (nr_sections == SDPA_STATS_SECTIONS) {
		DOCA_LOG_ERR("sdpa_stats_register(%s): all %d sections are taken; unregister one "
		             "or raise SDPA_STATS_SECTIONS",
		             section, SDPA_STATS_SECTIONS);
		return DOCA_ERROR_FULL;
	}
	snprintf(sections[nr_sections].name, SDPA_STATS_NAME_MAX, "%s", section);
	sections[nr_sections].fn = fn;
	sections[nr_sections].arg = arg;
	nr_sections++;
	return DOCA_SUCCESS;
}

doca_error_t sdpa_stats_register(const char *section, void (*fn)(void *arg, FILE *out), void *arg)
{
	doca_error_t r;

	pthread_mutex_lock(&reg_lock);
	r = register_locked(section, fn, arg);
	pthread_mutex_unlock(&reg_lock);
	return r;
}

doca_error_t sdpa_stats_unregister(const char *section)
{
	doca_error_t r = DOCA_ERROR_NOT_FOUND;

	pthread_mutex_lock(&reg_lock);
	for (unsigned int i = 0; section != NULL && i < nr_sections; i++) {
		if (strcmp(sections[i].name, section) == 0) {
			memmove(&sections[i], &sections[i + 1],
			        (nr_sections - i - 1) * sizeof(sections[0]));
			nr_sections--;
			r = DOCA_SUCCESS;
			break;
		}
	}
	pthread_mutex_unlock(&reg_lock);
	if (r != DOCA_SUCCESS)
		DOCA_LOG_DBG("sdpa_stats_unregister: no section '%s'",
		             section != NULL ? section : "(null)");
	return r;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_stats_dump(FILE *out)
{
	if (out == NULL) {
		DOCA_LOG_ERR("softdpa_stats_dump: out is NULL; pass an open FILE (e.g. stdout)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	sdpa_stats_maybe_start();
	dump_all(out);
	if (fflush(out) != 0 || ferror(out)) {
		DOCA_LOG_ERR("softdpa_stats_dump: writing the dump failed (%s); check the file "
		             "is open for writing and the disk is not full",
		             strerror(errno));
		return DOCA_ERROR_IO_FAILED;
	}
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------ socket server */

enum srv_state { SRV_UNCHECKED = 0, SRV_RUNNING, SRV_OFF };

static pthread_mutex_t srv_lock = PTHREAD_MUTEX_INITIALIZER;
static sdpa_atomic_int srv_state; /* enum srv_state */
static sdpa_atomic_u64 srv_served;
static pthread_t srv_thread;       /* under srv_lock */
static int srv_listen_fd = -1;     /* under srv_lock; the thread reads it after start */
static int srv_wake[2] = {-1, -1}; /* write end: stop; read end: the thread polls it */
static pid_t srv_pid;              /* the process that started the thread (see fork) */
static char srv_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
static bool srv_atexit_done;

static void serve_one(int fd)
{
	struct timeval tv = {.tv_sec = SEND_TIMEOUT_S};
	char *buf = NULL;
	size_t size = 0, off = 0;
	FILE *mem = open_memstream(&buf, &size);

	if (mem == NULL)
		return;
	dump_all(mem);
	fclose(mem);
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	while (off < size) {
		/* MSG_NOSIGNAL: a client that went away must not SIGPIPE the application. */
		ssize_t n = send(fd, buf + off, size - off, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	free(buf);
}

static void *srv_main(void *arg)
{
	struct pollfd pfd[2] = {
	        {.fd = srv_listen_fd, .events = POLLIN},
	        {.fd = srv_wake[0], .events = POLLIN},
	};

	(void)arg;
	for (;;) {
		int fd;

		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[1].revents != 0)
			break;
		if (!(pfd[0].revents & POLLIN))
			continue;
		fd = accept4(srv_listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0)
			continue;
		serve_one(fd);
		/* Count before close: a client that has read EOF finds itself counted.
		 * R3 (release side) pairs with A3 in sdpa_stats_served. */
		sdpa_fetch_add_acq_rel(&srv_served, 1);
		close(fd);
	}
	return NULL;
}

/* Another process answering on the socket means the path is in use, not stale. */
static bool socket_alive(const struct sockaddr_un *sa)
{
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bool alive;

	if (fd < 0)
		return false;
	alive = connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) == 0;
	close(fd);
	return alive;
}

static void stop_atexit(void)
{
	sdpa_stats_stop();
}

/* Holding srv_lock. Returns the new state. */
static enum srv_state start_locked(void)
{
	const char *path = getenv("SOFTDPA_STATS");
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	sigset_t all, old;
	struct stat st;
	int fd, err;

	if (path == NULL || *path == '\0')
		return SRV_OFF;
	if (strlen(path) >= sizeof(sa.sun_path)) {
		DOCA_LOG_WARN("SOFTDPA_STATS='%s' is longer than a unix socket path may be (%zu "
		              "bytes); use a shorter path. Stats socket disabled",
		              path, sizeof(sa.sun_path) - 1);
		return SRV_OFF;
	}
	memcpy(sa.sun_path, path, strlen(path) + 1);
	if (lstat(path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode)) {
			DOCA_LOG_WARN("SOFTDPA_STATS='%s' exists and is not a socket; softdpa will "
			              "not replace it. Pick another path. Stats socket disabled",
			              path);
			return SRV_OFF;
		}
		if (socket_alive(&sa)) {
			DOCA_LOG_WARN("SOFTDPA_STATS='%s' is served by another running process; "
			              "give each process its own path. Stats socket disabled",
			              path);
			return SRV_OFF;
		}
		(void)unlink(path); /* stale: left by a process that was killed */
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	/* The dump is the owner's business: 0600 whatever the umask. chmod between bind and
	 * listen: nobody can connect before listen, so no looser mode is ever usable. */
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
	    chmod(path, S_IRUSR | S_IWUSR) != 0 || listen(fd, LISTEN_BACKLOG) != 0) {
		err = errno;
		if (fd >= 0) {
			close(fd);
			if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode))
				(void)unlink(path); /* ours, bound but never served */
		}
		DOCA_LOG_WARN("SOFTDPA_STATS='%s': cannot listen on it (%s); check the directory "
		              "exists and is writable. Stats socket disabled",
		              path, strerror(err));
		return SRV_OFF;
	}
	if (pipe2(srv_wake, O_CLOEXEC) != 0) {
		err = errno;
		close(fd);
		(void)unlink(path);
		DOCA_LOG_WARN("SOFTDPA_STATS: cannot create the server's wake pipe (%s); raise the "
		              "open-file limit. Stats socket disabled",
		              strerror(err));
		return SRV_OFF;
	}
	srv_listen_fd = fd;
	memcpy(srv_path, path, strlen(path) + 1);
	/* The thread blocks every signal so that the application's handlers keep running
	 * in the threads the application expects. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(&srv_thread, NULL, srv_main, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err != 0) {
		close(fd);
		close(srv_wake[0]);
		close(srv_wake[1]);
		srv_listen_fd = srv_wake[0] = srv_wake[1] = -1;
		(void)unlink(path);
		srv_path[0] = '\0';
		DOCA_LOG_WARN("SOFTDPA_STATS: cannot start the server thread (%s); raise the "
		              "thread limit. Stats socket disabled",
		              strerror(err));
		return SRV_OFF;
	}
	srv_pid = getpid();
	if (!srv_atexit_done && atexit(stop_atexit) == 0)
		srv_atexit_done = true;
	DOCA_LOG_INFO("stats: serving dumps on %s (read them with: softdpa stats --socket %s)",
	              path, path);
	return SRV_RUNNING;
}

void sdpa_stats_maybe_start(void)
{
	/* A2 pairs with R2 below: a settled state is final until sdpa_stats_stop. */
	if (sdpa_load_acquire(&srv_state) != SRV_UNCHECKED)
		return;
	pthread_mutex_lock(&srv_lock);
	if (sdpa_load_relaxed(&srv_state) == SRV_UNCHECKED)
		/* R2 pairs with A2 above and in sdpa_stats_socket_path. */
		sdpa_store_release(&srv_state, start_locked());
	pthread_mutex_unlock(&srv_lock);
}

void sdpa_stats_stop(void)
{
	pthread_mutex_lock(&srv_lock);
	if (sdpa_load_relaxed(&srv_state) == SRV_RUNNING && srv_pid == getpid()) {
		char b = 1;

		while (write(srv_wake[1], &b, 1) < 0 && errno == EINTR)
			;
		pthread_join(srv_thread, NULL);
		close(srv_listen_fd);
		close(srv_wake[0]);
		close(srv_wake[1]);
		(void)unlink(srv_path);
	}
	/* In a forked child the thread does not exist: forget it, touch nothing shared. */
	srv_listen_fd = srv_wake[0] = srv_wake[1] = -1;
	srv_path[0] = '\0';
	/* R2 pairs with A2 in sdpa_stats_maybe_start: the fields above are reset first. */
	sdpa_store_release(&srv_state, SRV_UNCHECKED);
	pthread_mutex_unlock(&srv_lock);
}

const char *sdpa_stats_socket_path(void)
{
	/* A2 pairs with R2 in sdpa_stats_maybe_start: srv_path is set before RUNNING. */
	return sdpa_load_acquire(&srv_state) == SRV_RUNNING ? srv_path : NULL;
}

uint64_t sdpa_stats_served(void)
{
	/* A3 pairs with R3 in srv_main. */
	return sdpa_load_acquire(&srv_served);
}
