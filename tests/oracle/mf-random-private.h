/* mf-random-private.h: what the parts of the random circuit generator
 * share: the circuit as drawn (nodes, branches, the optional directional
 * valve and accumulator) and the draws every part uses
 * (mf-random-circuit.c), and the optional features' own parts
 * (mf-random-features.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-random-circuit.h"

typedef enum { NODE_TANK, NODE_VOLUME, NODE_JUNCTION } NodeKind;

typedef struct
{
  NodeKind kind;
  gboolean component; /* a junction: named by a component, or just wired ports */
  int      id;        /* numbers T1, V1, J1 */
} Node;

typedef enum
{
  BR_PIPE, BR_ORIFICE, BR_VALVE, BR_CHECK, BR_RELIEF, BR_PISTON, BR_FLOW_CONTROL, BR_REDUCING
} BranchKind;

typedef struct
{
  BranchKind kind;
  int        node[2]; /* a and b (a piston: cap and rod) */
  int        id;
  double     stroke;  /* a piston with end stops: its stroke and start, m; else 0 */
  double     x0;
  gboolean   force;   /* a piston: a force that follows a state pushes it */
} Branch;

/* A directional valve DV1 between nodes P, T, A and B. */
typedef struct
{
  gboolean present;
  gboolean four_three; /* else 4/2 */
  int      node[4];    /* P, T, A, B */
} Spool;

typedef struct
{
  GRand           *rand;
  MfRandomFeatures features;
  gboolean         quasi_static; /* no pipe, no volume: nothing to integrate */
  double           t_end, dt;
  guint            n_out;
  GArray          *nodes;    /* Node */
  GArray          *branches; /* Branch */
  GArray          *sources;  /* int[2]: the nodes a and b */
  int              closing;  /* the branch a scheduled mode closes, or -1 */
  double           t_close;
  int              counts[8];
  int              accumulator; /* the node of an accumulator, or -1 */
  gboolean         accumulator_massless;
  gboolean         storage_first; /* nodes written before branches */
  int              node_counts[3]; /* T, V, J numbered so far */
  Spool            spool;
  GPtrArray       *states;   /* char*: the names feedback may use, with their kinds */
} Gen;

/* ---- mf-random-circuit.c ---- */

double      uniform (Gen *g, double lo, double hi);
double      log_uniform (Gen *g, double lo, double hi);
gboolean    chance (Gen *g, double p);
int         pick (Gen *g, int n);
/* A time between the output samples, in [lo, hi) of the run. */
double      off_grid (Gen *g, double lo, double hi);
Node       *node_at (Gen *g, int n);
Branch     *branch_at (Gen *g, int k);
BranchKind  draw_branch_kind (Gen *g);
void        add_branch (Gen *g, BranchKind kind, int a, int b);
void        draw_piston (Gen *g, int cap, int rod);
int         add_node (Gen *g, NodeKind kind);
void        number (GString *s, double x);
/* "20 bar" or "20 bar * ramp(t, 0, 0.013)", as a JSON string. */
void        quantity (GString *s, double value, const char *unit, double ramp_end);

/* ---- mf-random-features.c ---- */

void        draw_spool (Gen *g);
void        draw_storage (Gen *g);
void        feedback_value (Gen *g, GString *s, double size, gboolean positive);
void        write_spool (Gen *g, GString *s);
void        write_accumulator (Gen *g, GString *s);
void        write_chambers (Gen *g, GString *s);
