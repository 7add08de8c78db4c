/* SPDX-License-Identifier: BSD-3-Clause
 * D9 bypass attempt: a raw system call instruction in device code (getpid, by number).
 */
#include <doca_dpa_dev.h>

static volatile uint64_t out;

__dpa_global__ void syscall_kernel(uint64_t nr)
{
	uint64_t ret = nr;

#if defined(__x86_64__)
	__asm__ volatile("syscall" : "+a"(ret) : : "rcx", "r11", "memory");
#elif defined(__aarch64__)
	register uint64_t x8 __asm__("x8") = nr;
	register uint64_t x0 __asm__("x0");
	__asm__ volatile("svc #0" : "=r"(x0) : "r"(x8) : "memory");
	ret = x0;
#endif
	out = ret;
}
