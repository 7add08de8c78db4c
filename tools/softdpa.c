/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — the emulator's command-line tool.
 *
 *   softdpa caps [--list-devs|--list-rep-devs|--list-libs] [--pci-addr ADDR]   like doca_caps
 *   softdpa pcap gen -o OUT.pcap [OPTIONS]          deterministic traffic generator
 *   softdpa pcap info FILE [--top N]                counts of a capture
 *   softdpa pcap show FILE [-c N] [-e]              one line per frame, like tcpdump -n
 *   softdpa trace render TRACE.json [-o OUT.png]    a SOFTDPA_TRACE file as a timeline
 *   softdpa stats [--socket PATH | --file DUMP]     a running application's counters
 *   softdpa help [COMMAND...]                       usage
 *
 * Subcommands live in one table; a name may have several words ("pcap gen"), so later
 * commands slot in without touching main(). Every command answers -h/--help and --version;
 * `softdpa pcap` lists the pcap commands. Exit codes: 0 success, 1 failure, 2 usage.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <doca_dev.h>
#include <doca_error.h>
#include <doca_log.h>

#include "cli.h"
#include "core/devices.h"

#ifndef SOFTDPA_VERSION
#define SOFTDPA_VERSION "unknown"
#endif

enum { EXIT_USAGE = CLI_EXIT_USAGE };

struct subcmd {
	const char *name;                  /* words separated by one space, e.g. "pcap gen" */
	const char *summary;               /* one line for the overview */
	const char *usage;                 /* full help text */
	int (*run)(int argc, char **argv); /* argv[0] is the first argument after the name */
};

static const struct subcmd *find_subcmd(int argc, char **argv, int *words);
static void print_overview(FILE *out);
static bool is_group(const char *word);
static void print_group(FILE *out, const char *word);

/* ------------------------------------------------------------ option helpers */

bool cli_opt_value(int argc, char **argv, int *i, const char *name, const char **value)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0)
		return false;
	if (a[n] == '=') {
		*value = a + n + 1;
		*i += 1;
		return true;
	}
	if (a[n] != '\0')
		return false;
	*value = *i + 1 < argc ? argv[*i + 1] : NULL;
	*i += *value != NULL ? 2 : 1;
	return true;
}

bool cli_parse_count(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	uint64_t whole, mult = 1, frac = 0, frac_div = 1;
	char *end;

	if (s == NULL || *s < '0' || *s > '9')
		return false;
	errno = 0;
	whole = strtoull(s, &end, 10);
	if (errno != 0)
		return false;
	if (*end == '.') {
		for (end++; *end >= '0' && *end <= '9'; end++) {
			if (frac_div >= 1000000000ull)
				return false;
			frac = frac * 10 + (uint64_t)(*end - '0');
			frac_div *= 10;
		}
	}
	switch (*end) {
	case 'k':
	case 'K':
		mult = 1000ull;
		end++;
		break;
	case 'm':
	case 'M':
		mult = 1000000ull;
		end++;
		break;
	case 'g':
	case 'G':
		mult = 1000000000ull;
		end++;
		break;
	default:
		break;
	}
	if (*end != '\0' || (frac * mult) % frac_div != 0 || whole > UINT64_MAX / mult)
		return false;
	whole = whole * mult + frac * mult / frac_div;
	if (whole < min || whole > max)
		return false;
	*out = whole;
	return true;
}

bool cli_parse_real(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	if (s == NULL || *s == '\0')
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || isnan(v) || v < min || v > max)
		return false;
	*out = v;
	return true;
}

/* ------------------------------------------------------------------ caps */

static const char *func_type_str(enum doca_pci_func_type t)
{
	switch (t) {
	case DOCA_PCI_FUNC_TYPE_PF:
		return "PF";
	case DOCA_PCI_FUNC_TYPE_VF:
		return "VF";
	case DOCA_PCI_FUNC_TYPE_SF:
		return "SF";
	}
	return "?";
}

/* The representors of a PF: a count line, then (details) one block per representor. */
static void print_reps(struct doca_devinfo *info, bool details)
{
	struct doca_devinfo_rep **reps;
	struct doca_dev *dev;
	uint8_t listable = 0;
	uint32_t nr;
	doca_error_t r;

	(void)doca_devinfo_rep_cap_is_filter_all_supported(info, &listable);
	if (!listable) {
		printf("\trepresentors        none (only a PF has representors)\n");
		return;
	}
	r = doca_dev_open(info, &dev);
	if (r != DOCA_SUCCESS) {
		printf("\trepresentors        (cannot open device: %s)\n", doca_error_get_name(r));
		return;
	}
	r = doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &nr);
	if (r != DOCA_SUCCESS) {
		printf("\trepresentors        none (%s)\n", doca_error_get_name(r));
		(void)doca_dev_close(dev);
		return;
	}
	printf("\trepresentors        %u\n", nr);
	for (uint32_t i = 0; details && i < nr; i++) {
		char pci[DOCA_DEVINFO_REP_PCI_ADDR_SIZE] = "?";
		char iface[DOCA_DEVINFO_IFACE_NAME_SIZE] = "?";
		enum doca_pci_func_type t = DOCA_PCI_FUNC_TYPE_VF;

		(void)doca_devinfo_rep_get_pci_addr_str(reps[i], pci);
		(void)doca_devinfo_rep_get_iface_name(reps[i], iface, sizeof(iface));
		(void)doca_devinfo_rep_get_pci_func_type(reps[i], &t);
		printf("\t  PCI: %s\n", pci);
		printf("\t\tiface_name  %s\n", iface);
		printf("\t\tfunc_type   %s\n", func_type_str(t));
		printf("\t\tport_id     %u (DOCA Flow switch convention: PF = 0)\n", i + 1);
	}
	(void)doca_devinfo_rep_destroy_list(reps);
	(void)doca_dev_close(dev);
}

enum caps_what { CAPS_ALL, CAPS_DEVS, CAPS_REP_DEVS, CAPS_LIBS };

static void print_device(struct doca_devinfo *info, enum caps_what what)
{
	char pci[DOCA_DEVINFO_PCI_ADDR_SIZE] = "?";
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE] = "?";
	char iface[DOCA_DEVINFO_IFACE_NAME_SIZE] = "?";
	uint8_t mac[DOCA_DEVINFO_MAC_ADDR_SIZE] = {0};
	uint8_t ip4[DOCA_DEVINFO_IPV4_ADDR_SIZE] = {0};
	uint8_t ip6[DOCA_DEVINFO_IPV6_ADDR_SIZE] = {0};
	enum doca_pci_func_type t = DOCA_PCI_FUNC_TYPE_PF;
	enum sdpa_dev_model model = sdpa_devinfo_model(info);
	uint64_t rate = 0;

	(void)doca_devinfo_get_pci_addr_str(info, pci);
	(void)doca_devinfo_get_ibdev_name(info, ibdev, sizeof(ibdev));
	(void)doca_devinfo_get_iface_name(info, iface, sizeof(iface));
	(void)doca_devinfo_get_pci_func_type(info, &t);
	(void)doca_devinfo_get_mac_addr(info, mac, sizeof(mac));
	(void)doca_devinfo_get_ipv4_addr(info, ip4, sizeof(ip4));
	(void)doca_devinfo_get_ipv6_addr(info, ip6, sizeof(ip6));
	(void)doca_devinfo_get_active_rate(info, &rate);

	printf("PCI: %s\n", pci);
	if (what == CAPS_REP_DEVS) {
		print_reps(info, true);
		return;
	}
	printf("\tibdev_name          %s\n", ibdev);
	printf("\tiface_name          %s\n", iface);
	printf("\tfunc_type           %s\n", func_type_str(t));
	printf("\tmac_addr            %02x:%02x:%02x:%02x:%02x:%02x\n", mac[0], mac[1], mac[2],
	       mac[3], mac[4], mac[5]);
	printf("\tipv4_addr           %u.%u.%u.%u\n", ip4[0], ip4[1], ip4[2], ip4[3]);
	printf("\tipv6_addr           ");
	for (int i = 0; i < DOCA_DEVINFO_IPV6_ADDR_SIZE; i += 2)
		printf("%02x%02x%s", ip6[i], ip6[i + 1], i < 14 ? ":" : "\n");
	printf("\tactive_rate         %llu Gb/s\n", (unsigned long long)(rate / 1000000000ULL));
	printf("\tmodel               %s\n",
	       model == SDPA_DEV_BF3 ? "BlueField-3 (bf3)" : "ConnectX-6 (cx6)");
	if (sdpa_devinfo_has_dpa(info))
		printf("\tdpa                 supported: %d cores, %d EUs per core, %d EUs\n",
		       SDPA_DPA_CORES, SDPA_DPA_EUS_PER_CORE, SDPA_DPA_TOTAL_EUS);
	else
		printf("\tdpa                 not supported (doca_dpa_cap_is_supported: "
		       "DOCA_ERROR_NOT_SUPPORTED)\n");
	print_reps(info, what == CAPS_ALL);
}

/* Per DOCA library: what softdpa does with its functions (docs/API_COVERAGE.md). */
static const struct caps_lib {
	const char *name, *pc;
	int implemented, partial, not_supported, device_fault;
} caps_libs[] = {
#include "caps_libs.h"
};

static void print_libs(void)
{
	printf("%-18s %-23s %11s %7s %13s %12s\n", "library", "pkg-config", "implemented",
	       "partial", "not_supported", "device_fault");
	for (size_t i = 0; i < sizeof(caps_libs) / sizeof(caps_libs[0]); i++) {
		const struct caps_lib *l = &caps_libs[i];

		printf("%-18s %-23s %11d %7d %13d %12d\n", l->name, l->pc, l->implemented,
		       l->partial, l->not_supported, l->device_fault);
	}
	printf("\nnot_supported: the call links and returns DOCA_ERROR_NOT_SUPPORTED with one log "
	       "line;\ndevice_fault: a DPA device call that ends the kernel with a fault naming "
	       "it.\nPer function: docs/API_COVERAGE.md.\n");
}

static int caps_usage_err(const char *msg, const char *arg)
{
	fprintf(stderr, "softdpa caps: ");
	fprintf(stderr, msg, arg);
	fprintf(stderr, "\nRun 'softdpa help caps' for the options.\n");
	return EXIT_USAGE;
}

static int run_caps(int argc, char **argv)
{
	const char *only = NULL, *mode_opt = NULL;
	enum caps_what what = CAPS_ALL;
	struct doca_devinfo **list;
	uint32_t n, shown = 0;
	doca_error_t r;

	for (int i = 0; i < argc;) {
		const char *v = NULL, *a = argv[i];
		enum caps_what w = CAPS_ALL;

		if (strcmp(a, "--list-devs") == 0)
			w = CAPS_DEVS;
		else if (strcmp(a, "--list-rep-devs") == 0)
			w = CAPS_REP_DEVS;
		else if (strcmp(a, "--list-libs") == 0)
			w = CAPS_LIBS;
		if (w != CAPS_ALL) {
			if (mode_opt != NULL && strcmp(mode_opt, a) != 0) {
				fprintf(stderr,
				        "softdpa caps: %s and %s conflict; give one of "
				        "--list-devs, "
				        "--list-rep-devs, --list-libs\n",
				        mode_opt, a);
				return EXIT_USAGE;
			}
			mode_opt = a;
			what = w;
			i++;
		} else if (cli_opt_value(argc, argv, &i, "--pci-addr", &v)) {
			if (v == NULL || *v == '\0')
				return caps_usage_err(
				        "--pci-addr needs an address (DDDD:BB:DD.F or "
				        "BB:DD.F)%s",
				        "");
			if (only != NULL && strcmp(only, v) != 0) {
				fprintf(stderr,
				        "softdpa caps: --pci-addr given twice (%s and %s); give "
				        "one "
				        "address\n",
				        only, v);
				return EXIT_USAGE;
			}
			only = v;
		} else {
			return caps_usage_err("unknown option '%s'", a);
		}
	}
	if (what == CAPS_LIBS && only != NULL) {
		fprintf(stderr, "softdpa caps: --list-libs and --pci-addr conflict: libraries are "
		                "not per device; drop --pci-addr\n");
		return EXIT_USAGE;
	}
	if (what == CAPS_LIBS) {
		print_libs();
		return EXIT_SUCCESS;
	}
	r = doca_devinfo_create_list(&list, &n);
	if (r != DOCA_SUCCESS) {
		fprintf(stderr, "softdpa caps: cannot list devices: %s\n", doca_error_get_descr(r));
		return EXIT_FAILURE;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t limit = doca_log_level_get_global_sdk_limit();
		doca_error_t cmp = DOCA_SUCCESS;
		uint8_t eq = 1;

		/* A bad address is the user's typo, reported below; keep the SDK quiet. */
		if (only != NULL) {
			(void)doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_DISABLE);
			cmp = doca_devinfo_is_equal_pci_addr(list[i], only, &eq);
			(void)doca_log_level_set_global_sdk_limit(limit);
		}
		if (cmp != DOCA_SUCCESS) {
			(void)doca_devinfo_destroy_list(list);
			fprintf(stderr,
			        "softdpa caps: '%s' is not a PCI address (use "
			        "DDDD:BB:DD.F or BB:DD.F)\n",
			        only);
			return EXIT_USAGE;
		}
		if (!eq)
			continue;
		if (shown++ > 0)
			printf("\n");
		print_device(list[i], what);
	}
	(void)doca_devinfo_destroy_list(list);
	if (n == 0)
		printf("no devices (SOFTDPA_DEVICES=none)\n");
	if (only != NULL && shown == 0) {
		fprintf(stderr, "softdpa caps: no emulated device has PCI address %s\n", only);
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}

/* ------------------------------------------------------------------ help */

/* `softdpa samples test`: the Python runner installed with softdpa (or the one
 * $SOFTDPA_SAMPLES_TEST names), told where this softdpa is installed. */
static int run_samples_test(int argc, char **argv)
{
	const char *script = getenv("SOFTDPA_SAMPLES_TEST");
	const char *py = "/usr/bin/python3";
	char **args = calloc((size_t)argc + 5, sizeof(*args));
	int n = 0;

	if (script == NULL || script[0] == '\0')
		script = SOFTDPA_LIBEXECDIR "/softdpa/samples_test.py";
	if (args == NULL) {
		fprintf(stderr, "softdpa samples test: out of memory\n");
		return 2;
	}
	args[n++] = (char *)py;
	args[n++] = (char *)script;
	args[n++] = (char *)"--prefix";
	args[n++] = (char *)SOFTDPA_PREFIX;
	for (int i = 0; i < argc; i++)
		args[n++] = argv[i];
	execv(py, args);
	fprintf(stderr,
	        "softdpa samples test: cannot run %s %s: %s; install Debian's python3 "
	        "(with python3-yaml and python3-scapy)\n",
	        py, script, strerror(errno));
	free(args);
	return 2;
}

/* `softdpa trace render`: the trace renderer installed with softdpa, run by the python3
 * first on PATH (an activated venv's, else the system's). In a build tree the copy next
 * to this executable wins, so the tests run the source's renderer. */
static int run_trace_render(int argc, char **argv)
{
	char self[4096], local[4096 + 32];
	const char *script = SOFTDPA_LIBEXECDIR "/softdpa/trace_to_png.py";
	char **args = calloc((size_t)argc + 3, sizeof(*args));
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int k = 0;

	if (args == NULL) {
		fprintf(stderr, "softdpa trace render: out of memory\n");
		return EXIT_FAILURE;
	}
	if (n > 0) {
		char *slash;

		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash != NULL) {
			*slash = '\0';
			snprintf(local, sizeof(local), "%s/trace_to_png.py", self);
			if (access(local, R_OK) == 0)
				script = local;
		}
	}
	args[k++] = (char *)"python3";
	args[k++] = (char *)script;
	for (int i = 0; i < argc; i++)
		args[k++] = argv[i];
	execvp("python3", args);
	fprintf(stderr,
	        "softdpa trace render: cannot run python3 %s: %s; install python3 and "
	        "matplotlib (Debian: apt-get install python3 python3-matplotlib)\n",
	        script, strerror(errno));
	free(args);
	return EXIT_FAILURE;
}

static int run_help(int argc, char **argv)
{
	const struct subcmd *c;
	int words;

	if (argc == 0) {
		print_overview(stdout);
		return EXIT_SUCCESS;
	}
	c = find_subcmd(argc, argv, &words);
	if (c == NULL && argc == 1 && is_group(argv[0])) {
		print_group(stdout, argv[0]);
		return EXIT_SUCCESS;
	}
	if (c == NULL || words != argc) {
		fprintf(stderr, "softdpa help: no command '%s'\n\n", argv[0]);
		print_overview(stderr);
		return EXIT_USAGE;
	}
	fputs(c->usage, stdout);
	return EXIT_SUCCESS;
}

static const struct subcmd subcmds[] = {
        {
                .name = "caps",
                .summary = "list the emulated devices, their DPA, representors and libraries",
                .usage = "usage: softdpa caps [--list-devs | --list-rep-devs | --list-libs]\n"
                         "                    [--pci-addr ADDR]\n"
                         "\n"
                         "Print the emulated devices as doca_caps does: PCI address, ibdev and\n"
                         "interface names, function type, MAC, model, DPA capability and\n"
                         "representors. The set comes from SOFTDPA_DEVICES (docs/DEVICES.md).\n"
                         "Without an option: every device with its representors.\n"
                         "\n"
                         "  --list-devs       the devices, with a count of their representors\n"
                         "  --list-rep-devs   each device's PCI address and its representors\n"
                         "  --list-libs       per DOCA library, how many of its functions softdpa\n"
                         "                    implements (docs/API_COVERAGE.md)\n"
                         "  --pci-addr ADDR   only the device at ADDR (DDDD:BB:DD.F or BB:DD.F)\n"
                         "\n"
                         "Give one of the --list options; --list-libs takes no --pci-addr.\n",
                .run = run_caps,
        },
        {
                .name = "pcap gen",
                .summary = "write a deterministic traffic capture (flows, sizes, elephants)",
                .usage = "usage: softdpa pcap gen -o OUT.pcap [OPTIONS]\n"
                         "\n"
                         "Write a capture of generated Ethernet frames with valid headers and\n"
                         "checksums. The same options and seed give a byte-identical file.\n"
                         "Counts take k/M/G suffixes (1000s): --frames 1M.\n"
                         "\n"
                         "  -o, --output OUT.pcap   the capture to write (- for stdout)\n"
                         "  --frames N              frames to write (default 1000)\n"
                         "  --flows N               distinct 5-tuples, 1..4194304 (default 16)\n"
                         "  --elephants K           K of the flows carry --elephant-share of the\n"
                         "                          frames; the rest are mice (default 0)\n"
                         "  --elephant-share F      fraction 0..1 of frames on elephants (default "
                         "0.8)\n"
                         "  --size MIN[-MAX]        frame size in bytes without FCS, 60..9216,\n"
                         "                          uniform in the range (default 128)\n"
                         "  --imix                  simple IMIX sizes 60/590/1514 in 7:4:1\n"
                         "  --rate PPS              timestamps spaced for this rate (default 1M)\n"
                         "  --ipv6                  every flow is IPv6\n"
                         "  --mix-ipv6 F            fraction 0..1 of flows that are IPv6\n"
                         "  --proto udp|tcp|mix     L4 of the flows (default udp; mix: half each)\n"
                         "  --src-net CIDR          source prefix, IPv4 or IPv6; give it once per\n"
                         "                          family (default 10.0.0.0/16, fd00::/64)\n"
                         "  --dst-net CIDR          destination prefix (default 10.1.0.0/16,\n"
                         "                          fd00:1::/64)\n"
                         "  --vxlan                 encapsulate in VXLAN (outer IPv4 192.0.2.1 >\n"
                         "                          192.0.2.2, UDP 4789)\n"
                         "  --vni N                 VXLAN network id 0..16777215 (default 100;\n"
                         "                          implies --vxlan)\n"
                         "  --vlan ID               tag frames (the outer frame with --vxlan)\n"
                         "  --seed S                random seed (default 1)\n"
                         "\n"
                         "A summary goes to stdout (stderr with -o -). Progress is drawn on\n"
                         "stderr when it is a terminal. Exit: 0 written, 1 I/O error, 2 usage.\n",
                .run = cli_pcap_gen,
        },
        {
                .name = "pcap info",
                .summary = "count a capture's frames, protocols, flows and bad checksums",
                .usage = "usage: softdpa pcap info FILE [--top N]\n"
                         "\n"
                         "Read an Ethernet capture and print its frame and byte counts, size\n"
                         "range, duration, IPv4/IPv6/UDP/TCP/VLAN/VXLAN counts, malformed frames,\n"
                         "frames with a wrong IP or L4 checksum, the number of distinct 5-tuples\n"
                         "(the inner one for VXLAN) and the N heaviest flows.\n"
                         "\n"
                         "  --top N     list the N flows with the most frames (default 5);\n"
                         "              'top_frames' is their sum\n",
                .run = cli_pcap_info,
        },
        {
                .name = "pcap show",
                .summary = "list a capture's frames, one line each, tunnels decoded",
                .usage = "usage: softdpa pcap show FILE [-c N] [-e]\n"
                         "\n"
                         "Print one line per frame, as tcpdump -n does: number, seconds since\n"
                         "the first frame, length, then the headers softdpa's parser reads\n"
                         "(VLAN, IPv4/IPv6, TCP/UDP/ICMP) and, through VXLAN, GENEVE, GRE and\n"
                         "IP-in-IP tunnels, the inner packet. Wrong checksums and malformed\n"
                         "headers are marked in brackets.\n"
                         "\n"
                         "  -c, --count N   stop after N frames\n"
                         "  -e, --link      print each frame's source and destination MAC\n",
                .run = cli_pcap_show,
        },
        {
                .name = "stats",
                .summary = "show the ports, pipes and provider queues of a running application",
                .usage = "usage: softdpa stats [--socket PATH | --file DUMP] [--json]\n"
                         "                     [--section NAME]\n"
                         "\n"
                         "Print the statistics of an application started with\n"
                         "SOFTDPA_STATS=PATH (a unix socket it serves), or of a dump written by\n"
                         "softdpa_stats_dump(). One table per section: ports, pipes (DOCA Flow\n"
                         "pipes and their entries), provider (the DOCA Flow DPA provider's\n"
                         "queues), and any a program registers.\n"
                         "\n"
                         "  --socket PATH    connect to the application's socket (default:\n"
                         "                   $SOFTDPA_STATS)\n"
                         "  --file DUMP      read a dump file (- for stdin)\n"
                         "  --json           print the raw records, one JSON object per line\n"
                         "  --section NAME   only this section (an error when the dump has none)\n",
                .run = cli_stats,
        },
        {
                .name = "trace render",
                .summary = "draw a SOFTDPA_TRACE file as a timeline PNG",
                .usage = "usage: softdpa trace render TRACE.json [-o OUT.png] [--start US]\n"
                         "                            [--end US] [--title T] [--width IN]\n"
                         "                            [--dpi N]\n"
                         "\n"
                         "Draw a trace written under SOFTDPA_TRACE (docs/TRACING.md): one row per\n"
                         "track, complete events as bars, instants as ticks, one colour per event\n"
                         "kind that stays the same from render to render. Runs the python3 on\n"
                         "PATH (a venv's works) with matplotlib (Debian: python3-matplotlib).\n"
                         "\n"
                         "  -o, --out OUT.png   the picture (default trace.png)\n"
                         "  --start US          first microsecond shown\n"
                         "  --end US            last microsecond shown\n"
                         "  --title T           the title (default 'softdpa trace')\n"
                         "  --width IN          width in inches (default 11)\n"
                         "  --dpi N             dots per inch (default 90)\n"
                         "\n"
                         "Exit: 0 written, 1 the trace is unreadable, the PNG cannot be written\n"
                         "or matplotlib is missing (one line says which), 2 usage.\n",
                .run = run_trace_render,
        },
        {
                .name = "samples test",
                .summary = "run DOCA samples on softdpa and check them against their yaml",
                .usage = "usage: softdpa samples test DOCA_SAMPLES_DIR [SAMPLE...]\n"
                         "                           [--work DIR] [--bin-dir DIR] [--keep]\n"
                         "                           [--timeout SECONDS]\n"
                         "\n"
                         "Build each sample (default: every one with a <name>_sample.yaml,\n"
                         "and every DPA sample) against this softdpa, run every use case of\n"
                         "its description on emulated devices with unix:PATH wires, send the\n"
                         "stages' packets and check what leaves each port and what the sample\n"
                         "prints. A DPA sample runs once on the default devices with its\n"
                         "default command line and must print 'Sample finished successfully'.\n"
                         "One line per use case: PASS, FAIL (what differed) or SKIP (the\n"
                         "NOT_SUPPORTED refusal that stopped it); then 'N passed, N failed,\n"
                         "N skipped'. Exit status 1 when a use case failed. Needs\n"
                         "/usr/bin/python3 with python3-yaml and python3-scapy; no root\n"
                         "(docs/CLI.md).\n"
                         "\n"
                         "  --work DIR     scratch tree and builds (default ./build-samples-test)\n"
                         "  --bin-dir DIR  run DIR/doca_<sample> instead of building\n"
                         "  --keep         keep each run's directory (output, sockets)\n"
                         "  --timeout S    kill a run after S seconds: FAIL (default 120)\n",
                .run = run_samples_test,
        },
        {
                .name = "help",
                .summary = "show the help of a command",
                .usage = "usage: softdpa help [COMMAND...]\n",
                .run = run_help,
        },
};

/* The table entry whose words start argv; *words = how many argv entries it used. */
static const struct subcmd *find_subcmd(int argc, char **argv, int *words)
{
	for (size_t i = 0; i < sizeof(subcmds) / sizeof(subcmds[0]); i++) {
		const char *p = subcmds[i].name;
		int w = 0;

		while (w < argc) {
			size_t len = strcspn(p, " ");

			if (strlen(argv[w]) != len || strncmp(argv[w], p, len) != 0)
				break;
			w++;
			p += len;
			if (*p == '\0') {
				*words = w;
				return &subcmds[i];
			}
			p++; /* the space */
		}
	}
	return NULL;
}

static void print_overview(FILE *out)
{
	fprintf(out, "usage: softdpa COMMAND [ARGS...]\n"
	             "       softdpa --help | --version\n"
	             "\n"
	             "commands:\n");
	for (size_t i = 0; i < sizeof(subcmds) / sizeof(subcmds[0]); i++)
		fprintf(out, "  %-12s %s\n", subcmds[i].name, subcmds[i].summary);
	fprintf(out, "\nRun 'softdpa help COMMAND' (or 'softdpa COMMAND --help') for a command's "
	             "options.\n");
}

/* A first word shared by several commands ("pcap" of "pcap gen", "pcap info"). */
static bool is_group(const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i < sizeof(subcmds) / sizeof(subcmds[0]); i++)
		if (strncmp(subcmds[i].name, word, n) == 0 && subcmds[i].name[n] == ' ')
			return true;
	return false;
}

static void print_group(FILE *out, const char *word)
{
	size_t n = strlen(word);

	fprintf(out, "usage: softdpa %s SUBCOMMAND [ARGS...]\n\n%s subcommands:\n", word, word);
	for (size_t i = 0; i < sizeof(subcmds) / sizeof(subcmds[0]); i++)
		if (strncmp(subcmds[i].name, word, n) == 0 && subcmds[i].name[n] == ' ')
			fprintf(out, "  %-12s %s\n", subcmds[i].name, subcmds[i].summary);
	fprintf(out, "\nRun 'softdpa help %s SUBCOMMAND' for its options.\n", word);
}

static bool is_help(const char *a)
{
	return strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0;
}

int main(int argc, char **argv)
{
	const struct subcmd *c;
	int words;

	if (argc < 2) {
		print_overview(stderr);
		return EXIT_USAGE;
	}
	if (is_help(argv[1])) {
		print_overview(stdout);
		return EXIT_SUCCESS;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("softdpa %s\n", SOFTDPA_VERSION);
		return EXIT_SUCCESS;
	}
	c = find_subcmd(argc - 1, argv + 1, &words);
	if (c == NULL && is_group(argv[1])) {
		/* `softdpa pcap`, `softdpa pcap --help`: the group's subcommands. */
		if (argc == 2 || is_help(argv[2])) {
			print_group(stdout, argv[1]);
			return EXIT_SUCCESS;
		}
		fprintf(stderr, "softdpa %s: unknown subcommand '%s'\n\n", argv[1], argv[2]);
		print_group(stderr, argv[1]);
		return EXIT_USAGE;
	}
	if (c == NULL) {
		fprintf(stderr, "softdpa: unknown command '%s'\n\n", argv[1]);
		print_overview(stderr);
		return EXIT_USAGE;
	}
	/* Every command answers -h/--help and --version, wherever they stand. */
	for (int i = 1 + words; i < argc; i++) {
		if (is_help(argv[i])) {
			fputs(c->usage, stdout);
			return EXIT_SUCCESS;
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("softdpa %s\n", SOFTDPA_VERSION);
			return EXIT_SUCCESS;
		}
	}
	return c->run(argc - 1 - words, argv + 1 + words);
}
