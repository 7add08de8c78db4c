/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs attribute objects (doca_verbs.h): QP creation attributes, QP attributes and CQ
 * attributes are plain data, so they are real. Each setter checks what DOCA checks (the
 * object, and enum values out of range) and logs one line naming what is wrong and the fix.
 */
#include <stdlib.h>

#include <doca_verbs.h>

#include "core/handles.h"
#include "core/log.h"
#include "core/refuse.h"
#include "dpa/verbs_priv.h"

SDPA_LOG_REGISTER(dpa_verbs_attr);

#define RESULT_FIX "pass a result pointer"

/* INVALID_VALUE, with one line naming the argument and its value, when 'ok' is false. */
#define CHECK_RANGE(arg, ok)                                                                       \
	do {                                                                                       \
		if (!(ok)) {                                                                       \
			DOCA_LOG_ERR("%s: %s %d is out of range; pass a value the header lists",   \
			             __func__, #arg, (int)(arg));                                  \
			return DOCA_ERROR_INVALID_VALUE;                                           \
		}                                                                                  \
	} while (0)

struct doca_verbs_cq_attr {
	enum doca_verbs_cq_entry_size entry_size;
	uint32_t cq_size;
	uint8_t cq_overrun;
	struct doca_verbs_comp_channel *comp_channel;
	void *cq_context;
	struct doca_umem *external_umem;
	uint64_t external_umem_offset;
	struct doca_uar *external_uar;
	uint32_t dpa_thread_id;
};

#define ATTR_FIX(obj) "pass attributes from doca_verbs_" obj "_create"

/* Live attributes of 'kind' (core/handles.h): destroyed ones are refused, never read. */
static bool attr_live(const char *fn, const char *obj, enum sdpa_handle_kind kind, const void *attr)
{
	if (sdpa_handle_live(attr, kind))
		return true;
	DOCA_LOG_ERR("%s: the %s %s; pass attributes from doca_verbs_%s_create, until their "
	             "destroy",
	             fn, obj, sdpa_handle_destroyed(attr, kind) ? "was destroyed" : "is not one",
	             obj);
	return false;
}

#define ATTR_BAD(obj, kind, attr)                                                                  \
	(SDPA_NULL_ARGS(ATTR_FIX(obj), attr) || !attr_live(__func__, obj, kind, attr))

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_create(struct doca_verbs_qp_init_attr **verbs_qp_init_attr)
{
	struct doca_verbs_qp_init_attr *a;

	if (SDPA_NULL_ARGS(RESULT_FIX, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	a = calloc(1, sizeof(*a));
	if (a == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(a, SDPA_H_VERBS_QP_INIT_ATTR)) {
		free(a);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	*verbs_qp_init_attr = a;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_destroy(struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_handle_retire(verbs_qp_init_attr, free); /* quarantined: core/handles.h */
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_pd(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_pd *pd)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->pd = pd;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_verbs_pd *
doca_verbs_qp_init_attr_get_pd(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->pd;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_send_cq(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_cq *send_cq)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->send_cq = send_cq;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_verbs_cq *
doca_verbs_qp_init_attr_get_send_cq(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->send_cq;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_receive_cq(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_cq *receive_cq)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->receive_cq = receive_cq;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_verbs_cq *
doca_verbs_qp_init_attr_get_receive_cq(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->receive_cq;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_sq_sig_all(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, int sq_sig_all)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->sq_sig_all = sq_sig_all;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL int
doca_verbs_qp_init_attr_get_sq_sig_all(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->sq_sig_all;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_sq_wr(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t sq_wr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->sq_wr = sq_wr;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_sq_wr(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->sq_wr;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_rq_wr(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t rq_wr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->rq_wr = rq_wr;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_rq_wr(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->rq_wr;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_send_max_sges(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t send_max_sges)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->send_max_sges = send_max_sges;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_send_max_sges(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->send_max_sges;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_receive_max_sges(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t receive_max_sges)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->receive_max_sges = receive_max_sges;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_init_attr_get_receive_max_sges(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->receive_max_sges;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_max_inline_data(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t max_inline_data)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->max_inline_data = max_inline_data;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_init_attr_get_max_inline_data(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->max_inline_data;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_user_index(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t user_index)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->user_index = user_index;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_user_index(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->user_index;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_qp_type(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t qp_type)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(qp_type, qp_type == DOCA_VERBS_QP_TYPE_RC || qp_type == DOCA_VERBS_QP_TYPE_UC);
	verbs_qp_init_attr->qp_type = qp_type;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_qp_type(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->qp_type;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_umem(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_umem *external_umem,
        uint64_t external_umem_offset)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->external_umem = external_umem;
	verbs_qp_init_attr->external_umem_offset = external_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_get_external_umem(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_umem **external_umem,
        uint64_t *external_umem_offset)
{
	if (SDPA_BAD_ARG(verbs_qp_init_attr == NULL || external_umem == NULL ||
	                         external_umem_offset == NULL,
	                 "an argument is NULL", ATTR_FIX("qp_init_attr") " and result pointers"))
		return DOCA_ERROR_INVALID_VALUE;
	*external_umem = verbs_qp_init_attr->external_umem;
	*external_umem_offset = verbs_qp_init_attr->external_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_dbr_umem(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_umem *external_dbr_umem,
        uint64_t external_dbr_umem_offset)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->external_dbr_umem = external_dbr_umem;
	verbs_qp_init_attr->external_dbr_umem_offset = external_dbr_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_get_external_dbr_umem(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
        struct doca_umem **external_dbr_umem, uint64_t *external_dbr_umem_offset)
{
	if (SDPA_BAD_ARG(verbs_qp_init_attr == NULL || external_dbr_umem == NULL ||
	                         external_dbr_umem_offset == NULL,
	                 "an argument is NULL", ATTR_FIX("qp_init_attr") " and result pointers"))
		return DOCA_ERROR_INVALID_VALUE;
	*external_dbr_umem = verbs_qp_init_attr->external_dbr_umem;
	*external_dbr_umem_offset = verbs_qp_init_attr->external_dbr_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_uar(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_uar *external_uar)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->external_uar = external_uar;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_get_external_uar(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_uar **external_uar)
{
	if (SDPA_BAD_ARG(verbs_qp_init_attr == NULL || external_uar == NULL, "an argument is NULL",
	                 ATTR_FIX("qp_init_attr") " and a result pointer"))
		return DOCA_ERROR_INVALID_VALUE;
	*external_uar = verbs_qp_init_attr->external_uar;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_core_direct_master(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint8_t core_direct_master)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(core_direct_master, core_direct_master <= 1);
	verbs_qp_init_attr->core_direct_master = core_direct_master;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t doca_verbs_qp_init_attr_get_core_direct_master(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return (uint8_t)verbs_qp_init_attr->core_direct_master;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_qp_context(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, void *qp_context)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->qp_context = qp_context;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void *
doca_verbs_qp_init_attr_get_qp_context(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->qp_context;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_srq(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_srq *srq)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->srq = srq;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_verbs_srq *
doca_verbs_qp_init_attr_get_srq(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->srq;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_dpa(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_dpa *dpa)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->dpa = dpa;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_dpa *
doca_verbs_qp_init_attr_get_dpa(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->dpa;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_send_dpa_completion(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                                struct doca_dpa_completion *send_dpa_completion)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->send_dpa_completion = send_dpa_completion;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_dpa_completion *doca_verbs_qp_init_attr_get_send_dpa_completion(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->send_dpa_completion;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_receive_dpa_completion(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
        struct doca_dpa_completion *receive_dpa_completion)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->receive_dpa_completion = receive_dpa_completion;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_dpa_completion *doca_verbs_qp_init_attr_get_receive_dpa_completion(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return NULL;
	return verbs_qp_init_attr->receive_dpa_completion;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_datapath_en(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint8_t external_datapath_en)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(external_datapath_en, external_datapath_en <= 1);
	verbs_qp_init_attr->external_datapath_en = external_datapath_en;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t doca_verbs_qp_init_attr_get_external_datapath_en(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return (uint8_t)verbs_qp_init_attr->external_datapath_en;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_dbr_umem(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                     uint32_t dbr_umem_id, uint64_t dbr_umem_offset)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->dbr_umem_id = dbr_umem_id;
	verbs_qp_init_attr->dbr_umem_offset = dbr_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_dbr_umem_id(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->dbr_umem_id;
}

DOCA_EXPERIMENTAL uint64_t doca_verbs_qp_init_attr_get_dbr_umem_offset(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->dbr_umem_offset;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_wq_umem(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                    uint32_t wq_umem_id, uint64_t wq_umem_offset)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->wq_umem_id = wq_umem_id;
	verbs_qp_init_attr->wq_umem_offset = wq_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_wq_umem_id(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->wq_umem_id;
}

DOCA_EXPERIMENTAL uint64_t
doca_verbs_qp_init_attr_get_wq_umem_offset(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->wq_umem_offset;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_uar_id(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t uar_id)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->uar_id = uar_id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_uar_id(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->uar_id;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_pdn(struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t pdn)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_init_attr->pdn = pdn;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_pdn(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return verbs_qp_init_attr->pdn;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_cqe_inline(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                       enum doca_verbs_qp_scatter_to_cqe cqe_inline)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(cqe_inline, cqe_inline <= DOCA_VERBS_QP_SCATTER_TO_CQE_32B);
	verbs_qp_init_attr->cqe_inline = cqe_inline;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_qp_init_attr_get_cqe_inline(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	return (uint8_t)verbs_qp_init_attr->cqe_inline;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_send_dbr_mode(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                          enum doca_verbs_qp_send_dbr_mode send_dbr_mode)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(send_dbr_mode, send_dbr_mode <= DOCA_VERBS_QP_SEND_DBR_MODE_NO_DBR_INT);
	verbs_qp_init_attr->send_dbr_mode = send_dbr_mode;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL enum doca_verbs_qp_send_dbr_mode
doca_verbs_qp_init_attr_get_send_dbr_mode(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return (enum doca_verbs_qp_send_dbr_mode)0;
	return verbs_qp_init_attr->send_dbr_mode;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_send_cqn(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	/* A CQ needs a Verbs context, which softdpa cannot create: no CQ has a number. */
	(void)verbs_qp_init_attr->send_cq;
	return 0;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_receive_cqn(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr)
{
	if (ATTR_BAD("qp_init_attr", SDPA_H_VERBS_QP_INIT_ATTR, verbs_qp_init_attr))
		return 0;
	/* A CQ needs a Verbs context, which softdpa cannot create: no CQ has a number. */
	(void)verbs_qp_init_attr->receive_cq;
	return 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_create(struct doca_verbs_qp_attr **verbs_qp_attr)
{
	struct doca_verbs_qp_attr *a;

	if (SDPA_NULL_ARGS(RESULT_FIX, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	a = calloc(1, sizeof(*a));
	if (a == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(a, SDPA_H_VERBS_QP_ATTR)) {
		free(a);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	*verbs_qp_attr = a;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_destroy(struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_handle_retire(verbs_qp_attr, free); /* quarantined: core/handles.h */
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_next_state(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_verbs_qp_state next_state)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(next_state, next_state <= DOCA_VERBS_QP_STATE_ERR);
	verbs_qp_attr->next_state = next_state;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL enum doca_verbs_qp_state
doca_verbs_qp_attr_get_next_state(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return (enum doca_verbs_qp_state)0;
	return verbs_qp_attr->next_state;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_current_state(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_verbs_qp_state current_state)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(current_state, current_state <= DOCA_VERBS_QP_STATE_ERR);
	verbs_qp_attr->current_state = current_state;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL enum doca_verbs_qp_state
doca_verbs_qp_attr_get_current_state(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return (enum doca_verbs_qp_state)0;
	return verbs_qp_attr->current_state;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_path_mtu(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_mtu_size path_mtu)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(path_mtu, path_mtu <= DOCA_MTU_SIZE_4K_BYTES);
	verbs_qp_attr->path_mtu = path_mtu;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL enum doca_mtu_size
doca_verbs_qp_attr_get_path_mtu(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return (enum doca_mtu_size)0;
	return verbs_qp_attr->path_mtu;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_rq_psn(struct doca_verbs_qp_attr *verbs_qp_attr, uint32_t rq_psn)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->rq_psn = rq_psn;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_attr_get_rq_psn(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->rq_psn;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_sq_psn(struct doca_verbs_qp_attr *verbs_qp_attr, uint32_t sq_psn)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->sq_psn = sq_psn;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_attr_get_sq_psn(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->sq_psn;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_dest_qp_num(struct doca_verbs_qp_attr *verbs_qp_attr, uint32_t dest_qp_num)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->dest_qp_num = dest_qp_num;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_attr_get_dest_qp_num(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->dest_qp_num;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_allow_remote_write(
        struct doca_verbs_qp_attr *verbs_qp_attr, int allow_remote_write)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->allow_remote_write = allow_remote_write;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL int
doca_verbs_qp_attr_get_allow_remote_write(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->allow_remote_write;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_allow_remote_read(
        struct doca_verbs_qp_attr *verbs_qp_attr, int allow_remote_read)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->allow_remote_read = allow_remote_read;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL int
doca_verbs_qp_attr_get_allow_remote_read(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->allow_remote_read;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_atomic_mode(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_verbs_qp_atomic_mode atomic_mode)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(atomic_mode, atomic_mode <= DOCA_VERBS_QP_ATOMIC_MODE_UP_TO_256BYTES);
	verbs_qp_attr->atomic_mode = atomic_mode;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL enum doca_verbs_qp_atomic_mode
doca_verbs_qp_attr_get_atomic_mode(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return (enum doca_verbs_qp_atomic_mode)0;
	return verbs_qp_attr->atomic_mode;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_max_rd_atomic(
        struct doca_verbs_qp_attr *verbs_qp_attr, uint8_t max_rd_atomic)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->max_rd_atomic = max_rd_atomic;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_qp_attr_get_max_rd_atomic(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return (uint8_t)verbs_qp_attr->max_rd_atomic;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_max_dest_rd_atomic(
        struct doca_verbs_qp_attr *verbs_qp_attr, uint8_t max_dest_rd_atomic)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->max_dest_rd_atomic = max_dest_rd_atomic;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_qp_attr_get_max_dest_rd_atomic(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return (uint8_t)verbs_qp_attr->max_dest_rd_atomic;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_ah_attr(
        struct doca_verbs_qp_attr *verbs_qp_attr, struct doca_verbs_ah_attr *ah_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->ah_attr = ah_attr;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_verbs_ah_attr *
doca_verbs_qp_attr_get_ah_attr(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return NULL;
	return verbs_qp_attr->ah_attr;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_pkey_index(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t pkey_index)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->pkey_index = pkey_index;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_pkey_index(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->pkey_index;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_port_num(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t port_num)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->port_num = port_num;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_port_num(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->port_num;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_ack_timeout(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t ack_timeout)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->ack_timeout = ack_timeout;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_ack_timeout(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->ack_timeout;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_retry_cnt(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t retry_cnt)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->retry_cnt = retry_cnt;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_retry_cnt(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->retry_cnt;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_rnr_retry(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t rnr_retry)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->rnr_retry = rnr_retry;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_rnr_retry(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->rnr_retry;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_min_rnr_timer(
        struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t min_rnr_timer)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_qp_attr->min_rnr_timer = min_rnr_timer;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_min_rnr_timer(const struct doca_verbs_qp_attr *verbs_qp_attr)
{
	if (ATTR_BAD("qp_attr", SDPA_H_VERBS_QP_ATTR, verbs_qp_attr))
		return 0;
	return verbs_qp_attr->min_rnr_timer;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_create(struct doca_verbs_cq_attr **verbs_cq_attr)
{
	struct doca_verbs_cq_attr *a;

	if (SDPA_NULL_ARGS(RESULT_FIX, verbs_cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	a = calloc(1, sizeof(*a));
	if (a == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(a, SDPA_H_VERBS_CQ_ATTR)) {
		free(a);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	*verbs_cq_attr = a;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_destroy(struct doca_verbs_cq_attr *verbs_cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, verbs_cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_handle_retire(verbs_cq_attr, free); /* quarantined: core/handles.h */
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_entry_size(
        struct doca_verbs_cq_attr *cq_attr, enum doca_verbs_cq_entry_size entry_size)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(entry_size, entry_size <= DOCA_VERBS_CQ_ENTRY_SIZE_128);
	cq_attr->entry_size = entry_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL enum doca_verbs_cq_entry_size
doca_verbs_cq_attr_get_entry_size(const struct doca_verbs_cq_attr *cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return (enum doca_verbs_cq_entry_size)0;
	return cq_attr->entry_size;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_cq_size(struct doca_verbs_cq_attr *cq_attr,
                                                              uint32_t cq_size)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	cq_attr->cq_size = cq_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_cq_attr_get_cq_size(const struct doca_verbs_cq_attr *cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return 0;
	return cq_attr->cq_size;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_cq_overrun(struct doca_verbs_cq_attr *cq_attr,
                                                                 uint8_t cq_overrun)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	CHECK_RANGE(cq_overrun, cq_overrun <= 1);
	cq_attr->cq_overrun = cq_overrun;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_cq_attr_get_cq_overrun(const struct doca_verbs_cq_attr *cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return 0;
	return (uint8_t)cq_attr->cq_overrun;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_comp_channel(
        struct doca_verbs_cq_attr *cq_attr, struct doca_verbs_comp_channel *comp_channel)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	cq_attr->comp_channel = comp_channel;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_verbs_comp_channel *
doca_verbs_cq_attr_get_comp_channel(const struct doca_verbs_cq_attr *cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return NULL;
	return cq_attr->comp_channel;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_cq_context(struct doca_verbs_cq_attr *cq_attr,
                                                                 void *cq_context)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	cq_attr->cq_context = cq_context;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void *doca_verbs_cq_attr_get_cq_context(const struct doca_verbs_cq_attr *cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return NULL;
	return cq_attr->cq_context;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_cq_attr_set_external_umem(struct doca_verbs_cq_attr *cq_attr,
                                     struct doca_umem *external_umem, uint64_t external_umem_offset)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	cq_attr->external_umem = external_umem;
	cq_attr->external_umem_offset = external_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_get_external_umem(
        const struct doca_verbs_cq_attr *cq_attr, struct doca_umem **external_umem,
        uint64_t *external_umem_offset)
{
	if (SDPA_BAD_ARG(cq_attr == NULL || external_umem == NULL || external_umem_offset == NULL,
	                 "an argument is NULL", ATTR_FIX("cq_attr") " and result pointers"))
		return DOCA_ERROR_INVALID_VALUE;
	*external_umem = cq_attr->external_umem;
	*external_umem_offset = cq_attr->external_umem_offset;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_external_uar(
        struct doca_verbs_cq_attr *cq_attr, struct doca_uar *external_uar)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	cq_attr->external_uar = external_uar;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_uar *
doca_verbs_cq_attr_get_external_uar(const struct doca_verbs_cq_attr *cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return NULL;
	return cq_attr->external_uar;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_cq_attr_set_dpa_thread_id(struct doca_verbs_cq_attr *cq_attr, uint32_t dpa_thread_id)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return DOCA_ERROR_INVALID_VALUE;
	cq_attr->dpa_thread_id = dpa_thread_id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_cq_attr_get_dpa_thread_id(const struct doca_verbs_cq_attr *cq_attr)
{
	if (ATTR_BAD("cq_attr", SDPA_H_VERBS_CQ_ATTR, cq_attr))
		return 0;
	return cq_attr->dpa_thread_id;
}
