/* mf-document-keys.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-keys.h"
#include "mf-plot-list.h"

const char *const mf_document_root_keys[] = {
  MF_KEY_MANIFOLD, MF_KEY_TITLE, MF_KEY_DESCRIPTION, MF_KEY_FLUID, MF_KEY_COMPONENTS,
  MF_KEY_WIRES, MF_KEY_MODES, MF_KEY_SCHEDULE, MF_KEY_SIMULATION, MF_KEY_INITIAL,
  MF_KEY_PREFER_STATES, MF_KEY_PLOTS, NULL
};

const char *const mf_document_component_keys[] = {
  MF_KEY_COMPONENT_ID, MF_KEY_COMPONENT_TYPE, MF_KEY_COMPONENT_AT, MF_KEY_COMPONENT_ROTATION,
  NULL
};

const char *const mf_document_mode_keys[] = { MF_KEY_MODE_NAME, MF_KEY_MODE_CLOSED, NULL };

const char *const mf_document_schedule_keys[] = {
  MF_KEY_SCHEDULE_T, MF_KEY_SCHEDULE_MODE, NULL
};

const char *const mf_document_fluid_keys[] = {
  MF_KEY_FLUID_DENSITY, MF_KEY_FLUID_KINEMATIC_VISCOSITY, MF_KEY_FLUID_BULK_MODULUS, NULL
};

const char *const mf_document_simulation_keys[] = {
  MF_KEY_SIMULATION_T_END, MF_KEY_SIMULATION_METHOD, MF_KEY_SIMULATION_RTOL,
  MF_KEY_SIMULATION_ATOL, MF_KEY_SIMULATION_OUTPUT_INTERVAL, MF_KEY_SIMULATION_STEP,
  MF_KEY_SIMULATION_OUTPUTS, NULL
};
