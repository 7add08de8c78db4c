/* SPDX-License-Identifier: BSD-3-Clause
 * Replay driver: feed every file named on the command line (directories: every regular
 * file in them) through LLVMFuzzerTestOneInput, so builds without libFuzzer (gcc, ASan)
 * re-check the committed corpus and any crash file. Each input sits in a heap buffer of
 * exactly its size, so a sanitizer sees a read past its end.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		fprintf(stderr, "replay: cannot open %s\n", path);
		return -1;
	}
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			uint8_t *nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(fp);
				return -1;
			}
			buf = nb;
		}
		size_t got = fread(buf + n, 1, cap - n, fp);
		if (got == 0)
			break;
		n += got;
	}
	fclose(fp);
	/* exact-size copy so out-of-bounds reads are caught */
	uint8_t *exact = malloc(n ? n : 1);
	if (!exact) {
		free(buf);
		return -1;
	}
	memcpy(exact, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long count = 0;

	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: %s does not exist\n", argv[i]);
			return 1;
		}
		if (!S_ISDIR(st.st_mode)) {
			if (run_file(argv[i]) != 0)
				return 1;
			count++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		if (!d) {
			fprintf(stderr, "replay: cannot read directory %s\n", argv[i]);
			return 1;
		}
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			char path[4096];
			snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
			if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
				continue;
			if (run_file(path) != 0) {
				closedir(d);
				return 1;
			}
			count++;
		}
		closedir(d);
	}
	if (count == 0) {
		fprintf(stderr, "replay: no input files; pass the corpus directory (e.g. "
		                "tests/fuzz/corpus/parser)\n");
		return 1;
	}
	printf("replay: %lu inputs OK\n", count);
	return 0;
}
