/* SPDX-License-Identifier: BSD-3-Clause
 * The doca-common additions the public DOCA samples need: progress engine, buffers and
 * their inventories, the device getters added for them (SF index, representor VUID, ...),
 * the DPDK bridge, Ethernet receive queues and the mmap device maximum. Real behaviour is
 * checked value by value; calls softdpa does not emulate must answer NOT_SUPPORTED and log
 * exactly one line naming themselves, and bad arguments INVALID_VALUE with one line.
 */
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <time.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_clock.h>
#include <doca_dev.h>
#include <doca_dpdk.h>
#include <doca_eth_rxq.h>
#include <doca_eth_rxq_cpu_data_path.h>
#include <doca_eth_txq.h>
#include <doca_eth_txq_cpu_data_path.h>
#include <doca_mmap.h>
#include <doca_pe.h>

#include "core/config.h"
#include "core/devices.h"
#include "t_helpers.h"

#define EXPECT_UNSUPPORTED(call, name)                                                             \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_NOT_SUPPORTED);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, "not supported");                                            \
	} while (0)

#define EXPECT_ERROR(call, err, name, what)                                                        \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (err));                                                   \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, what);                                                       \
	} while (0)

#define EXPECT_INVALID(call, name, what) EXPECT_ERROR(call, DOCA_ERROR_INVALID_VALUE, name, what)

/* Stand-ins for objects softdpa can never create: only their address is used. */
static int fake_storage[4];
#define FAKE(type, i) ((type *)&fake_storage[i])

static void use_devices(const char *spec)
{
	if (spec == NULL)
		unsetenv("SOFTDPA_DEVICES");
	else
		setenv("SOFTDPA_DEVICES", spec, 1);
	sdpa_config_reload();
	sdpa_devices_reload();
	t_log_reset();
}

static struct doca_dev *open_first_dev(void)
{
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	uint32_t n = 0;

	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_true(n >= 1);
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	return dev;
}

/* ---------------------------------------------------------------- progress engine */

static void test_pe(void **state)
{
	struct doca_pe *pe = NULL;
	doca_notification_handle_t h = doca_event_invalid_handle;
	size_t inflight = 7;
	struct pollfd pfd;
	(void)state;

	EXPECT_INVALID(doca_pe_create(NULL), "doca_pe_create", "pe is NULL");
	assert_int_equal(doca_pe_create(&pe), DOCA_SUCCESS);
	assert_non_null(pe);
	assert_int_equal(doca_pe_progress(pe), 0);
	assert_int_equal(doca_pe_get_notification_handle(pe, &h), DOCA_SUCCESS);
	assert_true(h >= 0);
	assert_int_equal(doca_pe_get_num_inflight_tasks(pe, &inflight), DOCA_SUCCESS);
	assert_int_equal(inflight, 0);

	/* Armed, nothing can complete: the handle stays quiet; clearing is harmless. */
	assert_int_equal(doca_pe_request_notification(pe), DOCA_SUCCESS);
	pfd.fd = h;
	pfd.events = POLLIN;
	assert_int_equal(poll(&pfd, 1, 0), 0);
	assert_int_equal(doca_pe_clear_notification(pe, h), DOCA_SUCCESS);
	EXPECT_INVALID(doca_pe_clear_notification(pe, h + 1000), "doca_pe_clear_notification",
	               "not this engine's");

	assert_int_equal(doca_pe_set_event_mode(pe, DOCA_PE_EVENT_MODE_PROGRESS_ALL), DOCA_SUCCESS);
	assert_int_equal(doca_pe_set_event_mode(pe, DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE),
	                 DOCA_SUCCESS);
	EXPECT_INVALID(doca_pe_set_event_mode(pe, (enum doca_pe_event_mode)9),
	               "doca_pe_set_event_mode", "unknown");

	EXPECT_INVALID(doca_pe_connect_ctx(pe, NULL), "doca_pe_connect_ctx", "ctx is NULL");
	EXPECT_UNSUPPORTED(doca_pe_connect_ctx(pe, FAKE(struct doca_ctx, 0)),
	                   "doca_pe_connect_ctx");
	EXPECT_INVALID(doca_pe_get_num_inflight_tasks(pe, NULL), "doca_pe_get_num_inflight_tasks",
	               "num_inflight_tasks is NULL");

	assert_int_equal(doca_pe_destroy(pe), DOCA_SUCCESS);
	EXPECT_INVALID(doca_pe_destroy(NULL), "doca_pe_destroy", "pe is NULL");
}

/* Pointers no context allocated: refused with one line, never dereferenced. */
static void test_tasks_foreign(void **state)
{
	struct doca_task *task = FAKE(struct doca_task, 0);
	struct doca_task_batch *batch = FAKE(struct doca_task_batch, 1);
	union doca_data ud = {.u64 = 3};
	(void)state;

	EXPECT_INVALID(doca_task_submit(NULL), "doca_task_submit", "task is NULL");
	EXPECT_INVALID(doca_task_submit(task), "doca_task_submit", "not a task of a live context");
	EXPECT_INVALID(doca_task_try_submit(task), "doca_task_try_submit", "not a task");
	EXPECT_INVALID(doca_task_submit_ex(task, 1U << 7), "doca_task_submit_ex", "flags");
	EXPECT_INVALID(doca_task_submit_ex(task, DOCA_TASK_SUBMIT_FLAG_FLUSH),
	               "doca_task_submit_ex", "not a task");
	EXPECT_INVALID(doca_task_get_status(task), "doca_task_get_status", "not a task");
	EXPECT_INVALID(doca_task_batch_submit(batch), "doca_task_batch_submit",
	               "not a task batch of a live context");

	t_log_reset();
	doca_task_free(task);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_task_free", "not a task");

	t_log_reset();
	doca_task_set_user_data(task, ud);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_task_set_user_data", "not a task");

	t_log_reset();
	assert_int_equal(doca_task_get_user_data(task).u64, 0);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_task_get_user_data", "not a task");

	t_log_reset();
	assert_null(doca_task_get_ctx(task));
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_task_get_ctx", "not a task");

	t_log_reset();
	assert_int_equal(doca_task_batch_get_tasks_num(batch), 0);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_task_batch_get_tasks_num", "not a task batch");
}

/* ---------------------------------------------------------------- buffers */

struct buf_env {
	struct doca_dev *dev;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	uint8_t mem[4096];
};

static struct buf_env *buf_env_open(size_t nelems)
{
	struct buf_env *e = calloc(1, sizeof(*e));

	assert_non_null(e);
	e->dev = open_first_dev();
	assert_int_equal(doca_mmap_create(&e->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(e->mmap, e->mem, sizeof(e->mem)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_max_num_devices(e->mmap, 1), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(e->mmap, e->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(e->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_create(nelems, &e->inv), DOCA_SUCCESS);
	return e;
}

static void buf_env_close(struct buf_env *e)
{
	assert_int_equal(doca_buf_inventory_destroy(e->inv), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(e->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(e->dev), DOCA_SUCCESS);
	free(e);
}

static void test_buf_inventory(void **state)
{
	struct buf_env *e = buf_env_open(2);
	struct doca_buf *a, *b, *c;
	uint32_t n = 0;
	union doca_data ud = {.u64 = 0};
	(void)state;

	EXPECT_INVALID(doca_buf_inventory_create(0, &e->inv), "doca_buf_inventory_create",
	               "num_elements");
	assert_int_equal(doca_buf_inventory_get_num_elements(e->inv, &n), DOCA_SUCCESS);
	assert_int_equal(n, 2);

	/* Not started yet. */
	EXPECT_ERROR(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem, 64, &a),
	             DOCA_ERROR_BAD_STATE, "doca_buf_inventory_buf_get_by_args", "not started");
	EXPECT_ERROR(doca_buf_inventory_set_user_data(e->inv, ud), DOCA_ERROR_BAD_STATE,
	             "doca_buf_inventory_set_user_data", "not started");
	assert_int_equal(doca_buf_inventory_start(e->inv), DOCA_SUCCESS);
	ud.u64 = 0x5eed;
	assert_int_equal(doca_buf_inventory_set_user_data(e->inv, ud), DOCA_SUCCESS);
	ud.u64 = 0;
	assert_int_equal(doca_buf_inventory_get_user_data(e->inv, &ud), DOCA_SUCCESS);
	assert_int_equal(ud.u64, 0x5eed);

	/* Ranges outside the mmap, or data outside the buffer, are refused. */
	EXPECT_INVALID(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem + 4000, 200, &a),
	               "doca_buf_inventory_buf_get_by_args", "outside the mmap");
	EXPECT_INVALID(
	        doca_buf_inventory_buf_get_by_args(e->inv, e->mmap, e->mem, 64, e->mem + 60, 8, &a),
	        "doca_buf_inventory_buf_get_by_args", "outside the buffer");
	EXPECT_INVALID(doca_buf_inventory_buf_get_by_args(e->inv, NULL, e->mem, 64, e->mem, 0, &a),
	               "doca_buf_inventory_buf_get_by_args", "mmap is NULL");

	assert_int_equal(doca_buf_inventory_buf_get_by_data(e->inv, e->mmap, e->mem, 100, &a),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem + 256, 512, &b),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_get_num_free_elements(e->inv, &n), DOCA_SUCCESS);
	assert_int_equal(n, 0);
	EXPECT_ERROR(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem, 8, &c),
	             DOCA_ERROR_NO_MEMORY, "doca_buf_inventory_buf_get_by_args", "in use");
	EXPECT_ERROR(doca_buf_inventory_destroy(e->inv), DOCA_ERROR_IN_USE,
	             "doca_buf_inventory_destroy", "still held");

	/* Expanding adds free elements, even while buffers are held. */
	assert_int_equal(doca_buf_inventory_expand(e->inv, 3), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_get_num_elements(e->inv, &n), DOCA_SUCCESS);
	assert_int_equal(n, 5);
	assert_int_equal(doca_buf_inventory_get_num_free_elements(e->inv, &n), DOCA_SUCCESS);
	assert_int_equal(n, 3);

	assert_int_equal(doca_buf_dec_refcount(a, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_get_num_free_elements(e->inv, &n), DOCA_SUCCESS);
	assert_int_equal(n, 5);
	assert_int_equal(doca_buf_inventory_stop(e->inv), DOCA_SUCCESS);
	buf_env_close(e);
}

static void test_buf_data_and_lists(void **state)
{
	struct buf_env *e = buf_env_open(8);
	struct doca_buf *a, *b, *c, *d, *x;
	void *p;
	size_t len;
	uint16_t rc;
	uint32_t n;
	uint8_t flag;
	(void)state;

	assert_int_equal(doca_buf_inventory_start(e->inv), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_buf_get_by_args(e->inv, e->mmap, e->mem, 1024,
	                                                    e->mem + 16, 32, &a),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_buf_get_head(a, &p), DOCA_SUCCESS);
	assert_ptr_equal(p, e->mem);
	assert_int_equal(doca_buf_get_len(a, &len), DOCA_SUCCESS);
	assert_int_equal(len, 1024);
	assert_int_equal(doca_buf_get_data(a, &p), DOCA_SUCCESS);
	assert_ptr_equal(p, e->mem + 16);
	assert_int_equal(doca_buf_get_data_len(a, &len), DOCA_SUCCESS);
	assert_int_equal(len, 32);

	/* Moving the data within the buffer. */
	assert_int_equal(doca_buf_set_data(a, e->mem + 100, 200), DOCA_SUCCESS);
	assert_int_equal(doca_buf_get_data(a, &p), DOCA_SUCCESS);
	assert_ptr_equal(p, e->mem + 100);
	EXPECT_INVALID(doca_buf_set_data(a, e->mem + 1000, 100), "doca_buf_set_data",
	               "outside the buffer");
	assert_int_equal(doca_buf_set_data_len(a, 924), DOCA_SUCCESS);
	EXPECT_INVALID(doca_buf_set_data_len(a, 925), "doca_buf_set_data_len", "past the buffer");
	assert_int_equal(doca_buf_reset_data_len(a), DOCA_SUCCESS);
	assert_int_equal(doca_buf_get_data_len(a, &len), DOCA_SUCCESS);
	assert_int_equal(len, 0);

	/* Reference counts. */
	assert_int_equal(doca_buf_inc_refcount(a, &rc), DOCA_SUCCESS);
	assert_int_equal(rc, 1);
	assert_int_equal(doca_buf_get_refcount(a, &rc), DOCA_SUCCESS);
	assert_int_equal(rc, 2);

	/* Lists: a holds 2 references, so it cannot be appended; b, c, d can. */
	assert_int_equal(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem + 1024, 64, &b),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem + 2048, 64, &c),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem + 3072, 64, &d),
	                 DOCA_SUCCESS);
	EXPECT_ERROR(doca_buf_chain_list(b, a), DOCA_ERROR_NOT_PERMITTED, "doca_buf_chain_list",
	             "2 references");
	assert_int_equal(doca_buf_chain_list(a, b), DOCA_SUCCESS);
	assert_int_equal(doca_buf_chain_list_tail(a, b, c), DOCA_SUCCESS);
	EXPECT_INVALID(doca_buf_chain_list_tail(a, b, d), "doca_buf_chain_list_tail",
	               "not the last buffer");
	assert_int_equal(doca_buf_get_list_len(a, &n), DOCA_SUCCESS);
	assert_int_equal(n, 3);
	EXPECT_ERROR(doca_buf_get_list_len(b, &n), DOCA_ERROR_NOT_PERMITTED,
	             "doca_buf_get_list_len", "not the head");
	EXPECT_ERROR(doca_buf_dec_refcount(b, NULL), DOCA_ERROR_NOT_PERMITTED,
	             "doca_buf_dec_refcount", "inside a list");
	assert_int_equal(doca_buf_get_next_in_list(a, &x), DOCA_SUCCESS);
	assert_ptr_equal(x, b);
	assert_int_equal(doca_buf_get_last_in_list(a, &x), DOCA_SUCCESS);
	assert_ptr_equal(x, c);
	assert_int_equal(doca_buf_is_first_in_list(b, &flag), DOCA_SUCCESS);
	assert_int_equal(flag, 0);
	assert_int_equal(doca_buf_is_last_in_list(c, &flag), DOCA_SUCCESS);
	assert_int_equal(flag, 1);
	assert_int_equal(doca_buf_is_in_list(d, &flag), DOCA_SUCCESS);
	assert_int_equal(flag, 0);

	/* A duplicate copies the whole list's descriptors. */
	assert_int_equal(doca_buf_inventory_buf_dup(e->inv, a, &x), DOCA_SUCCESS);
	assert_int_equal(doca_buf_get_list_len(x, &n), DOCA_SUCCESS);
	assert_int_equal(n, 3);
	EXPECT_ERROR(doca_buf_inventory_buf_dup(e->inv, b, &x), DOCA_ERROR_NOT_PERMITTED,
	             "doca_buf_inventory_buf_dup", "inside a list");
	assert_int_equal(doca_buf_dec_refcount(x, NULL), DOCA_SUCCESS);

	/* Splitting before c: c becomes a list of its own with one reference. */
	EXPECT_INVALID(doca_buf_unchain_list(a, d), "doca_buf_unchain_list", "not in list1");
	assert_int_equal(doca_buf_unchain_list(a, c), DOCA_SUCCESS);
	assert_int_equal(doca_buf_get_list_len(a, &n), DOCA_SUCCESS);
	assert_int_equal(n, 2);
	assert_int_equal(doca_buf_get_refcount(c, &rc), DOCA_SUCCESS);
	assert_int_equal(rc, 1);

	/* Returning the head returns its whole list once the count reaches 0. */
	assert_int_equal(doca_buf_dec_refcount(a, &rc), DOCA_SUCCESS);
	assert_int_equal(rc, 2);
	assert_int_equal(doca_buf_inventory_get_num_free_elements(e->inv, &n), DOCA_SUCCESS);
	assert_int_equal(n, 4);
	assert_int_equal(doca_buf_dec_refcount(a, &rc), DOCA_SUCCESS);
	assert_int_equal(rc, 1);
	assert_int_equal(doca_buf_inventory_get_num_free_elements(e->inv, &n), DOCA_SUCCESS);
	assert_int_equal(n, 6);
	EXPECT_INVALID(doca_buf_get_len(a, &len), "doca_buf_get_len", "not a held buffer");
	assert_int_equal(doca_buf_dec_refcount(c, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_buf_dec_refcount(d, NULL), DOCA_SUCCESS);
	buf_env_close(e);
}

static void test_mmap_devices_and_permissions(void **state)
{
	struct doca_dev *dev = open_first_dev(), *dev2 = open_first_dev();
	struct doca_mmap *mmap;
	static uint8_t mem[256];
	const void *desc = NULL;
	size_t desc_len = 0;
	(void)state;

	assert_int_equal(doca_mmap_create(&mmap), DOCA_SUCCESS);
	EXPECT_INVALID(doca_mmap_set_max_num_devices(NULL, 1), "doca_mmap_set_max_num_devices",
	               "NULL");
	EXPECT_INVALID(doca_mmap_set_max_num_devices(mmap, 0), "doca_mmap_set_max_num_devices",
	               "below");
	assert_int_equal(doca_mmap_set_memrange(mmap, mem, sizeof(mem)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mmap, dev), DOCA_SUCCESS);
	EXPECT_ERROR(doca_mmap_add_dev(mmap, dev), DOCA_ERROR_ALREADY_EXIST, "doca_mmap_add_dev",
	             "added to this mmap already");
	/* The maximum is enforced: a second device is one too many, until it is raised. */
	assert_int_equal(doca_mmap_set_max_num_devices(mmap, 1), DOCA_SUCCESS);
	EXPECT_ERROR(doca_mmap_add_dev(mmap, dev2), DOCA_ERROR_NO_MEMORY, "doca_mmap_add_dev",
	             "maximum of 1 devices");
	assert_int_equal(doca_mmap_set_max_num_devices(mmap, 2), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mmap, dev2), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_rm_dev(mmap, dev2), DOCA_SUCCESS);

	/* DOCA's access flags: PCI read-only (1 << 4) and read-write (1 << 5) exclude each other;
	 * relaxed ordering is 1 << 6; a read-only mmap can still be exported over PCI. */
	assert_int_equal(DOCA_ACCESS_FLAG_PCI_READ_ONLY, 1 << 4);
	assert_int_equal(DOCA_ACCESS_FLAG_PCI_READ_WRITE, 1 << 5);
	assert_int_equal(DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING, 1 << 6);
	EXPECT_INVALID(doca_mmap_set_permissions(mmap, DOCA_ACCESS_FLAG_PCI_READ_ONLY |
	                                                       DOCA_ACCESS_FLAG_PCI_READ_WRITE),
	               "doca_mmap_set_permissions", "exclude each other");
	assert_int_equal(
	        doca_mmap_set_permissions(mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE |
	                                                DOCA_ACCESS_FLAG_PCI_READ_ONLY |
	                                                DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING),
	        DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mmap), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_export_pci(mmap, dev, &desc, &desc_len), DOCA_SUCCESS);
	assert_non_null(desc);
	EXPECT_ERROR(doca_mmap_set_max_num_devices(mmap, 2), DOCA_ERROR_NOT_PERMITTED,
	             "doca_mmap_set_max_num_devices", "started");
	/* Fixed from the first start, as DOCA documents: stopping does not reopen it. */
	assert_int_equal(doca_mmap_stop(mmap), DOCA_SUCCESS);
	EXPECT_ERROR(doca_mmap_set_max_num_devices(mmap, 2), DOCA_ERROR_NOT_PERMITTED,
	             "doca_mmap_set_max_num_devices", "was started");
	assert_int_equal(doca_mmap_destroy(mmap), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev2), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* ---------------------------------------------------------------- device getters */

static void test_dev_getters(void **state)
{
	struct doca_devinfo **list;
	struct doca_devinfo_rep **reps;
	struct doca_dev *pf;
	uint32_t n, nreps, sf = 99;
	uint16_t lid, idx = 99;
	uint8_t flag = 9;
	char vuid[DOCA_DEVINFO_REP_VUID_SIZE];
	(void)state;

	use_devices("reps=2;type=sf;type=pf,reps=2,rep_type=sf");
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(n, 3);

	/* Only an SF has an SF index: its entry position. */
	EXPECT_ERROR(doca_devinfo_get_sf_index(list[0], &sf), DOCA_ERROR_NOT_SUPPORTED,
	             "doca_devinfo_get_sf_index", "only an SF");
	assert_int_equal(doca_devinfo_get_sf_index(list[1], &sf), DOCA_SUCCESS);
	assert_int_equal(sf, 1);
	EXPECT_INVALID(doca_devinfo_get_sf_index(list[1], NULL), "doca_devinfo_get_sf_index",
	               "sf_index is NULL");

	EXPECT_ERROR(doca_devinfo_get_lid(list[0], &lid), DOCA_ERROR_NOT_SUPPORTED,
	             "doca_devinfo_get_lid", "Ethernet");
	assert_int_equal(doca_devinfo_cap_is_hotplug_manager_supported(list[0], &flag),
	                 DOCA_SUCCESS);
	assert_int_equal(flag, 0);
	flag = 9;
	assert_int_equal(doca_devinfo_cap_is_notification_moderation_supported(list[0], &flag),
	                 DOCA_SUCCESS);
	assert_int_equal(flag, 0);
	flag = 9;
	assert_int_equal(doca_devinfo_cap_is_accelerate_resource_reclaim_supported(list[0], &flag),
	                 DOCA_SUCCESS);
	assert_int_equal(flag, 0);
	assert_int_equal(doca_devinfo_get_vhca_id(list[2], &lid), DOCA_SUCCESS);
	assert_int_equal(lid, 66);

	/* Representors: VUID, hotplug, and the DPDK VF index / SF number. */
	assert_int_equal(doca_dev_open(list[0], &pf), DOCA_SUCCESS);
	EXPECT_UNSUPPORTED(doca_dev_accelerate_resource_reclaim(pf),
	                   "doca_dev_accelerate_resource_reclaim");
	assert_int_equal(
	        doca_devinfo_rep_create_list(pf, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nreps),
	        DOCA_SUCCESS);
	assert_int_equal(nreps, 2);
	assert_int_equal(doca_devinfo_rep_get_vuid(reps[1], vuid, sizeof(vuid)), DOCA_SUCCESS);
	assert_string_equal(vuid, "SDPA-pf0vf1-0000:03:00.2");
	EXPECT_INVALID(doca_devinfo_rep_get_vuid(reps[1], vuid, 8), "doca_devinfo_rep_get_vuid",
	               "DOCA_DEVINFO_REP_VUID_SIZE");
	flag = 9;
	assert_int_equal(doca_devinfo_rep_get_is_hotplug(reps[0], &flag), DOCA_SUCCESS);
	assert_int_equal(flag, 0);
	assert_int_equal(doca_devinfo_rep_get_vhca_id(reps[1], &lid), DOCA_SUCCESS);
	assert_int_equal(lid, 2);
	assert_int_equal(doca_dpdk_get_rep_vf_index(reps[1], &idx), DOCA_SUCCESS);
	assert_int_equal(idx, 1);
	EXPECT_INVALID(doca_dpdk_get_rep_sf_num(reps[1], &idx), "doca_dpdk_get_rep_sf_num",
	               "not an SF");
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(pf), DOCA_SUCCESS);

	assert_int_equal(doca_dev_open(list[2], &pf), DOCA_SUCCESS);
	assert_int_equal(
	        doca_devinfo_rep_create_list(pf, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nreps),
	        DOCA_SUCCESS);
	assert_int_equal(doca_dpdk_get_rep_sf_num(reps[1], &idx), DOCA_SUCCESS);
	assert_int_equal(idx, 1);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(pf), DOCA_SUCCESS);

	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	use_devices(NULL);
}

/* ---------------------------------------------------------------- clocks */

static void test_clock(void **state)
{
	struct doca_devinfo **list;
	struct doca_dev *bf3, *cx6;
	struct doca_clock *clk, *clk6;
	union doca_clock_timespec_t a, b, c;
	uint64_t margin = 0;
	struct timespec now, after;
	uint32_t n;
	(void)state;

	use_devices("model=bf3;model=cx6");
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(doca_clock_cap_nic_free_running_is_supported(list[0]), DOCA_SUCCESS);
	assert_int_equal(doca_clock_cap_nic_real_time_is_supported(list[1]), DOCA_SUCCESS);
	assert_int_equal(doca_clock_cap_nic_dpa_timer_is_supported(list[0]), DOCA_SUCCESS);
	assert_int_equal(doca_clock_cap_nic_dpa_timer_is_supported(list[1]),
	                 DOCA_ERROR_NOT_SUPPORTED);
	EXPECT_INVALID(doca_clock_cap_nic_real_time_is_supported(NULL),
	               "doca_clock_cap_nic_real_time_is_supported", "devinfo is NULL");
	assert_int_equal(doca_dev_open(list[0], &bf3), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[1], &cx6), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);

	assert_int_equal(doca_clock_create(bf3, &clk), DOCA_SUCCESS);
	assert_int_equal(doca_clock_create(cx6, &clk6), DOCA_SUCCESS);

	/* The NIC real-time clock is the host's: read between two host readings (not "within
	 * a second of one", which a machine that stalls the process for a second breaks). */
	clock_gettime(CLOCK_REALTIME, &now);
	assert_int_equal(doca_clock_get_timestamp(clk, DOCA_CLOCK_NIC_REAL_TIME, &a), DOCA_SUCCESS);
	clock_gettime(CLOCK_REALTIME, &after);
	assert_true(a.ts.tv_sec > now.tv_sec ||
	            (a.ts.tv_sec == now.tv_sec && a.ts.tv_nsec >= now.tv_nsec));
	assert_true(a.ts.tv_sec < after.tv_sec ||
	            (a.ts.tv_sec == after.tv_sec && a.ts.tv_nsec <= after.tv_nsec));
	assert_int_equal(doca_clock_get_timestamp(clk, DOCA_CLOCK_HOST_COUNTER_CYCLES, &b),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_clock_get_timestamp(clk, DOCA_CLOCK_HOST_COUNTER_CYCLES, &c),
	                 DOCA_SUCCESS);
	assert_true(c.counter >= b.counter);
	assert_int_equal(doca_clock_get_timestamp(clk, DOCA_CLOCK_NIC_DPA_TIMER, &a), DOCA_SUCCESS);
	EXPECT_ERROR(doca_clock_get_timestamp(clk6, DOCA_CLOCK_NIC_DPA_TIMER, &a),
	             DOCA_ERROR_NOT_SUPPORTED, "doca_clock_get_timestamp", "no DPA timer");
	EXPECT_INVALID(doca_clock_get_timestamp(
	                       clk, DOCA_CLOCK_NIC_REAL_TIME | DOCA_CLOCK_HOST_REAL_TIME, &a),
	               "doca_clock_get_timestamp", "not one DOCA_CLOCK_* value");

	assert_int_equal(doca_clock_get_crosstimestamp(clk, DOCA_CLOCK_HOST_MONOTONIC_RAW,
	                                               DOCA_CLOCK_NIC_FREE_RUNNING, &a, &b,
	                                               &margin),
	                 DOCA_SUCCESS);
	/* Both are CLOCK_MONOTONIC_RAW: the NIC reading follows the host's within the margin. */
	assert_true((uint64_t)(b.ts.tv_sec - a.ts.tv_sec) * 1000000000ull + (uint64_t)b.ts.tv_nsec -
	                    (uint64_t)a.ts.tv_nsec <=
	            margin);
	EXPECT_INVALID(doca_clock_get_crosstimestamp(clk, DOCA_CLOCK_HOST_REAL_TIME,
	                                             DOCA_CLOCK_HOST_MONOTONIC, &a, &b, &margin),
	               "doca_clock_get_crosstimestamp", "DOCA_CLOCK_NIC_*");

	assert_int_equal(doca_clock_destroy(clk), DOCA_SUCCESS);
	assert_int_equal(doca_clock_destroy(clk6), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(bf3), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(cx6), DOCA_SUCCESS);
	use_devices(NULL);
}

/* ---------------------------------------------------------------- refused calls */

/* The port calls need DPDK's EAL (tests/dpdk/ runs them for real). Here, without it: a
 * build with the softdpa DPDK driver answers what DOCA documents for "no port" (DRIVER,
 * NOT_FOUND, INVALID_VALUE for a representor of no device), one without it NOT_SUPPORTED;
 * either way with one line naming the call. */
#define EXPECT_DPDK(call, err, name)                                                               \
	do {                                                                                       \
		doca_error_t got_;                                                                 \
		t_log_reset();                                                                     \
		got_ = (call);                                                                     \
		if (got_ != DOCA_ERROR_NOT_SUPPORTED)                                              \
			assert_int_equal(got_, (err));                                             \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name);                                                             \
	} while (0)

static void test_dpdk_refused(void **state)
{
	struct doca_dev *dev = open_first_dev();
	struct doca_dev *out = NULL;
	struct doca_dev_rep *rep = FAKE(struct doca_dev_rep, 1);
	uint16_t port = 0;
	(void)state;

	EXPECT_INVALID(doca_dpdk_port_probe(NULL, ""), "doca_dpdk_port_probe", "dev is NULL");
	EXPECT_DPDK(doca_dpdk_port_probe(dev, "dv_flow_en=2"), DOCA_ERROR_DRIVER,
	            "doca_dpdk_port_probe");
	EXPECT_INVALID(doca_dpdk_port_probe_with_representors(dev, "", &rep, 0),
	               "doca_dpdk_port_probe_with_representors", "nb_reps is 0");
	EXPECT_DPDK(doca_dpdk_port_probe_with_representors(dev, "", &rep, 1),
	            DOCA_ERROR_INVALID_VALUE, "doca_dpdk_port_probe_with_representors");
	EXPECT_DPDK(doca_dpdk_port_as_dev(0, &out), DOCA_ERROR_NOT_FOUND, "doca_dpdk_port_as_dev");
	assert_null(out);
	EXPECT_DPDK(doca_dpdk_get_first_port_id(dev, &port), DOCA_ERROR_NOT_FOUND,
	            "doca_dpdk_get_first_port_id");
	EXPECT_UNSUPPORTED(doca_dpdk_mempool_create(FAKE(const struct rte_mempool, 2),
	                                            FAKE(struct doca_dpdk_mempool *, 3)),
	                   "doca_dpdk_mempool_create");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

static void rx_batch_cb(struct doca_eth_rxq_event_batch_managed_recv *batch, uint16_t n,
                        union doca_data ud, doca_error_t status, struct doca_buf **pkts)
{
	(void)batch;
	(void)n;
	(void)ud;
	(void)status;
	(void)pkts;
}

static void rx_task_cb(struct doca_eth_rxq_task_recv *task, union doca_data ud,
                       union doca_data ctx_ud)
{
	(void)task;
	(void)ud;
	(void)ctx_ud;
}

static void test_eth_rxq(void **state)
{
	struct doca_dev *dev = open_first_dev();
	struct doca_eth_rxq *rxq = NULL;
	struct doca_eth_rxq *fake = FAKE(struct doca_eth_rxq, 0);
	union doca_data ud = {.u64 = 0};
	uint32_t size = 0;
	(void)state;

	/* The buffer estimate is answered: at least one burst of 64-byte strides. */
	assert_int_equal(doca_eth_rxq_estimate_packet_buf_size(DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL, 0,
	                                                       0, 1500, 32, 0, 0, 0, &size),
	                 DOCA_SUCCESS);
	assert_int_equal(size, 32 * 1536);
	/* 100 Gb/s for 100 us is 1250000 bytes: 834 packets of 1500, strides of 1600 with the
	 * 64-byte headroom. */
	assert_int_equal(doca_eth_rxq_estimate_packet_buf_size(DOCA_ETH_RXQ_TYPE_CYCLIC, 100000,
	                                                       100, 1500, 32, 0, 64, 0, &size),
	                 DOCA_SUCCESS);
	assert_int_equal(size, 834 * 1600);
	EXPECT_INVALID(doca_eth_rxq_estimate_packet_buf_size(DOCA_ETH_RXQ_TYPE_REGULAR, 1, 1, 1500,
	                                                     32, 0, 0, 0, &size),
	               "doca_eth_rxq_estimate_packet_buf_size", "no packet buffer");

	EXPECT_INVALID(doca_eth_rxq_create(NULL, 32, 1500, &rxq), "doca_eth_rxq_create",
	               "dev is NULL");
	/* Emulated (tests/flow/test_eth_rxq.c): a queue object that no create made is refused
	 * by address, never read. */
	assert_int_equal(doca_eth_rxq_create(dev, 32, 1500, &rxq), DOCA_SUCCESS);
	assert_non_null(doca_eth_rxq_as_doca_ctx(rxq));
	EXPECT_INVALID(doca_eth_rxq_set_type(fake, DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL),
	               "doca_eth_rxq_set_type", "not a live queue");
	EXPECT_INVALID(doca_eth_rxq_apply_queue_id(fake, 0), "doca_eth_rxq_apply_queue_id",
	               "not a live queue");
	EXPECT_INVALID(doca_eth_rxq_event_batch_managed_recv_register(
	                       rxq, DOCA_EVENT_BATCH_EVENTS_NUMBER_16,
	                       DOCA_EVENT_BATCH_EVENTS_NUMBER_1, ud, rx_batch_cb, NULL),
	               "doca_eth_rxq_event_batch_managed_recv_register",
	               "error_event_batch_handler is NULL");
	assert_int_equal(doca_eth_rxq_event_batch_managed_recv_register(
	                         rxq, DOCA_EVENT_BATCH_EVENTS_NUMBER_16,
	                         DOCA_EVENT_BATCH_EVENTS_NUMBER_1, ud, rx_batch_cb, rx_batch_cb),
	                 DOCA_SUCCESS);
	/* receive tasks (regular queues; tests/flow/test_eth_txq.c runs them) */
	EXPECT_INVALID(doca_eth_rxq_task_recv_set_conf(rxq, rx_task_cb, NULL, 8),
	               "doca_eth_rxq_task_recv_set_conf", "task_error_cb is NULL");
	assert_int_equal(doca_eth_rxq_task_recv_set_conf(rxq, rx_task_cb, rx_task_cb, 8),
	                 DOCA_SUCCESS);

	t_log_reset();
	assert_null(doca_eth_rxq_as_doca_ctx(fake));
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_eth_rxq_as_doca_ctx", "not a live queue");
	assert_int_equal(doca_eth_rxq_destroy(rxq), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* Argument checks of the send queue; its data path is tested in tests/flow/test_eth_txq.c. */
static void test_eth_txq(void **state)
{
	struct doca_dev *dev = open_first_dev();
	struct doca_eth_txq *txq = NULL;
	struct doca_eth_txq *fake = FAKE(struct doca_eth_txq, 0);
	uint32_t n = 0;
	(void)state;

	EXPECT_INVALID(doca_eth_txq_create(dev, 32, NULL), "doca_eth_txq_create",
	               "eth_txq is NULL");
	EXPECT_INVALID(doca_eth_txq_create(dev, 0, &txq), "doca_eth_txq_create",
	               "max_burst_size is 0");
	assert_int_equal(doca_eth_txq_create(dev, 32, &txq), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_cap_get_max_send_buf_list_len(doca_dev_as_devinfo(dev), &n),
	                 DOCA_SUCCESS);
	assert_int_equal(n, 16);
	EXPECT_INVALID(doca_eth_txq_task_send_set_conf(txq, NULL, NULL, 8),
	               "doca_eth_txq_task_send_set_conf", "task_completion_cb is NULL");
	EXPECT_INVALID(doca_eth_txq_task_send_set_conf(fake, NULL, NULL, 8),
	               "doca_eth_txq_task_send_set_conf", "not a live queue");
	t_log_reset();
	doca_eth_txq_task_send_set_ol_flags(FAKE(struct doca_eth_txq_task_send, 1),
	                                    DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_eth_txq_task_send_set_ol_flags", "not a live task");
	assert_int_equal(doca_eth_txq_destroy(txq), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_pe),
	        cmocka_unit_test(test_tasks_foreign),
	        cmocka_unit_test(test_buf_inventory),
	        cmocka_unit_test(test_buf_data_and_lists),
	        cmocka_unit_test(test_mmap_devices_and_permissions),
	        cmocka_unit_test(test_dev_getters),
	        cmocka_unit_test(test_clock),
	        cmocka_unit_test(test_dpdk_refused),
	        cmocka_unit_test(test_eth_rxq),
	        cmocka_unit_test(test_eth_txq),
	};

	use_devices(NULL);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
