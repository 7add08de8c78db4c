/* SPDX-License-Identifier: BSD-3-Clause
 * Path failover, the DOCA DPA part: the DPA context, the link table and the report in host
 * memory (two mmaps the kernel reaches through its window), two sync events, and the
 * watcher kernel's launch.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_log.h>

#include "path_failover.h"

DOCA_LOG_REGISTER(FAILOVER_DPA);

extern struct doca_dpa_app *path_failover_app;
extern doca_dpa_func_t failover_watch;

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t rc_ = (call);                                                         \
		if (rc_ != DOCA_SUCCESS) {                                                         \
			DOCA_LOG_ERR("%s failed: %s", #call, doca_error_get_descr(rc_));           \
			return rc_;                                                                \
		}                                                                                  \
	} while (0)

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Wait until the event reaches 'want', at most timeout_ms. */
static doca_error_t wait_event_ge(struct doca_sync_event *ev, uint64_t want, uint32_t timeout_ms)
{
	uint64_t end = now_ms() + timeout_ms, v = 0;
	struct timespec pause = {0, 100000};

	for (;;) {
		CHECK(doca_sync_event_get(ev, &v));
		if (v >= want)
			return DOCA_SUCCESS;
		if (now_ms() > end)
			return DOCA_ERROR_TIME_OUT;
		nanosleep(&pause, NULL);
	}
}

/* A sync event the DPA publishes and the CPU waits on. */
static doca_error_t dpa_to_cpu_event(struct doca_dev *dev, struct doca_dpa *dpa,
                                     struct doca_sync_event **ev)
{
	CHECK(doca_sync_event_create(ev));
	CHECK(doca_sync_event_add_publisher_location_dpa(*ev, dpa));
	CHECK(doca_sync_event_add_subscriber_location_cpu(*ev, dev));
	return doca_sync_event_start(*ev);
}

/* Host memory the DPA reaches through an mmap of 'len' bytes. */
static doca_error_t host_mmap(struct doca_dev *dev, void *mem, size_t len, uint32_t access,
                              struct doca_mmap **mm)
{
	CHECK(doca_mmap_create(mm));
	CHECK(doca_mmap_set_memrange(*mm, mem, len));
	CHECK(doca_mmap_set_permissions(*mm, access));
	CHECK(doca_mmap_add_dev(*mm, dev));
	return doca_mmap_start(*mm);
}

doca_error_t fo_dpa_start(struct doca_dev *dev, struct fo_dpa *d)
{
	CHECK(doca_dpa_create(dev, &d->dpa));
	CHECK(doca_dpa_set_app(d->dpa, path_failover_app));
	CHECK(doca_dpa_start(d->dpa));
	CHECK(dpa_to_cpu_event(dev, d->dpa, &d->done));
	CHECK(dpa_to_cpu_event(dev, d->dpa, &d->ack));
	d->links = aligned_alloc(64, sizeof(*d->links));
	d->report = aligned_alloc(64, sizeof(*d->report));
	if (d->links == NULL || d->report == NULL) {
		DOCA_LOG_ERR("out of memory for the link table and the report");
		return DOCA_ERROR_NO_MEMORY;
	}
	memset(d->report, 0, sizeof(*d->report));
	d->up = (1u << FO_NR_LINKS) - 1;
	d->gen = 0;
	/* Generation 0 with every link up is the state the entries start in. */
	__atomic_store_n(&d->links->word, FO_LINKS_WORD(0, d->up), __ATOMIC_RELEASE);
	/* The kernel only reads the link table; it writes the report. */
	CHECK(host_mmap(dev, d->links, sizeof(*d->links), DOCA_ACCESS_FLAG_LOCAL_READ_ONLY,
	                &d->links_mm));
	return host_mmap(dev, d->report, sizeof(*d->report),
	                 DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_PCI_READ_WRITE,
	                 &d->rep_mm);
}

doca_error_t fo_dpa_launch_watcher(struct doca_dev *dev, struct fo_dpa *d, doca_flow_dpa_addr pipe)
{
	doca_dpa_dev_mmap_t links_h, rep_h;
	doca_dpa_dev_sync_event_t ack_h;

	CHECK(doca_mmap_dev_get_dpa_handle(d->links_mm, dev, &links_h));
	CHECK(doca_mmap_dev_get_dpa_handle(d->rep_mm, dev, &rep_h));
	CHECK(doca_sync_event_get_dpa_handle(d->ack, d->dpa, &ack_h));
	/* One thread; 'done' reaches 1 when the kernel returns. */
	CHECK(doca_dpa_kernel_launch_update_set(d->dpa, NULL, 0, d->done, 1, 1, &failover_watch,
	                                        links_h, (uint64_t)(uintptr_t)d->links, rep_h,
	                                        (uint64_t)(uintptr_t)d->report, pipe, ack_h));
	d->running = true;
	return DOCA_SUCCESS;
}

doca_error_t fo_dpa_set_links(struct fo_dpa *d, uint32_t up_mask, uint32_t timeout_ms)
{
	doca_error_t rc;

	d->up = up_mask & ((1u << FO_NR_LINKS) - 1);
	d->gen++;
	/* One release store: the kernel reads mask and generation from the same word (its
	 * window read after __dpa_thread_window_read_inv), so it never sees a mix. */
	__atomic_store_n(&d->links->word, FO_LINKS_WORD(d->gen, d->up), __ATOMIC_RELEASE);
	rc = wait_event_ge(d->ack, d->gen, timeout_ms);
	if (rc != DOCA_SUCCESS)
		DOCA_LOG_ERR("the DPA watcher did not acknowledge link generation %u within %u ms",
		             d->gen, timeout_ms);
	return rc;
}

doca_error_t fo_dpa_stop_watcher(struct fo_dpa *d, uint32_t timeout_ms)
{
	doca_error_t rc;

	if (!d->running)
		return DOCA_SUCCESS;
	__atomic_store_n(&d->links->word, FO_LINKS_WORD(d->gen, d->up) | FO_LINKS_STOP,
	                 __ATOMIC_RELEASE);
	rc = wait_event_ge(d->done, 1, timeout_ms);
	if (rc == DOCA_SUCCESS)
		d->running = false;
	else
		DOCA_LOG_ERR("the DPA watcher did not return within %u ms", timeout_ms);
	return rc;
}

void fo_dpa_destroy(struct fo_dpa *d)
{
	if (d->links_mm != NULL)
		doca_mmap_destroy(d->links_mm);
	if (d->rep_mm != NULL)
		doca_mmap_destroy(d->rep_mm);
	if (d->ack != NULL)
		doca_sync_event_destroy(d->ack);
	if (d->done != NULL)
		doca_sync_event_destroy(d->done);
	if (d->dpa != NULL)
		doca_dpa_destroy(d->dpa);
	free(d->links);
	free(d->report);
	memset(d, 0, sizeof(*d));
}
