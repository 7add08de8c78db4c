/* SPDX-License-Identifier: BSD-3-Clause
 * The IB verbs objects behind softdpa's devices (doca_rdma_bridge_get_dev_pd; docs/DPA.md,
 * "DOCA Verbs"). A DOCA device on hardware has an ibv_context and a protection domain, and
 * programs read its GID table through libibverbs (ibv_query_gid). softdpa's devices have no
 * kernel verbs device, so each emulated device gets an ibv_device / ibv_context / ibv_pd
 * triple (rdma-core's public structs) and libsoftdpa answers ibv_query_gid for those contexts
 * itself: the dynamic linker binds a program's ibv_query_gid to the first library that
 * defines it, and a program links libsoftdpa (pkg-config doca-*) before libibverbs. A context
 * that is not softdpa's goes to libibverbs' own ibv_query_gid (dlsym RTLD_NEXT).
 *
 * Without rdma-core's headers at build time doca_rdma_bridge_get_dev_pd is refused instead.
 */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <doca_dev.h>
#include <doca_rdma_bridge.h>

#include "core/devices.h"
#include "core/log.h"
#include "core/refuse.h"
#include "rdma/rdma.h"

SDPA_LOG_REGISTER(dpa_ibv_bridge);

#define RESULT_FIX "pass a result pointer"

#if defined(__has_include) && __has_include(<infiniband/verbs.h>)
#include <infiniband/verbs.h>

enum { GID_TABLE = 4 };

struct sdpa_ibv {
	struct ibv_device dev;
	struct ibv_context ctx;
	struct ibv_pd pd;
	uint32_t dev_id;
	bool ready;
};

static pthread_mutex_t ibv_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sdpa_ibv ibv[SDPA_MAX_DEVICES];

DOCA_STABLE doca_error_t doca_rdma_bridge_get_dev_pd(const struct doca_dev *dev, struct ibv_pd **pd)
{
	uint32_t id;
	struct sdpa_ibv *v;

	if (SDPA_NULL_ARGS("pass an opened device (doca_dev_open); " RESULT_FIX, dev, pd))
		return DOCA_ERROR_INVALID_VALUE;
	id = sdpa_dev_id(dev);
	if (id >= SDPA_MAX_DEVICES) {
		DOCA_LOG_ERR("%s: dev is not an open device; pass one from doca_dev_open",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	v = &ibv[id];
	pthread_mutex_lock(&ibv_lock);
	if (!v->ready) {
		char name[DOCA_DEVINFO_IBDEV_NAME_SIZE] = "";

		(void)doca_devinfo_get_ibdev_name(doca_dev_as_devinfo(dev), name, sizeof(name));
		memset(v, 0, sizeof(*v));
		v->dev_id = id;
		v->dev.node_type = IBV_NODE_CA;
		v->dev.transport_type = IBV_TRANSPORT_IB;
		snprintf(v->dev.name, sizeof(v->dev.name), "%s", name);
		snprintf(v->dev.dev_name, sizeof(v->dev.dev_name), "uverbs%u", id);
		v->ctx.device = &v->dev;
		v->ctx.cmd_fd = -1;
		v->ctx.async_fd = -1;
		v->ctx.num_comp_vectors = 1;
		pthread_mutex_init(&v->ctx.mutex, NULL);
		v->pd.context = &v->ctx;
		v->pd.handle = id;
		v->ready = true;
	}
	pthread_mutex_unlock(&ibv_lock);
	*pd = &v->pd;
	return DOCA_SUCCESS;
}

/* The emulated device of a context of ours, or -1. */
static int ours(const struct ibv_context *context)
{
	for (unsigned int i = 0; i < SDPA_MAX_DEVICES; i++)
		if (context == &ibv[i].ctx && ibv[i].ready)
			return (int)i;
	return -1;
}

typedef int (*query_gid_fn)(struct ibv_context *, uint8_t, int, union ibv_gid *);

/* libibverbs' ibv_query_gid, for a program's ibv_query_gid on a context of ours. */
__attribute__((visibility("default"))) int
ibv_query_gid(struct ibv_context *context, uint8_t port_num, int index, union ibv_gid *gid)
{
	int dev = ours(context);

	if (dev < 0) {
		query_gid_fn next = (query_gid_fn)dlsym(RTLD_NEXT, "ibv_query_gid");

		if (next == NULL) {
			errno = ENODEV;
			return -1;
		}
		return next(context, port_num, index, gid);
	}
	if (gid == NULL || port_num != 1 || index < 0 || index >= GID_TABLE) {
		DOCA_LOG_ERR("ibv_query_gid: port %u, GID index %d of softdpa device %d does not "
		             "exist; query port 1, index 0..%d",
		             port_num, index, dev, GID_TABLE - 1);
		errno = EINVAL;
		return -1;
	}
	sdpa_rdma_gid(ibv[dev].dev_id, (uint32_t)index, gid->raw);
	return 0;
}

#else

DOCA_STABLE doca_error_t doca_rdma_bridge_get_dev_pd(const struct doca_dev *dev, struct ibv_pd **pd)
{
	if (SDPA_NULL_ARGS("pass an opened device (doca_dev_open); " RESULT_FIX, dev, pd))
		return DOCA_ERROR_INVALID_VALUE;
	SDPA_SAY_REFUSED("softdpa was built without rdma-core's headers (libibverbs-dev)");
	return DOCA_ERROR_NOT_SUPPORTED;
}

#endif
