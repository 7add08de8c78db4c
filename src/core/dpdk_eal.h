/* SPDX-License-Identifier: BSD-3-Clause
 * The EAL options softdpa adds to a DPDK program's command line (docs/DPDK.md).
 *
 * A DOCA program brings DPDK up itself: doca_argp_start hands the words before '--' to the
 * program's DPDK callback, which calls rte_eal_init. Before it does, doca_argp passes them
 * through sdpa_dpdk_eal_extend, which adds what an emulated machine needs: no hugepages, no
 * root, no real PCI devices, and one net_softdpa vdev per emulated device the EAL flags
 * allow. Function-only; no DPDK header needed (the driver announces itself).
 */
#ifndef SDPA_CORE_DPDK_EAL_H
#define SDPA_CORE_DPDK_EAL_H

#include <doca_error.h>

/* Called by the softdpa poll-mode driver when it is linked in (a constructor): from then on
 * sdpa_dpdk_eal_extend adds vdevs of that driver. Without it, no vdev is added. */
void sdpa_dpdk_eal_set_driver(const char *name);

/* Extend argv (argv[0], then EAL words; *argc entries then NULL; the array and every string
 * malloc'ed, the caller frees them) with the options softdpa adds, each unless the words
 * already say otherwise:
 *   --no-huge          unless --socket-mem, --socket-limit or --huge-dir (hugepages);
 *   -m 2048            with --no-huge, unless -m;
 *   --no-shconf (with --no-huge) or --in-memory (with hugepages)
 *                      unless --in-memory, --file-prefix, --no-shconf or --proc-type;
 *   --no-pci           unless present (the emulated devices are not on the PCI bus);
 *   --no-telemetry     unless --telemetry or --no-telemetry;
 *   --lcores=(0-15)@(cpus)  a BlueField-3's 16 Arm cores as lcores over the CPUs this
 *                      process may use, when those are fewer than 16, unless -l, -c or
 *                      --lcores;
 *   --vdev net_softdpa<i>[,devargs]  for each -a/--allow value naming an emulated device
 *                      by PCI address (its devargs kept). Without one, no port exists until
 *                      doca_dpdk_port_probe (NVIDIA's samples allow "pci:00:00.0" in their
 *                      callback, after this runs, so that the EAL probes nothing).
 * NO_MEMORY (logged) leaves argv as it was. */
doca_error_t sdpa_dpdk_eal_extend(int *argc, char ***argv);

#endif
