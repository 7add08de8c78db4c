/* A user's program, built out of tree with only pkg-config: it must compile with the
 * installed headers and link and run against the installed library. */
#include <stdio.h>
#include <string.h>

#include <doca_error.h>
#include <doca_log.h>
#include <softdpa.h>

DOCA_LOG_REGISTER(USER_APP);

int main(void)
{
	if (doca_log_backend_create_standard() != DOCA_SUCCESS)
		return 1;
	if (strcmp(doca_error_get_name(DOCA_ERROR_AGAIN), "DOCA_ERROR_AGAIN") != 0)
		return 2;
	DOCA_LOG_INFO("user program linked against softdpa");
	printf("user_app: ok\n");
	return 0;
}
