/* mf-document-private.h: the checks of a parsed document against its format,
 * shared by mf-document.c (reading, syntax) and the rules of the format that
 * build the circuit: mf-document-validate.c (the document as a whole) with
 * mf-document-validate-fields.c (single fields), -components.c, -wires.c and
 * -modes.c (the sections with a file of their own).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "mf-document-keys.h"
#include "mf-document.h"
#include "mf-error.h"
#include "mf-json-locate.h"
#include "mf-model.h"
#include "mf-plot-list.h"
#include "mf-text.h"

G_BEGIN_DECLS

/* A diagnostic with what the GError would carry if it were the first. */
typedef struct
{
  MfDiagnostic *diagnostic;
  MfErrorCode   code;
  guint         sequence; /* order of discovery: breaks ties when sorting */
} MfFinding;

typedef struct
{
  const char    *text;
  gsize          length;
  MfJsonLocator *locator;    /* built at the first finding that needs a place */
  GArray        *findings;   /* MfFinding */
  MfCircuit     *circuit;    /* what the document builds */
  MfCircuit     *scratch;    /* holds components whose id is unusable, to check them anyway */
  GHashTable    *broken_ids; /* ids of components not built: no follow-on errors about them */
  MfPlotList  *plots;      /* the "plots" section, NULL without one */
} MfChecker;

void     mf_checker_init (MfChecker  *checker,
                          const char *text,
                          gsize       length);
void     mf_checker_clear (MfChecker *checker);

/* A finding at an explicit place (1-based; the text's syntax, before there
 * are paths). */
void     mf_checker_add (MfChecker  *checker,
                         MfSeverity  severity,
                         MfErrorCode code,
                         guint       line,
                         guint       column,
                         char       *message);
/* A finding at the value at `path` (see mf-json-locate.h). */
void     mf_checker_report (MfChecker  *checker,
                            MfSeverity  severity,
                            MfErrorCode code,
                            const char *path,
                            const char *format,
                            ...) G_GNUC_PRINTF (5, 6);
/* MF_ERROR_INVALID at the value at `path`. */
void     mf_checker_error (MfChecker  *checker,
                           const char *path,
                           const char *format,
                           ...) G_GNUC_PRINTF (3, 4);
/* MF_ERROR_INVALID at the name of the member at `path`. */
void     mf_checker_error_at_key (MfChecker  *checker,
                                  const char *path,
                                  const char *format,
                                  ...) G_GNUC_PRINTF (3, 4);
/* MF_ERROR_INVALID at byte `offset` of the string value at `path`. */
void     mf_checker_error_in_string (MfChecker  *checker,
                                     const char *path,
                                     gsize       offset,
                                     const char *format,
                                     ...) G_GNUC_PRINTF (4, 5);
/* A warning at the name of the member at `path`. */
void     mf_checker_warn_key (MfChecker  *checker,
                              const char *path,
                              const char *format,
                              ...) G_GNUC_PRINTF (3, 4);
/* MF_ERROR_SYNTAX at byte `offset` of the string value at `path`. */
void     mf_checker_syntax_in_string (MfChecker  *checker,
                                      const char *path,
                                      gsize       offset,
                                      const char *format,
                                      ...) G_GNUC_PRINTF (4, 5);

gboolean mf_checker_has_errors (const MfChecker *checker);

/* Checks a parsed document against docs/format.md and fills
 * checker->circuit. */
void     mf_document_check (MfChecker *checker,
                            JsonNode  *root);

/* What a value written in the document must be. */
typedef struct
{
  const char *owner; /* who has it, for messages: "component 'P1'", "fluid" */
  const char *name;
  MfQuantity  quantity;
  gboolean    any_dimension; /* no unit to check (atol: in the units of each state) */
  MfRange     range;
  gboolean    may_vary;
} MfValueRule;

/* mf-document-validate-fields.c: the checks of single fields. */

gboolean    mf_document_is_number (JsonNode *node);
gboolean    mf_document_is_string (JsonNode *node);
/* The one of `names` and of the parameters of `info` (either may be NULL)
 * that a typo of `name` most likely meant, or NULL. */
const char *mf_document_closest_name (const char                *name,
                                      const char *const         *names,
                                      const MfComponentTypeInfo *info);
/* The id of the circuit's components that a typo of `id` most likely
 * meant, or NULL (none close, or two as close: mf_suggest()). */
const char *mf_document_closest_component (const MfChecker *checker,
                                           const char      *id);
/* Warns about every member of `object` that is neither in `known` nor a
 * parameter of `info`. */
void        mf_document_warn_unknown_fields (MfChecker                 *checker,
                                             JsonObject                *object,
                                             const char                *path,
                                             const char                *owner,
                                             const char *const         *known,
                                             const MfComponentTypeInfo *info);
/* A number in SI, or a string read by mf_expr_parse; NULL when it breaks
 * `rule` (reported). */
MfExpr     *mf_document_check_value (MfChecker         *checker,
                                     JsonNode          *node,
                                     const char        *path,
                                     const MfValueRule *rule);
gboolean    mf_document_check_constant (MfChecker         *checker,
                                        JsonNode          *node,
                                        const char        *path,
                                        const MfValueRule *rule,
                                        double            *value);
/* `rule->name` of `object` (at `path`) as a constant; *value is left alone
 * when the field is absent or wrong. */
void        mf_document_check_constant_field (MfChecker         *checker,
                                              JsonObject        *object,
                                              const char        *path,
                                              const MfValueRule *rule,
                                              double            *value);

/* The sections with a file of their own, in the order they must be checked:
 * wires and modes name components, the schedule names modes. */
void        mf_document_check_components (MfChecker *checker,
                                          JsonNode  *node);
void        mf_document_check_wires (MfChecker *checker,
                                     JsonNode  *node);
void        mf_document_check_modes (MfChecker *checker,
                                     JsonNode  *node);
void        mf_document_check_schedule (MfChecker *checker,
                                        JsonNode  *node);

/* mf-document-validate-outputs.c: the simulation's "outputs" — the list's
 * shape with the other settings (into checker->circuit), its names against
 * the assembled circuit `model`. */
void        mf_document_check_output_list (MfChecker  *checker,
                                           JsonObject *simulation);
void        mf_document_check_output_names (MfChecker     *checker,
                                            const MfModel *model);

/* Where a name of an output is written, for the words of its message. */
typedef enum
{
  MF_NAMES_OF_OUTPUTS, /* simulation: outputs */
  MF_NAMES_OF_PLOTS,   /* plots */
} MfNamesOf;
/* Reports `name` (at `path`) unless it is one of `known` (the names of
 * mf_simulation_value_names()), with the closest of them when one is
 * close; *candidates caches their list (NULL at first, then g_free it).
 * FALSE when reported. */
gboolean    mf_document_check_value_name (MfChecker    *checker,
                                          MfNamesOf     where,
                                          const char   *name,
                                          const char   *path,
                                          GHashTable   *known,
                                          const char ***candidates);

/* mf-document-validate-plots.c: the "plots" section — its shape (into
 * checker->plots), then its names against the assembled circuit `model`. */
void        mf_document_check_plots (MfChecker *checker,
                                     JsonNode  *node);
void        mf_document_check_plot_names (MfChecker     *checker,
                                          const MfModel *model);

/* mf-document-validate-names.c: the names of outputs, initial values and
 * preferred states against the assembled circuit, once the rest of the
 * document has loaded without an error. */
void        mf_document_check_names (MfChecker *checker);

/* Checks that `node`, the value of `field`, is an array, then each of its
 * elements with `check` (its index, and `data`). */
typedef void (*MfElementChecker) (MfChecker *checker,
                                  JsonNode  *element,
                                  guint      index,
                                  gpointer   data);
void mf_document_check_each (MfChecker        *checker,
                             JsonNode         *node,
                             const char       *field,
                             MfElementChecker  check,
                             gpointer          data);

G_END_DECLS
