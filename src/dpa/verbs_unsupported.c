/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs objects (doca_verbs.h): contexts, protection domains, address handles,
 * completion channels, CQs and QPs are not emulated. Each call checks its arguments like DOCA
 * (INVALID_VALUE and one line naming what is wrong), then refuses and says so, once per call
 * site and second at most. The attribute objects are real (verbs_attr.c).
 */
#include <stddef.h>

#include <doca_verbs.h>

#include "core/log.h"
#include "core/refuse.h"

SDPA_LOG_REGISTER(dpa_verbs);

#define SAY_UNSUPPORTED() SDPA_SAY_REFUSED("DOCA Verbs objects are not emulated")

/* What to pass instead of a bad argument (the records join several with "; "). */
#define CTX_FIX     "pass a context from doca_verbs_context_create"
#define PD_FIX      "pass a protection domain from doca_verbs_pd_create"
#define AH_FIX      "pass attributes from doca_verbs_ah_attr_create"
#define CHANNEL_FIX "pass a channel from doca_verbs_comp_channel_create"
#define CQ_FIX      "pass a CQ from doca_verbs_cq_create"
#define QP_FIX      "pass a QP from doca_verbs_qp_create"
#define DEVINFO_FIX "pass an entry of doca_devinfo_create_list"
#define RESULT_FIX  "pass a result pointer"

DOCA_EXPERIMENTAL int
doca_verbs_context_export_handle(const struct doca_verbs_context *verbs_context)
{
	if (!SDPA_NULL_ARGS(CTX_FIX, verbs_context))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_import_from_handle(
        int handle, uint32_t flags, struct doca_verbs_context **verbs_context)
{
	(void)handle;
	(void)flags;
	if (SDPA_NULL_ARGS(RESULT_FIX, verbs_context))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL int doca_verbs_pd_export_handle(const struct doca_verbs_pd *verbs_pd)
{
	if (!SDPA_NULL_ARGS(PD_FIX, verbs_pd))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_import_from_handle(
        struct doca_verbs_context *verbs_context, int handle, struct doca_verbs_pd **verbs_pd)
{
	(void)handle;
	if (SDPA_NULL_ARGS(CTX_FIX "; " RESULT_FIX, verbs_context, verbs_pd))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_comp_channel_create(struct doca_verbs_context *verbs_context,
                               struct doca_verbs_comp_channel **verbs_comp_channel)
{
	if (SDPA_NULL_ARGS(CTX_FIX "; " RESULT_FIX, verbs_context, verbs_comp_channel))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_comp_channel_destroy(struct doca_verbs_comp_channel *verbs_comp_channel)
{
	if (SDPA_NULL_ARGS(CHANNEL_FIX, verbs_comp_channel))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_event_handle_t
doca_verbs_comp_channel_get_handle(struct doca_verbs_comp_channel *verbs_comp_channel)
{
	if (!SDPA_NULL_ARGS(CHANNEL_FIX, verbs_comp_channel))
		SAY_UNSUPPORTED();
	return doca_event_invalid_handle;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_create(struct doca_verbs_context *verbs_context,
                                                    struct doca_verbs_cq_attr *verbs_cq_attr,
                                                    struct doca_verbs_cq **verbs_cq)
{
	if (SDPA_NULL_ARGS(CTX_FIX "; pass attributes from doca_verbs_cq_attr_create; " RESULT_FIX,
	                   verbs_context, verbs_cq_attr, verbs_cq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_destroy(struct doca_verbs_cq *verbs_cq)
{
	if (SDPA_NULL_ARGS(CQ_FIX, verbs_cq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_query(struct doca_verbs_qp *verbs_qp, struct doca_verbs_qp_attr *verbs_qp_attr,
                    struct doca_verbs_qp_init_attr *verbs_qp_init_attr, int *attr_mask)
{
	(void)attr_mask;
	if (SDPA_NULL_ARGS(QP_FIX "; " RESULT_FIX, verbs_qp, verbs_qp_attr, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_query_ece(struct doca_verbs_qp *verbs_qp)
{
	if (!SDPA_NULL_ARGS(QP_FIX, verbs_qp))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_set_ece(struct doca_verbs_qp *verbs_qp, uint32_t ece)
{
	(void)ece;
	if (SDPA_NULL_ARGS(QP_FIX, verbs_qp))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_get_cq_event(struct doca_verbs_comp_channel *verbs_comp_channel,
                        struct doca_verbs_cq **verbs_cq, void **cq_context)
{
	if (SDPA_NULL_ARGS(CHANNEL_FIX "; " RESULT_FIX, verbs_comp_channel, verbs_cq, cq_context))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_verbs_qp_get_wq(const struct doca_verbs_qp *verbs_qp, void **sq_buf,
                                            uint32_t *sq_num_entries, void **rq_buf,
                                            uint32_t *rq_num_entries, uint32_t *rwqe_size_bytes)
{
	(void)sq_buf;
	(void)sq_num_entries;
	(void)rq_buf;
	(void)rq_num_entries;
	(void)rwqe_size_bytes;
	if (!SDPA_NULL_ARGS(QP_FIX, verbs_qp))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void *doca_verbs_qp_get_uar_addr(const struct doca_verbs_qp *verbs_qp)
{
	if (!SDPA_NULL_ARGS(QP_FIX, verbs_qp))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void *doca_verbs_qp_get_dbr_addr(const struct doca_verbs_qp *verbs_qp)
{
	if (!SDPA_NULL_ARGS(QP_FIX, verbs_qp))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_cq_get_cqn(const struct doca_verbs_cq *verbs_cq)
{
	if (!SDPA_NULL_ARGS(CQ_FIX, verbs_cq))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void doca_verbs_cq_get_wq(struct doca_verbs_cq *verbs_cq, void **cq_buf,
                                            uint32_t *cq_num_entries, uint8_t *cq_entry_size)
{
	(void)cq_buf;
	(void)cq_num_entries;
	(void)cq_entry_size;
	if (!SDPA_NULL_ARGS(CQ_FIX, verbs_cq))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void doca_verbs_cq_get_dbr_addr(struct doca_verbs_cq *verbs_cq,
                                                  uint64_t **uar_db_reg, uint32_t **ci_dbr,
                                                  uint32_t **arm_dbr)
{
	(void)uar_db_reg;
	(void)ci_dbr;
	(void)arm_dbr;
	if (!SDPA_NULL_ARGS(CQ_FIX, verbs_cq))
		SAY_UNSUPPORTED();
}
