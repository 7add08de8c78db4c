/* SPDX-License-Identifier: BSD-3-Clause
 * Forward to a target (DOCA_FLOW_FWD_TARGET): the kernel target of doca_flow_get_target.
 *
 * On a BlueField the kernel target hands a frame to the Linux network stack of the port's
 * function. softdpa gives each port that has a forward to the kernel a TAP interface
 * (sdpak<N>, named by the kernel) when /dev/net/tun is usable and SOFTDPA_KERNEL_TAP is not
 * 0: the frames reach the host's Linux stack through it. Otherwise they are captured (the
 * last SDPA_KERNEL_CAPTURE frames of each port, softdpa_port_kernel_drain) and counted; one
 * log line says which. `softdpa stats` shows the counts (section "kernel").
 *
 * Thread-safety: the state of a port is created by the control plane (flow lock) and
 * published with a release store; the datapath delivers under the state's mutex (frames to
 * the kernel are rare; several workers may reach one port's pipes); the state is freed
 * with the port, after the datapath has let go of it (doca_flow_port_stop).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <softdpa.h>

#include "core/config.h"
#include "core/log.h"
#include "core/stats.h"
#include "nic/flow_priv.h"

SDPA_LOG_REGISTER(nic_target);

enum { SDPA_KERNEL_CAPTURE = 256 }; /* captured frames kept per port (power of two) */

struct doca_flow_target {
	enum doca_flow_target_type type;
};

static struct doca_flow_target kernel_target = {DOCA_FLOW_TARGET_KERNEL};

struct sdpa_kernel {
	pthread_mutex_t mtx; /* deliveries (datapath) and drains (application) */
	int fd;              /* the TAP device, -1: frames are captured */
	char ifname[IFNAMSIZ];
	uint64_t frames, bytes, dropped;
	uint32_t head, tail; /* captured frames [head, tail) */
	struct {
		uint32_t len;
		uint8_t *buf;
	} cap[SDPA_KERNEL_CAPTURE];
};

static void kernel_stats_dump(void *arg, FILE *out);

DOCA_EXPERIMENTAL doca_error_t doca_flow_get_target(enum doca_flow_target_type type,
                                                    struct doca_flow_target **target)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	if (target == NULL) {
		DOCA_LOG_ERR("doca_flow_get_target: target is NULL; pass where to store the "
		             "target");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((unsigned int)type != DOCA_FLOW_TARGET_KERNEL) {
		DOCA_LOG_ERR("doca_flow_get_target: unknown target type %d; use "
		             "DOCA_FLOW_TARGET_KERNEL",
		             (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_get_target: DOCA Flow is not initialised; call "
		             "doca_flow_init first");
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_unlock(&flow_g.lock);
	/* Registered once, outside the flow lock (the dump takes it: registry -> flow). */
	pthread_once(&once, sdpa_kernel_stats_register);
	*target = &kernel_target;
	return DOCA_SUCCESS;
}

void sdpa_kernel_stats_register(void)
{
	(void)sdpa_stats_register("kernel", kernel_stats_dump, NULL);
}

bool sdpa_target_valid(const struct doca_flow_target *t)
{
	return t == &kernel_target;
}

/* A TAP interface for the port: the fd (non-blocking, link up), or -1 with errno set. */
static int tap_open(char *ifname)
{
	struct ifreq ifr;
	int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	int s;

	if (fd < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	snprintf(ifr.ifr_name, IFNAMSIZ, "sdpak%%d");
	if (ioctl(fd, TUNSETIFF, &ifr) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	snprintf(ifname, IFNAMSIZ, "%s", ifr.ifr_name);
	/* Link up, or the kernel refuses what we write (EIO). */
	s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (s >= 0) {
		if (ioctl(s, SIOCGIFFLAGS, &ifr) == 0) {
			ifr.ifr_flags |= IFF_UP;
			(void)ioctl(s, SIOCSIFFLAGS, &ifr);
		}
		close(s);
	}
	return fd;
}

doca_error_t sdpa_kernel_setup(struct doca_flow_port *port, const char *who)
{
	struct sdpa_kernel *k;

	if (sdpa_load_relaxed(&port->kern) != NULL)
		return DOCA_SUCCESS;
	k = calloc(1, sizeof(*k));
	if (k == NULL) {
		DOCA_LOG_ERR("%s: out of memory for port %u's kernel target; free memory", who,
		             (unsigned int)port->port_id);
		return DOCA_ERROR_NO_MEMORY;
	}
	pthread_mutex_init(&k->mtx, NULL);
	k->fd = -1;
	if (!sdpa_env_bool("SOFTDPA_KERNEL_TAP", true)) {
		DOCA_LOG_INFO("port %u: frames forwarded to the kernel target are captured and "
		              "counted (SOFTDPA_KERNEL_TAP=0; softdpa stats, section kernel)",
		              (unsigned int)port->port_id);
	} else if ((k->fd = tap_open(k->ifname)) < 0) {
		DOCA_LOG_WARN("port %u: no TAP device for the kernel target (/dev/net/tun: %s): "
		              "frames forwarded to the kernel are captured and counted instead "
		              "(softdpa stats, section kernel); run with CAP_NET_ADMIN and "
		              "/dev/net/tun to hand them to the host's Linux stack",
		              (unsigned int)port->port_id, strerror(errno));
	} else {
		DOCA_LOG_INFO("port %u: frames forwarded to the kernel target go to TAP interface "
		              "%s (the host's Linux stack)",
		              (unsigned int)port->port_id, k->ifname);
	}
	/* R-kern pairs with A-kern in sdpa_kernel_deliver: the state is whole */
	sdpa_store_release(&port->kern, k);
	return DOCA_SUCCESS;
}

void sdpa_kernel_deliver(struct doca_flow_port *port, const uint8_t *data, uint32_t len)
{
	/* A-kern pairs with R-kern in sdpa_kernel_setup */
	struct sdpa_kernel *k = port ? sdpa_load_acquire(&port->kern) : NULL;

	if (k == NULL)
		return; /* cannot happen: a TARGET forward sets it up at compile time */
	pthread_mutex_lock(&k->mtx);
	k->frames++;
	k->bytes += len;
	if (k->fd >= 0) {
		if (write(k->fd, data, len) != (ssize_t)len)
			k->dropped++; /* the host's stack did not take it (queue full, link down) */
	} else {
		uint32_t i;

		if (k->tail - k->head == SDPA_KERNEL_CAPTURE)
			k->head++; /* keep the latest frames */
		i = k->tail & (SDPA_KERNEL_CAPTURE - 1);
		if (k->cap[i].buf == NULL)
			k->cap[i].buf = malloc(SOFTDPA_FRAME_MAX);
		if (k->cap[i].buf != NULL) {
			memcpy(k->cap[i].buf, data, len);
			k->cap[i].len = len;
			k->tail++;
		} else {
			k->dropped++;
		}
	}
	pthread_mutex_unlock(&k->mtx);
}

void sdpa_kernel_free(struct doca_flow_port *port)
{
	struct sdpa_kernel *k = sdpa_load_relaxed(&port->kern);

	if (k == NULL)
		return;
	sdpa_store_relaxed(&port->kern, NULL);
	if (k->fd >= 0)
		close(k->fd);
	for (uint32_t i = 0; i < SDPA_KERNEL_CAPTURE; i++)
		free(k->cap[i].buf);
	pthread_mutex_destroy(&k->mtx);
	free(k);
}

static struct sdpa_kernel *kernel_of(uint16_t port_id)
{
	struct doca_flow_port *p;

	if (!flow_g.inited || port_id >= SDPA_MAX_PORTS)
		return NULL;
	p = sdpa_load_relaxed(&flow_g.ports[port_id]);
	return p ? sdpa_load_relaxed(&p->kern) : NULL;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_port_kernel_stats(uint16_t port_id,
                                                         struct softdpa_kernel_stats *stats)
{
	struct sdpa_kernel *k;

	if (stats == NULL || port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("softdpa_port_kernel_stats: %s; pass a port id < %u and a stats "
		             "struct",
		             stats == NULL ? "stats is NULL" : "port id out of range",
		             SDPA_MAX_PORTS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memset(stats, 0, sizeof(*stats));
	pthread_mutex_lock(&flow_g.lock);
	k = kernel_of(port_id);
	if (k != NULL) {
		pthread_mutex_lock(&k->mtx);
		stats->frames = k->frames;
		stats->bytes = k->bytes;
		stats->dropped = k->dropped;
		stats->captured = k->tail - k->head;
		stats->tap = k->fd >= 0;
		snprintf(stats->ifname, sizeof(stats->ifname), "%s", k->ifname);
		pthread_mutex_unlock(&k->mtx);
	}
	pthread_mutex_unlock(&flow_g.lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_port_kernel_drain(uint16_t port_id, uint8_t *buf,
                                                         uint32_t cap, uint32_t *len)
{
	struct sdpa_kernel *k;
	doca_error_t r = DOCA_ERROR_EMPTY;

	if (buf == NULL || len == NULL || port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("softdpa_port_kernel_drain: %s; pass a port id < %u, a buffer and "
		             "where to store the length",
		             port_id >= SDPA_MAX_PORTS ? "port id out of range" : "NULL argument",
		             SDPA_MAX_PORTS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	k = kernel_of(port_id);
	if (k != NULL) {
		pthread_mutex_lock(&k->mtx);
		if (k->head != k->tail) {
			uint32_t i = k->head & (SDPA_KERNEL_CAPTURE - 1);

			*len = k->cap[i].len;
			if (k->cap[i].len > cap) {
				r = DOCA_ERROR_NO_MEMORY;
				DOCA_LOG_ERR(
				        "softdpa_port_kernel_drain: the next frame has %u bytes, "
				        "the buffer %u; pass a buffer of SOFTDPA_FRAME_MAX bytes",
				        k->cap[i].len, cap);
			} else {
				memcpy(buf, k->cap[i].buf, k->cap[i].len);
				k->head++;
				r = DOCA_SUCCESS;
			}
		}
		pthread_mutex_unlock(&k->mtx);
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

static void kernel_stats_dump(void *arg, FILE *out)
{
	(void)arg;
	pthread_mutex_lock(&flow_g.lock);
	for (uint16_t i = 0; i < SDPA_MAX_PORTS; i++) {
		struct sdpa_kernel *k = kernel_of(i);

		if (k == NULL)
			continue;
		pthread_mutex_lock(&k->mtx);
		fprintf(out, "{\"port\":%u,\"mode\":\"%s\",\"ifname\":", (unsigned int)i,
		        k->fd >= 0 ? "tap" : "captured");
		sdpa_stats_json_str(out, k->ifname);
		fprintf(out, ",\"frames\":%llu,\"bytes\":%llu,\"dropped\":%llu,\"captured\":%u}\n",
		        (unsigned long long)k->frames, (unsigned long long)k->bytes,
		        (unsigned long long)k->dropped, k->tail - k->head);
		pthread_mutex_unlock(&k->mtx);
	}
	pthread_mutex_unlock(&flow_g.lock);
}
