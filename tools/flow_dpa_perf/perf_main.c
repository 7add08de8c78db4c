/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa-flow-dpa-perf: the emulator's counterpart of DOCA's doca_flow_dpa_perf. It
 * measures how fast DPA threads re-path (update) or disable/enable the entries of exported
 * hash pipes through the DOCA Flow DPA Provider while traffic flows through the NIC.
 *
 * One iteration = one kernel launch on 'workers' DPA threads; each thread performs the
 * operation on every entry of its own 'tables' pipes through its own GENERAL queue.
 * Kops/s = operations of the launch / host wall time from launch to completion event.
 * Exit: 0 success, 1 run failure (or self-test FAIL), 2 bad command line.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <softdpa.h>

#include "perf.h"

extern doca_dpa_func_t perf_run;

enum {
	MAX_WORKERS = 8,
	MAX_TABLES = 64,
	MAX_TABLE_SIZE = 1 << 16,
	MAX_ENTRIES = 1 << 20,    /* over all tables: bounds set-up time and one launch's length */
	MAX_QUEUE_SIZE = 1 << 16, /* the provider's largest queue */
	MAX_ITERATIONS = 100000,
	MAX_PPS = 10000000,
	LAUNCH_TIMEOUT_S = 110,    /* below the emulated DPA's 120 s kernel watchdog */
	MAX_LAT_RECORDS = 1 << 24, /* burst latencies kept for the percentiles (128 MiB) */
};

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: %s [options]\n"
	        "Measure DOCA Flow DPA Provider operations on exported hash pipes (PSL tables)\n"
	        "while traffic flows through the emulated NIC.\n"
	        "\n"
	        "  --op update|disable        update: replace each entry's path-selector value;\n"
	        "                             disable: disable then enable each entry (2 ops)\n"
	        "                             (default update)\n"
	        "  --workers N                DPA threads, 1..8; thread r uses GENERAL queue r\n"
	        "                             (default 1)\n"
	        "  --burst N                  posts per flush; must divide tables x table-size "
	        "and\n"
	        "                             be <= queue-size (default 64)\n"
	        "  --queue-size N             requests per queue, a power of two (default 256)\n"
	        "  --completion-threshold N   poll while N or more requests are outstanding,\n"
	        "                             1..queue-size\n"
	        "                             (default min(128, queue-size))\n"
	        "  --tables N                 PSL tables (hash pipes) per worker, 1..64 (default "
	        "4)\n"
	        "  --table-size N             entries per table, 1..65536 (default 4096); all\n"
	        "                             tables together hold at most 1048576 entries\n"
	        "  --hash random|identity     hash map algorithm of the tables; identity supports\n"
	        "                             update only (default random)\n"
	        "  --warmup N                 iterations run before measuring (default 2)\n"
	        "  --iterations N             measured iterations, 1..100000 (default 10)\n"
	        "  --pps N                    frames/s injected into port 0 while measuring,\n"
	        "                             0 = no traffic (default 100000)\n"
	        "  --spin                     DPA threads busy-poll while waiting for completions\n"
	        "                             (default: doca_dpa_dev_yield() after an empty poll,\n"
	        "                             which leaves the host's cores to the NIC)\n"
	        "  --no-latency-model         run the provider's request engine with no modelled\n"
	        "                             latency (SOFTDPA_PROVIDER_LATENCY_NS=0, no jitter):\n"
	        "                             measures softdpa itself, not a BlueField\n"
	        "  --json                     print only the JSON line on stdout\n"
	        "  --self-test                show a sentinel path-selector value (65432) on the\n"
	        "                             wire, then its disappearance after disable; exit "
	        "0/1\n"
	        "  --pcap-out FILE            self-test capture (default /tmp/%s-<pid>.pcap)\n"
	        "  --help                     this text\n"
	        "\n"
	        "Environment: SOFTDPA_NIC_WORKERS (default 2 here), SOFTDPA_DPA_EUS, "
	        "SOFTDPA_DEVICES,\n"
	        "SOFTDPA_FIDELITY and SOFTDPA_PROVIDER_LATENCY_NS / _JITTER_NS / _SEED (the\n"
	        "request engine's model; docs/CONFIGURATION.md).\n"
	        "Exit status: 0 success, 1 run failure or self-test FAIL, 2 bad command line.\n",
	        PERF_TOOL, PERF_TOOL);
}

static int bad(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "%s: ", PERF_TOOL);
	fprintf(stderr, fmt, a, b);
	fprintf(stderr, " (see --help)\n");
	return 2;
}

/* Strict unsigned parse of option 'name' into [lo, hi]. */
static int num(const char *name, const char *s, uint32_t lo, uint32_t hi, uint32_t *out)
{
	char *end;
	unsigned long long v;
	char range[64];

	errno = 0;
	v = strtoull(s, &end, 10);
	snprintf(range, sizeof(range), "%u..%u", lo, hi);
	if (*s == '\0' || *s == '-' || *end != '\0' || errno != 0)
		return bad("%s: '%s' is not a number; pass a whole number", name, s);
	if (v < lo || v > hi) {
		fprintf(stderr, "%s: %s: %s is out of range; pass a value in %s (see --help)\n",
		        PERF_TOOL, name, s, range);
		return 2;
	}
	*out = (uint32_t)v;
	return 0;
}

static int parse(int argc, char **argv, struct perf_opts *o)
{
	enum {
		O_OP = 256,
		O_WORKERS,
		O_BURST,
		O_QSIZE,
		O_THRESH,
		O_TABLES,
		O_TSIZE,
		O_HASH,
		O_WARMUP,
		O_ITER,
		O_PPS,
		O_SPIN,
		O_NO_MODEL,
		O_JSON,
		O_SELF,
		O_PCAP,
		O_HELP
	};
	static const struct option lo[] = {
	        {"op", required_argument, NULL, O_OP},
	        {"workers", required_argument, NULL, O_WORKERS},
	        {"burst", required_argument, NULL, O_BURST},
	        {"queue-size", required_argument, NULL, O_QSIZE},
	        {"completion-threshold", required_argument, NULL, O_THRESH},
	        {"tables", required_argument, NULL, O_TABLES},
	        {"table-size", required_argument, NULL, O_TSIZE},
	        {"hash", required_argument, NULL, O_HASH},
	        {"warmup", required_argument, NULL, O_WARMUP},
	        {"iterations", required_argument, NULL, O_ITER},
	        {"pps", required_argument, NULL, O_PPS},
	        {"spin", no_argument, NULL, O_SPIN},
	        {"no-latency-model", no_argument, NULL, O_NO_MODEL},
	        {"json", no_argument, NULL, O_JSON},
	        {"self-test", no_argument, NULL, O_SELF},
	        {"pcap-out", required_argument, NULL, O_PCAP},
	        {"help", no_argument, NULL, O_HELP},
	        {NULL, 0, NULL, 0},
	};
	bool thresh_set = false;
	uint64_t lat_records;
	int c, r = 0;

	*o = (struct perf_opts){.op = PERF_OP_UPDATE,
	                        .workers = 1,
	                        .burst = 64,
	                        .queue_size = 256,
	                        .tables = 4,
	                        .table_size = 4096,
	                        .hash = PERF_HASH_RANDOM,
	                        .warmup = 2,
	                        .iterations = 10,
	                        .pps = 100000};
	opterr = 0;
	while (r == 0 && (c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		case O_OP:
			if (strcmp(optarg, "update") == 0)
				o->op = PERF_OP_UPDATE;
			else if (strcmp(optarg, "disable") == 0)
				o->op = PERF_OP_DISABLE;
			else
				r = bad("--op: '%s' is not an operation; use update or disable%s",
				        optarg, "");
			break;
		case O_WORKERS:
			r = num("--workers", optarg, 1, MAX_WORKERS, &o->workers);
			break;
		case O_BURST:
			r = num("--burst", optarg, 1, MAX_QUEUE_SIZE, &o->burst);
			break;
		case O_QSIZE:
			r = num("--queue-size", optarg, 1, MAX_QUEUE_SIZE, &o->queue_size);
			break;
		case O_THRESH:
			r = num("--completion-threshold", optarg, 1, MAX_QUEUE_SIZE, &o->threshold);
			thresh_set = true;
			break;
		case O_TABLES:
			r = num("--tables", optarg, 1, MAX_TABLES, &o->tables);
			break;
		case O_TSIZE:
			r = num("--table-size", optarg, 1, MAX_TABLE_SIZE, &o->table_size);
			break;
		case O_HASH:
			if (strcmp(optarg, "random") == 0)
				o->hash = PERF_HASH_RANDOM;
			else if (strcmp(optarg, "identity") == 0)
				o->hash = PERF_HASH_IDENTITY;
			else
				r = bad("--hash: '%s' is not a hash algorithm; use random or "
				        "identity%s",
				        optarg, "");
			break;
		case O_WARMUP:
			r = num("--warmup", optarg, 0, MAX_ITERATIONS, &o->warmup);
			break;
		case O_ITER:
			r = num("--iterations", optarg, 1, MAX_ITERATIONS, &o->iterations);
			break;
		case O_PPS:
			r = num("--pps", optarg, 0, MAX_PPS, &o->pps);
			break;
		case O_SPIN:
			o->spin = true;
			break;
		case O_NO_MODEL:
			o->no_model = true;
			break;
		case O_JSON:
			o->json = true;
			break;
		case O_SELF:
			o->self_test = true;
			break;
		case O_PCAP:
			o->pcap_out = optarg;
			break;
		case O_HELP:
			usage(stdout);
			exit(0);
		case ':':
			r = bad("%s needs a value%s", argv[optind - 1], "");
			break;
		default:
			r = bad("unknown option '%s'%s", argv[optind - 1], "");
		}
	}
	if (r != 0)
		return r;
	if (optind < argc)
		return bad("unexpected argument '%s'; options start with --%s", argv[optind], "");
	if (!thresh_set)
		o->threshold = o->queue_size < 128 ? o->queue_size : 128;
	if ((o->queue_size & (o->queue_size - 1)) != 0) {
		fprintf(stderr, "%s: --queue-size: %u is not a power of two; use e.g. 256\n",
		        PERF_TOOL, o->queue_size);
		return 2;
	}
	if (o->burst > o->queue_size) {
		fprintf(stderr,
		        "%s: --burst: %u is larger than --queue-size %u; a burst must fit in the "
		        "queue, lower --burst or raise --queue-size\n",
		        PERF_TOOL, o->burst, o->queue_size);
		return 2;
	}
	if ((uint64_t)o->tables * o->table_size % o->burst != 0) {
		fprintf(stderr,
		        "%s: --burst: %u does not divide tables x table-size = %u x %u = %llu; "
		        "pick a burst that divides it\n",
		        PERF_TOOL, o->burst, o->tables, o->table_size,
		        (unsigned long long)o->tables * o->table_size);
		return 2;
	}
	if (o->threshold > o->queue_size) {
		fprintf(stderr,
		        "%s: --completion-threshold: %u is larger than --queue-size %u; the queue "
		        "fills first, use a value in 1..%u\n",
		        PERF_TOOL, o->threshold, o->queue_size, o->queue_size);
		return 2;
	}
	if (o->op == PERF_OP_DISABLE && o->hash == PERF_HASH_IDENTITY) {
		fprintf(stderr,
		        "%s: --op disable with --hash identity: an IDENTITY hash pipe supports "
		        "replace only (entries cannot be disabled, docs/DESIGN_DECISIONS.md D2); "
		        "use --hash random or --op update\n",
		        PERF_TOOL);
		return 2;
	}
	if ((uint64_t)o->workers * o->tables * o->table_size > MAX_ENTRIES) {
		fprintf(stderr,
		        "%s: workers x tables x table-size = %llu entries is more than %u; lower "
		        "--tables or --table-size\n",
		        PERF_TOOL, (unsigned long long)o->workers * o->tables * o->table_size,
		        (unsigned int)MAX_ENTRIES);
		return 2;
	}
	lat_records = (uint64_t)o->iterations * o->workers * o->tables * o->table_size *
	              (o->op == PERF_OP_DISABLE ? 2 : 1) / o->burst;
	if (lat_records > MAX_LAT_RECORDS) {
		fprintf(stderr,
		        "%s: --iterations: %u iterations would keep %llu latency records (limit "
		        "%u); lower --iterations, --tables or --table-size, or raise --burst\n",
		        PERF_TOOL, o->iterations, (unsigned long long)lat_records,
		        (unsigned int)MAX_LAT_RECORDS);
		return 2;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static double median(const double *v, uint32_t n)
{
	double *s = malloc(n * sizeof(*s));
	double m;

	if (s == NULL)
		return 0;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}

/* Sample standard deviation (0 for one value). */
static double stddev(const double *v, uint32_t n)
{
	double mean = 0, ss = 0;

	if (n < 2)
		return 0;
	for (uint32_t i = 0; i < n; i++)
		mean += v[i];
	mean /= n;
	for (uint32_t i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return sqrt(ss / (n - 1));
}

/* Nearest-rank percentile of sorted values, in microseconds. */
static double pct_us(const uint64_t *sorted, uint64_t n, double p)
{
	uint64_t rank;

	if (n == 0)
		return 0;
	rank = (uint64_t)ceil(p / 100.0 * (double)n);
	if (rank < 1)
		rank = 1;
	return (double)sorted[rank - 1] / 1000.0;
}

struct run {
	doca_dpa_dev_uintptr_t addrs, lat, results;
	uint32_t nbursts; /* latency records per worker and iteration */
	uint64_t ops;     /* per iteration, all workers */
	double *kops;
	uint64_t *lat_all;
	uint64_t nlat;
	uint64_t cpu_ns; /* process CPU time over the measured launches (every thread) */
	struct perf_result *res;
};

/* CPU time of the whole process: EUs, request processor, NIC workers, traffic. */
static uint64_t cpu_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int check_results(const struct perf_opts *o, const struct run *rn, uint32_t it)
{
	uint32_t per_worker = (uint32_t)(rn->ops / o->workers);

	for (uint32_t w = 0; w < o->workers; w++) {
		const struct perf_result *r = &rn->res[w];

		if (r->post_rc != 0 || r->poll_rc != 0 || r->timed_out || r->failed != 0 ||
		    r->completed != per_worker || r->bursts != rn->nbursts) {
			fprintf(stderr,
			        "%s: iteration %u, worker %u: posted %u, completed %u (want %u), "
			        "failed %u, post error %s, poll error %s%s\n",
			        PERF_TOOL, it, w, r->posted, r->completed, per_worker, r->failed,
			        doca_error_get_name((doca_error_t)r->post_rc),
			        doca_error_get_name((doca_error_t)r->poll_rc),
			        r->timed_out ? ", gave up waiting for completions" : "");
			return 1;
		}
	}
	return 0;
}

static int measure(const struct perf_opts *o, struct perf_env *env, struct run *rn)
{
	uint32_t total = o->warmup + o->iterations;
	bool progress = isatty(STDERR_FILENO) && total > 1;
	size_t lat_bytes = (size_t)o->workers * rn->nbursts * sizeof(uint64_t);
	uint64_t *lat = malloc(lat_bytes);

	if (lat == NULL)
		return 1;
	for (uint32_t it = 0; it < total; it++) {
		bool warm = it < o->warmup;
		uint64_t t0, t1, c0, c1;

		if (progress)
			fprintf(stderr, "\r%s: %s %u/%u ", PERF_TOOL,
			        warm ? "warm-up" : "iteration", warm ? it + 1 : it - o->warmup + 1,
			        warm ? o->warmup : o->iterations);
		c0 = cpu_now_ns();
		t0 = perf_now_ns();
		if (perf_launch(env, o->workers, LAUNCH_TIMEOUT_S, perf_run, rn->addrs, o->tables,
		                o->table_size, (uint32_t)o->op, o->burst, o->threshold, it * 7919u,
		                rn->lat, rn->nbursts, o->spin ? (uint32_t)PERF_F_SPIN : 0u,
		                rn->results)) {
			if (progress)
				fprintf(stderr, "\r%*s\r", 60, "");
			free(lat);
			return 1;
		}
		t1 = perf_now_ns();
		c1 = cpu_now_ns();
		/* Erase the progress line before anything else is printed: a result or an
		 * error line must not start after it on the terminal. */
		if (progress)
			fprintf(stderr, "\r%*s\r", 60, "");
		if (doca_dpa_d2h_memcpy(env->dpa, rn->res, rn->results,
		                        o->workers * sizeof(*rn->res)) != DOCA_SUCCESS ||
		    doca_dpa_d2h_memcpy(env->dpa, lat, rn->lat, lat_bytes) != DOCA_SUCCESS ||
		    check_results(o, rn, it)) {
			free(lat);
			return 1;
		}
		if (warm)
			continue;
		rn->kops[it - o->warmup] = (double)rn->ops / ((double)(t1 - t0) / 1e9) / 1000.0;
		memcpy(rn->lat_all + rn->nlat, lat, lat_bytes);
		rn->nlat += (uint64_t)o->workers * rn->nbursts;
		rn->cpu_ns += c1 - c0;
		if (!o->json)
			printf("iteration %3u: %10.1f Kops/s  (%llu ops in %.3f ms)\n",
			       it - o->warmup + 1, rn->kops[it - o->warmup],
			       (unsigned long long)rn->ops, (double)(t1 - t0) / 1e6);
	}
	free(lat);
	return 0;
}

/* The request engine's model in force, as docs/CONFIGURATION.md defines it from the
 * environment (the tool, like a user application, sees only the documented variables). */
struct model {
	const char *fidelity;
	bool on; /* faithful/strict: flushed requests run after the modelled latency */
	unsigned long long latency_ns, jitter_ns;
};

static const char *fidelity_of(const char *var)
{
	const char *s = getenv(var);

	if (s == NULL)
		return NULL;
	if (strcasecmp(s, "fast") == 0)
		return "fast";
	if (strcasecmp(s, "faithful") == 0)
		return "faithful";
	if (strcasecmp(s, "strict") == 0)
		return "strict";
	return NULL;
}

static unsigned long long env_ns(const char *var, unsigned long long def)
{
	const char *s = getenv(var);
	char *end;
	unsigned long long v;

	if (s == NULL || *s == '\0' || *s == '-')
		return def;
	v = strtoull(s, &end, 10);
	return *end == '\0' && v <= 10000000000ull ? v : def;
}

static struct model model_in_force(void)
{
	struct model m = {.fidelity = fidelity_of("SOFTDPA_FIDELITY")};

	if (m.fidelity == NULL)
		m.fidelity = fidelity_of("SOFTDPA_WINDOW");
	if (m.fidelity == NULL)
		m.fidelity = "faithful";
	m.on = strcmp(m.fidelity, "fast") != 0;
	m.latency_ns = m.on ? env_ns("SOFTDPA_PROVIDER_LATENCY_NS", 2000) : 0;
	m.jitter_ns = m.on ? env_ns("SOFTDPA_PROVIDER_JITTER_NS", 1000) : 0;
	return m;
}

static void report(const struct perf_opts *o, const struct perf_env *env, struct run *rn,
                   const struct softdpa_port_stats st[3], uint64_t injected, uint64_t refused)
{
	double med = median(rn->kops, o->iterations), sd = stddev(rn->kops, o->iterations);
	double p50, p99;
	double cpu_per_op = (double)rn->cpu_ns / (double)(rn->ops * o->iterations);
	struct model m = model_in_force();
	uint64_t fwd = st[1].tx_frames + st[2].tx_frames;
	uint64_t dropped = st[0].dropped_total + st[1].dropped_total + st[2].dropped_total;

	qsort(rn->lat_all, rn->nlat, sizeof(*rn->lat_all), cmp_u64);
	p50 = pct_us(rn->lat_all, rn->nlat, 50);
	p99 = pct_us(rn->lat_all, rn->nlat, 99);
	if (!o->json) {
		printf("median %.1f Kops/s, stddev %.1f, %.1f Kops/s per worker\n", med, sd,
		       med / o->workers);
		printf("post-to-completion latency per burst of %u: p50 %.1f us, p99 %.1f us "
		       "(%llu bursts)\n",
		       o->burst, p50, p99, (unsigned long long)rn->nlat);
		if (m.on && m.latency_ns == 0 && m.jitter_ns == 0)
			printf("request engine: %s with no modelled latency: the latency above is "
			       "softdpa's own (hand-off to the engine thread)\n",
			       m.fidelity);
		else if (m.on)
			printf("request engine: %s, modelled latency %.1f us + jitter 0..%.1f us "
			       "(included above; --no-latency-model measures softdpa alone)\n",
			       m.fidelity, (double)m.latency_ns / 1e3, (double)m.jitter_ns / 1e3);
		else
			printf("request engine: fast (requests run at flush, no modelled "
			       "latency)\n");
		printf("CPU: %.0f ns of process CPU time per op (all threads, traffic included)\n",
		       cpu_per_op);
		printf("traffic: %llu frames injected, %llu forwarded (ports 1+2), %llu dropped, "
		       "%llu refused at rx; %u NIC workers\n",
		       (unsigned long long)injected, (unsigned long long)fwd,
		       (unsigned long long)dropped, (unsigned long long)refused, env->nic_workers);
	}
	printf("{\"tool\":\"%s\",\"op\":\"%s\",\"hash\":\"%s\",\"workers\":%u,\"burst\":%u,"
	       "\"queue_size\":%u,\"completion_threshold\":%u,\"tables\":%u,\"table_size\":%u,"
	       "\"warmup\":%u,\"iterations\":%u,\"ops_per_iteration\":%llu,\"kops\":[",
	       PERF_TOOL, o->op == PERF_OP_UPDATE ? "update" : "disable",
	       o->hash == PERF_HASH_RANDOM ? "random" : "identity", o->workers, o->burst,
	       o->queue_size, o->threshold, o->tables, o->table_size, o->warmup, o->iterations,
	       (unsigned long long)rn->ops);
	for (uint32_t i = 0; i < o->iterations; i++)
		printf("%s%.1f", i ? "," : "", rn->kops[i]);
	printf("],\"kops_median\":%.1f,\"kops_stddev\":%.1f,\"kops_per_worker\":%.1f,"
	       "\"lat_p50_us\":%.2f,\"lat_p99_us\":%.2f,\"cpu_ns_per_op\":%.0f,\"spin\":%s,\"nic_"
	       "workers\":%u,\"pps\":%u,"
	       "\"frames_injected\":%llu,\"frames_forwarded\":%llu,\"frames_dropped\":%llu,"
	       "\"fidelity\":\"%s\",\"latency_model\":%s,\"model_latency_ns\":%llu,"
	       "\"model_jitter_ns\":%llu}\n",
	       med, sd, med / o->workers, p50, p99, cpu_per_op, o->spin ? "true" : "false",
	       env->nic_workers, o->pps, (unsigned long long)injected, (unsigned long long)fwd,
	       (unsigned long long)dropped, m.fidelity, m.on ? "true" : "false", m.latency_ns,
	       m.jitter_ns);
	fflush(stdout);
}

static int run_perf(const struct perf_opts *o)
{
	struct perf_env_cfg cfg = {.workers = o->workers,
	                           .queue_size = o->queue_size,
	                           .nr_pipes = o->workers * o->tables,
	                           .table_size = o->table_size,
	                           .hash = o->hash};
	struct perf_env env;
	struct run rn;
	struct perf_traffic *tr = NULL;
	struct softdpa_port_stats st[3];
	uint64_t injected = 0, refused = 0;
	uint32_t passes = o->op == PERF_OP_DISABLE ? 2 : 1;
	int rc = 1;

	memset(&rn, 0, sizeof(rn));
	rn.ops = (uint64_t)o->workers * o->tables * o->table_size * passes;
	rn.nbursts = (uint32_t)(rn.ops / o->workers / o->burst);
	rn.kops = calloc(o->iterations, sizeof(*rn.kops));
	rn.res = calloc(o->workers, sizeof(*rn.res));
	rn.lat_all = malloc((size_t)o->iterations * o->workers * rn.nbursts * sizeof(uint64_t));
	if (rn.kops == NULL || rn.res == NULL || rn.lat_all == NULL) {
		fprintf(stderr, "%s: out of memory for the results; lower --iterations\n",
		        PERF_TOOL);
		goto out;
	}
	if (isatty(STDERR_FILENO))
		fprintf(stderr, "%s: setting up %u x %u tables of %u entries...\n", PERF_TOOL,
		        o->workers, o->tables, o->table_size);
	if (perf_env_up(&env, &cfg))
		goto down;
	if (doca_dpa_mem_alloc(env.dpa, cfg.nr_pipes * sizeof(uint64_t), &rn.addrs) !=
	            DOCA_SUCCESS ||
	    doca_dpa_mem_alloc(env.dpa, (size_t)o->workers * rn.nbursts * sizeof(uint64_t),
	                       &rn.lat) != DOCA_SUCCESS ||
	    doca_dpa_mem_alloc(env.dpa, o->workers * sizeof(struct perf_result), &rn.results) !=
	            DOCA_SUCCESS ||
	    doca_dpa_h2d_memcpy(env.dpa, rn.addrs, env.addrs, cfg.nr_pipes * sizeof(uint64_t)) !=
	            DOCA_SUCCESS) {
		fprintf(stderr, "%s: cannot allocate or fill DPA heap memory for the run\n",
		        PERF_TOOL);
		goto down;
	}
	tr = perf_traffic_start(&(struct perf_traffic_cfg){.pps = o->pps,
	                                                   .nr_pipes = cfg.nr_pipes,
	                                                   .table_size = o->table_size,
	                                                   .nic_workers = env.nic_workers});
	if (tr == NULL)
		goto down;
	/* "Traffic on" must hold while measuring: on a loaded machine the injector can be
	 * scheduled long after this point, so start only once frames leave the NIC. */
	if (o->pps != 0 && !perf_traffic_wait(tr, 0, 1, 30)) {
		perf_traffic_stop(tr, NULL, NULL, NULL);
		goto down;
	}
	rc = measure(o, &env, &rn);
	perf_traffic_stop(tr, &injected, &refused, NULL);
	if (rc == 0) {
		for (uint16_t p = 0; p < 3; p++)
			softdpa_port_stats(p, &st[p]);
		report(o, &env, &rn, st, injected, refused);
	}
down:
	if (env.dpa != NULL) {
		if (rn.addrs)
			doca_dpa_mem_free(env.dpa, rn.addrs);
		if (rn.lat)
			doca_dpa_mem_free(env.dpa, rn.lat);
		if (rn.results)
			doca_dpa_mem_free(env.dpa, rn.results);
	}
	perf_env_down(&env);
out:
	free(rn.kops);
	free(rn.res);
	free(rn.lat_all);
	return rc;
}

int main(int argc, char **argv)
{
	struct perf_opts o;
	int r = parse(argc, argv, &o);
	const char *nw;

	if (r != 0)
		return r;
	/* Traffic needs NIC workers: 2 unless the user chose (before any library call). */
	nw = getenv("SOFTDPA_NIC_WORKERS");
	if (nw == NULL || *nw == '\0')
		setenv("SOFTDPA_NIC_WORKERS", "2", 1);
	if (o.no_model) {
		setenv("SOFTDPA_PROVIDER_LATENCY_NS", "0", 1);
		setenv("SOFTDPA_PROVIDER_JITTER_NS", "0", 1);
	}
	if (o.self_test)
		return perf_self_test(&o);
	return run_perf(&o);
}
