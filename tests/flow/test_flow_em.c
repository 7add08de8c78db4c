/* SPDX-License-Identifier: BSD-3-Clause
 * The exact-match table of BASIC pipes (src/nic/flow_em.c): a key of up to 8 bytes (the
 * key is the bucket's tag) and a longer one (the tag is a hash, the entry's key decides),
 *   - churn: entries removed and re-added in rounds, leaving tombstones; after each round
 *     every present key hits its entry, every removed key misses, and the table's counts
 *     agree with its slots, no tombstone left where a removal could empty it; with every
 *     key removed, none is left;
 *   - concurrency: NIC workers look up while the control plane adds, removes and updates
 *     entries (under TSan in CI: no race report); a key that stays in the table never
 *     misses, and every frame is accounted for (delivered, dropped as a miss, or dropped
 *     by a full output wire);
 *   - slots that name their entry's shared data (em_hot, flow_em.h): 15 places, the
 *     data beyond them reached through the entry, updates that move an entry between
 *     both kinds, on the per-frame and the burst path.
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/atomics.h"
#include "core/hugemem.h"
#include "flow_t.h"
#include "nic/flow_em.h"
#include "nic/flow_priv.h"

enum { NSTABLE = 16, NCHURN = 48, NKEYS = NSTABLE + NCHURN };

/* Key i: IPv4 destination (4-byte key) or the whole 5-tuple's addresses and ports (12 bytes). */
static uint32_t dst_of(uint32_t i)
{
	return 0x0b000000u + i * 7919u;
}

/* A BASIC root pipe matching key i; with 'mac', an action sets the source MAC's last byte
 * per entry (distinct bytes: distinct shared data). */
static struct doca_flow_pipe *em_pipe_acts(bool long_key, uint32_t nr_entries, bool mac)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_actions a, *acts[1] = {&a};
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_pipe *p;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	if (long_key) {
		m.outer.ip4.src_ip = 0xffffffff;
		m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
		m.outer.udp.l4_port.src_port = 0xffff;
		m.outer.udp.l4_port.dst_port = 0xffff;
	}
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "EM"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, nr_entries), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	if (mac) {
		memset(&a, 0, sizeof(a));
		memset(a.outer.eth.src_mac, 0xff, sizeof(a.outer.eth.src_mac)); /* per entry */
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	return p;
}

static struct doca_flow_pipe *em_pipe(bool long_key, uint32_t nr_entries)
{
	return em_pipe_acts(long_key, nr_entries, false);
}

/* The source MAC byte 'mac' for an em_pipe_acts pipe with 'mac' set (else NULL). */
static const struct doca_flow_actions *mac_action(struct doca_flow_actions *a, int mac)
{
	if (mac < 0)
		return NULL;
	memset(a, 0, sizeof(*a));
	a->outer.eth.src_mac[5] = (uint8_t)mac;
	return a;
}

/* Entry for key i, forwarding to port 'out'; mac < 0: no actions. */
static struct doca_flow_pipe_entry *em_add_mac(struct doca_flow_pipe *p, bool long_key, uint32_t i,
                                               uint16_t out, int mac)
{
	struct doca_flow_actions a;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = out};
	struct doca_flow_pipe_entry *e = NULL;

	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = htonl(dst_of(i));
	if (long_key) {
		m.outer.ip4.src_ip = htonl(0x0a000001);
		m.outer.udp.l4_port.src_port = htons(1000);
		m.outer.udp.l4_port.dst_port = htons((uint16_t)(2000 + i));
	}
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, mac_action(&a, mac), NULL,
	                                                &fwd, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
	                                                &e),
	                 DOCA_SUCCESS);
	return e;
}

static struct doca_flow_pipe_entry *em_add(struct doca_flow_pipe *p, bool long_key, uint32_t i,
                                           uint16_t out)
{
	return em_add_mac(p, long_key, i, out, -1);
}

/* New data for e: port 'out', source MAC byte 'mac'. */
static void em_update(struct doca_flow_pipe *p, struct doca_flow_pipe_entry *e, uint16_t out,
                      int mac)
{
	struct doca_flow_actions a;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = out};

	assert_int_equal(doca_flow_pipe_basic_update_entry(0, p, 0, mac_action(&a, mac), NULL, &fwd,
	                                                   DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e),
	                 DOCA_SUCCESS);
}

static void em_del(struct doca_flow_pipe_entry *e)
{
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e),
	                 DOCA_SUCCESS);
}

static uint32_t frame_of(uint8_t *f, uint32_t i)
{
	return ft_udp4(f, 0x0a000001, dst_of(i), 1000, (uint16_t)(2000 + i));
}

/* The table's bookkeeping against its slots: 'live' entries, 'used' = live + tombstones,
 * and no tombstone right before an empty slot (a removal that ends a run of occupied
 * slots empties it and the tombstones before it: flow_em.c, sdpa_em_remove). Returns
 * the tombstones. */
static uint32_t em_check(const struct doca_flow_pipe *p, uint32_t live)
{
	const struct sdpa_em_table *t = sdpa_load_relaxed(&p->em);
	uint32_t n = 0, tombs = 0;

	for (uint32_t b = 0; b < t->nbkt; b++)
		for (uint32_t l = 0; l < SDPA_EM_LANES; l++) {
			const struct doca_flow_pipe_entry *x = sdpa_load_relaxed(&t->b[b].e[l]);
			uint32_t nb = l + 1 < SDPA_EM_LANES ? b : sdpa_em_next(t, b);
			uint32_t nl = (l + 1) % SDPA_EM_LANES;

			if (x == SDPA_EM_TOMB) {
				tombs++;
				assert_non_null(sdpa_load_relaxed(&t->b[nb].e[nl]));
			} else if (x != NULL) {
				n++;
			}
		}
	assert_int_equal(n, live);
	assert_int_equal(t->live, live);
	assert_int_equal(t->used, live + tombs);
	return tombs;
}

static void churn(bool long_key)
{
	struct doca_flow_pipe_entry *e[NKEYS] = {0};
	static uint8_t f[SOFTDPA_FRAME_MAX];
	struct doca_flow_pipe *p;
	uint32_t live = 0, tombs = 0;

	ft_init("vnf,hws", 0, 0, 0, 2);
	/* nr_entries NKEYS: a table of 128 slots, 3/4 of them usable before a rebuild. */
	p = em_pipe(long_key, NKEYS);
	for (uint32_t i = 0; i < NKEYS; i++)
		e[i] = em_add(p, long_key, i, 1);
	ft_process(ft_ports[0]);
	/* Each round removes a third of the keys and puts back the previous round's. */
	for (uint32_t round = 0; round < 40; round++) {
		for (uint32_t i = 0; i < NKEYS; i++) {
			if (i % 3 == round % 3 && e[i] != NULL) {
				em_del(e[i]);
				e[i] = NULL;
			} else if (e[i] == NULL) {
				e[i] = em_add(p, long_key, i, 1);
			}
		}
		ft_process(ft_ports[0]);
		for (uint32_t i = 0; i < NKEYS; i++) {
			ft_inject(0, f, frame_of(f, i));
			ft_sync();
			assert_int_equal(ft_drain_all(1), e[i] != NULL ? 1 : 0);
			live += e[i] != NULL;
		}
		tombs += em_check(p, live);
		live = 0;
	}
	/* A duplicate key is refused by the table (its ADD completes with an error). */
	for (uint32_t i = 0; i < NKEYS; i++)
		if (e[i] != NULL) {
			unsigned int err =
			        ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_ERROR];
			struct doca_flow_pipe_entry *dup = em_add(p, long_key, i, 1);

			ft_process(ft_ports[0]);
			assert_int_equal(
			        ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_ERROR],
			        err + 1);
			em_del(dup);
			ft_process(ft_ports[0]);
			break;
		}
	/* Every key removed: not a tombstone is left. */
	for (uint32_t i = 0; i < NKEYS; i++)
		if (e[i] != NULL)
			em_del(e[i]);
	ft_process(ft_ports[0]);
	assert_true(tombs > 0); /* the rounds did leave some */
	assert_int_equal(em_check(p, 0), 0);
	ft_fini();
}

static void test_em_churn_short_key(void **state)
{
	(void)state;
	churn(false);
}

static void test_em_churn_long_key(void **state)
{
	(void)state;
	churn(true);
}

/* The burst path on a large table: frames injected in bursts, keys present and absent,
 * entries forwarding to two ports; every frame goes where its own entry says. */
static void test_em_large_table_bursts(void **state)
{
	enum { NADD = 3000, NFRAMES = 2048 };
	static uint8_t f[SOFTDPA_FRAME_MAX];
	struct doca_flow_pipe *p;
	uint32_t want[3] = {0, 0, 0};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	p = em_pipe(false, 1u << 16);
	for (uint32_t i = 0; i < NADD; i++)
		(void)em_add(p, false, i, (uint16_t)(1 + i % 2));
	ft_process(ft_ports[0]);
	for (uint32_t n = 0; n < NFRAMES; n++) {
		uint32_t i = (n * 2654435761u) % (2 * NADD); /* half of them absent */

		ft_inject(0, f, frame_of(f, i));
		want[i < NADD ? 1 + i % 2 : 0]++;
		if (n % 200 == 199) /* bursts of up to 32 frames: the ring holds 200 */
			ft_sync();
	}
	ft_sync();
	assert_int_equal(ft_drain_all(1), want[1]);
	assert_int_equal(ft_drain_all(2), want[2]);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), want[0]);
	ft_fini();
}

/* Issue 12's arena: a size class carves its slots back to back from segments, nothing
 * lost at a page's or a chunk's end (a huge block used to hold a little less than 2 MiB of
 * slots, and 3 of them 65535 96-byte entries, one short of 64 k, when entries took 96); the first
 * SDPA_ENTRY_SMALL_HEAD bytes on small pages, everything after on huge ones. N entries
 * fill more than one segment, and an entry of each segment hits. */
static void test_em_pool_huge_chunks(void **state)
{
	enum { N = 300000 }; /* 64-byte slots: 18.3 MiB, past a 16 MiB segment */
	static uint8_t f[SOFTDPA_FRAME_MAX];
	struct doca_flow_pipe *p;
	size_t slot, bytes, huge;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	p = em_pipe(false, N);
	slot = (SDPA_ENTRY_HEAD + p->mt.klen + 15) / 16 * 16;
	assert_true((size_t)N * slot > SDPA_ENTRY_SEGMENT); /* a second segment */
	for (uint32_t i = 0; i < N; i++) {
		(void)em_add(p, false, i, 1);
		if (i % 1024 == 1023)
			ft_process(ft_ports[0]);
	}
	ft_process(ft_ports[0]);
	sdpa_entry_pool_usage(slot, &bytes, &huge);
	assert_int_equal(bytes, (size_t)N * slot);
	assert_int_equal(huge, (size_t)N * slot - SDPA_ENTRY_SMALL_HEAD);
	/* The first, a middle and the last entry hit. */
	for (uint32_t i = 0; i < N; i += N / 2 - 1) {
		ft_inject(0, f, frame_of(f, i));
		ft_sync();
		assert_int_equal(ft_drain_all(1), 1);
	}
	ft_fini();
}

/* Entries with equal data share one object (flow_entry.c, data_intern; the pipe keeps the
 * last 4 distinct ones): 6 distinct data (a per-entry source MAC, 3 ports) over 60 entries,
 * so the cache turns over while entries still hold evicted objects. Each frame leaves by
 * its own entry's port with its own MAC; an update gives one entry data of its own and
 * leaves its siblings alone; removed entries miss, the others still hit; destroying the
 * pipe frees everything (ASan: no leak, no use after free). */
static void test_em_shared_data(void **state)
{
	enum { N = 60, NDATA = 6 };
	static uint8_t f[SOFTDPA_FRAME_MAX];
	struct doca_flow_pipe_entry *e[N];
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_actions a, *acts[1] = {&a};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_pipe *p;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 4);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	memset(&a, 0, sizeof(a));
	memset(a.outer.eth.src_mac, 0xff, sizeof(a.outer.eth.src_mac));
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "EMDATA"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, N), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	for (uint32_t i = 0; i < N; i++) {
		memset(&m, 0, sizeof(m));
		m.outer.ip4.dst_ip = htonl(dst_of(i));
		memset(&a, 0, sizeof(a));
		a.outer.eth.src_mac[5] = (uint8_t)(0x10 + i % NDATA);
		fwd.port_id = (uint16_t)(1 + i % 3);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, &a, NULL, &fwd,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e[i]),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	/* Entry 0 now sends to port 2 with MAC ...:77; entry 6 (the same data before) not. */
	memset(&a, 0, sizeof(a));
	a.outer.eth.src_mac[5] = 0x77;
	fwd.port_id = 2;
	assert_int_equal(doca_flow_pipe_basic_update_entry(0, p, 0, &a, NULL, &fwd,
	                                                   DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[0]),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	for (uint32_t round = 0; round < 2; round++) {
		for (uint32_t i = 0; i < N; i++) {
			uint16_t port = i == 0 ? 2 : (uint16_t)(1 + i % 3);
			uint8_t mac = i == 0 ? 0x77 : (uint8_t)(0x10 + i % NDATA);
			bool present = round == 0 || i % 2 == 1;

			ft_inject(0, f, frame_of(f, i));
			ft_sync();
			for (uint16_t q = 1; q <= 3; q++) {
				uint32_t len = ft_drain(q, f);

				if (q == port && present) {
					assert_int_not_equal(len, 0);
					assert_int_equal(f[11], mac);
				} else {
					assert_int_equal(len, 0);
				}
				assert_int_equal(ft_drain(q, f), 0);
			}
		}
		if (round == 0) {
			for (uint32_t i = 0; i < N; i += 2)
				em_del(e[i]);
			ft_process(ft_ports[0]);
		}
	}
	ft_fini();
}

/* em_hot (flow_em.h): a slot names its entry's shared data when one of the pipe's 15 places
 * holds it. 20 distinct data over 60 entries: the first 15 take the places, the other 5
 * are reached through the entry. Each frame leaves by its entry's port with its entry's
 * MAC; an update moves entry 0 to data without a place and back, and entry 1 to a new
 * object while the places are full. On a small table (per-frame lookups) and a large one
 * (the burst path, prefetch_root_em). */
static void hot_places(uint32_t nr_entries)
{
	enum { N = 60, NDATA = 20 };
	static uint8_t f[SOFTDPA_FRAME_MAX];
	struct doca_flow_pipe_entry *e[N];
	int mac[N];
	uint16_t port[N];
	struct doca_flow_pipe *p;
	uint32_t filled = 0;

	ft_init("vnf,hws", 0, 0, 0, 3);
	p = em_pipe_acts(false, nr_entries, true);
	for (uint32_t i = 0; i < N; i++) {
		mac[i] = 0x10 + (int)(i % NDATA);
		port[i] = (uint16_t)(1 + i % NDATA % 2);
		e[i] = em_add_mac(p, false, i, port[i], mac[i]);
	}
	ft_process(ft_ports[0]);
	for (uint32_t i = 0; i < SDPA_EM_HOT; i++)
		filled += sdpa_load_relaxed(&p->em_hot[i]) != NULL;
	assert_int_equal(filled, SDPA_EM_HOT);
	for (uint32_t step = 0; step < 4; step++) {
		if (step == 1) {
			/* entry 0 to data 0x10 + 19 (no place), entry 1 to new data (none left) */
			mac[0] = 0x10 + NDATA - 1;
			port[0] = 2;
			em_update(p, e[0], port[0], mac[0]);
			mac[1] = 0x60;
			port[1] = 1;
			em_update(p, e[1], port[1], mac[1]);
			ft_process(ft_ports[0]);
		} else if (step == 2) {
			/* and back: entry 0's first data still has its place */
			mac[0] = 0x10;
			port[0] = 1;
			em_update(p, e[0], port[0], mac[0]);
			ft_process(ft_ports[0]);
		} else if (step == 3) {
			/* entry 2 is removed: it misses */
			em_del(e[2]);
			ft_process(ft_ports[0]);
		}
		for (uint32_t i = 0; i < N; i++)
			ft_inject(0, f, frame_of(f, i));
		ft_sync();
		for (uint32_t i = 0; i < N; i++) {
			uint32_t len;

			if (step == 3 && i == 2)
				continue;
			/* The frames of one port leave in order: the next one there is i's. */
			len = ft_drain(port[i], f);
			assert_int_not_equal(len, 0);
			assert_int_equal(f[11], mac[i]);
			assert_int_equal(f[36] << 8 | f[37], 2000 + i); /* UDP destination port */
		}
		assert_int_equal(ft_drain_all(1) + ft_drain_all(2), 0);
		assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), step == 3 ? 1 : 0);
	}
	ft_fini(); /* ASan: em_hot's references are released with the pipe */
}

static void test_em_hot_places_small_table(void **state)
{
	(void)state;
	hot_places(64);
}

static void test_em_hot_places_large_table(void **state)
{
	(void)state;
	hot_places(1u << 16);
}

/* ------------------------------------------------------------------ concurrency */

static sdpa_atomic_u32 stop;
static sdpa_atomic_u64 out_stable, out_churn;

static void *drainer(void *arg)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint32_t len;

	(void)arg;
	for (;;) {
		bool last = sdpa_load_acquire(&stop); /* A-emstop: pairs with R-emstop */

		while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			sdpa_fetch_add_relaxed(&out_stable, 1);
		while (softdpa_port_drain(2, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			sdpa_fetch_add_relaxed(&out_churn, 1);
		if (last)
			return NULL;
	}
}

static void forward_while_churning(bool long_key, uint32_t nr_entries)
{
	enum { FRAMES = 12000 };
	struct doca_flow_pipe_entry *e[NKEYS] = {0};
	static uint8_t f[SOFTDPA_FRAME_MAX];
	struct doca_flow_pipe *p;
	uint64_t stable_in = 0, churn_in = 0, misses;
	uint32_t seed = 777;
	pthread_t dt;

	ft_init("vnf,hws", 2, 0, 0, 3);
	p = em_pipe_acts(long_key, nr_entries, true);
	for (uint32_t i = 0; i < NKEYS; i++)
		e[i] = em_add_mac(p, long_key, i, i < NSTABLE ? 1 : 2, 1);
	ft_process(ft_ports[0]);
	sdpa_store_relaxed(&stop, 0);
	sdpa_store_relaxed(&out_stable, 0);
	sdpa_store_relaxed(&out_churn, 0);
	assert_int_equal(pthread_create(&dt, NULL, drainer, NULL), 0);
	for (uint32_t n = 0; n < FRAMES; n++) {
		uint32_t r = seed = seed * 1103515245u + 12345u;
		uint32_t i = (r >> 8) % NKEYS, len = frame_of(f, i);

		while (softdpa_port_inject(0, f, len) == DOCA_ERROR_AGAIN)
			;
		if (i < NSTABLE)
			stable_in++;
		else
			churn_in++;
		if (n % 4 == 0) {
			/* Toggle a churn key: the workers look up meanwhile. */
			uint32_t k = NSTABLE + (r >> 16) % NCHURN;

			if (e[k] != NULL) {
				em_del(e[k]);
				e[k] = NULL;
			} else {
				e[k] = em_add_mac(p, long_key, k, 2, 1);
			}
			ft_process(ft_ports[0]);
		} else if (n % 4 == 2) {
			/* A stable key's data toggles between two shared objects (their slot
			 * changes its em_hot place): its frames still hit, every one. */
			uint32_t k = (r >> 16) % NSTABLE;

			em_update(p, e[k], 1, 1 + (int)(n / 4 % 2));
			ft_process(ft_ports[0]);
		}
	}
	ft_sync();
	sdpa_store_release(&stop, 1); /* R-emstop: pairs with A-emstop in drainer */
	pthread_join(dt, NULL);
	misses = ft_dropped(0, SOFTDPA_DROP_RULE) + ft_dropped(0, SOFTDPA_DROP_NO_PIPE);
	/* A key that never left the table was found every time (delivered, or dropped by a
	 * full output wire when the drainer lagged); the rest hit or missed. */
	assert_int_equal(sdpa_load_relaxed(&out_stable) + ft_dropped(1, SOFTDPA_DROP_TX_FULL),
	                 stable_in);
	assert_true(sdpa_load_relaxed(&out_churn) > 0);
	assert_int_equal(sdpa_load_relaxed(&out_churn) + ft_dropped(2, SOFTDPA_DROP_TX_FULL) +
	                         misses,
	                 churn_in);
	ft_fini();
}

static void test_em_lookup_while_churning_short_key(void **state)
{
	(void)state;
	forward_while_churning(false, NKEYS);
}

static void test_em_lookup_while_churning_long_key(void **state)
{
	(void)state;
	forward_while_churning(true, NKEYS);
}

/* A table large enough for the burst path (flow_dp.c prefetch_root_em: parse and look up
 * a whole burst first, hand the result to the pipeline). */
static void test_em_lookup_while_churning_large_table(void **state)
{
	(void)state;
	forward_while_churning(false, 1u << 16);
}

int main(void)
{
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		FT_TEST(test_em_churn_short_key),
		FT_TEST(test_em_churn_long_key),
		FT_TEST(test_em_lookup_while_churning_short_key),
		FT_TEST(test_em_lookup_while_churning_long_key),
		FT_TEST(test_em_large_table_bursts),
		FT_TEST(test_em_shared_data),
		FT_TEST(test_em_hot_places_small_table),
		FT_TEST(test_em_hot_places_large_table),
		FT_TEST(test_em_pool_huge_chunks),
		FT_TEST(test_em_lookup_while_churning_large_table),
	};
	/* clang-format on */

	return cmocka_run_group_tests(tests, NULL, NULL);
}
