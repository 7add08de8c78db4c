/* SPDX-License-Identifier: BSD-3-Clause
 * GENEVE TLV options: the option parser API (doca_flow_parser_geneve_opt_create/_destroy),
 * matching options in any order under masks and the parser's data_mask, class modes,
 * options a match may not name, a malformed option list on a decap path, and options set
 * by an encap (per-entry data word; outer lengths and IPv4 checksum computed here, by
 * RFC 1071, independently of softdpa).
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "flow_t.h"

static uint8_t out[SOFTDPA_FRAME_MAX];

enum { CLS_A = 0x0102, CLS_B = 0x0107 };

/* ------------------------------------------------------------------ frames */

static void be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void be32(uint8_t *p, uint32_t v)
{
	be16(p, (uint16_t)(v >> 16));
	be16(p + 2, (uint16_t)v);
}

/* RFC 1071 over n bytes. */
static uint16_t csum(const uint8_t *p, uint32_t n)
{
	uint32_t s = 0;

	for (uint32_t i = 0; i + 1 < n; i += 2)
		s += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		s += (uint32_t)p[n - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

/* The inner frame: Ethernet / IPv4 10.0.0.1 -> 10.0.0.2 / UDP 1000 -> 2000 / 8 bytes. */
static uint32_t inner(uint8_t *p)
{
	static const uint8_t eth[14] = {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00};

	memcpy(p, eth, 14);
	uint8_t *ip = p + 14;
	memset(ip, 0, 20);
	ip[0] = 0x45;
	be16(ip + 2, 20 + 8 + 8);
	ip[8] = 64;
	ip[9] = 17;
	be32(ip + 12, 0x0a000001);
	be32(ip + 16, 0x0a000002);
	be16(ip + 10, csum(ip, 20));
	uint8_t *u = ip + 20;
	be16(u, 1000);
	be16(u + 2, 2000);
	be16(u + 4, 16);
	be16(u + 6, 0);
	memcpy(u + 8, "payload!", 8);
	return 14 + 20 + 8 + 8;
}

/* Ethernet / IPv4 / UDP 6081 / GENEVE (VNI 0x123456, Ethernet inside) with 'n' option
 * words 'w' (host order) / inner(). optlen: the header's option length (normally n). */
static uint32_t geneve_frame(uint8_t *f, const uint32_t *w, uint32_t n, uint32_t optlen)
{
	static const uint8_t eth[14] = {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x20,
	                                0x20, 0x20, 0x20, 0x20, 0x20, 0x08, 0x00};
	uint32_t len;

	memcpy(f, eth, 14);
	uint8_t *g = f + 14 + 20 + 8;
	g[0] = (uint8_t)optlen;
	g[1] = 0;
	be16(g + 2, 0x6558);
	be32(g + 4, 0x12345600);
	for (uint32_t i = 0; i < n; i++)
		be32(g + 8 + 4 * i, w[i]);
	len = 14 + 20 + 8 + 8 + 4 * n + inner(g + 8 + 4 * n);
	uint8_t *ip = f + 14;
	memset(ip, 0, 20);
	ip[0] = 0x45;
	be16(ip + 2, (uint16_t)(len - 14));
	ip[8] = 64;
	ip[9] = 17;
	be32(ip + 12, 0xc0a80001);
	be32(ip + 16, 0xc0a80002);
	be16(ip + 10, csum(ip, 20));
	uint8_t *u = ip + 20;
	be16(u, 5555);
	be16(u + 2, 6081);
	be16(u + 4, (uint16_t)(len - 34));
	be16(u + 6, 0);
	return len;
}

/* ------------------------------------------------------------------ helpers */

static void opt_cfg(struct doca_flow_parser_geneve_opt_cfg *c, uint32_t mode, uint16_t cls,
                    uint8_t type, uint8_t len)
{
	memset(c, 0, sizeof(*c));
	c->match_on_class_mode = (enum doca_flow_parser_geneve_opt_mode)mode;
	c->option_class = htons(cls);
	c->option_type = type;
	c->option_len = len;
}

static struct doca_flow_pipe *mk_pipe(const struct doca_flow_match *m,
                                      const struct doca_flow_match *mask,
                                      const struct doca_flow_actions *act, doca_error_t want)
{
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_actions *acts[1] = {(struct doca_flow_actions *)act};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p = NULL;

	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, m, mask), DOCA_SUCCESS);
	if (act)
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), want);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

static void add(struct doca_flow_pipe *p, const struct doca_flow_match *m,
                const struct doca_flow_actions *a)
{
	struct doca_flow_pipe_entry *e;

	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, m, 0, a, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
}

/* Send a frame on port 0: whether port 1 sent it. */
static bool passes(const uint8_t *f, uint32_t n)
{
	ft_inject(0, f, n);
	ft_sync();
	return ft_drain_all(1) == 1;
}

#define EXPECT(call, err, what)                                                                    \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (err));                                                   \
		t_assert_logged(what);                                                             \
	} while (0)

/* ------------------------------------------------------------------ tests */

static void test_parser_api(void **state)
{
	struct doca_flow_parser_geneve_opt_cfg c[9];
	struct doca_flow_parser *gp = NULL, *gp1 = NULL;
	struct doca_flow_match m, k;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	opt_cfg(&c[0], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED, CLS_A, 1, 2);
	c[0].data_mask[0] = UINT32_MAX;
	EXPECT(doca_flow_parser_geneve_opt_create(NULL, c, 1, &gp), DOCA_ERROR_INVALID_VALUE,
	       "port is NULL");
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], NULL, 1, &gp),
	       DOCA_ERROR_INVALID_VALUE, "tlv_list is NULL");
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 1, NULL),
	       DOCA_ERROR_INVALID_VALUE, "parser is NULL");
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 9, &gp), DOCA_ERROR_INVALID_VALUE,
	       "nb_options 9");
	c[1] = c[0];
	c[1].option_len = 32;
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_ERROR_INVALID_VALUE,
	       "option_len 32");
	c[1].option_len = 1;
	c[1].match_on_class_mode = (enum doca_flow_parser_geneve_opt_mode)3;
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_ERROR_INVALID_VALUE,
	       "match_on_class_mode 3");
	/* the same type: told apart only by two FIXED classes */
	opt_cfg(&c[1], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_IGNORE, CLS_B, 1, 1);
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_ERROR_INVALID_VALUE,
	       "cannot be told");
	opt_cfg(&c[1], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED, CLS_A, 1, 1);
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_ERROR_INVALID_VALUE,
	       "cannot be told");
	/* 7 DWords: 6 sampled words + a MATCHABLE class fit, one more does not */
	opt_cfg(&c[1], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_MATCHABLE, CLS_B, 2, 6);
	for (int j = 0; j < 5; j++)
		c[1].data_mask[j] = htonl(0xff);
	assert_int_equal(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_SUCCESS);
	assert_non_null(gp);
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp1),
	       DOCA_ERROR_ALREADY_EXIST, "has a GENEVE option parser already");
	assert_int_equal(doca_flow_parser_geneve_opt_destroy(gp), DOCA_SUCCESS);
	EXPECT(doca_flow_parser_geneve_opt_destroy(gp), DOCA_ERROR_INVALID_VALUE,
	       "not a live parser");
	EXPECT(doca_flow_parser_geneve_opt_destroy(NULL), DOCA_ERROR_INVALID_VALUE,
	       "parser is NULL");
	c[1].data_mask[5] = htonl(1);
	EXPECT(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_ERROR_NOT_SUPPORTED,
	       "8 DWords");

	/* a pipe naming options needs the parser; destroying it waits for the pipe */
	memset(&m, 0, sizeof(m));
	memset(&k, 0, sizeof(k));
	m.tun.type = DOCA_FLOW_TUN_GENEVE;
	m.tun.geneve_options[0].class_id = htons(CLS_A);
	m.tun.geneve_options[0].type = 1;
	m.tun.geneve_options[0].length = 2;
	k.tun.geneve_options[0].class_id = 0xffff;
	k.tun.geneve_options[0].type = 0xff;
	t_log_reset();
	mk_pipe(&m, &k, NULL, DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("has no GENEVE option parser");
	assert_int_equal(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 1, &gp), DOCA_SUCCESS);
	/* a data word the parser does not sample (word 1 of A) */
	m.tun.geneve_options[2].data = UINT32_MAX;
	k.tun.geneve_options[2].data = htonl(1);
	t_log_reset();
	mk_pipe(&m, &k, NULL, DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("does not sample");
	k.tun.geneve_options[2].data = 0;
	/* an option the parser does not list */
	m.tun.geneve_options[3].class_id = htons(CLS_B);
	m.tun.geneve_options[3].type = 9;
	k.tun.geneve_options[3].type = 0xff;
	t_log_reset();
	mk_pipe(&m, &k, NULL, DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not an option of port 0's GENEVE parser");
	m.tun.geneve_options[3].data = 0;
	k.tun.geneve_options[3].data = 0;
	struct doca_flow_pipe *p = mk_pipe(&m, &k, NULL, DOCA_SUCCESS);
	EXPECT(doca_flow_parser_geneve_opt_destroy(gp), DOCA_ERROR_IN_USE, "destroy the pipe");
	doca_flow_pipe_destroy(p);
	assert_int_equal(doca_flow_parser_geneve_opt_destroy(gp), DOCA_SUCCESS);
	/* a parser left at port stop is released with the port (ASan checks) */
	assert_int_equal(doca_flow_parser_geneve_opt_create(ft_ports[1], c, 1, &gp1), DOCA_SUCCESS);
	ft_fini();
}

/* Two options, named in the match in the other order than the parser's, one with a
 * partial mask inside the parser's data_mask; frames with the options in any order,
 * other options between them, unmasked bits changed, an option missing. */
static void test_match_options(void **state)
{
	struct doca_flow_parser_geneve_opt_cfg c[2];
	struct doca_flow_parser *gp;
	struct doca_flow_match m, k, em;
	uint8_t f[256];
	uint32_t n;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	opt_cfg(&c[0], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED, CLS_A, 0x11, 2);
	c[0].data_mask[0] = UINT32_MAX;
	opt_cfg(&c[1], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED, CLS_B, 0x22, 1);
	c[1].data_mask[0] = htonl(0x0000ffff);
	assert_int_equal(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	memset(&k, 0, sizeof(k));
	m.tun.type = DOCA_FLOW_TUN_GENEVE;
	/* B first: header, one data word (per entry, mask 0x0000ff00) */
	m.tun.geneve_options[0].class_id = htons(CLS_B);
	m.tun.geneve_options[0].type = 0x22;
	m.tun.geneve_options[0].length = 1;
	k.tun.geneve_options[0].class_id = 0xffff;
	k.tun.geneve_options[0].type = 0xff;
	m.tun.geneve_options[1].data = UINT32_MAX;
	k.tun.geneve_options[1].data = htonl(0x0000ff00);
	/* then A: header, data word 0 per entry (full), data word 1 not matched */
	m.tun.geneve_options[2].class_id = htons(CLS_A);
	m.tun.geneve_options[2].type = 0x11;
	m.tun.geneve_options[2].length = 2;
	k.tun.geneve_options[2].class_id = 0xffff;
	k.tun.geneve_options[2].type = 0xff;
	m.tun.geneve_options[3].data = UINT32_MAX;
	k.tun.geneve_options[3].data = UINT32_MAX;
	m.tun.geneve_options[4].data = UINT32_MAX; /* changeable, but not masked */
	struct doca_flow_pipe *p = mk_pipe(&m, &k, NULL, DOCA_SUCCESS);

	memset(&em, 0, sizeof(em));
	em.tun.geneve_options[1].data = htonl(0x00001200);
	em.tun.geneve_options[3].data = htonl(0xdeadbeef);
	add(p, &em, NULL);

	const uint32_t ab[] = {CLS_A << 16 | 0x11 << 8 | 2, 0xdeadbeef, 0x99999999,
	                       CLS_B << 16 | 0x22 << 8 | 1, 0x00001200};
	n = geneve_frame(f, ab, 5, 5);
	assert_true(passes(f, n));
	/* B before A, B's unmasked bits changed (outside data_mask and inside it) */
	const uint32_t ba[] = {CLS_B << 16 | 0x22 << 8 | 1, 0xabcd12ef, CLS_A << 16 | 0x11 << 8 | 2,
	                       0xdeadbeef, 0x12345678};
	n = geneve_frame(f, ba, 5, 5);
	assert_true(passes(f, n));
	/* an unknown option (class A, type 0x33, 3 words) between them */
	const uint32_t axb[] = {CLS_A << 16 | 0x11 << 8 | 2,
	                        0xdeadbeef,
	                        0,
	                        CLS_A << 16 | 0x33 << 8 | 3,
	                        0x00001200,
	                        0x00001200,
	                        0x00001200,
	                        CLS_B << 16 | 0x22 << 8 | 1,
	                        0x00001200};
	n = geneve_frame(f, axb, 9, 9);
	assert_true(passes(f, n));
	/* A's matched word differs by one bit */
	const uint32_t ab2[] = {CLS_A << 16 | 0x11 << 8 | 2, 0xdeadbeee, 0,
	                        CLS_B << 16 | 0x22 << 8 | 1, 0x00001200};
	n = geneve_frame(f, ab2, 5, 5);
	assert_false(passes(f, n));
	/* B's masked byte differs */
	const uint32_t ab3[] = {CLS_A << 16 | 0x11 << 8 | 2, 0xdeadbeef, 0,
	                        CLS_B << 16 | 0x22 << 8 | 1, 0x00001300};
	n = geneve_frame(f, ab3, 5, 5);
	assert_false(passes(f, n));
	/* B's class differs (FIXED: another option, so B is missing) */
	const uint32_t ab4[] = {CLS_A << 16 | 0x11 << 8 | 2, 0xdeadbeef, 0,
	                        (CLS_B + 1) << 16 | 0x22 << 8 | 1, 0x00001200};
	n = geneve_frame(f, ab4, 5, 5);
	assert_false(passes(f, n));
	/* A missing */
	const uint32_t b[] = {CLS_B << 16 | 0x22 << 8 | 1, 0x00001200};
	n = geneve_frame(f, b, 2, 2);
	assert_false(passes(f, n));
	/* no options at all */
	n = geneve_frame(f, NULL, 0, 0);
	assert_false(passes(f, n));
	ft_fini();
}

/* Class modes: MATCHABLE matches the class per entry, IGNORE takes any class. */
static void test_class_modes(void **state)
{
	struct doca_flow_parser_geneve_opt_cfg c[2];
	struct doca_flow_parser *gp;
	struct doca_flow_match m, k, em;
	uint8_t f[256];
	uint32_t n;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	opt_cfg(&c[0], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_MATCHABLE, 0, 0x44, 1);
	c[0].data_mask[0] = UINT32_MAX;
	opt_cfg(&c[1], DOCA_FLOW_PARSER_GENEVE_OPT_MODE_IGNORE, 0, 0x55, 0);
	assert_int_equal(doca_flow_parser_geneve_opt_create(ft_ports[0], c, 2, &gp), DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	memset(&k, 0, sizeof(k));
	m.tun.type = DOCA_FLOW_TUN_GENEVE;
	m.tun.geneve_options[0].class_id = 0xffff; /* per entry */
	m.tun.geneve_options[0].type = 0x44;
	k.tun.geneve_options[0].class_id = 0xffff;
	k.tun.geneve_options[0].type = 0xff;
	m.tun.geneve_options[1].data = UINT32_MAX;
	k.tun.geneve_options[1].data = UINT32_MAX;
	m.tun.geneve_options[2].class_id = htons(0x7777); /* ignored */
	m.tun.geneve_options[2].type = 0x55;
	k.tun.geneve_options[2].class_id = 0xffff;
	k.tun.geneve_options[2].type = 0xff;
	struct doca_flow_pipe *p = mk_pipe(&m, &k, NULL, DOCA_SUCCESS);

	memset(&em, 0, sizeof(em));
	em.tun.geneve_options[0].class_id = htons(0x0abc);
	em.tun.geneve_options[1].data = htonl(7);
	add(p, &em, NULL);
	const uint32_t ok[] = {0x1234u << 16 | 0x55 << 8 | 0, 0x0abcu << 16 | 0x44 << 8 | 1, 7};
	n = geneve_frame(f, ok, 3, 3);
	assert_true(passes(f, n));
	const uint32_t bad_cls[] = {0x1234u << 16 | 0x55 << 8 | 0, 0x0abdu << 16 | 0x44 << 8 | 1,
	                            7};
	n = geneve_frame(f, bad_cls, 3, 3);
	assert_false(passes(f, n));
	const uint32_t no55[] = {0x0abcu << 16 | 0x44 << 8 | 1, 7};
	n = geneve_frame(f, no55, 2, 2);
	assert_false(passes(f, n));
	ft_fini();
}

/* A decap pipe on options (as NVIDIA's flow_geneve_opt): a frame whose last option runs
 * past the option length is malformed: dropped, counted as a tunnel drop, never read
 * past its end; every cut of a good frame inside its options is dropped too. */
static void test_malformed_options_dropped(void **state)
{
	struct doca_flow_parser_geneve_opt_cfg c;
	struct doca_flow_parser *gp;
	struct doca_flow_match m, k;
	struct doca_flow_actions a;
	uint8_t f[256], want[128];
	uint32_t n, wn;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	opt_cfg(&c, DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED, CLS_B, 1, 2);
	c.data_mask[1] = UINT32_MAX;
	assert_int_equal(doca_flow_parser_geneve_opt_create(ft_ports[0], &c, 1, &gp), DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	memset(&k, 0, sizeof(k));
	m.tun.type = DOCA_FLOW_TUN_GENEVE;
	m.tun.geneve_options[0].class_id = htons(CLS_B);
	m.tun.geneve_options[0].type = 1;
	m.tun.geneve_options[0].length = 2;
	k.tun.geneve_options[0].class_id = 0xffff;
	k.tun.geneve_options[0].type = 0xff;
	m.tun.geneve_options[2].data = htonl(0xcafe);
	k.tun.geneve_options[2].data = UINT32_MAX;
	memset(&a, 0, sizeof(a));
	a.decap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.decap_cfg.is_l2 = true;
	struct doca_flow_pipe *p = mk_pipe(&m, &k, &a, DOCA_SUCCESS);
	add(p, NULL, NULL);

	const uint32_t good[] = {CLS_B << 16 | 1 << 8 | 2, 0, 0xcafe};
	n = geneve_frame(f, good, 3, 3);
	wn = inner(want);
	ft_inject(0, f, n);
	ft_sync();
	assert_int_equal(ft_drain(1, out), wn);
	assert_memory_equal(out, want, wn);
	/* a second option claiming 3 data words where 1 is left */
	const uint32_t bad[] = {CLS_B << 16 | 1 << 8 | 2, 0, 0xcafe, 0x00990003, 0};
	n = geneve_frame(f, bad, 5, 5);
	ft_inject(0, f, n);
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_TUNNEL), 1);
	/* cuts inside the options: never forwarded, never read past the end */
	n = geneve_frame(f, good, 3, 3);
	assert_true(n > 14 + 20 + 8 + 8 + 12);
	for (uint32_t cut = 14 + 20 + 8 + 8 + 1; cut < 14 + 20 + 8 + 8 + 12; cut++) {
		uint8_t *t = malloc(cut);

		assert_non_null(t);
		memcpy(t, f, cut);
		ft_inject(0, t, cut);
		ft_sync();
		free(t);
		assert_int_equal(ft_drain_all(1), 0);
	}
	ft_fini();
}

/* An encap sets options: a per-entry data word in a GENEVE L2 encap with two options; the
 * outer IPv4 total length, header checksum and UDP length are the hardware's. */
static void test_encap_sets_options(void **state)
{
	struct doca_flow_actions a, ea;
	struct doca_flow_match m;
	uint8_t in[128], want[256];
	uint32_t in_n, wn;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.encap_cfg.is_l2 = true;
	struct doca_flow_header_format *o = &a.encap_cfg.encap.outer;
	static const uint8_t dmac[6] = {0x10, 0x10, 0x10, 0x10, 0x10, 0x10};
	static const uint8_t smac[6] = {0x20, 0x20, 0x20, 0x20, 0x20, 0x20};
	memcpy(o->eth.dst_mac, dmac, 6);
	memcpy(o->eth.src_mac, smac, 6);
	o->l3_type = DOCA_FLOW_L3_TYPE_IP4;
	o->ip4.src_ip = htonl(0xc0a80001);
	o->ip4.dst_ip = htonl(0xc0a80002);
	o->ip4.ttl = 64;
	o->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	o->udp.l4_port.src_port = htons(5555);
	struct doca_flow_tun *t = &a.encap_cfg.encap.tun;
	t->type = DOCA_FLOW_TUN_GENEVE;
	t->geneve.vni = htonl(0x12345600);
	t->geneve.next_proto = htons(0x6558);
	t->geneve.ver_opt_len = 5;
	t->geneve_options[0].class_id = htons(CLS_A);
	t->geneve_options[0].type = 0x11;
	t->geneve_options[0].length = 2;
	t->geneve_options[1].data = UINT32_MAX; /* per entry */
	t->geneve_options[2].data = htonl(0x99999999);
	t->geneve_options[3].class_id = htons(CLS_B);
	t->geneve_options[3].type = 0x22;
	t->geneve_options[3].length = 1;
	t->geneve_options[4].data = htonl(0x00001200);
	memset(&m, 0, sizeof(m));
	struct doca_flow_pipe *p = mk_pipe(&m, NULL, &a, DOCA_SUCCESS);
	ea = a;
	ea.encap_cfg.encap.tun.geneve_options[1].data = htonl(0xdeadbeef);
	add(p, NULL, &ea);

	in_n = inner(in);
	const uint32_t ab[] = {CLS_A << 16 | 0x11 << 8 | 2, 0xdeadbeef, 0x99999999,
	                       CLS_B << 16 | 0x22 << 8 | 1, 0x00001200};
	wn = geneve_frame(want, ab, 5, 5);
	/* geneve_frame's outer: identification 0, DF clear, TTL 64, UDP checksum 0 */
	ft_inject(0, in, in_n);
	ft_sync();
	assert_int_equal(ft_drain(1, out), wn);
	assert_memory_equal(out, want, wn);
	assert_int_equal(csum(out + 14, 20), 0); /* the header checksum verifies */
	ft_fini();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_parser_api),         FT_TEST(test_match_options),
	        FT_TEST(test_class_modes),        FT_TEST(test_malformed_options_dropped),
	        FT_TEST(test_encap_sets_options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
