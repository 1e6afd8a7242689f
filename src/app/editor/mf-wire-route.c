/* mf-wire-route.c: orthogonal wire routes and junction dots.
 *
 * A wire is routed as a short L or Z from port to port: a handful of
 * candidates, each scored by its bends and length, with penalties for
 * doubling back, for leaving or entering a port other than the way it
 * faces, and for cutting through the symbols it joins.  That keeps a hand-placed
 * schematic tidy without a maze router, and is cheap enough to redo for
 * every step of a drag.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-wire-route.h"

#include <math.h>
#include <string.h>

/* Room for the candidates before they are simplified. */
typedef struct
{
  guint         n;
  MfCanvasPoint p[MF_WIRE_ROUTE_MAX_POINTS + 2];
} Path;

MfPortDirection
mf_wire_segment_direction (const MfCanvasPoint *a,
                           const MfCanvasPoint *b)
{
  if (b->x > a->x)
    return MF_PORT_DIRECTION_EAST;
  if (b->x < a->x)
    return MF_PORT_DIRECTION_WEST;
  if (b->y > a->y)
    return MF_PORT_DIRECTION_SOUTH;
  return MF_PORT_DIRECTION_NORTH;
}

MfPortDirection
mf_port_direction_opposite (MfPortDirection direction)
{
  if (direction == MF_PORT_DIRECTION_NONE)
    return direction;
  return (MfPortDirection) ((direction + 1) % 4 + 1);
}

static void
path_add (Path   *path,
          double  x,
          double  y)
{
  if (path->n > 0 && path->p[path->n - 1].x == x && path->p[path->n - 1].y == y)
    return;
  path->p[path->n].x = x;
  path->p[path->n].y = y;
  path->n++;
}

/* Whether the segment enters the inside of `box` (running along its edge
 * does not count). */
static gboolean
segment_cuts_box (const MfCanvasPoint     *a,
                  const MfCanvasPoint     *b,
                  const cairo_rectangle_t *box)
{
  const double inset = 2.0;
  double x1 = MIN (a->x, b->x), x2 = MAX (a->x, b->x);
  double y1 = MIN (a->y, b->y), y2 = MAX (a->y, b->y);

  return x2 > box->x + inset && x1 < box->x + box->width - inset
         && y2 > box->y + inset && y1 < box->y + box->height - inset;
}

/* Leaving a port sideways turns the corner at the port itself, which reads
 * well and costs a little more than a bend; leaving it backwards runs into
 * its own symbol. */
static double
turn_cost (MfPortDirection port,
           MfPortDirection segment)
{
  if (port == MF_PORT_DIRECTION_NONE || segment == port)
    return 0;
  if (segment == mf_port_direction_opposite (port))
    return 100;
  return 15;
}

static double
path_cost (const Path      *path,
           const MfWireEnd *a,
           const MfWireEnd *b)
{
  double cost = 0, length = 0;
  int last = -1;

  for (guint i = 0; i + 1 < path->n; i++)
    {
      const MfCanvasPoint *p = &path->p[i], *q = &path->p[i + 1];
      int d = (int) mf_wire_segment_direction (p, q);

      length += fabs (q->x - p->x) + fabs (q->y - p->y);
      if (last >= 0 && d != last)
        cost += d == (int) mf_port_direction_opposite (last) ? 1000 : 10;
      if (i == 0)
        cost += turn_cost (a->direction, (MfPortDirection) d);
      if (i + 2 == path->n)
        cost += turn_cost (mf_port_direction_opposite (b->direction), (MfPortDirection) d);
      if (a->box != NULL && segment_cuts_box (p, q, a->box))
        cost += 200;
      if (b->box != NULL && segment_cuts_box (p, q, b->box))
        cost += 200;
      last = d;
    }
  /* added last, so that equally long paths tie exactly and the first
   * candidate, turning halfway, wins */
  return cost + 0.01 * length;
}

static double
snap (double value)
{
  return round (value / MF_SYMBOL_GRID) * MF_SYMBOL_GRID;
}

/* From a over a1 and b1 to b: across then along (shape 0), along then
 * across (1), across-along-across turning at x = mid (2), or
 * along-across-along turning at y = mid (3). */
static void
path_candidate (Path                *path,
                const MfWireEnd     *a,
                const MfCanvasPoint *a1,
                const MfCanvasPoint *b1,
                const MfWireEnd     *b,
                int                  shape,
                double               mid)
{
  path->n = 0;
  path_add (path, a->x, a->y);
  path_add (path, a1->x, a1->y);
  if (shape == 0)
    path_add (path, b1->x, a1->y);
  else if (shape == 1)
    path_add (path, a1->x, b1->y);
  else if (shape == 2)
    {
      path_add (path, mid, a1->y);
      path_add (path, mid, b1->y);
    }
  else
    {
      path_add (path, a1->x, mid);
      path_add (path, b1->x, mid);
    }
  path_add (path, b1->x, b1->y);
  path_add (path, b->x, b->y);
}

/* Drops the points in the middle of straight runs. */
static void
path_simplify (Path *path)
{
  guint n = 0;

  for (guint i = 0; i < path->n; i++)
    {
      if (n >= 2)
        {
          const MfCanvasPoint *p = &path->p[n - 2], *q = &path->p[n - 1], *r = &path->p[i];

          if ((p->x == q->x && q->x == r->x) || (p->y == q->y && q->y == r->y))
            n--;
        }
      path->p[n++] = path->p[i];
    }
  path->n = n;
}

void
mf_wire_route (const MfWireEnd *a,
               const MfWireEnd *b,
               MfWireRoute     *route)
{
  const cairo_rectangle_t *boxes[2] = { a->box, b->box };
  Path best = { 0 };
  double best_cost = G_MAXDOUBLE;

  /* Each candidate either first steps a grid unit out of both ports, or
   * runs from port to port directly; a Z turns halfway, or just clear of
   * either symbol, to get round it. */
  for (int step = 0; step < 2; step++)
    {
      MfCanvasPoint a1, b1;
      double mids[2][5];
      guint n_mids[2] = { 1, 1 };
      double ux, uy;

      mf_port_direction_vector (a->direction, &ux, &uy);
      a1.x = a->x + step * MF_SYMBOL_GRID * ux;
      a1.y = a->y + step * MF_SYMBOL_GRID * uy;
      mf_port_direction_vector (b->direction, &ux, &uy);
      b1.x = b->x + step * MF_SYMBOL_GRID * ux;
      b1.y = b->y + step * MF_SYMBOL_GRID * uy;
      mids[0][0] = snap ((a1.x + b1.x) / 2);
      mids[1][0] = snap ((a1.y + b1.y) / 2);
      for (guint k = 0; k < 2; k++)
        if (boxes[k] != NULL)
          {
            const cairo_rectangle_t *r = boxes[k];

            mids[0][n_mids[0]++] = floor (r->x / MF_SYMBOL_GRID) * MF_SYMBOL_GRID - MF_SYMBOL_GRID;
            mids[0][n_mids[0]++] = ceil ((r->x + r->width) / MF_SYMBOL_GRID) * MF_SYMBOL_GRID
                                   + MF_SYMBOL_GRID;
            mids[1][n_mids[1]++] = floor (r->y / MF_SYMBOL_GRID) * MF_SYMBOL_GRID - MF_SYMBOL_GRID;
            mids[1][n_mids[1]++] = ceil ((r->y + r->height) / MF_SYMBOL_GRID) * MF_SYMBOL_GRID
                                   + MF_SYMBOL_GRID;
          }
      for (int shape = 0; shape < 4; shape++)
        for (guint m = 0; m < (shape < 2 ? 1 : n_mids[shape - 2]); m++)
          {
            Path path;
            double cost;

            path_candidate (&path, a, &a1, &b1, b, shape, shape < 2 ? 0 : mids[shape - 2][m]);
            cost = path_cost (&path, a, b);
            if (cost < best_cost)
              {
                best_cost = cost;
                best = path;
              }
          }
    }
  path_simplify (&best);
  g_assert (best.n <= MF_WIRE_ROUTE_MAX_POINTS);
  route->n_points = best.n;
  memcpy (route->points, best.p, best.n * sizeof (MfCanvasPoint));
}

/* ---- junction dots ---- */

/* The directions in which lines of the node leave (x, y), as a bit mask;
 * 0 at a port in the middle of its symbol. */
static guint
directions_at (const MfWireRoute * const *routes,
               guint                     n_routes,
               const MfWireEnd          *ports,
               guint                     n_ports,
               const MfCanvasPoint      *here)
{
  guint mask = 0;

  for (guint k = 0; k < n_routes; k++)
    for (guint i = 0; i + 1 < routes[k]->n_points; i++)
      {
        const MfCanvasPoint *p = &routes[k]->points[i], *q = &routes[k]->points[i + 1];
        gboolean on_x = p->x == q->x && here->x == p->x && here->y >= MIN (p->y, q->y)
                        && here->y <= MAX (p->y, q->y);
        gboolean on_y = p->y == q->y && here->y == p->y && here->x >= MIN (p->x, q->x)
                        && here->x <= MAX (p->x, q->x);

        if (!on_x && !on_y)
          continue;
        if (here->x != q->x || here->y != q->y)
          mask |= 1u << mf_wire_segment_direction (here, q);
        if (here->x != p->x || here->y != p->y)
          mask |= 1u << mf_wire_segment_direction (here, p);
      }
  for (guint k = 0; k < n_ports; k++)
    {
      if (ports[k].x != here->x || ports[k].y != here->y)
        continue;
      if (ports[k].direction == MF_PORT_DIRECTION_NONE)
        return 0;
      /* the port's lead runs into its symbol */
      mask |= 1u << mf_port_direction_opposite (ports[k].direction);
    }
  return mask;
}

static guint
count_bits (guint mask)
{
  guint n = 0;

  for (; mask != 0; mask &= mask - 1)
    n++;
  return n;
}

/* ---- the same for a node of many wires ---- */

/* A straight run of some route: along y = `at` from x = `from` to `to`
 * (or along x = `at` in y), from < to. */
typedef struct
{
  double at;
  double from;
  double to;
} Run;

/* A port's place, and the bit its lead adds there (0 for a port in the
 * middle of its symbol, which marks the node itself). */
typedef struct
{
  double x;
  double y;
  guint  bit;
} PortMark;

static int
compare_runs (const void *a,
              const void *b)
{
  const Run *x = a, *y = b;

  if (x->at != y->at)
    return x->at < y->at ? -1 : 1;
  return (x->from > y->from) - (x->from < y->from);
}

static int
compare_marks (const void *a,
               const void *b)
{
  const PortMark *x = a, *y = b;

  if (x->x != y->x)
    return x->x < y->x ? -1 : 1;
  return (x->y > y->y) - (x->y < y->y);
}

/* Sorts the runs and joins those on one line that overlap or touch: what
 * is left are the stretches the lines of the node cover. */
static guint
join_runs (Run   *runs,
           guint  n)
{
  guint kept = 0;

  qsort (runs, n, sizeof (Run), compare_runs);
  for (guint i = 0; i < n; i++)
    {
      if (kept > 0 && runs[kept - 1].at == runs[i].at && runs[i].from <= runs[kept - 1].to)
        runs[kept - 1].to = MAX (runs[kept - 1].to, runs[i].to);
      else
        runs[kept++] = runs[i];
    }
  return kept;
}

/* The last of the joined runs on line `at` that starts before `value`
 * (or at it, with `or_at`), or NULL. */
static const Run *
run_before (const Run *runs,
            guint      n,
            double     at,
            double     value,
            gboolean   or_at)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      const Run *r = &runs[mid];

      if (r->at < at || (r->at == at && (r->from < value || (or_at && r->from == value))))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 && runs[lo - 1].at == at ? &runs[lo - 1] : NULL;
}

/* The directions in which the joined runs leave `value` on line `at`:
 * `before` (west or north) when a run comes from before it, `after` when
 * one goes on past it. */
static guint
run_directions (const Run *runs,
                guint      n,
                double     at,
                double     value,
                guint      before,
                guint      after)
{
  const Run *r;
  guint mask = 0;

  r = run_before (runs, n, at, value, FALSE);
  if (r != NULL && value <= r->to)
    mask |= before;
  r = run_before (runs, n, at, value, TRUE);
  if (r != NULL && value < r->to)
    mask |= after;
  return mask;
}

static guint
point_hash (gconstpointer key)
{
  const MfCanvasPoint *p = key;
  /* -0 and 0 are one place */
  double x = p->x + 0.0, y = p->y + 0.0;

  return g_double_hash (&x) * 31u + g_double_hash (&y);
}

static gboolean
point_equal (gconstpointer a,
             gconstpointer b)
{
  const MfCanvasPoint *p = a, *q = b;

  return p->x == q->x && p->y == q->y;
}

/* What directions_at() finds at every point, from the runs joined and
 * sorted once: O(k log k) for k segments instead of O(k²). */
static void
find_junctions_sorted (const MfWireRoute * const *routes,
                       guint                     n_routes,
                       const MfWireEnd          *ports,
                       guint                     n_ports,
                       GArray                   *dots)
{
  g_autoptr (GArray) across = g_array_new (FALSE, FALSE, sizeof (Run)); /* horizontal */
  g_autoptr (GArray) down = g_array_new (FALSE, FALSE, sizeof (Run));   /* vertical */
  g_autofree PortMark *marks = g_new (PortMark, n_ports + 1);
  g_autoptr (GHashTable) tried = g_hash_table_new (point_hash, point_equal);
  guint n_across, n_down;

  for (guint k = 0; k < n_routes; k++)
    for (guint i = 0; i + 1 < routes[k]->n_points; i++)
      {
        const MfCanvasPoint *p = &routes[k]->points[i], *q = &routes[k]->points[i + 1];

        if (p->y == q->y && p->x != q->x)
          g_array_append_val (across, ((Run) { p->y, MIN (p->x, q->x), MAX (p->x, q->x) }));
        else if (p->x == q->x && p->y != q->y)
          g_array_append_val (down, ((Run) { p->x, MIN (p->y, q->y), MAX (p->y, q->y) }));
      }
  n_across = join_runs ((Run *) across->data, across->len);
  n_down = join_runs ((Run *) down->data, down->len);
  for (guint k = 0; k < n_ports; k++)
    marks[k] = (PortMark) { ports[k].x, ports[k].y,
                            ports[k].direction == MF_PORT_DIRECTION_NONE
                              ? 0 : 1u << mf_port_direction_opposite (ports[k].direction) };
  qsort (marks, n_ports, sizeof (PortMark), compare_marks);

  for (guint k = 0; k < n_routes; k++)
    for (guint i = 0; i < routes[k]->n_points; i++)
      {
        const MfCanvasPoint *p = &routes[k]->points[i];
        PortMark key = { p->x, p->y, 0 };
        PortMark *mark;
        guint mask;

        if (!g_hash_table_add (tried, (gpointer) p))
          continue;
        mask = run_directions ((const Run *) across->data, n_across, p->y, p->x,
                               1u << MF_PORT_DIRECTION_WEST, 1u << MF_PORT_DIRECTION_EAST)
               | run_directions ((const Run *) down->data, n_down, p->x, p->y,
                                 1u << MF_PORT_DIRECTION_NORTH, 1u << MF_PORT_DIRECTION_SOUTH);
        /* the ports here: the first of them in sorted order, then the rest */
        mark = bsearch (&key, marks, n_ports, sizeof (PortMark), compare_marks);
        while (mark != NULL && mark > marks && compare_marks (mark - 1, &key) == 0)
          mark--;
        for (; mark != NULL && mark < marks + n_ports && compare_marks (mark, &key) == 0; mark++)
          {
            if (mark->bit == 0)
              {
                mask = 0;
                break;
              }
            mask |= mark->bit;
          }
        if (count_bits (mask) >= 3)
          g_array_append_val (dots, *p);
      }
}

/* Past this many routes in a node, sorting its runs once beats looking at
 * every segment from every point. */
#define FEW_ROUTES 12

void
mf_wire_route_find_junctions (const MfWireRoute * const *routes,
                              guint                     n_routes,
                              const MfWireEnd          *ports,
                              guint                     n_ports,
                              GArray                   *dots)
{
  g_autoptr (GArray) tried = NULL;

  /* two wires cannot make three directions */
  if (n_routes < 2)
    return;
  if (n_routes > FEW_ROUTES)
    {
      find_junctions_sorted (routes, n_routes, ports, n_ports, dots);
      return;
    }
  tried = g_array_new (FALSE, FALSE, sizeof (MfCanvasPoint));
  for (guint k = 0; k < n_routes; k++)
    for (guint i = 0; i < routes[k]->n_points; i++)
      {
        const MfCanvasPoint *p = &routes[k]->points[i];
        gboolean seen = FALSE;

        for (guint t = 0; t < tried->len && !seen; t++)
          seen = g_array_index (tried, MfCanvasPoint, t).x == p->x
                 && g_array_index (tried, MfCanvasPoint, t).y == p->y;
        if (seen)
          continue;
        g_array_append_val (tried, *p);
        if (count_bits (directions_at (routes, n_routes, ports, n_ports, p)) >= 3)
          g_array_append_val (dots, *p);
      }
}
