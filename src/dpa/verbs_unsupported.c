/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs objects (doca_verbs.h): contexts, protection domains, address handles,
 * completion channels, CQs and QPs are not emulated. Each call checks its arguments like DOCA
 * (INVALID_VALUE and one line naming what is wrong), then refuses and says so, once per call
 * site and second at most. The attribute objects are real (verbs_attr.c).
 */
#include <stddef.h>

#include <doca_verbs.h>

#include "core/log.h"

SDPA_LOG_REGISTER(dpa_verbs);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (DOCA Verbs objects are not "      \
	                        "emulated)",                                                       \
	                        __func__)

/* One record for a bad argument: what is wrong and what to pass instead. */
#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_create(struct doca_devinfo *devinfo,
                                                         uint32_t flags,
                                                         struct doca_verbs_context **verbs_context)
{
	(void)flags;
	if (devinfo == NULL || verbs_context == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "verbs_context is NULL",
		            "pass an entry of doca_devinfo_create_list; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_destroy(struct doca_verbs_context *verbs_context)
{
	if (verbs_context == NULL) {
		SAY_BAD_ARG("verbs_context is NULL",
		            "pass a context from doca_verbs_context_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL int
doca_verbs_context_export_handle(const struct doca_verbs_context *verbs_context)
{
	if (verbs_context == NULL) {
		SAY_BAD_ARG("verbs_context is NULL",
		            "pass a context from doca_verbs_context_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_import_from_handle(
        int handle, uint32_t flags, struct doca_verbs_context **verbs_context)
{
	(void)handle;
	(void)flags;
	if (verbs_context == NULL) {
		SAY_BAD_ARG("verbs_context is NULL", "pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_create(struct doca_verbs_context *verbs_context,
                                                    struct doca_verbs_pd **verbs_pd)
{
	if (verbs_context == NULL || verbs_pd == NULL) {
		SAY_BAD_ARG(verbs_context == NULL ? "verbs_context is NULL" : "verbs_pd is NULL",
		            "pass a context from doca_verbs_context_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_destroy(struct doca_verbs_pd *verbs_pd)
{
	if (verbs_pd == NULL) {
		SAY_BAD_ARG("verbs_pd is NULL",
		            "pass a protection domain from doca_verbs_pd_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_as_doca_dev(struct doca_verbs_pd *verbs_pd,
                                                         struct doca_dev **dev)
{
	if (verbs_pd == NULL || dev == NULL) {
		SAY_BAD_ARG(verbs_pd == NULL ? "verbs_pd is NULL" : "dev is NULL",
		            "pass a protection domain from doca_verbs_pd_create; pass a result "
		            "pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL int doca_verbs_pd_export_handle(const struct doca_verbs_pd *verbs_pd)
{
	if (verbs_pd == NULL) {
		SAY_BAD_ARG("verbs_pd is NULL",
		            "pass a protection domain from doca_verbs_pd_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_import_from_handle(
        struct doca_verbs_context *verbs_context, int handle, struct doca_verbs_pd **verbs_pd)
{
	(void)handle;
	if (verbs_context == NULL || verbs_pd == NULL) {
		SAY_BAD_ARG(verbs_context == NULL ? "verbs_context is NULL" : "verbs_pd is NULL",
		            "pass a context from doca_verbs_context_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_create(struct doca_verbs_context *verbs_context,
                                                         struct doca_verbs_ah_attr **verbs_ah_attr)
{
	if (verbs_context == NULL || verbs_ah_attr == NULL) {
		SAY_BAD_ARG(verbs_context == NULL ? "verbs_context is NULL"
		                                  : "verbs_ah_attr is NULL",
		            "pass a context from doca_verbs_context_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_destroy(struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_gid(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                          struct doca_verbs_gid gid)
{
	(void)gid;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_verbs_gid
doca_verbs_ah_attr_get_gid(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return (struct doca_verbs_gid){0};
	}
	SAY_UNSUPPORTED();
	return (struct doca_verbs_gid){0};
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_addr_type(
        struct doca_verbs_ah_attr *verbs_ah_attr, enum doca_verbs_addr_type addr_type)
{
	(void)addr_type;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL enum doca_verbs_addr_type
doca_verbs_ah_attr_get_addr_type(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return (enum doca_verbs_addr_type)0;
	}
	SAY_UNSUPPORTED();
	return (enum doca_verbs_addr_type)0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_dlid(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                           uint32_t dlid)
{
	(void)dlid;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_ah_attr_get_dlid(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_sl(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                         uint8_t sl)
{
	(void)sl;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint8_t doca_verbs_ah_attr_get_sl(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_sgid_index(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t sgid_index)
{
	(void)sgid_index;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_sgid_index(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_static_rate(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t static_rate)
{
	(void)static_rate;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_static_rate(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_hop_limit(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t hop_limit)
{
	(void)hop_limit;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_hop_limit(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_traffic_class(
        struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t traffic_class)
{
	(void)traffic_class;
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_traffic_class(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (verbs_ah_attr == NULL) {
		SAY_BAD_ARG("verbs_ah_attr is NULL",
		            "pass attributes from doca_verbs_ah_attr_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_comp_channel_create(struct doca_verbs_context *verbs_context,
                               struct doca_verbs_comp_channel **verbs_comp_channel)
{
	if (verbs_context == NULL || verbs_comp_channel == NULL) {
		SAY_BAD_ARG(verbs_context == NULL ? "verbs_context is NULL"
		                                  : "verbs_comp_channel is NULL",
		            "pass a context from doca_verbs_context_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_comp_channel_destroy(struct doca_verbs_comp_channel *verbs_comp_channel)
{
	if (verbs_comp_channel == NULL) {
		SAY_BAD_ARG("verbs_comp_channel is NULL",
		            "pass a channel from doca_verbs_comp_channel_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_event_handle_t
doca_verbs_comp_channel_get_handle(struct doca_verbs_comp_channel *verbs_comp_channel)
{
	if (verbs_comp_channel == NULL) {
		SAY_BAD_ARG("verbs_comp_channel is NULL",
		            "pass a channel from doca_verbs_comp_channel_create");
		return doca_event_invalid_handle;
	}
	SAY_UNSUPPORTED();
	return doca_event_invalid_handle;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_create(struct doca_verbs_context *verbs_context,
                                                    struct doca_verbs_cq_attr *verbs_cq_attr,
                                                    struct doca_verbs_cq **verbs_cq)
{
	if (verbs_context == NULL || verbs_cq_attr == NULL || verbs_cq == NULL) {
		SAY_BAD_ARG(verbs_context == NULL   ? "verbs_context is NULL"
		            : verbs_cq_attr == NULL ? "verbs_cq_attr is NULL"
		                                    : "verbs_cq is NULL",
		            "pass a context from doca_verbs_context_create; pass attributes from "
		            "doca_verbs_cq_attr_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_destroy(struct doca_verbs_cq *verbs_cq)
{
	if (verbs_cq == NULL) {
		SAY_BAD_ARG("verbs_cq is NULL", "pass a CQ from doca_verbs_cq_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_create(
        struct doca_verbs_context *verbs_context,
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_qp **verbs_qp)
{
	if (verbs_context == NULL || verbs_qp_init_attr == NULL || verbs_qp == NULL) {
		SAY_BAD_ARG(verbs_context == NULL        ? "verbs_context is NULL"
		            : verbs_qp_init_attr == NULL ? "verbs_qp_init_attr is NULL"
		                                         : "verbs_qp is NULL",
		            "pass a context from doca_verbs_context_create; pass attributes from "
		            "doca_verbs_qp_init_attr_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_modify(struct doca_verbs_qp *verbs_qp,
                                                    struct doca_verbs_qp_attr *verbs_qp_attr,
                                                    int attr_mask)
{
	(void)attr_mask;
	if (verbs_qp == NULL || verbs_qp_attr == NULL) {
		SAY_BAD_ARG(verbs_qp == NULL ? "verbs_qp is NULL" : "verbs_qp_attr is NULL",
		            "pass a QP from doca_verbs_qp_create; pass attributes from "
		            "doca_verbs_qp_attr_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_query(struct doca_verbs_qp *verbs_qp, struct doca_verbs_qp_attr *verbs_qp_attr,
                    struct doca_verbs_qp_init_attr *verbs_qp_init_attr, int *attr_mask)
{
	(void)attr_mask;
	if (verbs_qp == NULL || verbs_qp_attr == NULL || verbs_qp_init_attr == NULL) {
		SAY_BAD_ARG(verbs_qp == NULL        ? "verbs_qp is NULL"
		            : verbs_qp_attr == NULL ? "verbs_qp_attr is NULL"
		                                    : "verbs_qp_init_attr is NULL",
		            "pass a QP from doca_verbs_qp_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_query_ece(struct doca_verbs_qp *verbs_qp)
{
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_set_ece(struct doca_verbs_qp *verbs_qp, uint32_t ece)
{
	(void)ece;
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_destroy(struct doca_verbs_qp *verbs_qp)
{
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_get_cq_event(struct doca_verbs_comp_channel *verbs_comp_channel,
                        struct doca_verbs_cq **verbs_cq, void **cq_context)
{
	if (verbs_comp_channel == NULL || verbs_cq == NULL || cq_context == NULL) {
		SAY_BAD_ARG(verbs_comp_channel == NULL ? "verbs_comp_channel is NULL"
		            : verbs_cq == NULL         ? "verbs_cq is NULL"
		                                       : "cq_context is NULL",
		            "pass a channel from doca_verbs_comp_channel_create; pass a result "
		            "pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
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
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void *doca_verbs_qp_get_uar_addr(const struct doca_verbs_qp *verbs_qp)
{
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void *doca_verbs_qp_get_dbr_addr(const struct doca_verbs_qp *verbs_qp)
{
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_get_qpn(const struct doca_verbs_qp *verbs_qp)
{
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_get_dpa_handle(struct doca_verbs_qp *verbs_qp,
                                                            struct doca_dpa *dpa_ctx,
                                                            doca_dpa_dev_verbs_qp_t *dpa_qp_handle)
{
	if (verbs_qp == NULL || dpa_ctx == NULL || dpa_qp_handle == NULL) {
		SAY_BAD_ARG(verbs_qp == NULL  ? "verbs_qp is NULL"
		            : dpa_ctx == NULL ? "dpa_ctx is NULL"
		                              : "dpa_qp_handle is NULL",
		            "pass a QP from doca_verbs_qp_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_cq_get_cqn(const struct doca_verbs_cq *verbs_cq)
{
	if (verbs_cq == NULL) {
		SAY_BAD_ARG("verbs_cq is NULL", "pass a CQ from doca_verbs_cq_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void doca_verbs_cq_get_wq(struct doca_verbs_cq *verbs_cq, void **cq_buf,
                                            uint32_t *cq_num_entries, uint8_t *cq_entry_size)
{
	(void)cq_buf;
	(void)cq_num_entries;
	(void)cq_entry_size;
	if (verbs_cq == NULL) {
		SAY_BAD_ARG("verbs_cq is NULL", "pass a CQ from doca_verbs_cq_create");
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void doca_verbs_cq_get_dbr_addr(struct doca_verbs_cq *verbs_cq,
                                                  uint64_t **uar_db_reg, uint32_t **ci_dbr,
                                                  uint32_t **arm_dbr)
{
	(void)uar_db_reg;
	(void)ci_dbr;
	(void)arm_dbr;
	if (verbs_cq == NULL) {
		SAY_BAD_ARG("verbs_cq is NULL", "pass a CQ from doca_verbs_cq_create");
		return;
	}
	SAY_UNSUPPORTED();
}
