/* mf-structural-report.h: a mode's structural analysis (mf-structural.h)
 * in the report of `manifold-cli analyze` (mf-analysis.h) — the keys
 * "incidence", "matching", "pantelides" and "blt" of a mode object
 * (docs/cli.md, "analyze"), and a short section of the text report.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "mf-structural.h"

G_BEGIN_DECLS

/* The members of a mode object, into the object `builder` is building;
 * `index_lagrange` is the numerical index they are compared with. */
void mf_structural_report_json (JsonBuilder        *builder,
                                const MfStructural *structural,
                                int                 index_lagrange);

/* Lines of two-space indent: the incidence's size and its matching, the
 * equations differentiated, the structural index against the numerical
 * ones, the dummy derivatives, the blocks and their tears.  Lists longer
 * than a few names end with how many more there are. */
void mf_structural_report_text (GString            *out,
                                const MfStructural *structural,
                                int                 index_lagrange);

G_END_DECLS
