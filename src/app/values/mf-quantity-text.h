/* mf-quantity-text.h: values as the property panels show and take them — a
 * number with a unit picked from a short list, or an expression in t — and
 * the check a typed value gets before it reaches the document, worded for
 * the field it is typed in.  No GTK: tested without a display.
 *
 * Every unit offered here is one the core's parser reads (mf_unit_match), so
 * whatever a panel writes loads again.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-component-type.h"
#include "mf-units.h"

G_BEGIN_DECLS

/* A unit a quantity may be written in. */
typedef struct
{
  const char *spelling; /* as written in documents: "m^3/s", "L/min", "N*s/m" */
  const char *label;    /* as shown to people: "m³/s", "L/min", "N·s/m" */
  double      factor;   /* SI value of one unit */
} MfUnitChoice;

/* The units offered for `quantity`, SI first; *n_units is 0 for
 * dimensionless values (no unit to pick). */
const MfUnitChoice *mf_quantity_units (MfQuantity quantity,
                                       guint     *n_units);
/* The index in mf_quantity_units() of the unit spelled `spelling` (or a
 * synonym the parser reads with the same factor: "l/min", "Ns/m"), or -1. */
int                 mf_quantity_find_unit (MfQuantity  quantity,
                                           const char *spelling);

/* What a typed value must satisfy: the loader's rule for that field. */
typedef struct
{
  const char *name;          /* the field, for messages: "diameter" */
  MfQuantity  quantity;
  MfRange     range;
  gboolean    may_vary;      /* an expression in t is allowed */
  gboolean    required;      /* an empty text is refused */
  gboolean    any_dimension; /* units are not checked (atol) */
} MfQuantityRule;

void      mf_quantity_rule_from_param (MfQuantityRule    *rule,
                                       const MfParamSpec *spec);

/* Checks `text` as the loader checks the field (syntax, the dimension of its
 * units, dependence on t, range of a constant).  An empty text is fine unless
 * the rule is `required` (it means "use the default").  FALSE with an
 * MF_ERROR_INVALID or MF_ERROR_SYNTAX error whose message says in words what
 * is wrong: "'bar' is a pressure, but length needs a length (m)". */
gboolean  mf_quantity_text_check (const MfQuantityRule *rule,
                                  const char           *text,
                                  GError              **error);

/* Splits "12 mm", "1e-5", "-3.5 bar" into the number and the index of its
 * unit in mf_quantity_units() (0, the SI unit, when no unit is written).
 * FALSE for anything else: expressions, units not in the list, or a unit of
 * another quantity. */
gboolean  mf_quantity_text_split (MfQuantity  quantity,
                                  const char *text,
                                  double     *number,
                                  guint      *unit);
/* A number written with a unit of the quantity, in the form documents and
 * labels show: the number as typed, one space, and the unit as the list
 * spells it ("12mm" → "12 mm", "3  l/min" → "3 L/min"), or as typed when
 * the parser reads it as a unit of the quantity that the list lacks ("5mbar"
 * → "5 mbar").  NULL for anything else: a bare number, an expression, a unit
 * of another quantity, a dimensionless quantity. */
char     *mf_quantity_text_normalize (MfQuantity  quantity,
                                      const char *text);
/* The same with the unit as the property panel shows it ("20 mm^2" →
 * "20 mm²", "3 l/min" → "3 L/min"), for people, not for documents.  NULL
 * for the same texts. */
char     *mf_quantity_text_readable (MfQuantity  quantity,
                                     const char *text);
/* TRUE when `text` is a plain number and nothing else (spaces aside): the
 * entry then joins it with the picked unit. */
gboolean  mf_quantity_text_is_number (const char *text,
                                      double     *number);
/* The text for `number` in unit `unit` of the quantity's list: "12 mm", or
 * a plain "0.012" for the SI unit (the document then keeps a JSON number,
 * which docs/format.md reads as SI). */
char     *mf_quantity_text_join (MfQuantity quantity,
                                 double     number,
                                 guint      unit);
/* The SI `value` as text in unit `unit` of the list (the SI unit when out
 * of range), to 12 figures so that the division by the unit's size leaves
 * no noise: 0.25 s in ms is "250 ms", not "250.00000000000003 ms". */
char     *mf_quantity_text_in_unit (MfQuantity quantity,
                                    double     value,
                                    guint      unit);
/* `number` printed with the fewest significant digits (at most 15) that
 * read back as the same double, or as close as 15 digits get: "0.61",
 * "1e-05", "60". */
char     *mf_quantity_text_number (double number);
/* The index in mf_quantity_units() of the first listed unit that puts the
 * SI `value` between 1 and 1000 ("60 bar", "10 mm"); -1 when none does, or
 * for 0, an infinite value or a dimensionless quantity. */
int       mf_quantity_best_unit (MfQuantity quantity,
                                 double     value);
/* An SI value for people, in the first listed unit that puts it between 1
 * and 1000 (else in SI): "10 mm", "60 bar", "1.5 GPa", "0 Pa", "0.61",
 * "∞ m".  Shows defaults; it uses the units' labels, so it is not document
 * text. */
char     *mf_quantity_text_format_si (MfQuantity quantity,
                                      double     value);

G_END_DECLS
