/* SPDX-License-Identifier: BSD-3-Clause
 * The EAL options softdpa adds before a DPDK program's rte_eal_init (core/dpdk_eal.h).
 */
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>

#include "core/devices.h"
#include "core/dpdk_eal.h"
#include "core/log.h"

SDPA_LOG_REGISTER(core_dpdk_eal);

static const char *driver; /* set once by a constructor, before main */

void sdpa_dpdk_eal_set_driver(const char *name)
{
	driver = name;
}

/* True when word is the option 'opt' ("--opt" or "--opt=value"). */
static bool is_opt(const char *word, const char *opt)
{
	size_t n = strlen(opt);

	return strncmp(word, opt, n) == 0 && (word[n] == '\0' || word[n] == '=');
}

static bool has_opt(int argc, char **argv, const char *opt)
{
	for (int i = 1; i < argc; i++)
		if (is_opt(argv[i], opt))
			return true;
	return false;
}

/* True when a word is the short option -<opt>, alone or with its value attached ("-l0-3"). */
static bool has_short_opt(int argc, char **argv, char opt)
{
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1] == opt)
			return true;
	return false;
}

struct words {
	char **v;
	int n;
	int cap;
	bool failed;
};

static void add(struct words *w, const char *s)
{
	char *copy;

	if (w->failed)
		return;
	if (w->n + 2 > w->cap) {
		int cap = w->cap * 2 + 8;
		char **v = realloc(w->v, (size_t)cap * sizeof(*v));

		if (v == NULL) {
			w->failed = true;
			return;
		}
		w->v = v;
		w->cap = cap;
	}
	copy = strdup(s);
	if (copy == NULL) {
		w->failed = true;
		return;
	}
	w->v[w->n++] = copy;
	w->v[w->n] = NULL;
}

/* A BlueField-3 DPU has 16 Arm cores, and programs written for it size their queues to
 * them (NVIDIA's samples refuse to start with fewer lcores than queues). */
#define BF3_ARM_CORES 16

/* "--lcores=(0-15)@(c0,c1,...)": the DPU's 16 lcores as threads over the CPUs this process
 * may run on, when there are fewer of those than 16. Empty when there are enough CPUs or
 * the affinity cannot be read (DPDK's default then applies). */
static void lcores_over_cpus(char *out, size_t size)
{
	cpu_set_t set;
	size_t len;
	int n = 0;

	out[0] = '\0';
	if (sched_getaffinity(0, sizeof(set), &set) != 0 || CPU_COUNT(&set) >= BF3_ARM_CORES)
		return;
	len = (size_t)snprintf(out, size, "--lcores=(0-%d)@(", BF3_ARM_CORES - 1);
	for (int cpu = 0; cpu < CPU_SETSIZE && len < size; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		len += (size_t)snprintf(out + len, size - len, "%s%d", n++ ? "," : "", cpu);
	}
	if (n == 0 || len + 2 > size) {
		out[0] = '\0';
		return;
	}
	snprintf(out + len, size - len, ")");
}

/* The position in SOFTDPA_DEVICES of the device at PCI address 'pci', or -1. */
static int dev_at(struct doca_devinfo **list, uint32_t n, const char *pci)
{
	for (uint32_t i = 0; i < n; i++) {
		uint8_t eq = 0;

		if (doca_devinfo_is_equal_pci_addr(list[i], pci, &eq) == DOCA_SUCCESS && eq)
			return (int)sdpa_devinfo_id(list[i]);
	}
	return -1;
}

/* --vdev for an -a value that names an emulated device ("[pci:]ADDR[,devargs]"). */
static void vdev_for_allow(struct words *w, struct doca_devinfo **list, uint32_t n,
                           const char *value)
{
	char pci[64], spec[1200];
	const char *comma = strchr(value, ',');
	size_t len = comma ? (size_t)(comma - value) : strlen(value);
	int id;

	if (strncmp(value, "pci:", 4) == 0) {
		value += 4;
		len -= 4;
	}
	if (len == 0 || len >= sizeof(pci))
		return;
	memcpy(pci, value, len);
	pci[len] = '\0';
	id = dev_at(list, n, pci);
	if (id < 0)
		return;
	snprintf(spec, sizeof(spec), "%s%d%s%s", driver, id, comma ? "," : "",
	         comma ? comma + 1 : "");
	add(w, "--vdev");
	add(w, spec);
}

doca_error_t sdpa_dpdk_eal_extend(int *argc, char ***argv)
{
	struct words w = {0};
	struct doca_devinfo **list = NULL;
	uint32_t n = 0;
	int c = *argc;
	char **v = *argv;

	for (int i = 0; i < c; i++)
		add(&w, v[i]);
	bool no_huge = has_opt(c, v, "--no-huge");

	if (!no_huge && !has_opt(c, v, "--socket-mem") && !has_opt(c, v, "--socket-limit") &&
	    !has_opt(c, v, "--huge-dir")) {
		add(&w, "--no-huge");
		no_huge = true;
	}
	if (no_huge && !has_opt(c, v, "-m")) {
		/* NVIDIA's flow_switch: 16 queues on 6 ports of 8,192 mbufs, about 1.8 GB */
		add(&w, "-m");
		add(&w, "4096");
	}
	/* No files shared with other DPDK processes; --in-memory says so with hugepages, and
	 * is refused with --no-huge (which implies legacy memory), where --no-shconf does. */
	if (!has_opt(c, v, "--in-memory") && !has_opt(c, v, "--file-prefix") &&
	    !has_opt(c, v, "--no-shconf") && !has_opt(c, v, "--proc-type"))
		add(&w, no_huge ? "--no-shconf" : "--in-memory");
	if (!has_opt(c, v, "--no-pci"))
		add(&w, "--no-pci");
	if (!has_opt(c, v, "--telemetry") && !has_opt(c, v, "--no-telemetry"))
		add(&w, "--no-telemetry");
	if (!has_opt(c, v, "--lcores") && !has_short_opt(c, v, 'l') && !has_short_opt(c, v, 'c')) {
		char lcores[1024];

		lcores_over_cpus(lcores, sizeof(lcores));
		if (lcores[0] != '\0')
			add(&w, lcores);
	}

	if (driver != NULL && doca_devinfo_create_list(&list, &n) == DOCA_SUCCESS) {
		for (int i = 1; i < c; i++) {
			const char *value = NULL;

			if (strcmp(v[i], "-a") == 0 || strcmp(v[i], "--allow") == 0 ||
			    strcmp(v[i], "-w") == 0 || strcmp(v[i], "--pci-whitelist") == 0)
				value = i + 1 < c ? v[++i] : NULL;
			else if (strncmp(v[i], "-a", 2) == 0 && v[i][2] != '\0')
				value = v[i] + 2;
			else if (is_opt(v[i], "--allow"))
				value = v[i] + strlen("--allow=");
			if (value != NULL)
				vdev_for_allow(&w, list, n, value);
		}
		(void)doca_devinfo_destroy_list(list);
	}

	if (w.failed) {
		for (int i = 0; i < w.n; i++)
			free(w.v[i]);
		free(w.v);
		DOCA_LOG_ERR("out of memory adding softdpa's EAL options; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	for (int i = 0; i < c; i++)
		free(v[i]);
	free(v);
	*argc = w.n;
	*argv = w.v;
	for (int i = c; i < w.n; i++)
		DOCA_LOG_DBG("EAL option added by softdpa: %s", w.v[i]);
	return DOCA_SUCCESS;
}
