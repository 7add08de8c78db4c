/* SPDX-License-Identifier: BSD-3-Clause
 * umems (doca_umem.h): a registration of host or DPA heap memory for a device's queues. The
 * range and access flags are checked and recorded, with a process-wide ID. GPU umems are not
 * emulated.
 */
#include <stdlib.h>

#include <doca_types.h>
#include <doca_umem.h>

#include "core/handles.h"
#include "core/log.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_umem);

enum { UMEM_MAGIC = 0x554d454d };

/* Every doca_access_flag bit. */
#define ACCESS_KNOWN (((uint32_t)DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING << 1) - 1)

struct doca_umem {
	uint32_t magic;
	uint32_t id;
	void *addr;
	size_t size;
	uint32_t access;
	struct doca_dpa *dpa; /* DPA umem: its context (root) */
};

static sdpa_atomic_u32 next_id;

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

static bool umem_valid(const struct doca_umem *u)
{
	return sdpa_handle_live(u, SDPA_H_UMEM) && u->magic == UMEM_MAGIC;
}

static doca_error_t check_common(const char *fn, size_t size, uint32_t access_flags,
                                 struct doca_umem **umem_obj)
{
	if (umem_obj == NULL) {
		DOCA_LOG_ERR("%s: umem_obj is NULL; pass a result pointer", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (size == 0) {
		DOCA_LOG_ERR("%s: size is 0; register at least one byte", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (access_flags & ~(uint32_t)ACCESS_KNOWN) {
		DOCA_LOG_ERR("%s: access_flags 0x%x holds unknown flags; use enum doca_access_flag",
		             fn, access_flags);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

static doca_error_t make(const char *fn, void *addr, size_t size, uint32_t access,
                         struct doca_dpa *dpa, struct doca_umem **umem_obj)
{
	struct doca_umem *u = calloc(1, sizeof(*u));

	if (u == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", fn);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(u, SDPA_H_UMEM)) {
		free(u);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	u->magic = UMEM_MAGIC;
	u->id = sdpa_fetch_add_acq_rel(&next_id, 1) + 1;
	u->addr = addr;
	u->size = size;
	u->access = access;
	u->dpa = dpa;
	*umem_obj = u;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_umem_create(const struct doca_dev *dev, void *address,
                                                size_t size, uint32_t access_flags,
                                                struct doca_umem **umem_obj)
{
	doca_error_t r;

	if (dev == NULL || address == NULL) {
		SAY_BAD_ARG(dev == NULL ? "dev is NULL" : "address is NULL",
		            "pass an opened device and the memory to register");
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check_common(__func__, size, access_flags, umem_obj);
	if (r != DOCA_SUCCESS)
		return r;
	return make(__func__, address, size, access_flags, NULL, umem_obj);
}

DOCA_EXPERIMENTAL doca_error_t doca_umem_dpa_create(struct doca_dpa *dpa, uint64_t address,
                                                    size_t size, uint32_t access_flags,
                                                    struct doca_umem **umem_obj)
{
	struct doca_dpa *root;
	doca_error_t r;

	if (!sdpa_dpa_valid(dpa) || !dpa->started) {
		SAY_BAD_ARG("dpa is NULL, not a DPA context or not started",
		            "pass a context started with doca_dpa_start");
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check_common(__func__, size, access_flags, umem_obj);
	if (r != DOCA_SUCCESS)
		return r;
	root = sdpa_dpa_root(dpa);
	if (!sdpa_heap_range_ok(&root->heap, address, size)) {
		DOCA_LOG_ERR("%s: [0x%llx, +%zu) is not inside one live DPA heap allocation of "
		             "context %u; register memory from doca_dpa_mem_alloc",
		             __func__, (unsigned long long)address, size, dpa->id);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return make(__func__, (void *)(uintptr_t)address, size, access_flags, root, umem_obj);
}

DOCA_EXPERIMENTAL doca_error_t doca_umem_gpu_create(struct doca_gpu *gpu, struct doca_dev *dev,
                                                    void *address, size_t size,
                                                    uint32_t access_flags,
                                                    struct doca_umem **umem_obj)
{
	(void)access_flags;
	if (gpu == NULL || dev == NULL || address == NULL || umem_obj == NULL || size == 0) {
		SAY_BAD_ARG(
		        "an argument is NULL or size is 0",
		        "pass a GPU, an opened device, GPU memory, its size and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (GPUs are not emulated)", __func__);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_umem_destroy(struct doca_umem *umem_obj)
{
	if (!umem_valid(umem_obj)) {
		SAY_BAD_ARG("umem_obj is NULL or not a umem", "pass a umem from doca_umem_*create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	umem_obj->magic = 0;
	sdpa_handle_retire(umem_obj, free); /* quarantined: core/handles.h */
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_umem_get_id(const struct doca_umem *umem_obj, uint32_t *umem_id)
{
	if (!umem_valid(umem_obj) || umem_id == NULL) {
		SAY_BAD_ARG(umem_id == NULL ? "umem_id is NULL" : "umem_obj is NULL or not a umem",
		            "pass a umem from doca_umem_*create and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*umem_id = umem_obj->id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_umem_get_size(const struct doca_umem *umem_obj,
                                                  uint32_t *umem_size)
{
	if (!umem_valid(umem_obj) || umem_size == NULL) {
		SAY_BAD_ARG(umem_size == NULL ? "umem_size is NULL"
		                              : "umem_obj is NULL or not a umem",
		            "pass a umem from doca_umem_*create and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*umem_size = umem_obj->size > UINT32_MAX ? UINT32_MAX : (uint32_t)umem_obj->size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_umem_get_address(const struct doca_umem *umem_obj,
                                                     void **umem_addr)
{
	if (!umem_valid(umem_obj) || umem_addr == NULL) {
		SAY_BAD_ARG(umem_addr == NULL ? "umem_addr is NULL"
		                              : "umem_obj is NULL or not a umem",
		            "pass a umem from doca_umem_*create and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*umem_addr = umem_obj->addr;
	return DOCA_SUCCESS;
}
