/* mf-analysis.h: the structure of a circuit's modes (mf-reduction.h) as a
 * report — the JSON of `manifold-cli analyze --json`, whose keys are a
 * stable contract documented in docs/cli.md, and the same report as text
 * for people.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "mf-model.h"

G_BEGIN_DECLS

/* Every mode of the circuit when `mode` is -1, else only that mode (an
 * index into the circuit's modes).
 *
 *   { "manifold_analysis": 1, "title": ..., "states": [...], "modes": [
 *       { "name", "states", "constraints", "rank", "redundant",
 *         "independent", "dependent", "alpha", "mass_singular", "index",
 *         "index_lagrange", "sigma_w", "rows", "w", "mass", "mass_reduced",
 *         "mass_null_basis", "undetermined", "problems" }, ... ] }
 *
 * Numbers that are not finite are written as null.  A matrix of more than
 * 10 000 entries is written as { "rows", "cols", "entries": [[i, j, v], ...] },
 * its nonzero entries (docs/cli.md, "analyze"). */
JsonNode *mf_analysis_to_json (const MfModel *model,
                               int            mode);

/* The same report as readable text: per mode its states, W as a grid with
 * named rows and columns, rank, redundant rows, independent and dependent
 * states, α, M̄, the index, σ(W) and the problems ("  ! ..." lines). */
char     *mf_analysis_to_text (const MfModel *model,
                               int            mode);

G_END_DECLS
