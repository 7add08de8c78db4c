/* SPDX-License-Identifier: BSD-3-Clause
 * A tiny DOCA Flow program that plays the part of a DOCA sample for the samples runner's
 * end-to-end test (tests/samples/meson.build): run as `doca_toy_fwd -- -a DEV -a DEV -l 60`,
 * it checks that each -a names an emulated device, starts two VNF ports, and on each puts a
 * root pipe whose one entry forwards IPv4 to 8.8.8.8 to the other port (anything else is
 * dropped). Then, like the samples, it waits a fixed second for traffic and prints what
 * each entry counted. With --unsupported it first calls a DOCA Flow call softdpa refuses
 * and gives up, as a sample stopped by NOT_SUPPORTED does.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <doca_dev.h>
#include <doca_flow.h>
#include <doca_flow_crypto.h>

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t r_ = (call);                                                          \
		if (r_ != DOCA_SUCCESS) {                                                          \
			printf("toy: %s failed: %s\n", #call, doca_error_get_name(r_));            \
			return 1;                                                                  \
		}                                                                                  \
	} while (0)

/* Does an emulated device have the PCI address of 'arg' ("pci/ADDR[,devargs]")? */
static int device_exists(const char *arg)
{
	struct doca_devinfo **list;
	uint32_t n;
	char addr[32];
	int found = 0;

	if (strncmp(arg, "pci/", 4) != 0)
		return 0;
	snprintf(addr, sizeof(addr), "%s", arg + 4);
	addr[strcspn(addr, ",")] = '\0';
	if (doca_devinfo_create_list(&list, &n) != DOCA_SUCCESS)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		uint8_t eq = 0;

		if (doca_devinfo_is_equal_pci_addr(list[i], addr, &eq) == DOCA_SUCCESS && eq)
			found = 1;
	}
	doca_devinfo_destroy_list(list);
	return found;
}

int main(int argc, char **argv)
{
	struct doca_flow_port *ports[2];
	struct doca_flow_pipe_entry *entries[2];
	struct doca_flow_cfg *cfg;
	int unsupported = 0, devs = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--unsupported") == 0)
			unsupported = 1;
		if (strcmp(argv[i], "-a") == 0 && i + 1 < argc) {
			if (!device_exists(argv[++i])) {
				printf("toy: no emulated device '%s'\n", argv[i]);
				return 1;
			}
			devs++;
		}
	}
	if (devs != 2) {
		printf("toy: pass two devices with -a\n");
		return 1;
	}
	CHECK(doca_flow_cfg_create(&cfg));
	CHECK(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"));
	CHECK(doca_flow_cfg_set_nr_counters(cfg, 4));
	CHECK(doca_flow_init(cfg));
	doca_flow_cfg_destroy(cfg);
	for (uint16_t p = 0; p < 2; p++) {
		struct doca_flow_port_cfg *pc;

		CHECK(doca_flow_port_cfg_create(&pc));
		CHECK(doca_flow_port_cfg_set_port_id(pc, p));
		CHECK(doca_flow_port_start(pc, &ports[p]));
		doca_flow_port_cfg_destroy(pc);
	}
	if (unsupported) /* a call softdpa refuses: the PSP crypto path is not emulated */
		CHECK(doca_flow_crypto_psp_master_key_rotate(ports[0]));
	for (uint16_t p = 0; p < 2; p++) {
		struct doca_flow_match m = {0};
		struct doca_flow_monitor mon = {0};
		struct doca_flow_fwd fwd = {0}, miss = {0};
		struct doca_flow_pipe_cfg *pc;
		struct doca_flow_pipe *pipe;

		m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
		m.outer.ip4.dst_ip = 0xffffffff;
		mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
		fwd.type = DOCA_FLOW_FWD_PORT;
		fwd.port_id = p ^ 1;
		miss.type = DOCA_FLOW_FWD_DROP;
		CHECK(doca_flow_pipe_cfg_create(&pc, ports[p]));
		CHECK(doca_flow_pipe_cfg_set_name(pc, "TOY_FWD"));
		CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC));
		CHECK(doca_flow_pipe_cfg_set_is_root(pc, true));
		CHECK(doca_flow_pipe_cfg_set_match(pc, &m, NULL));
		CHECK(doca_flow_pipe_cfg_set_monitor(pc, &mon));
		CHECK(doca_flow_pipe_create(pc, &fwd, &miss, &pipe));
		doca_flow_pipe_cfg_destroy(pc);
		m.outer.ip4.dst_ip = htonl(0x08080808);
		CHECK(doca_flow_pipe_basic_add_entry(0, pipe, &m, 0, NULL, NULL, NULL, 0, NULL,
		                                     &entries[p]));
		CHECK(doca_flow_entries_process(ports[p], 0, 1000, 1));
	}
	printf("toy: wait 1 second for packets to arrive\n");
	fflush(stdout);
	sleep(1);
	for (int p = 0; p < 2; p++) {
		struct doca_flow_resource_query q;

		CHECK(doca_flow_resource_query_entry(entries[p], &q));
		printf("Port %d: forwarded %lu packets\n", p, (unsigned long)q.counter.total_pkts);
	}
	for (int p = 1; p >= 0; p--)
		doca_flow_port_stop(ports[p]);
	doca_flow_destroy();
	printf("toy: finished successfully\n");
	return 0;
}
