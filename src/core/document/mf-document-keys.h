/* mf-document-keys.h: the names of a circuit document's JSON members
 * (docs/format.md), one set for the loader, the editor and the window.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* the root object's members, in the order docs/format.md lists them */
#define MF_KEY_MANIFOLD      "manifold"
#define MF_KEY_TITLE         "title"
#define MF_KEY_DESCRIPTION   "description"
#define MF_KEY_FLUID         "fluid"
#define MF_KEY_COMPONENTS    "components"
#define MF_KEY_WIRES         "wires"
#define MF_KEY_MODES         "modes"
#define MF_KEY_SCHEDULE      "schedule"
#define MF_KEY_SIMULATION    "simulation"
#define MF_KEY_INITIAL       "initial"
#define MF_KEY_PREFER_STATES "prefer_states"
/* then "plots" (MF_KEY_PLOTS), whose members are in mf-plot-list.h */

/* a component's own members (its parameters are its type's: mf-component-type.h) */
#define MF_KEY_COMPONENT_ID       "id"
#define MF_KEY_COMPONENT_TYPE     "type"
#define MF_KEY_COMPONENT_AT       "at"
#define MF_KEY_COMPONENT_ROTATION "rotation"

/* a mode's and a schedule entry's members */
#define MF_KEY_MODE_NAME     "name"
#define MF_KEY_MODE_CLOSED   "closed"
#define MF_KEY_SCHEDULE_T    "t"
#define MF_KEY_SCHEDULE_MODE "mode"

/* the members of "fluid" */
#define MF_KEY_FLUID_DENSITY             "density"
#define MF_KEY_FLUID_KINEMATIC_VISCOSITY "kinematic_viscosity"
#define MF_KEY_FLUID_BULK_MODULUS        "bulk_modulus"

/* the members of "simulation" */
#define MF_KEY_SIMULATION_T_END           "t_end"
#define MF_KEY_SIMULATION_METHOD          "method"
#define MF_KEY_SIMULATION_RTOL            "rtol"
#define MF_KEY_SIMULATION_ATOL            "atol"
#define MF_KEY_SIMULATION_OUTPUT_INTERVAL "output_interval"
#define MF_KEY_SIMULATION_STEP            "step"
#define MF_KEY_SIMULATION_OUTPUTS         "outputs"

/* The members each object may have, in the order above, NULL-terminated. */
extern const char *const mf_document_root_keys[];
extern const char *const mf_document_component_keys[];
extern const char *const mf_document_mode_keys[];
extern const char *const mf_document_schedule_keys[];
extern const char *const mf_document_fluid_keys[];
extern const char *const mf_document_simulation_keys[];

G_END_DECLS
