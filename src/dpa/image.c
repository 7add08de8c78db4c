/* SPDX-License-Identifier: BSD-3-Clause
 * Device images: the shared object softdpa-dpacc embedded in the host library is
 * written to a memfd and dlopen'ed RTLD_LOCAL, so that its symbols (kernels named like
 * the host stubs) never collide with the host's. Its undefined device-API symbols bind
 * to libsoftdpa (or to an executable linked with --export-dynamic).
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/log.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_image);

static doca_error_t write_all(int fd, const unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return DOCA_ERROR_OPERATING_SYSTEM;
		p += w;
		n -= (size_t)w;
	}
	return DOCA_SUCCESS;
}

doca_error_t sdpa_image_load(const struct doca_dpa_app *app, struct sdpa_image *img)
{
	const struct sdpa_image_kdesc *table;
	const unsigned int *nk, *abi;
	char path[64];

	memset(img, 0, sizeof(*img));
	img->memfd = memfd_create(app->name, MFD_CLOEXEC);
	if (img->memfd < 0) {
		DOCA_LOG_ERR("doca_dpa_start: memfd_create for the image of app '%s' failed: %s; "
		             "raise the open-file limit",
		             app->name, strerror(errno));
		return DOCA_ERROR_OPERATING_SYSTEM;
	}
	if (write_all(img->memfd, app->image, app->image_size) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_dpa_start: writing the %lu-byte image of app '%s' failed: %s",
		             app->image_size, app->name, strerror(errno));
		goto err;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", img->memfd);
	img->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (img->handle == NULL) {
		DOCA_LOG_ERR(
		        "doca_dpa_start: loading the device image of app '%s' failed: %s; link "
		        "the program with libsoftdpa (pkg-config doca-dpa), or, when linking "
		        "softdpa statically, with --export-dynamic and the whole archive",
		        app->name, dlerror());
		goto err;
	}
	table = dlsym(img->handle, "__sdpa_kernels");
	nk = dlsym(img->handle, "__sdpa_nkernels");
	abi = dlsym(img->handle, "__sdpa_abi");
	if (table == NULL || nk == NULL || abi == NULL || *abi != SDPA_IMAGE_ABI) {
		DOCA_LOG_ERR("doca_dpa_start: the image of app '%s' has no softdpa kernel table "
		             "(ABI %u expected); rebuild it with this softdpa's softdpa-dpacc",
		             app->name, SDPA_IMAGE_ABI);
		goto err;
	}
	img->kernels = calloc(app->nkernels ? app->nkernels : 1, sizeof(*img->kernels));
	if (img->kernels == NULL) {
		DOCA_LOG_ERR("doca_dpa_start: out of memory; free memory and retry");
		goto err;
	}
	for (unsigned int i = 0; i < app->nkernels; i++) {
		const struct sdpa_app_kernel *hk = &app->kernels[i];
		const struct sdpa_image_kdesc *dk = NULL;

		for (unsigned int j = 0; j < *nk; j++)
			if (strcmp(table[j].name, hk->name) == 0)
				dk = &table[j];
		if (dk == NULL) {
			DOCA_LOG_ERR("doca_dpa_start: kernel '%s' of app '%s' is missing from its "
			             "device image; rebuild the app with softdpa-dpacc",
			             hk->name, app->name);
			goto err;
		}
		img->kernels[i] = (struct sdpa_kernel){
		        .name = hk->name,
		        .stub = hk->stub,
		        .kind = dk->kind,
		        .argsize = dk->argsize(),
		        .marshal = dk->marshal,
		        .invoke = dk->invoke,
		};
	}
	img->nkernels = app->nkernels;
	/* The fault handler contains faults of instructions in this image (fault.h). */
	sdpa_fault_image_add(img, img->handle);
	return DOCA_SUCCESS;

err:
	sdpa_image_unload(img, false);
	return DOCA_ERROR_DRIVER;
}

void sdpa_image_unload(struct sdpa_image *img, bool keep_code)
{
	/* A lost EU may still run the kept code: its faults stay contained. */
	if (!keep_code)
		sdpa_fault_image_remove(img);
	if (img->handle != NULL && !keep_code)
		dlclose(img->handle);
	if (img->memfd >= 0 && !keep_code)
		close(img->memfd);
	free(img->kernels);
	memset(img, 0, sizeof(*img));
	img->memfd = -1;
}

const struct sdpa_kernel *sdpa_image_kernel(const struct sdpa_image *img, doca_dpa_func_t *func)
{
	for (unsigned int i = 0; i < img->nkernels; i++)
		if (img->kernels[i].stub == func)
			return &img->kernels[i];
	return NULL;
}

void *sdpa_kernel_marshal(const struct sdpa_kernel *k, va_list *ap)
{
	size_t sz = (k->argsize + 63) & ~(size_t)63;
	void *blk = NULL;

	if (posix_memalign(&blk, 64, sz ? sz : 64) != 0)
		return NULL;
	memset(blk, 0, sz ? sz : 64);
	k->marshal(ap, blk);
	return blk;
}

void *sdpa_kernel_marshal_into(const struct sdpa_kernel *k, va_list *ap, void *buf, size_t size)
{
	size_t sz = (k->argsize + 63) & ~(size_t)63;

	if (sz > size)
		return sdpa_kernel_marshal(k, ap);
	memset(buf, 0, sz ? sz : (size < 64 ? size : 64));
	k->marshal(ap, buf);
	return buf;
}
