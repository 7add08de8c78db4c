/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA's doca_rdma.h pulls in <rdma/rdma_cma.h>, and through it <infiniband/verbs.h> and
 * <string.h>; NVIDIA's samples call strcpy and strtok with nothing else including it (an
 * implicit declaration of strtok truncates its pointer result). softdpa's doca_rdma.h must
 * bring the same: this file includes nothing else and must build with -Werror.
 */
#include <doca_rdma.h>

int main(void)
{
	char text[16];
	char *tok;

	strcpy(text, "7,9");
	tok = strtok(text, ",");
	return tok != NULL && strlen(tok) == 1 && memcmp(tok, "7", 1) == 0 ? 0 : 1;
}
