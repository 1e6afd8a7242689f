/* mf-random-features.c: the parts of random circuits that optional
 * features add (mf-random-circuit.h): values that follow a state
 * (feedback), a directional valve (spools), an accumulator and a reducing
 * valve, pistons' compliant chambers (storage).  Each draws only when its feature is asked for, so the
 * other features' seeds keep their circuits.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-random-private.h"

#include <math.h>
#include <string.h>

/* A directional valve fed at P and drained at T by two nodes of the
 * circuit, its A and B two new volumes, often joined by a cylinder, and
 * now and then by a branch to the rest. */
void
draw_spool (Gen *g)
{
  Spool *spool = &g->spool;
  int n = (int) g->nodes->len;

  spool->present = TRUE;
  spool->four_three = chance (g, 0.75);
  spool->node[0] = pick (g, n);
  spool->node[1] = (spool->node[0] + 1 + pick (g, n - 1)) % n;
  /* hoses on A and B: with the paths shut, a cylinder's chambers between
   * them and an incompressible A or B would have no pressure of their own
   * (docs/model.md, "Directional valves") */
  for (int e = 2; e < 4; e++)
    spool->node[e] = add_node (g, NODE_VOLUME);
  if (!g->quasi_static && chance (g, 0.6))
    draw_piston (g, spool->node[2], spool->node[3]);
  for (int e = 2; e < 4; e++)
    if (chance (g, 0.4))
      add_branch (g, draw_branch_kind (g), spool->node[e], pick (g, n));
}

/* An accumulator on a node that is no tank, massless on a junction one
 * time in two (on a volume it has the mass of the fluid in its port: a
 * massless one there is badly conditioned, docs/model.md "Accumulators");
 * a reducing valve into a volume, whose pressure is a state. */
void
draw_storage (Gen *g)
{
  int n = (int) g->nodes->len, n_volumes = 0, n_untanked = 0;
  g_autofree int *volumes = g_new (int, n), *untanked = g_new (int, n);

  for (int i = 0; i < n; i++)
    {
      if (node_at (g, i)->kind == NODE_VOLUME)
        volumes[n_volumes++] = i;
      if (node_at (g, i)->kind != NODE_TANK)
        untanked[n_untanked++] = i;
    }
  g->accumulator = -1;
  if (n_untanked > 0 && chance (g, 0.7))
    {
      g->accumulator = untanked[pick (g, n_untanked)];
      g->accumulator_massless = node_at (g, g->accumulator)->kind == NODE_JUNCTION
                                && chance (g, 0.5);
    }
  if (n_volumes > 0 && chance (g, 0.7))
    {
      int outlet = volumes[pick (g, n_volumes)];
      Branch br = { BR_REDUCING, { pick (g, n), outlet }, 0 };

      if (br.node[0] != outlet)
        {
          br.id = ++g->counts[BR_REDUCING];
          g_array_append_val (g->branches, br);
        }
    }
}

/* A value that follows one of the circuit's states (docs/model.md,
 * "Feedback"), in SI: clamp(size·(1 + gain·(NAME − ref)/span), lo, hi),
 * span what the state typically moves by, lo > 0 when `positive` (an
 * area that never closes), else −hi. */
void
feedback_value (Gen *g, GString *s, double size, gboolean positive)
{
  const char *name = g_ptr_array_index (g->states, pick (g, (int) g->states->len));
  char kind = name[strlen (name) - 1];
  double span = kind == 'p' ? 100e5 : kind == 'x' ? 0.02 : 0.5;
  double ref = kind == 'p' ? uniform (g, 0.0, 200e5) : 0.0;
  double gain = uniform (g, -2.0, 2.0) / span;
  double lo = positive ? size * uniform (g, 0.1, 0.5) : -size, hi = size * uniform (g, 1.5, 3.0);

  g_string_append (s, "\"clamp(");
  number (s, size);
  g_string_append (s, "*(1 + ");
  number (s, gain);
  g_string_append_printf (s, "*(%s - ", name);
  number (s, ref);
  g_string_append (s, ")), ");
  number (s, lo);
  g_string_append (s, ", ");
  number (s, hi);
  g_string_append (s, ")\"");
}

/* A spool position that passes through 0 (so paths close and open): a
 * ramp from one side to the other, or a sine.  (A step would switch the
 * paths at the instant of a jump, where the oracle's consistent states
 * before and after it are not told apart.) */
static void
spool_position (Gen *g, GString *s)
{
  double s0 = uniform (g, -1.2, 1.2), s1 = copysign (uniform (g, 0.2, 1.2), -s0);

  g_string_append_c (s, '"');
  if (chance (g, 0.5))
    {
      number (s, uniform (g, 0.3, 1.2));
      g_string_append (s, "*sin(");
      number (s, 2.0 * G_PI * uniform (g, 1.0, 4.0) / g->t_end);
      g_string_append (s, "*t + ");
      number (s, uniform (g, 0.0, 2.0 * G_PI));
      g_string_append (s, ")\"");
      return;
    }
  number (s, s0);
  g_string_append (s, " + ");
  number (s, s1 - s0);
  g_string_append (s, "*ramp(t, ");
  number (s, off_grid (g, 0.05, 0.45));
  g_string_append (s, ", ");
  number (s, off_grid (g, 0.5, 0.9));
  g_string_append (s, ")\"");
}

void
write_spool (Gen *g, GString *s)
{
  static const char *const centres[] = { "closed", "open", "tandem", "float" };

  if (!g->spool.present)
    return;
  g_string_append_printf (s, "    { \"id\": \"DV1\", \"type\": \"%s\", \"full_area\": ",
                          g->spool.four_three ? "valve_4_3" : "valve_4_2");
  quantity (s, log_uniform (g, 1.0, 50.0), "mm^2", 0.0);
  if (g->spool.four_three)
    g_string_append_printf (s, ", \"centre\": \"%s\"", centres[pick (g, 4)]);
  if (chance (g, 0.7))
    {
      g_string_append (s, ", \"overlap\": ");
      number (s, uniform (g, -0.2, 0.2));
    }
  if (chance (g, 0.3))
    {
      g_string_append (s, ", \"cd\": ");
      number (s, uniform (g, 0.5, 0.8));
    }
  g_string_append (s, ", \"spool\": ");
  spool_position (g, s);
  g_string_append (s, " },\n");
}

void
write_accumulator (Gen *g, GString *s)
{
  if (g->accumulator < 0)
    return;
  g_string_append (s, "    { \"id\": \"A1\", \"type\": \"accumulator\", \"precharge_pressure\": ");
  quantity (s, uniform (g, 10.0, 100.0), "bar", 0.0);
  g_string_append (s, ", \"gas_volume\": ");
  quantity (s, log_uniform (g, 0.1, 2.0), "L", 0.0);
  g_string_append (s, ", \"polytropic_exponent\": ");
  number (s, uniform (g, 1.0, 1.4));
  if (!g->accumulator_massless)
    {
      g_string_append (s, ", \"mass\": ");
      quantity (s, log_uniform (g, 5.0, 50.0), "g", 0.0);
    }
  g_string_append (s, " },\n");
}

/* A piston with a stroke has compliant chambers one time in two at each
 * end (docs/model.md, "Compliant chambers"). */
void
write_chambers (Gen *g, GString *s)
{
  if (chance (g, 0.5))
    {
      g_string_append (s, ", \"cap_dead_volume\": ");
      quantity (s, log_uniform (g, 0.05, 0.5), "L", 0.0);
    }
  if (chance (g, 0.5))
    {
      g_string_append (s, ", \"rod_dead_volume\": ");
      quantity (s, log_uniform (g, 0.05, 0.5), "L", 0.0);
    }
}
