/* SPDX-License-Identifier: BSD-3-Clause
 * doca_mmap and doca_buf_arr as far as the DPA needs them: memory ranges exported to
 * kernels by a 32-bit handle (an index into a process-wide table), export descriptors for
 * RDMA/PCI peers, and arrays of device buffer descriptors.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/log.h"
#include "dpa/dpa.h"
#include "core/handles.h"
#include "dpa/window.h"

SDPA_LOG_REGISTER(dpa_mmap);

_Static_assert(sizeof(struct doca_dpa_dev_buf) == 32, "device buffer descriptor is 32 bytes");

/* Handle h names slot (h & HANDLE_SLOT_MASK) - 1 of mmaps[], in generation h >> 13: a slot
 * serves many mmaps over time, each start bumps its generation, so a handle kept after its
 * mmap stopped names nothing (never the slot's next mmap); 0 is never a valid handle.
 * Entries are published with a release store and read by device code with an acquire load
 * (A5/R5); handles[] holds the live handle of each slot. */
enum { HANDLE_SLOT_BITS = 13, HANDLE_SLOT_MASK = (1u << HANDLE_SLOT_BITS) - 1 };
_Static_assert((unsigned int)SDPA_MAX_MMAPS <= (unsigned int)HANDLE_SLOT_MASK,
               "mmap slots fit the handle's slot bits");

static sdpa_atomic_ptr mmaps[SDPA_MAX_MMAPS];
static sdpa_atomic_u32 handles[SDPA_MAX_MMAPS];
static uint32_t gens[SDPA_MAX_MMAPS]; /* under mmaps_lock */
static pthread_mutex_t mmaps_lock = PTHREAD_MUTEX_INITIALIZER;

struct doca_mmap *sdpa_mmap_lookup(doca_dpa_dev_mmap_t handle)
{
	uint32_t slot = handle & HANDLE_SLOT_MASK;
	struct doca_mmap *m;

	if (slot == 0 || slot > SDPA_MAX_MMAPS)
		return NULL;
	/* A5 pairs with R5 in doca_mmap_start. */
	m = sdpa_load_acquire(&mmaps[slot - 1]);
	/* A5b pairs with R5b in doca_mmap_start/_stop: the slot still holds this handle. */
	return sdpa_load_acquire(&handles[slot - 1]) == handle ? m : NULL;
}

bool sdpa_mmap_contains(const struct doca_mmap *m, uint64_t addr, uint64_t len)
{
	uint64_t base = (uint64_t)(uintptr_t)m->addr;

	return addr >= base && addr - base <= m->len && len <= m->len - (addr - base);
}

static bool mmap_ok(const struct doca_mmap *m)
{
	return sdpa_handle_live(m, SDPA_H_MMAP) && m->magic == SDPA_MMAP_MAGIC;
}

/* 'dev' may access the mmap: added with add_dev, or the device of its DPA memrange. */
static bool dev_added(const struct doca_mmap *m, const struct doca_dev *dev)
{
	for (unsigned int i = 0; i < m->nr_devs; i++)
		if (m->devs[i] == dev)
			return true;
	return m->dpa != NULL && m->dpa->dev == dev;
}

static void free_exports(struct doca_mmap *m);

static doca_error_t check_cfg(struct doca_mmap *m, const char *fn)
{
	if (!mmap_ok(m)) {
		DOCA_LOG_ERR("%s: mmap is NULL or not a doca_mmap; pass one from doca_mmap_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (m->started) {
		DOCA_LOG_ERR("%s: the mmap is started; configure it before doca_mmap_start", fn);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_create(struct doca_mmap **mmap)
{
	struct doca_mmap *m;

	if (mmap == NULL) {
		DOCA_LOG_ERR("doca_mmap_create: mmap is NULL; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	sdpa_dpa_rdma_hooks();
	m = calloc(1, sizeof(*m));
	if (m == NULL || !sdpa_handle_add(m, SDPA_H_MMAP)) {
		free(m);
		DOCA_LOG_ERR("doca_mmap_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	m->magic = SDPA_MMAP_MAGIC;
	m->permissions = DOCA_ACCESS_FLAG_LOCAL_READ_WRITE;
	m->max_devs = SDPA_MMAP_MAX_DEVS;
	*mmap = m;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_set_memrange(struct doca_mmap *mmap, void *addr, size_t len)
{
	doca_error_t r = check_cfg(mmap, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (addr == NULL || len == 0) {
		DOCA_LOG_ERR("doca_mmap_set_memrange: %s; pass the start and length of host memory",
		             addr == NULL ? "addr is NULL" : "len is 0");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (mmap->dpa != NULL) {
		DOCA_LOG_ERR("doca_mmap_set_memrange: the mmap already has a DPA memrange; use one "
		             "mmap per range");
		return DOCA_ERROR_BAD_STATE;
	}
	mmap->addr = addr;
	mmap->len = len;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_get_memrange(const struct doca_mmap *mmap, void **addr,
                                                size_t *len)
{
	if (!mmap_ok(mmap) || addr == NULL || len == NULL) {
		DOCA_LOG_ERR("doca_mmap_get_memrange: NULL or invalid argument; pass an mmap and "
		             "result pointers");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*addr = mmap->addr;
	*len = mmap->len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_mmap_set_dpa_memrange(struct doca_mmap *mmap,
                                                          struct doca_dpa *dpa, uint64_t dpa_addr,
                                                          size_t len)
{
	doca_error_t r = check_cfg(mmap, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (!sdpa_dpa_valid(dpa) || !dpa->started) {
		DOCA_LOG_ERR("doca_mmap_set_dpa_memrange: dpa is %s; pass a started DPA context",
		             sdpa_dpa_valid(dpa) ? "not started" : "NULL or invalid");
		return sdpa_dpa_valid(dpa) ? DOCA_ERROR_BAD_STATE : DOCA_ERROR_INVALID_VALUE;
	}
	if (len == 0 || !sdpa_heap_range_ok(&sdpa_dpa_root(dpa)->heap, dpa_addr, len)) {
		DOCA_LOG_ERR(
		        "doca_mmap_set_dpa_memrange: [0x%llx, +%zu) is not inside one DPA heap "
		        "allocation; pass memory from doca_dpa_mem_alloc",
		        (unsigned long long)dpa_addr, len);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (mmap->nr_devs != 0 || mmap->addr != NULL) {
		DOCA_LOG_ERR("doca_mmap_set_dpa_memrange: the mmap already has a host memrange or "
		             "devices; a DPA memrange takes neither");
		return DOCA_ERROR_BAD_STATE;
	}
	if (mmap->dpa != NULL)
		sdpa_fetch_sub_acq_rel(&mmap->dpa->nr_refs, 1);
	mmap->dpa = dpa;
	sdpa_fetch_add_acq_rel(&dpa->nr_refs, 1);
	mmap->addr = (uint8_t *)(uintptr_t)dpa_addr;
	mmap->len = len;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_set_permissions(struct doca_mmap *mmap, uint32_t access_mask)
{
	doca_error_t r = check_cfg(mmap, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (access_mask & ~(uint32_t)0x7f) {
		DOCA_LOG_ERR(
		        "doca_mmap_set_permissions: 0x%x has bits outside enum doca_access_flag; "
		        "OR DOCA_ACCESS_FLAG_* values",
		        access_mask);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((access_mask & DOCA_ACCESS_FLAG_PCI_READ_ONLY) &&
	    (access_mask & DOCA_ACCESS_FLAG_PCI_READ_WRITE)) {
		DOCA_LOG_ERR("doca_mmap_set_permissions: DOCA_ACCESS_FLAG_PCI_READ_ONLY and "
		             "_PCI_READ_WRITE exclude each other; choose one");
		return DOCA_ERROR_INVALID_VALUE;
	}
	mmap->permissions = access_mask;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_add_dev(struct doca_mmap *mmap, struct doca_dev *dev)
{
	doca_error_t r = check_cfg(mmap, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (dev == NULL) {
		DOCA_LOG_ERR("doca_mmap_add_dev: dev is NULL; pass an opened doca_dev");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (mmap->dpa != NULL) {
		DOCA_LOG_ERR(
		        "doca_mmap_add_dev: the mmap has a DPA memrange, which takes no device");
		return DOCA_ERROR_NOT_PERMITTED;
	}
	for (unsigned int i = 0; i < mmap->nr_devs; i++) {
		if (mmap->devs[i] == dev) {
			DOCA_LOG_ERR(
			        "doca_mmap_add_dev: the device was added to this mmap already; "
			        "add each device once");
			return DOCA_ERROR_ALREADY_EXIST;
		}
	}
	if (mmap->nr_devs >= mmap->max_devs) {
		DOCA_LOG_ERR(
		        "doca_mmap_add_dev: the mmap has its maximum of %u devices; raise it "
		        "with doca_mmap_set_max_num_devices (softdpa holds up to %u) or remove "
		        "one with doca_mmap_rm_dev",
		        mmap->max_devs, SDPA_MMAP_MAX_DEVS);
		return DOCA_ERROR_NO_MEMORY;
	}
	mmap->devs[mmap->nr_devs++] = dev;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_set_max_num_devices(struct doca_mmap *mmap,
                                                       uint32_t max_num_devices)
{
	if (!mmap_ok(mmap)) {
		DOCA_LOG_ERR("%s: mmap is %s; pass an mmap made by doca_mmap_create", __func__,
		             mmap == NULL ? "NULL" : "not a live mmap (destroyed?)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (mmap->ever_started) {
		DOCA_LOG_ERR("%s: the mmap was started; set the maximum before its first "
		             "doca_mmap_start",
		             __func__);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if (max_num_devices == 0 || max_num_devices < mmap->nr_devs) {
		DOCA_LOG_ERR("%s: a maximum of %u devices is below the %u already added (and 1); "
		             "raise it or remove devices with doca_mmap_rm_dev",
		             __func__, max_num_devices, mmap->nr_devs);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* Above softdpa's own limit the limit rules: add_dev says so when it is reached. */
	mmap->max_devs =
	        max_num_devices < SDPA_MMAP_MAX_DEVS ? max_num_devices : SDPA_MMAP_MAX_DEVS;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_rm_dev(struct doca_mmap *mmap, struct doca_dev *dev)
{
	doca_error_t r = check_cfg(mmap, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	for (unsigned int i = 0; i < mmap->nr_devs; i++) {
		if (mmap->devs[i] == dev) {
			mmap->devs[i] = mmap->devs[--mmap->nr_devs];
			return DOCA_SUCCESS;
		}
	}
	DOCA_LOG_ERR("doca_mmap_rm_dev: the device was not added to this mmap");
	return DOCA_ERROR_NOT_FOUND;
}

/* Give a configured mmap its slot and handle and start it. */
static doca_error_t publish(struct doca_mmap *mmap, const char *fn)
{
	uint32_t h;

	pthread_mutex_lock(&mmaps_lock);
	for (h = 0; h < SDPA_MAX_MMAPS; h++)
		if (sdpa_load_relaxed(&mmaps[h]) == NULL)
			break;
	if (h == SDPA_MAX_MMAPS) {
		pthread_mutex_unlock(&mmaps_lock);
		DOCA_LOG_ERR("%s: %d mmaps are started (softdpa's limit); stop unused ones", fn,
		             SDPA_MAX_MMAPS);
		return DOCA_ERROR_FULL;
	}
	gens[h] = (gens[h] + 1) & ((1u << (32 - HANDLE_SLOT_BITS)) - 1);
	mmap->handle = gens[h] << HANDLE_SLOT_BITS | (h + 1);
	mmap->started = true;
	mmap->ever_started = true;
	/* R5 pairs with A5 in sdpa_mmap_lookup. */
	sdpa_store_release(&mmaps[h], mmap);
	/* R5b pairs with A5b in sdpa_mmap_lookup. */
	sdpa_store_release(&handles[h], mmap->handle);
	pthread_mutex_unlock(&mmaps_lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_start(struct doca_mmap *mmap)
{
	doca_error_t r = check_cfg(mmap, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (mmap->addr == NULL) {
		DOCA_LOG_ERR(
		        "doca_mmap_start: the mmap has no memory; call doca_mmap_set_memrange or "
		        "doca_mmap_set_dpa_memrange first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (mmap->dpa == NULL && mmap->nr_devs == 0) {
		DOCA_LOG_ERR(
		        "doca_mmap_start: no device may access the mmap; call doca_mmap_add_dev "
		        "first");
		return DOCA_ERROR_BAD_STATE;
	}
	return publish(mmap, __func__);
}

DOCA_STABLE doca_error_t doca_mmap_stop(struct doca_mmap *mmap)
{
	if (!mmap_ok(mmap)) {
		DOCA_LOG_ERR(
		        "doca_mmap_stop: mmap is NULL or invalid; pass one from doca_mmap_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!mmap->started) {
		DOCA_LOG_ERR("doca_mmap_stop: the mmap is not started");
		return DOCA_ERROR_BAD_STATE;
	}
	/* A-users pairs with the acq_rel decrement in doca_buf_arr_stop. */
	if (sdpa_load_acquire(&mmap->users) != 0) {
		DOCA_LOG_ERR("doca_mmap_stop: %u buf array(s) use the mmap; destroy them first",
		             sdpa_load_relaxed(&mmap->users));
		return DOCA_ERROR_IN_USE;
	}
	pthread_mutex_lock(&mmaps_lock);
	/* R5b pairs with A5b in sdpa_mmap_lookup: the handle names nothing from now on. */
	sdpa_store_release(&handles[(mmap->handle & HANDLE_SLOT_MASK) - 1], 0);
	/* R5 pairs with A5 in sdpa_mmap_lookup. */
	sdpa_store_release(&mmaps[(mmap->handle & HANDLE_SLOT_MASK) - 1], NULL);
	pthread_mutex_unlock(&mmaps_lock);
	mmap->handle = 0;
	mmap->started = false;
	free_exports(mmap);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_destroy(struct doca_mmap *mmap)
{
	if (!mmap_ok(mmap)) {
		DOCA_LOG_ERR("doca_mmap_destroy: mmap is NULL or invalid; pass one from "
		             "doca_mmap_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (mmap->started) {
		doca_error_t r = doca_mmap_stop(mmap);

		if (r != DOCA_SUCCESS)
			return r;
	}
	if (mmap->dpa != NULL)
		sdpa_fetch_sub_acq_rel(&mmap->dpa->nr_refs, 1);
	mmap->magic = 0;
	sdpa_handle_retire(mmap, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_mmap_dev_get_dpa_handle(struct doca_mmap *mmap,
                                                            const struct doca_dev *dev,
                                                            doca_dpa_dev_mmap_t *handle)
{
	if (!mmap_ok(mmap) || dev == NULL || handle == NULL) {
		DOCA_LOG_ERR(
		        "doca_mmap_dev_get_dpa_handle: NULL or invalid argument; pass a started "
		        "mmap, the device and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!mmap->started) {
		/* DOCA documents NOT_PERMITTED for an un-started or stopped mmap. */
		DOCA_LOG_ERR("doca_mmap_dev_get_dpa_handle: the mmap is not started; call "
		             "doca_mmap_start first");
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if (!dev_added(mmap, dev)) {
		DOCA_LOG_ERR("doca_mmap_dev_get_dpa_handle: the device was not added to the mmap; "
		             "call doca_mmap_add_dev before doca_mmap_start");
		return DOCA_ERROR_NOT_FOUND;
	}
	*handle = mmap->handle;
	return DOCA_SUCCESS;
}

/* ---- exports (doca_mmap_export_pci / _rdma, doca_mmap_create_from_export) ----
 * The bytes name the mmap: magic, kind, process, DPA handle (the rkey RDMA requests carry
 * to the exporter), range and permissions. An importer of an RDMA descriptor, in any
 * process, reaches the memory only through RDMA requests that the exporter's process
 * checks against its own table; a PCI descriptor maps the memory itself and is imported in
 * the exporting process only. */

enum { EXPORT_MAGIC = 0x53444d45 /* "SDME" */, EXPORT_VERSION = 1 };
enum export_kind { EXPORT_PCI = 1, EXPORT_RDMA = 2 };

struct export_desc {
	uint32_t magic;
	uint16_t version;
	uint16_t kind;
	uint32_t pid;
	uint32_t handle;
	uint64_t addr;
	uint64_t len;
	uint32_t permissions;
	uint32_t reserved;
};

struct sdpa_mmap_export {
	struct sdpa_mmap_export *next;
	const struct doca_dev *dev;
	struct export_desc desc;
};

/* DOCA destroys the descriptors when the mmap stops. */
static void free_exports(struct doca_mmap *m)
{
	while (m->exports != NULL) {
		struct sdpa_mmap_export *e = m->exports;

		m->exports = e->next;
		free(e);
	}
}

static doca_error_t mmap_export(struct doca_mmap *mmap, const struct doca_dev *dev,
                                const void **export_desc, size_t *export_desc_len,
                                enum export_kind kind, const char *fn)
{
	uint32_t need = kind == EXPORT_RDMA
	                        ? DOCA_ACCESS_FLAG_RDMA_READ | DOCA_ACCESS_FLAG_RDMA_WRITE |
	                                  DOCA_ACCESS_FLAG_RDMA_ATOMIC
	                        : DOCA_ACCESS_FLAG_PCI_READ_ONLY | DOCA_ACCESS_FLAG_PCI_READ_WRITE;
	struct sdpa_mmap_export *e;

	if (!mmap_ok(mmap) || dev == NULL || export_desc == NULL || export_desc_len == NULL) {
		DOCA_LOG_ERR(
		        "%s: %s; pass a started mmap, a device added to it and result pointers", fn,
		        !mmap_ok(mmap)        ? "mmap is NULL or not a doca_mmap"
		        : dev == NULL         ? "dev is NULL"
		        : export_desc == NULL ? "export_desc is NULL"
		                              : "export_desc_len is NULL");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!mmap->started) {
		DOCA_LOG_ERR(
		        "%s: the mmap is not started; call doca_mmap_start before exporting it",
		        fn);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if (!dev_added(mmap, dev)) {
		DOCA_LOG_ERR("%s: the device was not added to the mmap; call doca_mmap_add_dev "
		             "before doca_mmap_start",
		             fn);
		return DOCA_ERROR_NOT_FOUND;
	}
	if (mmap->remote) {
		DOCA_LOG_ERR("%s: the mmap was created from an export (it maps a peer's memory); "
		             "export the peer's own mmap instead",
		             fn);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if ((mmap->permissions & need) == 0) {
		DOCA_LOG_ERR("%s: the mmap's permissions 0x%x grant no %s access; add %s with "
		             "doca_mmap_set_permissions before doca_mmap_start",
		             fn, mmap->permissions, kind == EXPORT_RDMA ? "RDMA" : "PCI",
		             kind == EXPORT_RDMA ? "DOCA_ACCESS_FLAG_RDMA_READ, _WRITE or _ATOMIC"
		                                 : "DOCA_ACCESS_FLAG_PCI_READ_WRITE or _READ_ONLY");
		return DOCA_ERROR_NOT_PERMITTED;
	}
	for (e = mmap->exports; e != NULL; e = e->next)
		if (e->dev == dev && e->desc.kind == kind)
			break;
	if (e == NULL) {
		e = calloc(1, sizeof(*e));
		if (e == NULL) {
			DOCA_LOG_ERR("%s: out of memory for the export descriptor", fn);
			return DOCA_ERROR_NO_MEMORY;
		}
		e->dev = dev;
		e->desc = (struct export_desc){
		        .magic = EXPORT_MAGIC,
		        .version = EXPORT_VERSION,
		        .kind = kind,
		        .pid = (uint32_t)getpid(),
		        .handle = mmap->handle,
		        .addr = (uint64_t)(uintptr_t)mmap->addr,
		        .len = mmap->len,
		        .permissions = mmap->permissions,
		};
		e->next = mmap->exports;
		mmap->exports = e;
	}
	*export_desc = &e->desc;
	*export_desc_len = sizeof(e->desc);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_mmap_export_pci(struct doca_mmap *mmap, const struct doca_dev *dev,
                                              const void **export_desc, size_t *export_desc_len)
{
	return mmap_export(mmap, dev, export_desc, export_desc_len, EXPORT_PCI, __func__);
}

DOCA_STABLE doca_error_t doca_mmap_export_rdma(struct doca_mmap *mmap, const struct doca_dev *dev,
                                               const void **export_desc, size_t *export_desc_len)
{
	return mmap_export(mmap, dev, export_desc, export_desc_len, EXPORT_RDMA, __func__);
}

DOCA_STABLE doca_error_t doca_mmap_create_from_export(const union doca_data *user_data,
                                                      const void *export_desc,
                                                      size_t export_desc_len, struct doca_dev *dev,
                                                      struct doca_mmap **mmap)
{
	struct export_desc d;
	struct doca_mmap *m;
	doca_error_t r;

	if (export_desc == NULL || dev == NULL || mmap == NULL) {
		DOCA_LOG_ERR("doca_mmap_create_from_export: %s is NULL; pass the peer's export "
		             "descriptor, the local device and a result pointer",
		             export_desc == NULL ? "export_desc"
		             : dev == NULL       ? "dev"
		                                 : "mmap");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (export_desc_len != sizeof(d)) {
		DOCA_LOG_ERR("doca_mmap_create_from_export: %zu bytes are not an export descriptor "
		             "(%zu bytes); pass the bytes and length doca_mmap_export_rdma gave",
		             export_desc_len, sizeof(d));
		return DOCA_ERROR_INVALID_VALUE;
	}
	memcpy(&d, export_desc, sizeof(d));
	if (d.magic != EXPORT_MAGIC || d.version != EXPORT_VERSION ||
	    (d.kind != EXPORT_RDMA && d.kind != EXPORT_PCI) || d.handle == 0 || d.len == 0) {
		DOCA_LOG_ERR("doca_mmap_create_from_export: the bytes are not an export descriptor "
		             "of softdpa (corrupt, or from another program); pass them unchanged");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (d.kind == EXPORT_PCI && d.pid != (uint32_t)getpid()) {
		DOCA_LOG_RATE_LIMIT_ERR("doca_mmap_create_from_export: a PCI export of another "
		                        "process (pid %u) is not supported by softdpa; export with "
		                        "doca_mmap_export_rdma and reach the memory over RDMA",
		                        d.pid);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	sdpa_dpa_rdma_hooks();
	m = calloc(1, sizeof(*m));
	if (m == NULL || !sdpa_handle_add(m, SDPA_H_MMAP)) {
		free(m);
		DOCA_LOG_ERR("doca_mmap_create_from_export: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	m->magic = SDPA_MMAP_MAGIC;
	m->permissions = d.permissions;
	m->max_devs = SDPA_MMAP_MAX_DEVS;
	m->devs[0] = dev;
	m->nr_devs = 1;
	if (user_data != NULL)
		m->user_data = *user_data;
	if (d.kind == EXPORT_PCI) {
		/* The exporter's memory, in this process. */
		m->addr = (uint8_t *)(uintptr_t)d.addr;
		m->len = d.len;
	} else {
		m->remote = true;
		m->remote_handle = d.handle;
		m->remote_addr = d.addr;
		m->remote_len = d.len;
	}
	r = publish(m, __func__);
	if (r != DOCA_SUCCESS) {
		m->magic = 0;
		sdpa_handle_retire(m, free);
		return r;
	}
	*mmap = m;
	return DOCA_SUCCESS;
}

uint32_t sdpa_mmap_rkey(uint32_t handle)
{
	const struct doca_mmap *m = sdpa_mmap_lookup(handle);

	return m != NULL && m->remote ? m->remote_handle : handle;
}

/* ---- buf arrays ---- */

struct doca_buf_arr {
	uint32_t magic;
	size_t num_elem;
	struct doca_dpa *dpa;
	struct doca_mmap *mmap;
	size_t elem_size;
	uint64_t start_offset;
	bool started;
	struct doca_dpa_dev_buf_arr *dev; /* what the handle points to */
	struct doca_dpa_dev_buf *bufs;
};

static bool arr_ok(const struct doca_buf_arr *a)
{
	return sdpa_handle_live(a, SDPA_H_BUF_ARR) && a->magic == SDPA_BUFARR_MAGIC;
}

static doca_error_t arr_cfg(struct doca_buf_arr *a, const char *fn)
{
	if (!arr_ok(a)) {
		DOCA_LOG_ERR("%s: buf_arr is NULL or invalid; pass one from doca_buf_arr_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (a->started) {
		DOCA_LOG_ERR("%s: the buf array is started; configure it before doca_buf_arr_start",
		             fn);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_create(size_t num_elem, struct doca_buf_arr **buf_arr)
{
	struct doca_buf_arr *a;

	if (buf_arr == NULL || num_elem == 0 || num_elem > (1u << 24)) {
		DOCA_LOG_ERR("doca_buf_arr_create: buf_arr is NULL or num_elem is outside 1..2^24; "
		             "pass a result pointer and an element count");
		return DOCA_ERROR_INVALID_VALUE;
	}
	a = calloc(1, sizeof(*a));
	if (a == NULL || !sdpa_handle_add(a, SDPA_H_BUF_ARR)) {
		free(a);
		DOCA_LOG_ERR("doca_buf_arr_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	a->magic = SDPA_BUFARR_MAGIC;
	a->num_elem = num_elem;
	*buf_arr = a;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_set_target_dpa(struct doca_buf_arr *buf_arr,
                                                           struct doca_dpa *dpa)
{
	doca_error_t r = arr_cfg(buf_arr, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (!sdpa_dpa_valid(dpa)) {
		DOCA_LOG_ERR(
		        "doca_buf_arr_set_target_dpa: dpa is NULL or invalid; pass a DPA context");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (buf_arr->dpa != NULL)
		sdpa_fetch_sub_acq_rel(&buf_arr->dpa->nr_refs, 1);
	buf_arr->dpa = dpa;
	sdpa_fetch_add_acq_rel(&dpa->nr_refs, 1);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr,
                                                       struct doca_mmap *mmap, size_t elem_size,
                                                       uint64_t start_offset)
{
	doca_error_t r = arr_cfg(buf_arr, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (!mmap_ok(mmap) || !mmap->started || elem_size == 0) {
		DOCA_LOG_ERR("doca_buf_arr_set_params: %s; pass a started mmap and elem_size > 0",
		             elem_size == 0 ? "elem_size is 0"
		                            : "mmap is NULL, invalid or not started");
		return !mmap_ok(mmap) || elem_size == 0 ? DOCA_ERROR_INVALID_VALUE
		                                        : DOCA_ERROR_BAD_STATE;
	}
	if (start_offset > mmap->len ||
	    elem_size > (mmap->len - start_offset) / buf_arr->num_elem) {
		DOCA_LOG_ERR(
		        "doca_buf_arr_set_params: %zu elements of %zu bytes from offset %llu do "
		        "not fit the %zu-byte mmap; shrink the elements or enlarge the mmap",
		        buf_arr->num_elem, elem_size, (unsigned long long)start_offset, mmap->len);
		return DOCA_ERROR_INVALID_VALUE;
	}
	buf_arr->mmap = mmap;
	buf_arr->elem_size = elem_size;
	buf_arr->start_offset = start_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_start(struct doca_buf_arr *buf_arr)
{
	doca_error_t r = arr_cfg(buf_arr, __func__);
	struct doca_dpa_dev_buf_arr *dev = NULL;

	if (r != DOCA_SUCCESS)
		return r;
	if (buf_arr->mmap == NULL || buf_arr->dpa == NULL) {
		DOCA_LOG_ERR("doca_buf_arr_start: %s; call it before doca_buf_arr_start",
		             buf_arr->mmap == NULL ? "no params (doca_buf_arr_set_params)"
		                                   : "no target DPA (doca_buf_arr_set_target_dpa)");
		return DOCA_ERROR_BAD_STATE;
	}
	if (posix_memalign((void **)&dev, 64, sizeof(*dev)) != 0 ||
	    (buf_arr->bufs = calloc(buf_arr->num_elem, sizeof(*buf_arr->bufs))) == NULL) {
		free(dev);
		DOCA_LOG_ERR("doca_buf_arr_start: out of memory for %zu buffers",
		             buf_arr->num_elem);
		return DOCA_ERROR_NO_MEMORY;
	}
	memset(dev, 0, sizeof(*dev));
	for (size_t i = 0; i < buf_arr->num_elem; i++) {
		buf_arr->bufs[i].addr = (uintptr_t)(buf_arr->mmap->addr + buf_arr->start_offset +
		                                    i * buf_arr->elem_size);
		buf_arr->bufs[i].len = buf_arr->elem_size;
		buf_arr->bufs[i].mmap = buf_arr->mmap->handle;
		/* P5: get_external_ptr reports buffers of an extended context. */
		if (buf_arr->dpa->base != NULL)
			buf_arr->bufs[i].reserved[0] = SDPA_BUF_MARK_EXTENDED;
	}
	dev->bufs = buf_arr->bufs;
	buf_arr->dev = dev;
	buf_arr->started = true;
	sdpa_fetch_add_acq_rel(&buf_arr->mmap->users, 1);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_stop(struct doca_buf_arr *buf_arr)
{
	struct doca_dpa *root;

	if (!arr_ok(buf_arr) || !buf_arr->started) {
		DOCA_LOG_ERR("doca_buf_arr_stop: buf_arr is %s; pass a started buf array",
		             arr_ok(buf_arr) ? "not started" : "NULL or invalid");
		return arr_ok(buf_arr) ? DOCA_ERROR_BAD_STATE : DOCA_ERROR_INVALID_VALUE;
	}
	sdpa_fetch_sub_acq_rel(&buf_arr->mmap->users, 1);
	root = buf_arr->dpa->base != NULL ? buf_arr->dpa->base : buf_arr->dpa;
	/* A kernel or DPA thread may still hold the array's handle (get_buf reads it without
	 * a check, as on the DPA): its memory then stays until the context is destroyed, so
	 * such a read sees the stopped array, never freed memory. A-threads pairs with the
	 * acq_rel decrement in doca_dpa_thread_destroy. */
	if (sdpa_load_acquire(&buf_arr->dpa->nr_threads) != 0 ||
	    sdpa_sched_may_hold_handles(root)) {
		DOCA_LOG_WARN(
		        "doca_buf_arr_stop: kernels or DPA threads of the array's DPA context "
		        "may still use its handle; its device memory is kept until "
		        "doca_dpa_destroy (stop buf arrays once no device code uses them)");
		sdpa_dpa_park(buf_arr->dpa, buf_arr->bufs, buf_arr->dev);
	} else {
		free(buf_arr->bufs);
		free(buf_arr->dev);
	}
	buf_arr->bufs = NULL;
	buf_arr->dev = NULL;
	buf_arr->started = false;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_destroy(struct doca_buf_arr *buf_arr)
{
	if (!arr_ok(buf_arr)) {
		DOCA_LOG_ERR("doca_buf_arr_destroy: buf_arr is NULL or invalid");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (buf_arr->started)
		doca_buf_arr_stop(buf_arr);
	if (buf_arr->dpa != NULL)
		sdpa_fetch_sub_acq_rel(&buf_arr->dpa->nr_refs, 1);
	buf_arr->magic = 0;
	sdpa_handle_retire(buf_arr, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr,
                                                           doca_dpa_dev_buf_arr_t *dpa_buf_arr)
{
	if (!arr_ok(buf_arr) || dpa_buf_arr == NULL) {
		DOCA_LOG_ERR(
		        "doca_buf_arr_get_dpa_handle: NULL or invalid argument; pass a buf array "
		        "and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!buf_arr->started) {
		DOCA_LOG_ERR("doca_buf_arr_get_dpa_handle: the buf array is not started; call "
		             "doca_buf_arr_start first");
		return DOCA_ERROR_BAD_STATE;
	}
	*dpa_buf_arr = (doca_dpa_dev_buf_arr_t)(uintptr_t)buf_arr->dev;
	return DOCA_SUCCESS;
}
