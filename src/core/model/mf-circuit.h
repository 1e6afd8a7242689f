/* mf-circuit.h: a circuit as docs/format.md describes it, typed and
 * validated, in SI.  Plain data; the loader fills it, the assembly reads it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-component-type.h"
#include "mf-expr.h"

G_BEGIN_DECLS

typedef struct
{
  MfExpr *expr;   /* NULL when the document leaves the parameter out */
  double  value;  /* SI: the default, or the expression's value if it is constant */
  int     choice; /* MF_PARAM_CHOICE: index into the spec's choices */
} MfParam;

typedef struct
{
  char                      *id;
  const MfComponentTypeInfo *info;
  MfParam                   *params; /* info->n_params of them */
  double                     at[2];  /* canvas layout, ignored by the numerics */
  int                        rotation;
} MfComponent;

typedef struct
{
  guint component; /* index into MfCircuit.components */
  guint port;      /* index into the component type's ports */
} MfPortRef;

typedef struct
{
  MfPortRef ends[2];
} MfWire;

typedef struct
{
  char   *name;
  GArray *closed; /* guint: indices of switchable components closed in this mode */
} MfMode;

typedef struct
{
  double t;
  guint  mode; /* index into MfCircuit.modes */
} MfScheduleEntry;

typedef struct
{
  double density;             /* kg/m^3 */
  double kinematic_viscosity; /* m^2/s */
  double bulk_modulus;        /* Pa */
} MfFluid;

typedef struct
{
  double     t_end;
  char      *method;          /* a name from mf-method.h */
  double     rtol;
  double     atol;
  double     output_interval; /* 0: t_end / 1000 */
  double     step;            /* fixed step; 0: adaptive */
  GPtrArray *outputs;         /* char*: the sample values a run writes, named as in the CSV
                               * header without units; NULL: every one */
} MfSimulationSettings;

typedef struct
{
  char  *name; /* a state name: "P1.v", "C1.x", "J2.p" */
  double value;
} MfInitialValue;

typedef struct
{
  char                *title;
  char                *description;
  MfFluid              fluid;
  GPtrArray           *components;       /* MfComponent*, document order */
  GArray              *wires;            /* MfWire */
  GPtrArray           *modes;            /* MfMode*; the loader adds "default" when the
                                          * document has none, and mf_model_new() needs one */
  GArray              *schedule;         /* MfScheduleEntry, sorted by t */
  MfSimulationSettings simulation;
  GArray              *initial;          /* MfInitialValue */
  GPtrArray           *preferred_states; /* char*: states pinned as independent */
  GHashTable          *ids;              /* component id → its index + 1, for
                                          * mf_circuit_find_component() */
} MfCircuit;

/* An empty circuit with the default fluid (a mineral oil: 870 kg/m^3,
 * 4.6e-5 m^2/s, 1.5 GPa) and default simulation settings (t_end 1 s,
 * msbdf, rtol 1e-6, atol 1e-9) and no mode yet: add at least one. */
MfCircuit   *mf_circuit_new (void);
void         mf_circuit_free (MfCircuit *circuit);

/* Times in [0, t_end] where an input has a kink or a jump (ramp ends, steps,
 * table breakpoints) or the schedule changes the mode, sorted, without
 * duplicates: a new array of doubles. */
GArray      *mf_circuit_breakpoints (const MfCircuit *circuit,
                                     double           t_end);

/* Adds a component with every parameter at its default.  The id must be new. */
MfComponent *mf_circuit_add_component (MfCircuit       *circuit,
                                       const char      *id,
                                       MfComponentType  type);
/* Adds a component "OWNER.NAME" of `type` inside component `owner` (a
 * directional valve's path, a pump's leak), at the owner's place, with its
 * port a wired to the owner's port `from` and its port b to `to`. */
MfComponent *mf_circuit_add_inner (MfCircuit       *circuit,
                                   guint            owner,
                                   const char      *name,
                                   MfComponentType  type,
                                   guint            from,
                                   guint            to);
/* Sets a parameter to an expression (taking ownership); keeps .value in step. */
void         mf_component_set_param (MfComponent *component,
                                     guint        param,
                                     MfExpr      *expr);
void         mf_component_set_param_value (MfComponent *component,
                                           guint        param,
                                           double       value);
/* The parameter's SI value at time t. */
double       mf_component_param_at (const MfComponent *component,
                                    guint              param,
                                    double             t);

/* Index of the component with this id, or -1. */
int          mf_circuit_find_component (const MfCircuit *circuit,
                                        const char      *id);
/* Resolves "ID.PORT"; FALSE if there is no such component or port. */
gboolean     mf_circuit_parse_port (const MfCircuit *circuit,
                                    const char      *text,
                                    MfPortRef       *ref);
/* Joins two ports given as "ID.PORT"; FALSE with MF_ERROR_INVALID if either
 * does not exist or the domains differ. */
gboolean     mf_circuit_connect (MfCircuit  *circuit,
                                 const char *port_a,
                                 const char *port_b,
                                 GError    **error);

MfMode      *mf_circuit_add_mode (MfCircuit  *circuit,
                                  const char *name);
int          mf_circuit_find_mode (const MfCircuit *circuit,
                                   const char      *name);
gboolean     mf_mode_is_closed (const MfMode *mode,
                                guint         component);

/* The mode that holds at time t according to the schedule (the first mode
 * when there is no schedule or t is before its first entry). */
guint        mf_circuit_mode_at (const MfCircuit *circuit,
                                 double           t);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfCircuit, mf_circuit_free)

G_END_DECLS
