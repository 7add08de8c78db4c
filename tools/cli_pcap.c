/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa pcap gen: a deterministic traffic generator; softdpa pcap info: counts a
 * capture's frames, flows and checksums (what the generator's tests read back).
 *
 * Determinism: everything random comes from one xoshiro256** stream seeded by --seed,
 * and timestamps are computed from the frame index, so the same options give the same
 * bytes on every run and machine.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <pcap/pcap.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/progress.h"
#include "core/util.h"
#include "nic/frame_builder.h"
#include "nic/packet.h"

enum {
	MAX_FLOWS = 1 << 22,
	MAX_ELEPHANTS_SHOWN = 16,
	IMIX_SMALL = 60, /* simple IMIX 7:4:1, sizes without FCS */
	IMIX_MEDIUM = 590,
	IMIX_LARGE = 1514,
	SNAPLEN = 65535,
	DEFAULT_SIZE = 128,
	DEFAULT_VNI = 100,
	TUPLE_TRIES = 1000,
};

static const uint64_t DEFAULT_FRAMES = 1000;
static const uint64_t DEFAULT_RATE = 1000000;
static const uint64_t MAX_RATE = 10000000000ull; /* keeps the timestamp math in 64 bits */
static const uint64_t START_SEC = 1704067200;    /* 2024-01-01T00:00:00Z */
static const uint64_t NSEC = 1000000000ull;

/* ------------------------------------------------------------ random */

struct rng {
	uint64_t s[4];
};

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s, res = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return res;
}

/* Uniform in [0, n), n >= 1 (multiply-shift: bias below 2^-32 for our ranges). */
static uint64_t rng_below(struct rng *r, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)rng_next(r) * n) >> 64);
}

static double rng_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1p-53;
}

/* ------------------------------------------------------------ flow keys and table */

struct flow_key {
	uint8_t v6;
	uint8_t proto; /* IP protocol */
	uint16_t sport, dport;
	uint8_t src[16], dst[16]; /* IPv4 in the first 4 bytes, network order */
};

struct ft_entry {
	struct flow_key key;
	uint64_t frames;
	uint8_t used;
};

struct flowtab {
	struct ft_entry *e;
	size_t cap, n;
};

static uint64_t key_hash(const struct flow_key *k)
{
	const uint8_t *p = (const uint8_t *)k;
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < sizeof(*k); i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h ^ (h >> 29);
}

static bool ft_init(struct flowtab *t, size_t want)
{
	t->cap = 1024;
	while (t->cap < want * 2)
		t->cap <<= 1;
	t->n = 0;
	t->e = calloc(t->cap, sizeof(*t->e));
	return t->e != NULL;
}

/* The entry for k, added with frames 0 when new (*added = true). NULL without memory. */
static struct ft_entry *ft_get(struct flowtab *t, const struct flow_key *k, bool *added)
{
	size_t i;

	if ((t->n + 1) * 2 > t->cap) {
		struct flowtab g = {.cap = t->cap * 2};

		g.e = calloc(g.cap, sizeof(*g.e));
		if (g.e == NULL)
			return NULL;
		for (size_t j = 0; j < t->cap; j++) {
			if (!t->e[j].used)
				continue;
			i = key_hash(&t->e[j].key) & (g.cap - 1);
			while (g.e[i].used)
				i = (i + 1) & (g.cap - 1);
			g.e[i] = t->e[j];
		}
		g.n = t->n;
		free(t->e);
		*t = g;
	}
	i = key_hash(k) & (t->cap - 1);
	while (t->e[i].used) {
		if (memcmp(&t->e[i].key, k, sizeof(*k)) == 0) {
			*added = false;
			return &t->e[i];
		}
		i = (i + 1) & (t->cap - 1);
	}
	t->e[i].used = 1;
	t->e[i].key = *k;
	t->n++;
	*added = true;
	return &t->e[i];
}

static void key_str(char *buf, size_t size, const struct flow_key *k)
{
	char s[INET6_ADDRSTRLEN], d[INET6_ADDRSTRLEN];
	const char *proto = k->proto == SDPA_IPPROTO_UDP   ? "udp"
	                    : k->proto == SDPA_IPPROTO_TCP ? "tcp"
	                                                   : "ip";

	inet_ntop(k->v6 ? AF_INET6 : AF_INET, k->src, s, sizeof(s));
	inet_ntop(k->v6 ? AF_INET6 : AF_INET, k->dst, d, sizeof(d));
	if (k->v6)
		snprintf(buf, size, "%s [%s]:%u > [%s]:%u", proto, s, k->sport, d, k->dport);
	else
		snprintf(buf, size, "%s %s:%u > %s:%u", proto, s, k->sport, d, k->dport);
}

/* ------------------------------------------------------------ options */

struct prefix {
	bool set;
	uint8_t addr[16];
	unsigned int len;
};

enum proto_choice { PROTO_UDP, PROTO_TCP, PROTO_MIX };

struct gen_opts {
	const char *out;
	uint64_t frames;
	uint64_t flows;
	uint64_t elephants;
	double elephant_share;
	uint64_t size_min, size_max;
	bool imix;
	uint64_t rate;
	double ipv6_frac;
	bool vxlan;
	uint64_t vni;
	enum proto_choice proto;
	uint64_t seed;
	struct prefix src4, dst4, src6, dst6;
	int vlan; /* -1: untagged */
};

static int __attribute__((format(printf, 1, 2))) usage_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "softdpa pcap gen: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nRun 'softdpa help pcap gen' for the options.\n");
	return CLI_EXIT_USAGE;
}

static bool parse_prefix(const char *s, struct prefix *v4, struct prefix *v6)
{
	char buf[INET6_ADDRSTRLEN + 8], *slash, *end;
	struct prefix p = {.set = true};
	unsigned long len;
	bool is6;

	if (strlen(s) >= sizeof(buf))
		return false;
	strcpy(buf, s);
	slash = strchr(buf, '/');
	if (slash != NULL)
		*slash = '\0';
	is6 = strchr(buf, ':') != NULL;
	if (inet_pton(is6 ? AF_INET6 : AF_INET, buf, p.addr) != 1)
		return false;
	len = is6 ? 128 : 32;
	if (slash != NULL) {
		errno = 0;
		len = strtoul(slash + 1, &end, 10);
		if (errno != 0 || *end != '\0' || slash[1] == '\0' || len > (is6 ? 128u : 32u))
			return false;
	}
	p.len = (unsigned int)len;
	/* Keep only the network bits: host bits come from the generator. */
	for (unsigned int b = p.len; b < (is6 ? 128u : 32u); b++)
		p.addr[b / 8] &= (uint8_t) ~(0x80u >> (b % 8));
	*(is6 ? v6 : v4) = p;
	return true;
}

static bool parse_size(const char *s, uint64_t *min, uint64_t *max)
{
	char buf[64], *dash;

	if (strlen(s) >= sizeof(buf))
		return false;
	strcpy(buf, s);
	dash = strchr(buf, '-');
	if (dash != NULL)
		*dash = '\0';
	if (!cli_parse_count(buf, SDPA_FRAME_MIN, SDPA_FRAME_MAX, min))
		return false;
	*max = *min;
	if (dash != NULL && !cli_parse_count(dash + 1, SDPA_FRAME_MIN, SDPA_FRAME_MAX, max))
		return false;
	return *min <= *max;
}

static int parse_gen(int argc, char **argv, struct gen_opts *o)
{
	bool share_set = false, size_set = false, ipv6_set = false, mix_set = false;

	*o = (struct gen_opts){
	        .frames = DEFAULT_FRAMES,
	        .flows = 16,
	        .elephant_share = 0.8,
	        .size_min = DEFAULT_SIZE,
	        .size_max = DEFAULT_SIZE,
	        .rate = DEFAULT_RATE,
	        .vni = DEFAULT_VNI,
	        .seed = 1,
	        .vlan = -1,
	};
	for (int i = 0; i < argc;) {
		const char *v = NULL, *a = argv[i];

		if (cli_opt_value(argc, argv, &i, "-o", &v) ||
		    cli_opt_value(argc, argv, &i, "--output", &v)) {
			if (v == NULL || *v == '\0')
				return usage_err("%s needs a file name", a);
			o->out = v;
		} else if (cli_opt_value(argc, argv, &i, "--frames", &v)) {
			if (v == NULL || !cli_parse_count(v, 1, 1000000000000ull, &o->frames))
				return usage_err(
				        "--frames wants a count from 1 (e.g. 1000, 1M), not "
				        "'%s'",
				        v ? v : "");
		} else if (cli_opt_value(argc, argv, &i, "--flows", &v)) {
			if (v == NULL || !cli_parse_count(v, 1, MAX_FLOWS, &o->flows))
				return usage_err("--flows wants a count in 1..4194304, not '%s'",
				                 v ? v : "");
		} else if (cli_opt_value(argc, argv, &i, "--elephants", &v)) {
			if (v == NULL || !cli_parse_count(v, 0, MAX_FLOWS, &o->elephants))
				return usage_err("--elephants wants a count of flows, not '%s'",
				                 v ? v : "");
		} else if (cli_opt_value(argc, argv, &i, "--elephant-share", &v)) {
			if (v == NULL || !cli_parse_real(v, 0.0, 1.0, &o->elephant_share))
				return usage_err(
				        "--elephant-share wants a fraction in 0..1 (e.g. 0.8), "
				        "not '%s'",
				        v ? v : "");
			share_set = true;
		} else if (cli_opt_value(argc, argv, &i, "--size", &v)) {
			if (v == NULL || !parse_size(v, &o->size_min, &o->size_max))
				return usage_err(
				        "--size wants MIN or MIN-MAX within 60..9216 bytes, "
				        "not '%s'",
				        v ? v : "");
			size_set = true;
		} else if (strcmp(a, "--imix") == 0) {
			o->imix = true;
			i++;
		} else if (cli_opt_value(argc, argv, &i, "--rate", &v)) {
			if (v == NULL || !cli_parse_count(v, 1, MAX_RATE, &o->rate))
				return usage_err("--rate wants frames per second in 1..10G (e.g. "
				                 "1M), not '%s'",
				                 v ? v : "");
		} else if (strcmp(a, "--ipv6") == 0) {
			o->ipv6_frac = 1.0;
			ipv6_set = true;
			i++;
		} else if (cli_opt_value(argc, argv, &i, "--mix-ipv6", &v)) {
			if (v == NULL || !cli_parse_real(v, 0.0, 1.0, &o->ipv6_frac))
				return usage_err(
				        "--mix-ipv6 wants the IPv6 fraction of flows in 0..1, "
				        "not '%s'",
				        v ? v : "");
			mix_set = true;
		} else if (strcmp(a, "--vxlan") == 0) {
			o->vxlan = true;
			i++;
		} else if (cli_opt_value(argc, argv, &i, "--vni", &v)) {
			if (v == NULL || !cli_parse_count(v, 0, 0xffffff, &o->vni))
				return usage_err(
				        "--vni wants a VXLAN network id in 0..16777215, not "
				        "'%s'",
				        v ? v : "");
			o->vxlan = true;
		} else if (cli_opt_value(argc, argv, &i, "--proto", &v)) {
			if (v != NULL && strcmp(v, "udp") == 0)
				o->proto = PROTO_UDP;
			else if (v != NULL && strcmp(v, "tcp") == 0)
				o->proto = PROTO_TCP;
			else if (v != NULL && strcmp(v, "mix") == 0)
				o->proto = PROTO_MIX;
			else
				return usage_err("--proto wants udp, tcp or mix, not '%s'",
				                 v ? v : "");
		} else if (cli_opt_value(argc, argv, &i, "--seed", &v)) {
			if (v == NULL || !cli_parse_count(v, 0, UINT64_MAX, &o->seed))
				return usage_err("--seed wants a non-negative integer, not '%s'",
				                 v ? v : "");
		} else if (cli_opt_value(argc, argv, &i, "--src-net", &v)) {
			if (v == NULL || !parse_prefix(v, &o->src4, &o->src6))
				return usage_err("--src-net wants an IPv4 or IPv6 prefix such as "
				                 "10.0.0.0/16 or fd00::/64, not '%s'",
				                 v ? v : "");
		} else if (cli_opt_value(argc, argv, &i, "--dst-net", &v)) {
			if (v == NULL || !parse_prefix(v, &o->dst4, &o->dst6))
				return usage_err("--dst-net wants an IPv4 or IPv6 prefix such as "
				                 "10.1.0.0/16 or fd00:1::/64, not '%s'",
				                 v ? v : "");
		} else if (cli_opt_value(argc, argv, &i, "--vlan", &v)) {
			uint64_t id;

			if (v == NULL || !cli_parse_count(v, 0, 4095, &id))
				return usage_err("--vlan wants a VLAN id in 0..4095, not '%s'",
				                 v ? v : "");
			o->vlan = (int)id;
		} else {
			return usage_err("unknown option '%s'", a);
		}
	}
	if (o->out == NULL)
		return usage_err("the output file is missing; give -o OUT.pcap");
	if (ipv6_set && mix_set)
		return usage_err(
		        "--ipv6 and --mix-ipv6 both choose the IPv6 share; give one of them");
	if (o->imix && size_set)
		return usage_err("--imix and --size both choose frame sizes; give one of them");
	if (o->elephants > o->flows)
		return usage_err("--elephants %" PRIu64 " is more than --flows %" PRIu64
		                 "; elephants are some of the flows",
		                 o->elephants, o->flows);
	if (share_set && o->elephants == 0)
		return usage_err("--elephant-share needs --elephants K (how many flows are "
		                 "elephants)");
	return CLI_EXIT_OK;
}

/* ------------------------------------------------------------ generator */

struct flow {
	struct flow_key key;
	uint16_t outer_sport; /* VXLAN source port: the inner flow's entropy, as VTEPs do */
	uint16_t ip_id;
	uint32_t tcp_seq;
	uint64_t frames;
};

static void random_host(struct rng *r, const struct prefix *p, uint8_t *addr, unsigned int bits)
{
	memcpy(addr, p->addr, bits / 8);
	for (unsigned int b = p->len; b < bits; b++)
		if (rng_next(r) >> 63)
			addr[b / 8] |= (uint8_t)(0x80u >> (b % 8));
}

static uint16_t random_port(struct rng *r, uint16_t lo)
{
	uint16_t p;

	/* Never 4789: a UDP frame to it would read as VXLAN to any parser. */
	do
		p = (uint16_t)(lo + rng_below(r, 65536u - lo));
	while (p == SDPA_VXLAN_PORT);
	return p;
}

static int make_flows(const struct gen_opts *o, struct rng *r, struct flow *flows)
{
	struct flowtab seen;
	bool added;

	if (!ft_init(&seen, o->flows))
		return CLI_EXIT_FAIL;
	for (uint64_t f = 0; f < o->flows; f++) {
		struct flow *fl = &flows[f];
		int tries = 0;

		memset(fl, 0, sizeof(*fl));
		fl->key.v6 = rng_unit(r) < o->ipv6_frac;
		if (o->ipv6_frac >= 1.0)
			fl->key.v6 = 1;
		fl->key.proto = o->proto == PROTO_TCP ? SDPA_IPPROTO_TCP
		                : o->proto == PROTO_UDP
		                        ? SDPA_IPPROTO_UDP
		                        : (rng_next(r) >> 63 ? SDPA_IPPROTO_TCP : SDPA_IPPROTO_UDP);
		do {
			unsigned int bits = fl->key.v6 ? 128 : 32;

			memset(fl->key.src, 0, sizeof(fl->key.src));
			memset(fl->key.dst, 0, sizeof(fl->key.dst));
			random_host(r, fl->key.v6 ? &o->src6 : &o->src4, fl->key.src, bits);
			random_host(r, fl->key.v6 ? &o->dst6 : &o->dst4, fl->key.dst, bits);
			fl->key.sport = random_port(r, 1024);
			fl->key.dport = random_port(r, 1);
			if (ft_get(&seen, &fl->key, &added) == NULL) {
				free(seen.e);
				fprintf(stderr,
				        "softdpa pcap gen: out of memory for %" PRIu64 " flows\n",
				        o->flows);
				return CLI_EXIT_FAIL;
			}
		} while (!added && ++tries < TUPLE_TRIES);
		if (!added) {
			free(seen.e);
			fprintf(stderr,
			        "softdpa pcap gen: cannot find %" PRIu64
			        " distinct 5-tuples in the "
			        "given prefixes; widen --src-net/--dst-net or ask for fewer "
			        "--flows\n",
			        o->flows);
			return CLI_EXIT_FAIL;
		}
		fl->outer_sport = (uint16_t)(49152 + key_hash(&fl->key) % 16384);
		fl->ip_id = (uint16_t)rng_next(r);
		fl->tcp_seq = (uint32_t)rng_next(r);
	}
	free(seen.e);
	return CLI_EXIT_OK;
}

/* Walk a set of flows in shuffled rounds: every flow gets its turn before any repeats,
 * so each appears (mice included) and the frames spread evenly within the set. */
struct cycle {
	uint32_t *order;
	uint64_t n, pos;
};

static bool cycle_init(struct cycle *c, uint64_t first, uint64_t n)
{
	c->n = n;
	c->pos = n; /* shuffle on first use */
	c->order = n ? malloc(n * sizeof(*c->order)) : NULL;
	for (uint64_t i = 0; i < n && c->order; i++)
		c->order[i] = (uint32_t)(first + i);
	return n == 0 || c->order != NULL;
}

static uint32_t cycle_next(struct cycle *c, struct rng *r)
{
	if (c->pos == c->n) {
		for (uint64_t i = c->n - 1; i > 0; i--) {
			uint64_t j = rng_below(r, i + 1);
			uint32_t t = c->order[i];

			c->order[i] = c->order[j];
			c->order[j] = t;
		}
		c->pos = 0;
	}
	return c->order[c->pos++];
}

static void fill_spec(struct sdpa_frame_spec *s, const struct flow *fl)
{
	static const uint8_t dmac[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x01};
	static const uint8_t smac[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x02};

	memset(s, 0, sizeof(*s));
	memcpy(s->dst_mac, dmac, 6);
	memcpy(s->src_mac, smac, 6);
	if (fl->key.v6) {
		s->l3 = SDPA_L3_IP6;
		memcpy(s->ip6_src, fl->key.src, 16);
		memcpy(s->ip6_dst, fl->key.dst, 16);
		s->flow_label = (uint32_t)(key_hash(&fl->key) & 0xfffff);
	} else {
		s->l3 = SDPA_L3_IP4;
		s->ip4_src = sdpa_be32(fl->key.src);
		s->ip4_dst = sdpa_be32(fl->key.dst);
		s->ip_df = true;
		s->ip_id = fl->ip_id;
	}
	s->l4 = fl->key.proto == SDPA_IPPROTO_TCP ? SDPA_L4_TCP : SDPA_L4_UDP;
	s->src_port = fl->key.sport;
	s->dst_port = fl->key.dport;
	if (s->l4 == SDPA_L4_TCP) {
		s->tcp_flags = SDPA_TCP_ACK | SDPA_TCP_PSH;
		s->tcp_seq = fl->tcp_seq;
		s->tcp_ack = 1;
		s->tcp_window = 65535;
	}
}

/* The outer frame of a VXLAN encapsulation (TEST-NET-1 tunnel endpoints). */
static void fill_outer(struct sdpa_frame_spec *s, const struct flow *fl, uint32_t vni,
                       const struct sdpa_frame_spec *inner)
{
	static const uint8_t dmac[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x11};
	static const uint8_t smac[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x12};

	memset(s, 0, sizeof(*s));
	memcpy(s->dst_mac, dmac, 6);
	memcpy(s->src_mac, smac, 6);
	s->l3 = SDPA_L3_IP4;
	s->ip4_src = 0xc0000201; /* 192.0.2.1 */
	s->ip4_dst = 0xc0000202; /* 192.0.2.2 */
	s->ip_df = true;
	s->ip_id = fl->ip_id;
	s->l4 = SDPA_L4_UDP;
	s->src_port = fl->outer_sport;
	s->dst_port = SDPA_VXLAN_PORT;
	s->vni = vni;
	s->vxlan_inner = inner;
}

static uint32_t pick_size(const struct gen_opts *o, struct rng *r)
{
	if (o->imix) {
		uint64_t k = rng_below(r, 12);

		return k < 7 ? IMIX_SMALL : k < 11 ? IMIX_MEDIUM : IMIX_LARGE;
	}
	return (uint32_t)(o->size_min + rng_below(r, o->size_max - o->size_min + 1));
}

struct gen_result {
	uint64_t bytes, raised, v4_flows, v6_flows, udp_flows, tcp_flows;
	uint64_t elephant_frames, mice_frames;
};

/* The capture is written through a stdio buffer that only we flush, always between
 * records: a record never reaches the file in two pieces, so a kill (any signal, SIGKILL
 * included) leaves a capture of whole records. SIGINT/SIGTERM only set a flag: the loop
 * stops, the buffer is flushed and closed in normal context, then the signal is raised
 * again with its default action. */
enum { OUT_BUF = 1 << 20 };

static char out_buf[OUT_BUF];
static size_t out_pending; /* bytes in out_buf since the last flush */
static volatile sig_atomic_t stop_sig;

static void on_stop_signal(int sig)
{
	stop_sig = sig;
}

static bool dump_record(pcap_dumper_t *d, const struct pcap_pkthdr *h, const uint8_t *data)
{
	size_t need = 16 + h->caplen;

	if (out_pending + need > sizeof(out_buf)) {
		if (pcap_dump_flush(d) != 0)
			return false;
		out_pending = 0;
	}
	pcap_dump((u_char *)d, h, data);
	out_pending += need;
	return true;
}

static int generate(const struct gen_opts *o, struct flow *flows, struct rng *r, pcap_dumper_t *d,
                    struct gen_result *res)
{
	static uint8_t buf[SDPA_FRAME_MAX];
	uint64_t nr_mice = o->flows - o->elephants;
	bool nano = o->rate > 1000000; /* microseconds would give frames equal timestamps */
	struct cycle eleph, mice;
	int ret = CLI_EXIT_OK;

	if (!cycle_init(&eleph, 0, o->elephants) || !cycle_init(&mice, o->elephants, nr_mice)) {
		fprintf(stderr, "softdpa pcap gen: out of memory\n");
		free(eleph.order);
		return CLI_EXIT_FAIL;
	}
	sdpa_progress_start("pcap gen", o->frames);
	for (uint64_t i = 0; i < o->frames && stop_sig == 0; i++) {
		struct sdpa_frame_spec inner, outer, *top;
		struct pcap_pkthdr h;
		bool to_elephant =
		        nr_mice == 0 || (o->elephants > 0 && rng_unit(r) < o->elephant_share);
		struct flow *fl =
		        &flows[to_elephant ? cycle_next(&eleph, r) : cycle_next(&mice, r)];
		uint32_t want = pick_size(o, r), hdr, len;
		uint64_t t;

		fill_spec(&inner, fl);
		top = &inner;
		if (o->vxlan) {
			fill_outer(&outer, fl, (uint32_t)o->vni, &inner);
			top = &outer;
		}
		if (o->vlan >= 0) {
			top->nr_vlans = 1;
			top->vlan_tci[0] = (uint16_t)o->vlan;
		}
		hdr = sdpa_frame_hdr_len(top);
		if (hdr > want) {
			want = hdr < SDPA_FRAME_MIN ? SDPA_FRAME_MIN : hdr;
			res->raised++;
		}
		top->frame_len = want;
		len = sdpa_frame_build(top, buf, sizeof(buf));
		if (len == 0) {
			fprintf(stderr,
			        "softdpa pcap gen: the frame builder rejected frame %" PRIu64
			        " (see the log line above)\n",
			        i);
			ret = CLI_EXIT_FAIL;
			break;
		}
		t = i / o->rate * NSEC + i % o->rate * NSEC / o->rate;
		h.ts.tv_sec = (time_t)(START_SEC + t / NSEC);
		h.ts.tv_usec = (suseconds_t)(nano ? t % NSEC : t % NSEC / 1000);
		h.caplen = h.len = len;
		if (!dump_record(d, &h, buf)) {
			ret = CLI_EXIT_FAIL; /* reported by the caller */
			break;
		}

		res->bytes += len;
		if (to_elephant)
			res->elephant_frames++;
		else
			res->mice_frames++;
		fl->frames++;
		fl->ip_id++;
		if (fl->key.proto == SDPA_IPPROTO_TCP)
			fl->tcp_seq += len - hdr;
		sdpa_progress_update(i + 1);
	}
	sdpa_progress_end();
	free(eleph.order);
	free(mice.order);
	return ret;
}

static void print_summary(FILE *f, const struct gen_opts *o, const struct flow *flows,
                          const struct gen_result *res)
{
	uint64_t frames = res->elephant_frames + res->mice_frames, idle = 0;
	double secs = (double)((frames - 1) / o->rate) +
	              (double)((frames - 1) % o->rate) / (double)o->rate;
	char k[160];

	fprintf(f, "output     %s\n", o->out);
	fprintf(f, "frames     %" PRIu64 "\n", frames);
	fprintf(f, "bytes      %" PRIu64 " (avg %.1f per frame)\n", res->bytes,
	        (double)res->bytes / (double)frames);
	if (o->imix)
		fprintf(f, "sizes      imix 7:4:1 of 60/590/1514\n");
	else
		fprintf(f, "sizes      %" PRIu64 "-%" PRIu64 " uniform\n", o->size_min,
		        o->size_max);
	if (res->raised)
		fprintf(f, "raised     %" PRIu64 " frames grown to fit their headers\n",
		        res->raised);
	fprintf(f, "duration   %.6f s at %" PRIu64 " pps (from 2024-01-01T00:00:00Z, %s)\n", secs,
	        o->rate, o->rate > 1000000 ? "ns timestamps" : "us timestamps");
	fprintf(f,
	        "flows      %" PRIu64 " (ipv4 %" PRIu64 ", ipv6 %" PRIu64 "; udp %" PRIu64
	        ", tcp %" PRIu64 ")\n",
	        o->flows, res->v4_flows, res->v6_flows, res->udp_flows, res->tcp_flows);
	for (uint64_t i = 0; i < o->flows; i++)
		idle += flows[i].frames == 0;
	if (idle)
		fprintf(f, "idle       %" PRIu64 " flows got no frame (fewer frames than flows)\n",
		        idle);
	if (o->vxlan)
		fprintf(f, "vxlan      vni %" PRIu64 ", outer 192.0.2.1 > 192.0.2.2 udp/4789\n",
		        o->vni);
	if (o->vlan >= 0)
		fprintf(f, "vlan       %d\n", o->vlan);
	fprintf(f, "seed       %" PRIu64 "\n", o->seed);
	if (o->elephants == 0)
		return;
	fprintf(f, "elephants  %" PRIu64 " flows, %" PRIu64 " frames (%.2f%%)\n", o->elephants,
	        res->elephant_frames, 100.0 * (double)res->elephant_frames / (double)frames);
	for (uint64_t e = 0; e < o->elephants && e < MAX_ELEPHANTS_SHOWN; e++) {
		key_str(k, sizeof(k), &flows[e].key);
		fprintf(f, "  %-60s %" PRIu64 " frames\n", k, flows[e].frames);
	}
	if (o->elephants > MAX_ELEPHANTS_SHOWN)
		fprintf(f, "  ... %" PRIu64 " more\n", o->elephants - MAX_ELEPHANTS_SHOWN);
	fprintf(f, "mice       %" PRIu64 " flows, %" PRIu64 " frames (%.2f%%)\n",
	        o->flows - o->elephants, res->mice_frames,
	        100.0 * (double)res->mice_frames / (double)frames);
}

int cli_pcap_gen(int argc, char **argv)
{
	struct gen_result res = {0};
	struct gen_opts o;
	struct flow *flows;
	pcap_dumper_t *d;
	struct rng r;
	pcap_t *p;
	FILE *fp;
	int ret;

	ret = parse_gen(argc, argv, &o);
	if (ret != CLI_EXIT_OK)
		return ret;
	/* Defaults for the families the user gave no prefix for. */
	if (!o.src4.set)
		parse_prefix("10.0.0.0/16", &o.src4, &o.src6);
	if (!o.dst4.set)
		parse_prefix("10.1.0.0/16", &o.dst4, &o.dst6);
	if (!o.src6.set)
		parse_prefix("fd00::/64", &o.src4, &o.src6);
	if (!o.dst6.set)
		parse_prefix("fd00:1::/64", &o.dst4, &o.dst6);

	flows = calloc(o.flows, sizeof(*flows));
	if (flows == NULL) {
		fprintf(stderr, "softdpa pcap gen: out of memory for %" PRIu64 " flows\n", o.flows);
		return CLI_EXIT_FAIL;
	}
	rng_seed(&r, o.seed);
	ret = make_flows(&o, &r, flows);
	if (ret != CLI_EXIT_OK) {
		free(flows);
		return ret;
	}
	for (uint64_t f = 0; f < o.flows; f++) {
		res.v6_flows += flows[f].key.v6;
		res.tcp_flows += flows[f].key.proto == SDPA_IPPROTO_TCP;
	}
	res.v4_flows = o.flows - res.v6_flows;
	res.udp_flows = o.flows - res.tcp_flows;

	p = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, SNAPLEN,
	                                         o.rate > 1000000 ? PCAP_TSTAMP_PRECISION_NANO
	                                                          : PCAP_TSTAMP_PRECISION_MICRO);
	fp = strcmp(o.out, "-") == 0 ? stdout : fopen(o.out, "wb");
	if (fp == NULL || setvbuf(fp, out_buf, _IOFBF, sizeof(out_buf)) != 0)
		d = NULL;
	else
		d = p != NULL ? pcap_dump_fopen(p, fp) : NULL;
	if (d == NULL) {
		fprintf(stderr, "softdpa pcap gen: cannot create '%s': %s\n", o.out,
		        fp == NULL  ? strerror(errno)
		        : p != NULL ? pcap_geterr(p)
		                    : "out of memory");
		if (fp != NULL && fp != stdout)
			fclose(fp);
		if (p != NULL)
			pcap_close(p);
		free(flows);
		return CLI_EXIT_FAIL;
	}
	out_pending = 24; /* the file header */
	signal(SIGINT, on_stop_signal);
	signal(SIGTERM, on_stop_signal);
	ret = generate(&o, flows, &r, d, &res);
	if (pcap_dump_flush(d) != 0 || ferror(pcap_dump_file(d))) {
		fprintf(stderr, "softdpa pcap gen: writing '%s' failed (disk full?)\n", o.out);
		ret = CLI_EXIT_FAIL;
	}
	pcap_dump_close(d);
	pcap_close(p);
	if (stop_sig != 0) {
		int sig = stop_sig;

		fprintf(stderr,
		        "softdpa pcap gen: interrupted by %s after %" PRIu64
		        " frames; '%s' holds them, whole\n",
		        sig == SIGINT ? "SIGINT" : "SIGTERM", res.elephant_frames + res.mice_frames,
		        o.out);
		free(flows);
		signal(sig, SIG_DFL); /* end as the signal would have ended us */
		raise(sig);
		return CLI_EXIT_FAIL;
	}
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (ret == CLI_EXIT_OK)
		/* "-o -" writes the capture to stdout: the summary moves to stderr. */
		print_summary(strcmp(o.out, "-") == 0 ? stderr : stdout, &o, flows, &res);
	free(flows);
	return ret;
}

/* ------------------------------------------------------------ pcap info */

struct info_counts {
	uint64_t frames, bytes, min, max, ip4, ip6, other_l3, udp, tcp, other_l4, vlan, vxlan;
	uint64_t bad_csum, malformed;
	uint64_t first_ns, last_ns, min_ns, max_ns;
	uint64_t backwards, first_backwards; /* timestamps earlier than the previous frame's */
};

static int cmp_frames_desc(const void *a, const void *b)
{
	const struct ft_entry *x = a, *y = b;

	if (x->frames != y->frames)
		return x->frames < y->frames ? 1 : -1;
	return memcmp(&x->key, &y->key, sizeof(x->key));
}

static void count_frame(struct info_counts *c, struct flowtab *t, const uint8_t *data, uint32_t len)
{
	struct sdpa_pkt_info pi;
	const struct sdpa_pkt_hdrs *h;
	struct flow_key k;
	struct ft_entry *e;
	bool added, inner;

	memset(&k, 0, sizeof(k)); /* every byte: the key is hashed and compared as bytes */

	sdpa_parse(data, len, &pi);
	inner = pi.tun.type == SDPA_TUN_VXLAN;
	h = inner ? &pi.inner : &pi.outer;
	c->vxlan += inner;
	c->vlan += pi.outer.l2_type != SDPA_L2_NO_VLAN;
	if (pi.flags & (SDPA_PKT_TRUNCATED | SDPA_PKT_MALFORMED))
		c->malformed++;
	if ((pi.outer.l3_type == SDPA_L3_IP4 && !pi.outer.ip4_checksum_ok) ||
	    (inner && pi.inner.l3_type == SDPA_L3_IP4 && !pi.inner.ip4_checksum_ok) ||
	    (pi.outer.l4_type != SDPA_L4_NONE && pi.outer.l4_type != SDPA_L4_OTHER &&
	     !sdpa_pkt_l4_csum_ok(data, len, &pi, false)) ||
	    (inner && h->l4_type != SDPA_L4_NONE && h->l4_type != SDPA_L4_OTHER &&
	     !sdpa_pkt_l4_csum_ok(data, len, &pi, true)))
		c->bad_csum++;
	if (h->l3_type == SDPA_L3_IP4) {
		c->ip4++;
		memcpy(k.src, &h->ip4.src_ip, 4);
		memcpy(k.dst, &h->ip4.dst_ip, 4);
		k.proto = h->ip4.next_proto;
	} else if (h->l3_type == SDPA_L3_IP6) {
		c->ip6++;
		k.v6 = 1;
		memcpy(k.src, h->ip6.src_ip, 16);
		memcpy(k.dst, h->ip6.dst_ip, 16);
		k.proto = h->ip6.next_proto;
	} else {
		c->other_l3++;
		return;
	}
	if (h->l4_type == SDPA_L4_UDP || h->l4_type == SDPA_L4_TCP) {
		c->udp += h->l4_type == SDPA_L4_UDP;
		c->tcp += h->l4_type == SDPA_L4_TCP;
		k.sport = ntohs(h->transport.src_port);
		k.dport = ntohs(h->transport.dst_port);
	} else {
		c->other_l4++;
	}
	e = ft_get(t, &k, &added);
	if (e != NULL)
		e->frames++;
}

int cli_pcap_info(int argc, char **argv)
{
	char err[PCAP_ERRBUF_SIZE], k[160], cut[PCAP_ERRBUF_SIZE + 16] = "",
	                                                           bad[PCAP_ERRBUF_SIZE + 128] = "";
	struct info_counts c = {.min = UINT64_MAX};
	const char *path = NULL;
	struct pcap_pkthdr *h;
	const u_char *data;
	struct flowtab t;
	uint64_t top = 5, top_frames = 0, n = 0;
	pcap_t *p;
	int rc;

	for (int i = 0; i < argc;) {
		const char *v = NULL, *a = argv[i];

		if (cli_opt_value(argc, argv, &i, "--top", &v)) {
			if (v == NULL || !cli_parse_count(v, 0, 1000000, &top)) {
				fprintf(stderr,
				        "softdpa pcap info: --top wants a count, not '%s'\n",
				        v ? v : "");
				return CLI_EXIT_USAGE;
			}
		} else if (a[0] == '-' && a[1] != '\0') {
			fprintf(stderr, "softdpa pcap info: unknown option '%s'\n", a);
			return CLI_EXIT_USAGE;
		} else if (path != NULL) {
			fprintf(stderr, "softdpa pcap info: one file at a time ('%s' and '%s')\n",
			        path, a);
			return CLI_EXIT_USAGE;
		} else {
			path = a;
			i++;
		}
	}
	if (path == NULL) {
		fprintf(stderr, "softdpa pcap info: the capture file is missing; usage: softdpa "
		                "pcap info FILE [--top N]\n");
		return CLI_EXIT_USAGE;
	}
	p = pcap_open_offline_with_tstamp_precision(path, PCAP_TSTAMP_PRECISION_NANO, err);
	if (p == NULL) {
		fprintf(stderr, "softdpa pcap info: cannot read '%s': %s\n", path, err);
		return CLI_EXIT_FAIL;
	}
	if (pcap_datalink(p) != DLT_EN10MB) {
		fprintf(stderr,
		        "softdpa pcap info: '%s' is not an Ethernet capture (link type %d)\n", path,
		        pcap_datalink(p));
		pcap_close(p);
		return CLI_EXIT_FAIL;
	}
	if (!ft_init(&t, 1024)) {
		pcap_close(p);
		return CLI_EXIT_FAIL;
	}
	sdpa_progress_start("pcap info", 0);
	for (;;) {
		FILE *fp = pcap_file(p);
		long off = fp != NULL ? ftell(fp) : -1;
		uint64_t ns;

		rc = pcap_next_ex(p, &h, &data);
		if (rc != 1)
			break;
		if (h->caplen > h->len) {
			/* A record claiming more captured bytes than its frame had: corrupt. */
			snprintf(bad, sizeof(bad),
			         "record %" PRIu64 " at byte offset %ld: captured length %u "
			         "exceeds frame length %u",
			         c.frames + 1, off, h->caplen, h->len);
			break;
		}
		ns = (uint64_t)h->ts.tv_sec * NSEC + (uint64_t)h->ts.tv_usec;
		if (c.frames == 0) {
			c.first_ns = c.min_ns = c.max_ns = ns;
		} else if (ns < c.last_ns && c.backwards++ == 0) {
			c.first_backwards = c.frames + 1;
		}
		c.last_ns = ns;
		c.min_ns = ns < c.min_ns ? ns : c.min_ns;
		c.max_ns = ns > c.max_ns ? ns : c.max_ns;
		c.frames++;
		c.bytes += h->len;
		c.min = h->len < c.min ? h->len : c.min;
		c.max = h->len > c.max ? h->len : c.max;
		count_frame(&c, &t, data, h->caplen);
		sdpa_progress_update(c.frames);
	}
	sdpa_progress_end();
	/* libpcap's words for a file that ends inside a record: a capture cut short. */
	if (rc == PCAP_ERROR && strstr(pcap_geterr(p), "truncated dump file") != NULL)
		snprintf(cut, sizeof(cut), "%s", pcap_geterr(p));
	else if (rc == PCAP_ERROR)
		snprintf(bad, sizeof(bad), "after %" PRIu64 " frames: %s", c.frames,
		         pcap_geterr(p));
	pcap_close(p);

	/* Timestamps may go backwards (merged or edited captures): the span they cover. */
	double secs = (double)(c.max_ns - c.min_ns) / 1e9;

	printf("file       %s\n", path);
	printf("frames     %" PRIu64 "\n", c.frames);
	printf("bytes      %" PRIu64 "\n", c.bytes);
	printf("size       min %" PRIu64 ", max %" PRIu64 ", avg %.1f\n", c.frames ? c.min : 0,
	       c.max, c.frames ? (double)c.bytes / (double)c.frames : 0.0);
	printf("duration   %.6f s", secs);
	if (c.frames > 1 && secs > 0)
		printf(" (%.0f pps)", (double)(c.frames - 1) / secs);
	if (c.backwards)
		printf(" (timestamps go backwards %" PRIu64 " times, first at frame %" PRIu64 ")",
		       c.backwards, c.first_backwards);
	printf("\n");
	printf("ipv4       %" PRIu64 "\nipv6       %" PRIu64 "\nother_l3   %" PRIu64 "\n", c.ip4,
	       c.ip6, c.other_l3);
	printf("udp        %" PRIu64 "\ntcp        %" PRIu64 "\nother_l4   %" PRIu64 "\n", c.udp,
	       c.tcp, c.other_l4);
	printf("vlan       %" PRIu64 "\nvxlan      %" PRIu64 "\n", c.vlan, c.vxlan);
	printf("malformed  %" PRIu64 "\nbad_csum   %" PRIu64 "\n", c.malformed, c.bad_csum);
	printf("flows      %zu\n", t.n);

	/* Compact the table in place and sort it: the heaviest flows first. */
	for (size_t i = 0; i < t.cap; i++)
		if (t.e[i].used)
			t.e[n++] = t.e[i];
	qsort(t.e, n, sizeof(*t.e), cmp_frames_desc);
	if (top > n)
		top = n;
	for (uint64_t i = 0; i < top; i++)
		top_frames += t.e[i].frames;
	printf("top_frames %" PRIu64 " (top %" PRIu64 " flows, %.2f%%)\n", top_frames, top,
	       c.frames ? 100.0 * (double)top_frames / (double)c.frames : 0.0);
	for (uint64_t i = 0; i < top; i++) {
		key_str(k, sizeof(k), &t.e[i].key);
		printf("  %-60s %" PRIu64 " frames\n", k, t.e[i].frames);
	}
	free(t.e);
	/* As capinfos: what was read is printed above, then what stopped the reading. */
	if (cut[0] != '\0') {
		printf("truncated  last record (%s)\n", cut);
		fflush(stdout);
		fprintf(stderr,
		        "softdpa pcap info: '%s': truncated last record (%s); the capture was cut "
		        "short (its writer was killed, or its disk filled): the %" PRIu64
		        " whole frames before it are counted above\n",
		        path, cut, c.frames);
	}
	if (bad[0] != '\0') {
		fflush(stdout);
		fprintf(stderr,
		        "softdpa pcap info: '%s' is damaged (%s); the %" PRIu64
		        " frames before it are counted above\n",
		        path, bad, c.frames);
		return CLI_EXIT_FAIL;
	}
	return CLI_EXIT_OK;
}
