/* SPDX-License-Identifier: BSD-3-Clause
 * Emulated devices and representors (doca_dev.h, docs/DESIGN_DECISIONS.md D8/D12).
 *
 * The device set is a table of descriptions parsed from SOFTDPA_DEVICES. Every handle the
 * API gives out (devinfo, dev, devinfo_rep, dev_rep, the two list kinds) is a separate
 * heap object holding a copy of its description, and is registered in one live-object
 * list. A handle is only dereferenced after it was found in that list, so a stale or
 * foreign pointer is reported, never followed. One mutex guards the table, the registry
 * and every reference count: this is control path only.
 *
 * References (an object is freed when its count reaches 0):
 *   devinfo      1 for its list (until destroy_list) + 1 while a doca_dev is open on it
 *   doca_dev     1 while open (opens > 0) + 1 per live devinfo_rep created from it
 *   devinfo_rep  1 for its list + 1 while a doca_dev_rep is open on it
 * A closed doca_dev that devinfo_reps still point to stays allocated but unusable.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <doca_dev.h>

#include "core/config.h"
#include "core/devices.h"
#include "core/log.h"
#include "core/stats.h"
#include "core/util.h"

SDPA_LOG_REGISTER(core_devices);

enum {
	IFACE_MAX = 15, /* Linux IFNAMSIZ - 1 */
	IBDEV_MAX = DOCA_DEVINFO_IBDEV_NAME_SIZE - 1,
	SPEC_MAX = 4096,
	DEFAULT_REPS = 2,
	DEFAULT_BUS = 0x03, /* entry i sits on bus 0x03 + i */
	MAX_PCI_DEV = 0x1f,
	MAX_PCI_FN = 7,
};

/* "\x02SDPA" + entry index: locally administered, unicast, stable. */
static const uint8_t default_mac_prefix[5] = {0x02, 0x53, 0x44, 0x50, 0x41};

struct pci_addr {
	uint16_t domain;
	uint8_t bus;
	uint8_t dev;
	uint8_t fn;
};

struct rep_desc {
	char iface[IFACE_MAX + 1];
	struct pci_addr pci;
	enum doca_pci_func_type type;
};

struct dev_desc {
	uint32_t id;
	enum sdpa_dev_model model;
	enum doca_pci_func_type type;
	char ibdev[IBDEV_MAX + 1];
	char iface[IFACE_MAX + 1];
	struct pci_addr pci;
	uint8_t mac[DOCA_DEVINFO_MAC_ADDR_SIZE];
	uint32_t nr_reps;
	struct rep_desc reps[SDPA_MAX_REPS];
	uint32_t fw[SDPA_FW_COUNT]; /* firmware (mlxconfig) settings, enum sdpa_fw_param */
};

enum obj_kind {
	OBJ_DEVINFO = 1,
	OBJ_DEV,
	OBJ_DEVINFO_REP,
	OBJ_DEV_REP,
	OBJ_DEVINFO_LIST,
	OBJ_REP_LIST,
};

struct obj {
	struct obj *prev;
	struct obj *next;
	enum obj_kind kind;
};

struct doca_devinfo {
	struct obj obj;
	uint32_t refs;
	struct doca_dev *dev; /* the open device, NULL when none */
	struct dev_desc desc;
};

struct doca_dev {
	struct obj obj;
	uint32_t refs;
	uint32_t opens;
	uint32_t open_reps; /* doca_dev_rep opens, summed */
	/* One close deferred by sdpa_dev_close_when_unused: done by the last
	 * doca_dev_rep_close. */
	bool close_pending;
	struct doca_devinfo *info;
};

struct doca_devinfo_rep {
	struct obj obj;
	uint32_t refs;
	uint32_t index;
	struct doca_dev *parent;
	struct doca_dev_rep *rep; /* the open representor, NULL when none */
	struct rep_desc desc;
};

struct doca_dev_rep {
	struct obj obj;
	uint32_t opens;
	struct doca_devinfo_rep *info;
};

struct devinfo_list {
	struct obj obj;
	uint32_t n;
	struct doca_devinfo *items[]; /* n entries + NULL */
};

struct rep_list {
	struct obj obj;
	uint32_t n;
	struct doca_devinfo_rep *items[]; /* n entries + NULL */
};

static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
static struct obj live = {&live, &live, 0};
static struct dev_desc table[SDPA_MAX_DEVICES];
static struct dev_desc scratch[SDPA_MAX_DEVICES]; /* parse target, guarded by dev_lock */
static uint32_t table_n;
static bool table_loaded;

/* ---------------------------------------------------------------- registry */

static void obj_add(struct obj *o, enum obj_kind kind)
{
	o->kind = kind;
	o->next = live.next;
	o->prev = &live;
	live.next->prev = o;
	live.next = o;
}

static void obj_del(struct obj *o)
{
	o->prev->next = o->next;
	o->next->prev = o->prev;
	o->kind = 0;
}

/* The live object at address 'p' of the given kind, or NULL. Never dereferences 'p'. */
static struct obj *obj_find(const void *p, enum obj_kind kind)
{
	if (p == NULL)
		return NULL;
	for (struct obj *o = live.next; o != &live; o = o->next)
		if ((const void *)o == p && o->kind == kind)
			return o;
	return NULL;
}

static struct doca_devinfo *find_devinfo(const struct doca_devinfo *p)
{
	return (struct doca_devinfo *)obj_find(p, OBJ_DEVINFO);
}

/* An open device only: a closed one kept alive by representor lists is not usable. */
static struct doca_dev *find_dev(const struct doca_dev *p)
{
	struct doca_dev *d = (struct doca_dev *)obj_find(p, OBJ_DEV);

	return (d != NULL && d->opens > 0) ? d : NULL;
}

static struct doca_devinfo_rep *find_devinfo_rep(const struct doca_devinfo_rep *p)
{
	return (struct doca_devinfo_rep *)obj_find(p, OBJ_DEVINFO_REP);
}

static struct doca_dev_rep *find_dev_rep(const struct doca_dev_rep *p)
{
	return (struct doca_dev_rep *)obj_find(p, OBJ_DEV_REP);
}

static struct devinfo_list *find_devinfo_list(struct doca_devinfo **items)
{
	for (struct obj *o = live.next; o != &live; o = o->next) {
		if (o->kind != OBJ_DEVINFO_LIST)
			continue;
		struct devinfo_list *l = (struct devinfo_list *)o;
		if (l->items == items)
			return l;
	}
	return NULL;
}

static struct rep_list *find_rep_list(struct doca_devinfo_rep **items)
{
	for (struct obj *o = live.next; o != &live; o = o->next) {
		if (o->kind != OBJ_REP_LIST)
			continue;
		struct rep_list *l = (struct rep_list *)o;
		if (l->items == items)
			return l;
	}
	return NULL;
}

static void devinfo_put(struct doca_devinfo *info)
{
	if (--info->refs > 0)
		return;
	obj_del(&info->obj);
	free(info);
}

static void dev_put(struct doca_dev *dev)
{
	if (--dev->refs > 0)
		return;
	devinfo_put(dev->info);
	obj_del(&dev->obj);
	free(dev);
}

static void devinfo_rep_put(struct doca_devinfo_rep *info)
{
	if (--info->refs > 0)
		return;
	dev_put(info->parent);
	obj_del(&info->obj);
	free(info);
}

/* ---------------------------------------------------------------- parsing */

const char *sdpa_dev_model_name(enum sdpa_dev_model model)
{
	switch (model) {
	case SDPA_DEV_BF3:
		return "bf3";
	case SDPA_DEV_CX6:
		return "cx6";
	}
	return "?";
}

static const char *func_type_name(enum doca_pci_func_type type)
{
	switch (type) {
	case DOCA_PCI_FUNC_TYPE_PF:
		return "pf";
	case DOCA_PCI_FUNC_TYPE_VF:
		return "vf";
	case DOCA_PCI_FUNC_TYPE_SF:
		return "sf";
	}
	return "?";
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* 'n' hex digits at s; -1 when any is not a hex digit. */
static long hexn(const char *s, int n)
{
	long v = 0;

	for (int i = 0; i < n; i++) {
		int d = hexval(s[i]);
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* "DDDD:BB:DD.F" or "BB:DD.F" (domain 0), hex in any case, device <= 1f, function <= 7. */
static bool parse_pci(const char *s, struct pci_addr *out)
{
	size_t len = strlen(s);
	long domain = 0, bus, dev, fn;

	if (len == DOCA_DEVINFO_PCI_ADDR_SIZE - 1) {
		if (s[4] != ':')
			return false;
		domain = hexn(s, 4);
		s += 5;
	} else if (len != DOCA_DEVINFO_PCI_BDF_SIZE - 1) {
		return false;
	}
	if (s[2] != ':' || s[5] != '.')
		return false;
	bus = hexn(s, 2);
	dev = hexn(s + 3, 2);
	fn = hexn(s + 6, 1);
	if (domain < 0 || bus < 0 || dev < 0 || fn < 0 || dev > MAX_PCI_DEV || fn > MAX_PCI_FN)
		return false;
	out->domain = (uint16_t)domain;
	out->bus = (uint8_t)bus;
	out->dev = (uint8_t)dev;
	out->fn = (uint8_t)fn;
	return true;
}

static void format_pci(const struct pci_addr *a, char *out)
{
	snprintf(out, DOCA_DEVINFO_PCI_ADDR_SIZE, "%04x:%02x:%02x.%x", a->domain, a->bus,
	         a->dev & MAX_PCI_DEV, a->fn & MAX_PCI_FN);
}

static bool pci_equal(const struct pci_addr *a, const struct pci_addr *b)
{
	return a->domain == b->domain && a->bus == b->bus && a->dev == b->dev && a->fn == b->fn;
}

/* "xx:xx:xx:xx:xx:xx", unicast, not all zero. */
static bool parse_mac(const char *s, uint8_t *mac)
{
	bool zero = true;

	if (strlen(s) != 17)
		return false;
	for (int i = 0; i < DOCA_DEVINFO_MAC_ADDR_SIZE; i++) {
		long v = hexn(s + 3 * i, 2);
		if (v < 0 || (i < 5 && s[3 * i + 2] != ':'))
			return false;
		mac[i] = (uint8_t)v;
		zero = zero && v == 0;
	}
	return !zero && (mac[0] & 1) == 0;
}

static bool valid_name(const char *s, size_t max)
{
	size_t len = strlen(s);

	if (len == 0 || len > max)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
			return false;
	return true;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/* Fill the defaults of entry 'i' (the value of SOFTDPA_DEVICES unset is one such entry). */
/* The firmware settings an entry may give (mlxconfig's names, lower case), their largest
 * value; each defaults to 0 as on a card fresh from the factory. */
static const struct {
	const char *key;
	const char *mlxconfig;
	uint32_t max;
} fw_params[SDPA_FW_COUNT] = {
        [SDPA_FW_FLEX_PARSER_PROFILE] = {"flex_parser_profile", "FLEX_PARSER_PROFILE_ENABLE", 255},
        [SDPA_FW_PROG_PARSE_GRAPH] = {"prog_parse_graph", "PROG_PARSE_GRAPH", 1},
        [SDPA_FW_REAL_TIME_CLOCK] = {"real_time_clock_enable", "REAL_TIME_CLOCK_ENABLE", 1},
};

static enum sdpa_fw_param fw_param_of(const char *key)
{
	for (uint32_t i = 0; i < SDPA_FW_COUNT; i++)
		if (strcmp(key, fw_params[i].key) == 0)
			return (enum sdpa_fw_param)i;
	return SDPA_FW_COUNT;
}

const char *sdpa_fw_param_key(enum sdpa_fw_param p)
{
	return (uint32_t)p < SDPA_FW_COUNT ? fw_params[p].key : "?";
}

const char *sdpa_fw_param_mlxconfig(enum sdpa_fw_param p)
{
	return (uint32_t)p < SDPA_FW_COUNT ? fw_params[p].mlxconfig : "?";
}

static void default_entry(struct dev_desc *d, uint32_t i)
{
	memset(d, 0, sizeof(*d));
	d->id = i;
	d->model = SDPA_DEV_BF3;
	d->type = DOCA_PCI_FUNC_TYPE_PF;
	snprintf(d->ibdev, sizeof(d->ibdev), "mlx5_%u", i);
	snprintf(d->iface, sizeof(d->iface), "p%u", i);
	d->pci.bus = (uint8_t)(DEFAULT_BUS + i);
	memcpy(d->mac, default_mac_prefix, sizeof(default_mac_prefix));
	d->mac[5] = (uint8_t)i;
}

/* Representor k is the function k+1 places after the PF's (pf0vf0 = 03:00.1). */
static bool derive_reps(struct dev_desc *d, uint32_t i, enum doca_pci_func_type rep_type, char *why,
                        size_t whysz)
{
	for (uint32_t k = 0; k < d->nr_reps; k++) {
		struct rep_desc *r = &d->reps[k];
		uint32_t linear = (uint32_t)d->pci.dev * 8 + d->pci.fn + 1 + k;

		if (linear / 8 > MAX_PCI_DEV) {
			snprintf(why, whysz,
			         "representor %u would need PCI device %02x (> 1f); use a lower "
			         "pci= device number or fewer reps",
			         k, linear / 8);
			return false;
		}
		r->type = rep_type;
		r->pci = d->pci;
		r->pci.dev = (uint8_t)(linear / 8);
		r->pci.fn = (uint8_t)(linear % 8);
		snprintf(r->iface, sizeof(r->iface), "pf%u%s%u", i,
		         rep_type == DOCA_PCI_FUNC_TYPE_SF ? "sf" : "vf", k);
	}
	return true;
}

/* Parse one "key=value,..." entry. On failure 'why' says what is wrong and how to fix it. */
static bool parse_entry(char *text, uint32_t i, struct dev_desc *d, char *why, size_t whysz)
{
	enum doca_pci_func_type rep_type = DOCA_PCI_FUNC_TYPE_VF;
	bool seen_reps = false;
	char *save = NULL;
	char seen[8][16];
	uint32_t nseen = 0;

	default_entry(d, i);
	for (char *kv = strtok_r(text, ",", &save); kv != NULL; kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		char *key, *val;

		if (eq == NULL) {
			snprintf(why, whysz, "'%s' is not key=value", trim(kv));
			return false;
		}
		*eq = '\0';
		key = trim(kv);
		val = trim(eq + 1);
		if (*val == '\0') {
			snprintf(why, whysz, "key '%s' has an empty value", key);
			return false;
		}
		for (uint32_t s = 0; s < nseen; s++) {
			if (strcmp(seen[s], key) == 0) {
				snprintf(why, whysz, "key '%s' is given twice", key);
				return false;
			}
		}
		if (strcmp(key, "model") == 0) {
			if (strcasecmp(val, "bf3") == 0) {
				d->model = SDPA_DEV_BF3;
			} else if (strcasecmp(val, "cx6") == 0) {
				d->model = SDPA_DEV_CX6;
			} else {
				snprintf(why, whysz,
				         "unknown model '%s'; use model=bf3 or model=cx6", val);
				return false;
			}
		} else if (strcmp(key, "type") == 0 || strcmp(key, "rep_type") == 0) {
			enum doca_pci_func_type t;

			if (strcasecmp(val, "pf") == 0 && strcmp(key, "type") == 0) {
				t = DOCA_PCI_FUNC_TYPE_PF;
			} else if (strcasecmp(val, "vf") == 0) {
				t = DOCA_PCI_FUNC_TYPE_VF;
			} else if (strcasecmp(val, "sf") == 0) {
				t = DOCA_PCI_FUNC_TYPE_SF;
			} else {
				snprintf(why, whysz, "unknown %s '%s'; use %s", key, val,
				         strcmp(key, "type") == 0 ? "pf, vf or sf" : "vf or sf");
				return false;
			}
			if (strcmp(key, "type") == 0)
				d->type = t;
			else
				rep_type = t;
		} else if (strcmp(key, "ibdev") == 0) {
			if (!valid_name(val, IBDEV_MAX)) {
				snprintf(why, whysz,
				         "ibdev '%s' is not 1..%d characters of [A-Za-z0-9_.-]",
				         val, IBDEV_MAX);
				return false;
			}
			snprintf(d->ibdev, sizeof(d->ibdev), "%s", val);
		} else if (strcmp(key, "iface") == 0) {
			if (!valid_name(val, IFACE_MAX)) {
				snprintf(why, whysz,
				         "iface '%s' is not 1..%d characters of [A-Za-z0-9_.-] "
				         "(Linux IFNAMSIZ)",
				         val, IFACE_MAX);
				return false;
			}
			snprintf(d->iface, sizeof(d->iface), "%s", val);
		} else if (strcmp(key, "pci") == 0) {
			if (!parse_pci(val, &d->pci)) {
				snprintf(why, whysz,
				         "pci '%s' is not a PCI address; use DDDD:BB:DD.F or "
				         "BB:DD.F in hex (device <= 1f, function <= 7), e.g. "
				         "0000:03:00.0",
				         val);
				return false;
			}
		} else if (strcmp(key, "mac") == 0) {
			if (!parse_mac(val, d->mac)) {
				snprintf(why, whysz,
				         "mac '%s' is not a unicast, non-zero MAC; use "
				         "xx:xx:xx:xx:xx:xx, e.g. 02:00:00:00:00:01",
				         val);
				return false;
			}
		} else if (strcmp(key, "reps") == 0) {
			char *end;
			unsigned long n;

			errno = 0;
			n = strtoul(val, &end, 10);
			if (!isdigit((unsigned char)val[0]) || *end != '\0' || errno != 0 ||
			    n > SDPA_MAX_REPS) {
				snprintf(why, whysz, "reps '%s' is not a number in 0..%d", val,
				         SDPA_MAX_REPS);
				return false;
			}
			d->nr_reps = (uint32_t)n;
			seen_reps = true;
		} else if (fw_param_of(key) < SDPA_FW_COUNT) {
			enum sdpa_fw_param fp = fw_param_of(key);
			char *end;
			unsigned long n;

			errno = 0;
			n = strtoul(val, &end, 10);
			if (!isdigit((unsigned char)val[0]) || *end != '\0' || errno != 0 ||
			    n > fw_params[fp].max) {
				snprintf(why, whysz, "%s '%s' is not a number in 0..%u", key, val,
				         fw_params[fp].max);
				return false;
			}
			d->fw[fp] = (uint32_t)n;
		} else {
			snprintf(why, whysz,
			         "unknown key '%s'; the keys are model, type, ibdev, iface, pci, "
			         "mac, reps, rep_type, flex_parser_profile, prog_parse_graph, "
			         "real_time_clock_enable",
			         key);
			return false;
		}
		if (nseen < SDPA_ARRAY_SIZE(seen))
			snprintf(seen[nseen++], sizeof(seen[0]), "%s", key);
	}
	if (!seen_reps)
		d->nr_reps = d->type == DOCA_PCI_FUNC_TYPE_PF ? DEFAULT_REPS : 0;
	if (d->nr_reps > 0 && d->type != DOCA_PCI_FUNC_TYPE_PF) {
		snprintf(why, whysz, "a %s has no representors; use type=pf or reps=0",
		         func_type_name(d->type));
		return false;
	}
	return derive_reps(d, i, rep_type, why, whysz);
}

/* Names, PCI addresses and MACs must be unique across the whole set. */
static bool check_unique(const struct dev_desc *set, uint32_t n, uint32_t *bad, char *why,
                         size_t whysz)
{
	char pci[DOCA_DEVINFO_PCI_ADDR_SIZE];

	for (uint32_t i = 0; i < n; i++) {
		const struct dev_desc *d = &set[i];

		*bad = i;
		for (uint32_t j = 0; j <= i; j++) {
			const struct dev_desc *e = &set[j];

			if (j < i && strcmp(d->ibdev, e->ibdev) == 0) {
				snprintf(why, whysz,
				         "ibdev '%s' is already used by entry %u; give each "
				         "device its own ibdev=",
				         d->ibdev, j);
				return false;
			}
			if (j < i && memcmp(d->mac, e->mac, sizeof(d->mac)) == 0) {
				snprintf(why, whysz,
				         "its MAC is already used by entry %u; give each device "
				         "its own mac=",
				         j);
				return false;
			}
			/* Every function of d against every function of e (k = -1: the PF). */
			for (int k = -1; k < (int)d->nr_reps; k++) {
				const struct pci_addr *pa = k < 0 ? &d->pci : &d->reps[k].pci;
				const char *na = k < 0 ? d->iface : d->reps[k].iface;

				for (int l = -1; l < (int)e->nr_reps; l++) {
					const struct pci_addr *pb =
					        l < 0 ? &e->pci : &e->reps[l].pci;
					const char *nb = l < 0 ? e->iface : e->reps[l].iface;

					if (j == i && l <= k)
						continue;
					if (pci_equal(pa, pb)) {
						format_pci(pa, pci);
						snprintf(why, whysz,
						         "PCI address %s is used twice (entry %u); "
						         "choose pci= values whose functions and "
						         "representors do not overlap",
						         pci, j);
						return false;
					}
					if (strcmp(na, nb) == 0) {
						snprintf(why, whysz,
						         "interface name '%s' is used twice "
						         "(entry %u); give each device its own "
						         "iface=",
						         na, j);
						return false;
					}
				}
			}
		}
	}
	return true;
}

/* What a BlueField-3 shows its Arm side by default: the PF of port 0 with its representors,
 * and the SF that BlueField's OS creates on that port, named as there (en3f0pf0sf0). The SF
 * is the RDMA device next to the DPA PF that DOCA's DPA samples look for (docs/DEVICES.md). */
static void load_default(void)
{
	default_entry(&table[0], 0);
	table[0].nr_reps = DEFAULT_REPS;
	(void)derive_reps(&table[0], 0, DOCA_PCI_FUNC_TYPE_VF, NULL, 0);
	default_entry(&table[1], 1);
	table[1].type = DOCA_PCI_FUNC_TYPE_SF;
	snprintf(table[1].iface, sizeof(table[1].iface), "en3f0pf0sf0");
	table_n = 2;
}

/* Parse 'spec' into table[]; any problem logs one warning and loads the default set. */
static void load_locked(const char *spec)
{
	char why[384];
	char shown[96];
	char *copy, *save = NULL;
	uint32_t n = 0, bad = 0;
	bool ok = true;

	table_loaded = true;
	if (spec == NULL || *spec == '\0') {
		load_default();
		return;
	}
	if (strcasecmp(spec, "none") == 0) {
		table_n = 0;
		return;
	}
	if (strlen(spec) > SPEC_MAX) {
		DOCA_LOG_WARN("SOFTDPA_DEVICES is longer than %d characters; shorten it (see "
		              "docs/DEVICES.md). Using the default device set",
		              SPEC_MAX);
		load_default();
		return;
	}
	copy = strdup(spec);
	if (copy == NULL) {
		DOCA_LOG_WARN("SOFTDPA_DEVICES: out of memory while parsing; free memory and "
		              "retry. Using the default device set");
		load_default();
		return;
	}
	for (char *e = strtok_r(copy, ";", &save); e != NULL && ok;
	     e = strtok_r(NULL, ";", &save)) {
		e = trim(e);
		if (*e == '\0')
			continue;
		if (n == SDPA_MAX_DEVICES) {
			DOCA_LOG_WARN("SOFTDPA_DEVICES lists more than %d devices; remove entries. "
			              "Using the default device set",
			              SDPA_MAX_DEVICES);
			ok = false;
			break;
		}
		snprintf(shown, sizeof(shown), "%s", e);
		if (!parse_entry(e, n, &scratch[n], why, sizeof(why))) {
			DOCA_LOG_WARN("SOFTDPA_DEVICES entry %u ('%s'): %s. Using the default "
			              "device set (see docs/DEVICES.md)",
			              n, shown, why);
			ok = false;
			break;
		}
		n++;
	}
	free(copy);
	if (ok && n == 0) {
		DOCA_LOG_WARN("SOFTDPA_DEVICES='%s' has no device entry; write entries like "
		              "'model=bf3;model=cx6', or 'none' for no device. Using the default "
		              "device set",
		              spec);
		ok = false;
	}
	if (ok && !check_unique(scratch, n, &bad, why, sizeof(why))) {
		DOCA_LOG_WARN("SOFTDPA_DEVICES entry %u: %s. Using the default device set (see "
		              "docs/DEVICES.md)",
		              bad, why);
		ok = false;
	}
	if (!ok) {
		load_default();
		return;
	}
	memcpy(table, scratch, n * sizeof(table[0]));
	table_n = n;
}

/* Lock order: dev_lock, then the config and log locks (neither calls back into here). */
static void ensure_loaded_locked(void)
{
	if (!table_loaded)
		load_locked(sdpa_config_get()->devices);
}

void sdpa_devices_reload(void)
{
	const char *spec = sdpa_config_get()->devices;

	pthread_mutex_lock(&dev_lock);
	load_locked(spec);
	pthread_mutex_unlock(&dev_lock);
}

uint32_t sdpa_devices_count(void)
{
	uint32_t n;

	pthread_mutex_lock(&dev_lock);
	ensure_loaded_locked();
	n = table_n;
	pthread_mutex_unlock(&dev_lock);
	return n;
}

uint32_t sdpa_devices_live_objects(void)
{
	uint32_t n = 0;

	pthread_mutex_lock(&dev_lock);
	for (struct obj *o = live.next; o != &live; o = o->next)
		n++;
	pthread_mutex_unlock(&dev_lock);
	return n;
}

/* ---------------------------------------------------------------- local devices */

DOCA_STABLE doca_error_t doca_devinfo_create_list(struct doca_devinfo ***dev_list,
                                                  uint32_t *nb_devs)
{
	struct devinfo_list *l;
	uint32_t n;

	sdpa_stats_maybe_start(); /* SOFTDPA_STATS: serve dumps from the first use */
	if (dev_list == NULL || nb_devs == NULL) {
		DOCA_LOG_ERR("doca_devinfo_create_list: %s is NULL; pass the address of a "
		             "variable to receive it",
		             dev_list == NULL ? "dev_list" : "nb_devs");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	ensure_loaded_locked();
	n = table_n;
	l = calloc(1, sizeof(*l) + (n + 1) * sizeof(l->items[0]));
	if (l == NULL)
		goto nomem;
	for (uint32_t i = 0; i < n; i++) {
		struct doca_devinfo *info = calloc(1, sizeof(*info));
		if (info == NULL) {
			for (uint32_t j = 0; j < i; j++)
				devinfo_put(l->items[j]);
			free(l);
			goto nomem;
		}
		info->refs = 1;
		info->desc = table[i];
		obj_add(&info->obj, OBJ_DEVINFO);
		l->items[i] = info;
	}
	l->n = n;
	obj_add(&l->obj, OBJ_DEVINFO_LIST);
	pthread_mutex_unlock(&dev_lock);
	*dev_list = l->items;
	*nb_devs = n;
	return DOCA_SUCCESS;
nomem:
	pthread_mutex_unlock(&dev_lock);
	DOCA_LOG_ERR("doca_devinfo_create_list: out of memory for %u devices; free memory and "
	             "retry",
	             n);
	return DOCA_ERROR_NO_MEMORY;
}

DOCA_STABLE doca_error_t doca_devinfo_destroy_list(struct doca_devinfo **dev_list)
{
	struct devinfo_list *l;

	if (dev_list == NULL) {
		DOCA_LOG_ERR("doca_devinfo_destroy_list: dev_list is NULL; pass the list "
		             "doca_devinfo_create_list returned");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	l = find_devinfo_list(dev_list);
	if (l == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("doca_devinfo_destroy_list: %p is not a list from "
		             "doca_devinfo_create_list, or was already destroyed; destroy each "
		             "list exactly once",
		             (void *)dev_list);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint32_t i = 0; i < l->n; i++)
		devinfo_put(l->items[i]);
	obj_del(&l->obj);
	free(l);
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

#define STALE_DEVINFO                                                                              \
	"is not a live devinfo (its list was destroyed and no doca_dev is open on it?)"

DOCA_STABLE doca_error_t doca_dev_open(struct doca_devinfo *devinfo, struct doca_dev **dev)
{
	struct doca_devinfo *info;
	struct doca_dev *d;

	if (devinfo == NULL || dev == NULL) {
		DOCA_LOG_ERR("doca_dev_open: %s is NULL; pass an entry of "
		             "doca_devinfo_create_list and the address of a struct doca_dev *",
		             devinfo == NULL ? "devinfo" : "dev");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	info = find_devinfo(devinfo);
	if (info == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("doca_dev_open: devinfo %p " STALE_DEVINFO
		             "; open devices before destroying their list",
		             (void *)devinfo);
		return DOCA_ERROR_INVALID_VALUE;
	}
	d = info->dev;
	if (d != NULL) {
		d->opens++;
	} else {
		d = calloc(1, sizeof(*d));
		if (d == NULL) {
			DOCA_LOG_ERR("doca_dev_open: out of memory opening %s; free memory and "
			             "retry",
			             info->desc.ibdev);
			pthread_mutex_unlock(&dev_lock);
			return DOCA_ERROR_NO_MEMORY;
		}
		d->refs = 1;
		d->opens = 1;
		d->info = info;
		info->refs++;
		info->dev = d;
		obj_add(&d->obj, OBJ_DEV);
	}
	DOCA_LOG_DBG("opened %s (opens %u)", info->desc.ibdev, d->opens);
	pthread_mutex_unlock(&dev_lock);
	*dev = d;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_dev_close(struct doca_dev *dev)
{
	struct doca_dev *d;

	if (dev == NULL) {
		DOCA_LOG_ERR("doca_dev_close: dev is NULL; pass a device from doca_dev_open");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	d = find_dev(dev);
	if (d == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("doca_dev_close: %p is not an open device (closed once too "
		             "often?); call doca_dev_close once per doca_dev_open",
		             (void *)dev);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (d->opens == 1 && d->open_reps > 0) {
		DOCA_LOG_ERR("doca_dev_close: device %s still has %u open representor(s); "
		             "close them with doca_dev_rep_close first",
		             d->info->desc.ibdev, d->open_reps);
		pthread_mutex_unlock(&dev_lock);
		return DOCA_ERROR_IN_USE;
	}
	if (--d->opens == 0) {
		d->info->dev = NULL;
		dev_put(d);
	}
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE struct doca_devinfo *doca_dev_as_devinfo(const struct doca_dev *dev)
{
	struct doca_dev *d;
	struct doca_devinfo *info = NULL;

	pthread_mutex_lock(&dev_lock);
	d = find_dev(dev);
	if (d != NULL)
		info = d->info;
	pthread_mutex_unlock(&dev_lock);
	if (info == NULL)
		DOCA_LOG_ERR("doca_dev_as_devinfo: %p is not an open device; pass a device "
		             "from doca_dev_open that is not closed yet",
		             (const void *)dev);
	return info;
}

/* Look up 'devinfo' for a getter whose output pointer is 'out' (named 'out_name'); on
 * success the devices lock is held and the caller must unlock. */
static struct doca_devinfo *getter_enter(const char *fn, const struct doca_devinfo *devinfo,
                                         const void *out, const char *out_name)
{
	struct doca_devinfo *info;

	if (devinfo == NULL || out == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass %s", fn, devinfo == NULL ? "devinfo" : out_name,
		             devinfo == NULL ? "an entry of doca_devinfo_create_list"
		                             : "a buffer for the result");
		return NULL;
	}
	pthread_mutex_lock(&dev_lock);
	info = find_devinfo(devinfo);
	if (info == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("%s: devinfo %p " STALE_DEVINFO "; query it before destroying the "
		             "list, or through doca_dev_as_devinfo of an open device",
		             fn, (const void *)devinfo);
	}
	return info;
}

static bool size_ok(const char *fn, const char *what, uint32_t size, uint32_t need,
                    const char *need_name, const char *value)
{
	if (size >= need)
		return true;
	if (value != NULL)
		DOCA_LOG_ERR("%s: size %u is below %s (%u); pass a buffer of at least %u bytes "
		             "(the %s '%s' needs %zu)",
		             fn, size, need_name, need, need, what, value, strlen(value) + 1);
	else
		DOCA_LOG_ERR("%s: size %u is below %s (%u); pass a buffer of at least %u bytes", fn,
		             size, need_name, need, need);
	return false;
}

DOCA_STABLE doca_error_t doca_devinfo_get_pci_addr_str(const struct doca_devinfo *devinfo,
                                                       char *pci_addr_str)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, pci_addr_str, "pci_addr_str");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	format_pci(&info->desc.pci, pci_addr_str);
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

/* Shared by the devinfo and representor comparisons; the lock is held. */
static doca_error_t compare_pci(const char *fn, const struct pci_addr *mine, const char *s,
                                uint8_t *is_equal)
{
	struct pci_addr a;
	bool short_form;

	if (!parse_pci(s, &a)) {
		DOCA_LOG_ERR("%s: '%.32s' is not a PCI address; use DDDD:BB:DD.F or BB:DD.F "
		             "in hex, e.g. 0000:03:00.0",
		             fn, s);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* The short form names bus/device/function in any domain. */
	short_form = strlen(s) == DOCA_DEVINFO_PCI_BDF_SIZE - 1;
	if (short_form)
		a.domain = mine->domain;
	*is_equal = pci_equal(&a, mine) ? 1 : 0;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_devinfo_is_equal_pci_addr(const struct doca_devinfo *devinfo,
                                                        const char *pci_addr_str, uint8_t *is_equal)
{
	struct doca_devinfo *info;
	doca_error_t r;

	if (pci_addr_str == NULL) {
		DOCA_LOG_ERR("%s: pci_addr_str is NULL; pass an address like 0000:03:00.0",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	info = getter_enter(__func__, devinfo, is_equal, "is_equal");
	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	r = compare_pci(__func__, &info->desc.pci, pci_addr_str, is_equal);
	pthread_mutex_unlock(&dev_lock);
	return r;
}

DOCA_STABLE doca_error_t doca_devinfo_get_pci_func_type(const struct doca_devinfo *devinfo,
                                                        enum doca_pci_func_type *type)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, type, "type");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*type = info->desc.type;
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

static doca_error_t copy_name(const char *fn, const char *what, const char *value, char *out,
                              uint32_t size, uint32_t need, const char *need_name)
{
	if (!size_ok(fn, what, size, need, need_name, value))
		return DOCA_ERROR_INVALID_VALUE;
	snprintf(out, size, "%s", value);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_devinfo_get_iface_name(const struct doca_devinfo *devinfo, char *name,
                                                     uint32_t size)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, name, "name");
	doca_error_t r;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	r = copy_name(__func__, "interface name", info->desc.iface, name, size,
	              DOCA_DEVINFO_IFACE_NAME_SIZE, "DOCA_DEVINFO_IFACE_NAME_SIZE");
	pthread_mutex_unlock(&dev_lock);
	return r;
}

DOCA_STABLE doca_error_t doca_devinfo_get_ibdev_name(const struct doca_devinfo *devinfo, char *name,
                                                     uint32_t size)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, name, "name");
	doca_error_t r;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	r = copy_name(__func__, "ibdev name", info->desc.ibdev, name, size,
	              DOCA_DEVINFO_IBDEV_NAME_SIZE, "DOCA_DEVINFO_IBDEV_NAME_SIZE");
	pthread_mutex_unlock(&dev_lock);
	return r;
}

DOCA_STABLE doca_error_t doca_devinfo_get_mac_addr(const struct doca_devinfo *devinfo,
                                                   uint8_t *mac_addr, uint32_t size)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, mac_addr, "mac_addr");
	bool ok;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	ok = size_ok(__func__, NULL, size, DOCA_DEVINFO_MAC_ADDR_SIZE, "DOCA_DEVINFO_MAC_ADDR_SIZE",
	             NULL);
	if (ok)
		memcpy(mac_addr, info->desc.mac, DOCA_DEVINFO_MAC_ADDR_SIZE);
	pthread_mutex_unlock(&dev_lock);
	return ok ? DOCA_SUCCESS : DOCA_ERROR_INVALID_VALUE;
}

DOCA_STABLE doca_error_t doca_devinfo_get_ipv4_addr(const struct doca_devinfo *devinfo,
                                                    uint8_t *ipv4_addr, uint32_t size)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, ipv4_addr, "ipv4_addr");
	bool ok;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	ok = size_ok(__func__, NULL, size, DOCA_DEVINFO_IPV4_ADDR_SIZE,
	             "DOCA_DEVINFO_IPV4_ADDR_SIZE", NULL);
	if (ok)
		memset(ipv4_addr, 0, DOCA_DEVINFO_IPV4_ADDR_SIZE);
	pthread_mutex_unlock(&dev_lock);
	return ok ? DOCA_SUCCESS : DOCA_ERROR_INVALID_VALUE;
}

DOCA_STABLE doca_error_t doca_devinfo_get_ipv6_addr(const struct doca_devinfo *devinfo,
                                                    uint8_t *ipv6_addr, uint32_t size)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, ipv6_addr, "ipv6_addr");
	const uint8_t *m;
	bool ok;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	ok = size_ok(__func__, NULL, size, DOCA_DEVINFO_IPV6_ADDR_SIZE,
	             "DOCA_DEVINFO_IPV6_ADDR_SIZE", NULL);
	if (ok) {
		/* fe80::/64 + modified EUI-64: flip the U/L bit, insert ff:fe in the middle. */
		m = info->desc.mac;
		const uint8_t a[DOCA_DEVINFO_IPV6_ADDR_SIZE] = {
		        0xfe, 0x80, 0,    0,    0,    0,    0,   0, (uint8_t)(m[0] ^ 0x02),
		        m[1], m[2], 0xff, 0xfe, m[3], m[4], m[5]};
		memcpy(ipv6_addr, a, sizeof(a));
	}
	pthread_mutex_unlock(&dev_lock);
	return ok ? DOCA_SUCCESS : DOCA_ERROR_INVALID_VALUE;
}

DOCA_EXPERIMENTAL doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo,
                                                            uint64_t *active_rate)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, active_rate, "active_rate");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	/* DOCA 3 reports bits per second (DOCA 2 reported Gb/s as a double). */
	*active_rate = info->desc.model == SDPA_DEV_BF3 ? 400000000000ULL : 200000000000ULL;
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

static doca_error_t rep_cap(const char *fn, const struct doca_devinfo *devinfo, uint8_t *out,
                            bool emulated)
{
	struct doca_devinfo *info = getter_enter(fn, devinfo, out, "the output pointer");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*out = (!emulated && info->desc.type == DOCA_PCI_FUNC_TYPE_PF) ? 1 : 0;
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_all_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_all_supported)
{
	return rep_cap(__func__, devinfo, filter_all_supported, false);
}

DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_net_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_net_supported)
{
	return rep_cap(__func__, devinfo, filter_net_supported, false);
}

DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_emulated_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_emulated_supported)
{
	return rep_cap(__func__, devinfo, filter_emulated_supported, true);
}

/* An SF device's index is its entry position in SOFTDPA_DEVICES (docs/DEVICES.md). */
DOCA_STABLE doca_error_t doca_devinfo_get_sf_index(const struct doca_devinfo *devinfo,
                                                   uint32_t *sf_index)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, sf_index, "sf_index");
	enum doca_pci_func_type type;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	type = info->desc.type;
	if (type == DOCA_PCI_FUNC_TYPE_SF)
		*sf_index = info->desc.id;
	pthread_mutex_unlock(&dev_lock);
	if (type != DOCA_PCI_FUNC_TYPE_SF) {
		DOCA_LOG_ERR("%s: the device is a %s, only an SF has an SF index; check "
		             "doca_devinfo_get_pci_func_type first",
		             __func__, func_type_name(type));
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	return DOCA_SUCCESS;
}

/* Emulated ports are Ethernet: no InfiniBand LID, as on a RoCE port. */
DOCA_STABLE doca_error_t doca_devinfo_get_lid(const struct doca_devinfo *devinfo, uint16_t *lid)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, lid, "lid");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_unlock(&dev_lock);
	DOCA_LOG_ERR("%s: the port's link layer is Ethernet, which has no LID; use the "
	             "device's GID/MAC instead",
	             __func__);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_devinfo_cap_is_hotplug_manager_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_hotplug_manager)
{
	struct doca_devinfo *info =
	        getter_enter(__func__, devinfo, is_hotplug_manager, "is_hotplug_manager");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*is_hotplug_manager = 0; /* no emulated PCI functions to hot-plug */
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

/* VHCA ids: 33 per entry (the function itself, then up to 32 representors). */
#define VHCA_STRIDE (SDPA_MAX_REPS + 1)

DOCA_EXPERIMENTAL doca_error_t doca_devinfo_get_vhca_id(const struct doca_devinfo *devinfo,
                                                        uint16_t *vhca_id)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, vhca_id, "vhca_id");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*vhca_id = (uint16_t)(info->desc.id * VHCA_STRIDE);
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_devinfo_cap_is_notification_moderation_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_notification_moderation_supported)
{
	struct doca_devinfo *info =
	        getter_enter(__func__, devinfo, is_notification_moderation_supported,
	                     "is_notification_moderation_supported");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*is_notification_moderation_supported = 0; /* no emulated Ethernet queues */
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_devinfo_cap_is_accelerate_resource_reclaim_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_accelerate_resource_reclaim)
{
	struct doca_devinfo *info = getter_enter(__func__, devinfo, is_accelerate_resource_reclaim,
	                                         "is_accelerate_resource_reclaim");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*is_accelerate_resource_reclaim = 0; /* resources are freed at once */
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dev_accelerate_resource_reclaim(struct doca_dev *dev)
{
	bool ok;

	pthread_mutex_lock(&dev_lock);
	ok = dev != NULL && find_dev(dev) != NULL;
	pthread_mutex_unlock(&dev_lock);
	if (!ok) {
		DOCA_LOG_ERR("%s: dev is %s; pass a device from doca_dev_open that is not closed",
		             __func__, dev == NULL ? "NULL" : "not an open device");
		return DOCA_ERROR_INVALID_VALUE;
	}
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (resources are freed at once; "
	                        "doca_devinfo_cap_is_accelerate_resource_reclaim_supported says 0)",
	                        __func__);
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ---------------------------------------------------------------- representors */

#define KNOWN_FILTER_BITS (DOCA_DEVINFO_REP_FILTER_NET | DOCA_DEVINFO_REP_FILTER_EMULATED)

DOCA_STABLE doca_error_t doca_devinfo_rep_create_list(struct doca_dev *dev, int filter,
                                                      struct doca_devinfo_rep ***dev_list_rep,
                                                      uint32_t *nb_devs_rep)
{
	struct rep_list *l;
	struct doca_dev *d;
	uint32_t n;

	if (dev == NULL || dev_list_rep == NULL || nb_devs_rep == NULL) {
		DOCA_LOG_ERR("doca_devinfo_rep_create_list: %s is NULL; pass %s",
		             dev == NULL            ? "dev"
		             : dev_list_rep == NULL ? "dev_list_rep"
		                                    : "nb_devs_rep",
		             dev == NULL ? "an open PF device" : "the address of a variable");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (filter < 0 || (filter & ~KNOWN_FILTER_BITS) != 0) {
		DOCA_LOG_ERR("doca_devinfo_rep_create_list: filter 0x%x has unknown bits; use "
		             "DOCA_DEVINFO_REP_FILTER_ALL, _NET or _EMULATED",
		             (unsigned int)filter);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	d = find_dev(dev);
	if (d == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("doca_devinfo_rep_create_list: %p is not an open device; pass a "
		             "device from doca_dev_open that is not closed yet",
		             (void *)dev);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (d->info->desc.type != DOCA_PCI_FUNC_TYPE_PF) {
		DOCA_LOG_ERR("doca_devinfo_rep_create_list: device %s is a %s and exposes no "
		             "representors; list them on its PF",
		             d->info->desc.ibdev, func_type_name(d->info->desc.type));
		pthread_mutex_unlock(&dev_lock);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if ((filter & DOCA_DEVINFO_REP_FILTER_EMULATED) != 0) {
		DOCA_LOG_ERR("doca_devinfo_rep_create_list: device %s has no emulated functions "
		             "(softdpa emulates none); use DOCA_DEVINFO_REP_FILTER_NET or "
		             "DOCA_DEVINFO_REP_FILTER_ALL",
		             d->info->desc.ibdev);
		pthread_mutex_unlock(&dev_lock);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	n = d->info->desc.nr_reps;
	l = calloc(1, sizeof(*l) + (n + 1) * sizeof(l->items[0]));
	if (l == NULL)
		goto nomem;
	for (uint32_t k = 0; k < n; k++) {
		struct doca_devinfo_rep *r = calloc(1, sizeof(*r));
		if (r == NULL) {
			for (uint32_t j = 0; j < k; j++)
				devinfo_rep_put(l->items[j]);
			free(l);
			goto nomem;
		}
		r->refs = 1;
		r->index = k;
		r->parent = d;
		r->desc = d->info->desc.reps[k];
		d->refs++;
		obj_add(&r->obj, OBJ_DEVINFO_REP);
		l->items[k] = r;
	}
	l->n = n;
	obj_add(&l->obj, OBJ_REP_LIST);
	pthread_mutex_unlock(&dev_lock);
	*dev_list_rep = l->items;
	*nb_devs_rep = n;
	return DOCA_SUCCESS;
nomem:
	pthread_mutex_unlock(&dev_lock);
	DOCA_LOG_ERR("doca_devinfo_rep_create_list: out of memory for %u representors; free "
	             "memory and retry",
	             n);
	return DOCA_ERROR_NO_MEMORY;
}

DOCA_STABLE doca_error_t doca_devinfo_rep_destroy_list(struct doca_devinfo_rep **dev_list_rep)
{
	struct rep_list *l;

	if (dev_list_rep == NULL) {
		DOCA_LOG_ERR("doca_devinfo_rep_destroy_list: dev_list_rep is NULL; pass the "
		             "list doca_devinfo_rep_create_list returned");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	l = find_rep_list(dev_list_rep);
	if (l == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("doca_devinfo_rep_destroy_list: %p is not a list from "
		             "doca_devinfo_rep_create_list, or was already destroyed; destroy "
		             "each list exactly once",
		             (void *)dev_list_rep);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint32_t i = 0; i < l->n; i++)
		devinfo_rep_put(l->items[i]);
	obj_del(&l->obj);
	free(l);
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

#define STALE_DEVINFO_REP                                                                          \
	"is not a live representor devinfo (its list was destroyed and no doca_dev_rep is "        \
	"open on it?)"

DOCA_STABLE doca_error_t doca_dev_rep_open(struct doca_devinfo_rep *devinfo,
                                           struct doca_dev_rep **dev_rep)
{
	struct doca_devinfo_rep *info;
	struct doca_dev_rep *r;

	if (devinfo == NULL || dev_rep == NULL) {
		DOCA_LOG_ERR("doca_dev_rep_open: %s is NULL; pass an entry of "
		             "doca_devinfo_rep_create_list and the address of a struct "
		             "doca_dev_rep *",
		             devinfo == NULL ? "devinfo" : "dev_rep");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	info = find_devinfo_rep(devinfo);
	if (info == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("doca_dev_rep_open: devinfo %p " STALE_DEVINFO_REP
		             "; open representors before destroying their list",
		             (void *)devinfo);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (info->parent->opens == 0) {
		DOCA_LOG_ERR("doca_dev_rep_open: the device %s that listed representor %s was "
		             "closed; open it again and create a new representor list",
		             info->parent->info->desc.ibdev, info->desc.iface);
		pthread_mutex_unlock(&dev_lock);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = info->rep;
	if (r != NULL) {
		r->opens++;
	} else {
		r = calloc(1, sizeof(*r));
		if (r == NULL) {
			DOCA_LOG_ERR("doca_dev_rep_open: out of memory opening %s; free memory "
			             "and retry",
			             info->desc.iface);
			pthread_mutex_unlock(&dev_lock);
			return DOCA_ERROR_NO_MEMORY;
		}
		r->opens = 1;
		r->info = info;
		info->refs++;
		info->rep = r;
		obj_add(&r->obj, OBJ_DEV_REP);
	}
	info->parent->open_reps++;
	pthread_mutex_unlock(&dev_lock);
	*dev_rep = r;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_dev_rep_close(struct doca_dev_rep *dev_rep)
{
	struct doca_dev_rep *r;
	struct doca_dev *parent, *close_parent = NULL;

	if (dev_rep == NULL) {
		DOCA_LOG_ERR("doca_dev_rep_close: dev_rep is NULL; pass a representor from "
		             "doca_dev_rep_open");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&dev_lock);
	r = find_dev_rep(dev_rep);
	if (r == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("doca_dev_rep_close: %p is not an open representor (closed once "
		             "too often?); call doca_dev_rep_close once per doca_dev_rep_open",
		             (void *)dev_rep);
		return DOCA_ERROR_INVALID_VALUE;
	}
	parent = r->info->parent;
	parent->open_reps--;
	if (parent->open_reps == 0 && parent->close_pending) {
		/* find_dev(parent) holds: a pending close keeps its open. */
		parent->close_pending = false;
		if (--parent->opens == 0) {
			parent->info->dev = NULL;
			close_parent = parent;
			/* the open's reference and r's devinfo's: the put of the latter below
			 * leaves the parent to the dev_put after it */
			assert(parent->refs >= 2);
		}
	}
	if (--r->opens == 0) {
		struct doca_devinfo_rep *info = r->info;

		info->rep = NULL;
		obj_del(&r->obj);
		free(r);
		devinfo_rep_put(info);
	}
	if (close_parent != NULL)
		dev_put(close_parent);
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

void sdpa_dev_close_when_unused(struct doca_dev *dev)
{
	struct doca_dev *d;

	pthread_mutex_lock(&dev_lock);
	d = find_dev(dev);
	if (d != NULL && d->opens == 1 && d->open_reps > 0 && !d->close_pending) {
		d->close_pending = true;
		DOCA_LOG_DBG("close of %s deferred until its %u representor(s) are closed",
		             d->info->desc.ibdev, d->open_reps);
		pthread_mutex_unlock(&dev_lock);
		return;
	}
	pthread_mutex_unlock(&dev_lock);
	(void)doca_dev_close(dev);
}

DOCA_STABLE struct doca_devinfo_rep *doca_dev_rep_as_devinfo(struct doca_dev_rep *dev_rep)
{
	struct doca_dev_rep *r;
	struct doca_devinfo_rep *info = NULL;

	pthread_mutex_lock(&dev_lock);
	r = find_dev_rep(dev_rep);
	if (r != NULL)
		info = r->info;
	pthread_mutex_unlock(&dev_lock);
	if (info == NULL)
		DOCA_LOG_ERR("doca_dev_rep_as_devinfo: %p is not an open representor; pass one "
		             "from doca_dev_rep_open that is not closed yet",
		             (void *)dev_rep);
	return info;
}

/* As getter_enter, for representor devinfos. */
static struct doca_devinfo_rep *rep_getter_enter(const char *fn,
                                                 const struct doca_devinfo_rep *devinfo_rep,
                                                 const void *out, const char *out_name)
{
	struct doca_devinfo_rep *info;

	if (devinfo_rep == NULL || out == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass %s", fn,
		             devinfo_rep == NULL ? "devinfo_rep" : out_name,
		             devinfo_rep == NULL ? "an entry of doca_devinfo_rep_create_list"
		                                 : "a buffer for the result");
		return NULL;
	}
	pthread_mutex_lock(&dev_lock);
	info = find_devinfo_rep(devinfo_rep);
	if (info == NULL) {
		pthread_mutex_unlock(&dev_lock);
		DOCA_LOG_ERR("%s: devinfo_rep %p " STALE_DEVINFO_REP "; query it before "
		             "destroying the list, or through doca_dev_rep_as_devinfo",
		             fn, (const void *)devinfo_rep);
	}
	return info;
}

DOCA_EXPERIMENTAL doca_error_t doca_devinfo_rep_get_iface_name(
        const struct doca_devinfo_rep *devinfo_rep, char *iface_name, uint32_t size)
{
	struct doca_devinfo_rep *info =
	        rep_getter_enter(__func__, devinfo_rep, iface_name, "iface_name");
	doca_error_t r;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	r = copy_name(__func__, "interface name", info->desc.iface, iface_name, size,
	              DOCA_DEVINFO_IFACE_NAME_SIZE, "DOCA_DEVINFO_IFACE_NAME_SIZE");
	pthread_mutex_unlock(&dev_lock);
	return r;
}

DOCA_STABLE doca_error_t
doca_devinfo_rep_get_pci_addr_str(const struct doca_devinfo_rep *devinfo_rep, char *pci_addr_str)
{
	struct doca_devinfo_rep *info =
	        rep_getter_enter(__func__, devinfo_rep, pci_addr_str, "pci_addr_str");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	format_pci(&info->desc.pci, pci_addr_str);
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_devinfo_rep_get_pci_func_type(
        const struct doca_devinfo_rep *devinfo_rep, enum doca_pci_func_type *pci_func_type)
{
	struct doca_devinfo_rep *info =
	        rep_getter_enter(__func__, devinfo_rep, pci_func_type, "pci_func_type");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*pci_func_type = info->desc.type;
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_devinfo_rep_is_equal_pci_addr(
        const struct doca_devinfo_rep *devinfo_rep, const char *pci_addr_str, uint8_t *is_equal)
{
	struct doca_devinfo_rep *info;
	doca_error_t r;

	if (pci_addr_str == NULL) {
		DOCA_LOG_ERR("%s: pci_addr_str is NULL; pass an address like 0000:03:00.1",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	info = rep_getter_enter(__func__, devinfo_rep, is_equal, "is_equal");
	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	r = compare_pci(__func__, &info->desc.pci, pci_addr_str, is_equal);
	pthread_mutex_unlock(&dev_lock);
	return r;
}

/* "SDPA-<iface>-<pci>": stable for a given SOFTDPA_DEVICES and unique across the set. */
DOCA_STABLE doca_error_t doca_devinfo_rep_get_vuid(const struct doca_devinfo_rep *devinfo_rep,
                                                   char *rep_vuid, uint32_t size)
{
	struct doca_devinfo_rep *info =
	        rep_getter_enter(__func__, devinfo_rep, rep_vuid, "rep_vuid");
	char pci[DOCA_DEVINFO_REP_PCI_ADDR_SIZE];
	char vuid[DOCA_DEVINFO_REP_VUID_SIZE];
	doca_error_t r;

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	format_pci(&info->desc.pci, pci);
	snprintf(vuid, sizeof(vuid), "SDPA-%s-%s", info->desc.iface, pci);
	r = copy_name(__func__, "VUID", vuid, rep_vuid, size, DOCA_DEVINFO_REP_VUID_SIZE,
	              "DOCA_DEVINFO_REP_VUID_SIZE");
	pthread_mutex_unlock(&dev_lock);
	return r;
}

DOCA_STABLE doca_error_t doca_devinfo_rep_get_is_hotplug(const struct doca_devinfo_rep *devinfo_rep,
                                                         uint8_t *is_hotplug)
{
	struct doca_devinfo_rep *info =
	        rep_getter_enter(__func__, devinfo_rep, is_hotplug, "is_hotplug");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*is_hotplug = 0; /* every emulated representor is statically plugged */
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_devinfo_rep_get_vhca_id(const struct doca_devinfo_rep *devinfo_rep, uint16_t *vhca_id)
{
	struct doca_devinfo_rep *info = rep_getter_enter(__func__, devinfo_rep, vhca_id, "vhca_id");

	if (info == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*vhca_id = (uint16_t)(info->parent->info->desc.id * VHCA_STRIDE + 1 + info->index);
	pthread_mutex_unlock(&dev_lock);
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------- internal queries */

enum sdpa_dev_model sdpa_devinfo_model(const struct doca_devinfo *devinfo)
{
	enum sdpa_dev_model m = SDPA_DEV_CX6;
	struct doca_devinfo *info;

	pthread_mutex_lock(&dev_lock);
	info = find_devinfo(devinfo);
	if (info != NULL)
		m = info->desc.model;
	pthread_mutex_unlock(&dev_lock);
	return m;
}

enum sdpa_dev_model sdpa_dev_model(const struct doca_dev *dev)
{
	enum sdpa_dev_model m = SDPA_DEV_CX6;
	struct doca_dev *d;

	pthread_mutex_lock(&dev_lock);
	d = find_dev(dev);
	if (d != NULL)
		m = d->info->desc.model;
	pthread_mutex_unlock(&dev_lock);
	return m;
}

uint32_t sdpa_dev_fw_param(const struct doca_dev *dev, enum sdpa_fw_param p)
{
	uint32_t v = 0;
	struct doca_dev *d;

	if ((uint32_t)p >= SDPA_FW_COUNT)
		return 0;
	pthread_mutex_lock(&dev_lock);
	d = find_dev(dev);
	if (d != NULL)
		v = d->info->desc.fw[p];
	pthread_mutex_unlock(&dev_lock);
	return v;
}

bool sdpa_devinfo_has_dpa(const struct doca_devinfo *devinfo)
{
	bool has = false;
	struct doca_devinfo *info;

	pthread_mutex_lock(&dev_lock);
	info = find_devinfo(devinfo);
	if (info != NULL)
		has = info->desc.model == SDPA_DEV_BF3;
	pthread_mutex_unlock(&dev_lock);
	return has;
}

uint32_t sdpa_devinfo_id(const struct doca_devinfo *devinfo)
{
	uint32_t id = SDPA_DEV_ID_INVALID;
	struct doca_devinfo *info;

	pthread_mutex_lock(&dev_lock);
	info = find_devinfo(devinfo);
	if (info != NULL)
		id = info->desc.id;
	pthread_mutex_unlock(&dev_lock);
	return id;
}

uint32_t sdpa_dev_id(const struct doca_dev *dev)
{
	uint32_t id = SDPA_DEV_ID_INVALID;
	struct doca_dev *d;

	pthread_mutex_lock(&dev_lock);
	d = find_dev(dev);
	if (d != NULL)
		id = d->info->desc.id;
	pthread_mutex_unlock(&dev_lock);
	return id;
}

uint32_t sdpa_devinfo_rep_index(const struct doca_devinfo_rep *devinfo_rep)
{
	uint32_t idx = UINT32_MAX;
	struct doca_devinfo_rep *info;

	pthread_mutex_lock(&dev_lock);
	info = find_devinfo_rep(devinfo_rep);
	if (info != NULL)
		idx = info->index;
	pthread_mutex_unlock(&dev_lock);
	return idx;
}

uint32_t sdpa_dev_rep_index(const struct doca_dev_rep *dev_rep)
{
	uint32_t idx = UINT32_MAX;
	struct doca_dev_rep *r;

	pthread_mutex_lock(&dev_lock);
	r = find_dev_rep(dev_rep);
	if (r != NULL)
		idx = r->info->index;
	pthread_mutex_unlock(&dev_lock);
	return idx;
}

struct doca_dev *sdpa_dev_rep_parent(const struct doca_dev_rep *dev_rep)
{
	struct doca_dev *parent = NULL;
	struct doca_dev_rep *r;

	pthread_mutex_lock(&dev_lock);
	r = find_dev_rep(dev_rep);
	if (r != NULL)
		parent = r->info->parent;
	pthread_mutex_unlock(&dev_lock);
	return parent;
}
