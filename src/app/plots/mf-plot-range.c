/* mf-plot-range.c: one axis's view interval and the zoom/pan arithmetic.
 *
 * The interval is kept in "axis space" — the values themselves, or their
 * log10 on a log range — where zooming and panning are plain affine maps.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-range.h"

#include <math.h>

/* Narrower than this, relative to the values, doubles stop telling the ends
 * apart on screen; zooming in stops there. */
#define MIN_RELATIVE_WIDTH 1e-9
#define LOG_MIN_WIDTH 1e-6 /* decades */

struct _MfPlotRange
{
  GObject  parent_instance;
  gboolean log;
  gboolean follow;
  gboolean fixed;
  double   padding;
  GArray  *owners;             /* OwnerBounds */
  double   data_min, data_max; /* their union, NAN for none */
  double   lo, hi;             /* in axis space: shown when fixed, else derived */
};

typedef struct
{
  gconstpointer owner;
  double        min, max;
} OwnerBounds;

G_DEFINE_FINAL_TYPE (MfPlotRange, mf_plot_range, G_TYPE_OBJECT)

enum { PROP_0, PROP_LOG, PROP_FOLLOW, PROP_PADDING, PROP_AUTO, N_PROPS };
enum { CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static double
to_axis (const MfPlotRange *self, double v)
{
  return self->log ? (v > 0 ? log10 (v) : NAN) : v;
}

static double
from_axis (const MfPlotRange *self, double a)
{
  return self->log ? pow (10, a) : a;
}

static double
min_width (const MfPlotRange *self, double lo, double hi)
{
  if (self->log)
    return LOG_MIN_WIDTH;
  return MAX (MAX (fabs (lo), fabs (hi)) * MIN_RELATIVE_WIDTH, 1e-300);
}

/* The auto interval in axis space: the data with padding, or something
 * sensible around a single value, or a unit interval for no data. */
static void
auto_interval (const MfPlotRange *self, double *lo, double *hi)
{
  double a = to_axis (self, self->data_min), b = to_axis (self, self->data_max);

  if (!isfinite (a) && !isfinite (b))
    {
      *lo = 0;
      *hi = 1; /* [1, 10] on a log range */
      return;
    }
  if (!isfinite (a) || !isfinite (b))
    a = b = isfinite (a) ? a : b;
  if (a > b)
    {
      double t = a;
      a = b;
      b = t;
    }
  if (b - a <= min_width (self, a, b))
    {
      /* one value: half a decade, a tenth of it, or ±1 around zero */
      double half = self->log ? 0.5 : (a != 0 ? fabs (a) * 0.1 : 1.0);

      *lo = a - half;
      *hi = b + half;
      return;
    }
  *lo = a - self->padding * (b - a);
  *hi = b + self->padding * (b - a);
}

static void
current (const MfPlotRange *self, double *lo, double *hi)
{
  if (self->fixed)
    {
      *lo = self->lo;
      *hi = self->hi;
    }
  else
    auto_interval (self, lo, hi);
}

/* Runs after every change of state: tells whether the shown interval moved. */
static void
settle (MfPlotRange *self, double old_lo, double old_hi, gboolean was_fixed)
{
  double lo, hi;

  current (self, &lo, &hi);
  if (was_fixed != self->fixed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO]);
  if (lo != old_lo || hi != old_hi)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* Fixes the interval [lo, hi] (axis space), widened to the smallest width
 * that still reads. */
static void
fix (MfPlotRange *self, double lo, double hi)
{
  double w = min_width (self, lo, hi);

  if (hi - lo < w)
    {
      double mid = (lo + hi) / 2;

      lo = mid - w / 2;
      hi = mid + w / 2;
    }
  self->fixed = TRUE;
  self->lo = lo;
  self->hi = hi;
}

static void
follow_latest (MfPlotRange *self)
{
  double end = to_axis (self, self->data_max);

  if (self->fixed && self->follow && isfinite (end))
    {
      double w = self->hi - self->lo;

      self->hi = end;
      self->lo = end - w;
    }
}

MfPlotRange *
mf_plot_range_new (void)
{
  return g_object_new (MF_TYPE_PLOT_RANGE, NULL);
}

void
mf_plot_range_set_log (MfPlotRange *self, gboolean log)
{
  double old_min, old_max, min, max;
  gboolean was_fixed;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  log = !!log;
  if (self->log == log)
    return;
  was_fixed = self->fixed;
  mf_plot_range_get (self, &old_min, &old_max);
  self->log = log;
  /* a fixed interval keeps its values, unless it reaches zero or below and
   * cannot be shown in decades */
  if (self->fixed && log && !(old_min > 0))
    self->fixed = FALSE;
  else if (self->fixed)
    fix (self, to_axis (self, old_min), to_axis (self, old_max));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG]);
  if (was_fixed != self->fixed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO]);
  mf_plot_range_get (self, &min, &max);
  if (min != old_min || max != old_max)
    g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
mf_plot_range_get_log (MfPlotRange *self)
{
  g_return_val_if_fail (MF_IS_PLOT_RANGE (self), FALSE);
  return self->log;
}

void
mf_plot_range_set_padding (MfPlotRange *self, double fraction)
{
  double lo, hi;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  fraction = CLAMP (fraction, 0.0, 1.0);
  if (self->padding == fraction)
    return;
  current (self, &lo, &hi);
  self->padding = fraction;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PADDING]);
  settle (self, lo, hi, self->fixed);
}

double
mf_plot_range_get_padding (MfPlotRange *self)
{
  g_return_val_if_fail (MF_IS_PLOT_RANGE (self), 0);
  return self->padding;
}

static gboolean
same (double a, double b)
{
  return a == b || (isnan (a) && isnan (b));
}

/* The union of the owners' bounds; then the interval follows it. */
static void
update_union (MfPlotRange *self)
{
  double min = INFINITY, max = -INFINITY, lo, hi;

  for (guint i = 0; i < self->owners->len; i++)
    {
      const OwnerBounds *o = &g_array_index (self->owners, OwnerBounds, i);

      if (isfinite (o->min))
        min = MIN (min, o->min);
      if (isfinite (o->max))
        max = MAX (max, o->max);
    }
  if (!isfinite (min))
    min = NAN;
  if (!isfinite (max))
    max = NAN;
  if (same (min, self->data_min) && same (max, self->data_max))
    return;
  current (self, &lo, &hi);
  self->data_min = min;
  self->data_max = max;
  follow_latest (self);
  settle (self, lo, hi, self->fixed);
}

static OwnerBounds *
find_owner (MfPlotRange *self, gconstpointer owner, guint *index)
{
  for (guint i = 0; i < self->owners->len; i++)
    {
      OwnerBounds *o = &g_array_index (self->owners, OwnerBounds, i);

      if (o->owner == owner)
        {
          if (index != NULL)
            *index = i;
          return o;
        }
    }
  return NULL;
}

void
mf_plot_range_set_owner_bounds (MfPlotRange *self, gconstpointer owner, double min, double max)
{
  OwnerBounds *o;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  o = find_owner (self, owner, NULL);
  if (o == NULL)
    {
      OwnerBounds added = { owner, NAN, NAN };

      g_array_append_val (self->owners, added);
      o = &g_array_index (self->owners, OwnerBounds, self->owners->len - 1);
    }
  o->min = min;
  o->max = max;
  update_union (self);
}

void
mf_plot_range_remove_owner (MfPlotRange *self, gconstpointer owner)
{
  guint index;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  if (find_owner (self, owner, &index) == NULL)
    return;
  g_array_remove_index (self->owners, index);
  update_union (self);
}

void
mf_plot_range_set_data_bounds (MfPlotRange *self, double min, double max)
{
  mf_plot_range_set_owner_bounds (self, NULL, min, max);
}

void
mf_plot_range_get_data_bounds (MfPlotRange *self, double *min, double *max)
{
  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  if (min != NULL)
    *min = self->data_min;
  if (max != NULL)
    *max = self->data_max;
}

void
mf_plot_range_get (MfPlotRange *self, double *min, double *max)
{
  double lo, hi;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  current (self, &lo, &hi);
  if (min != NULL)
    *min = from_axis (self, lo);
  if (max != NULL)
    *max = from_axis (self, hi);
}

gboolean
mf_plot_range_is_auto (MfPlotRange *self)
{
  g_return_val_if_fail (MF_IS_PLOT_RANGE (self), TRUE);
  return !self->fixed;
}

void
mf_plot_range_zoom_at (MfPlotRange *self, double center, double factor)
{
  double lo, hi, c;
  gboolean was_fixed = self->fixed;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  c = to_axis (self, center);
  if (!isfinite (c) || !(factor > 0) || !isfinite (factor) || factor == 1)
    return;
  current (self, &lo, &hi);
  /* points keep their fraction of the width: c stays where it is on screen */
  fix (self, c - (c - lo) * factor, c + (hi - c) * factor);
  settle (self, lo, hi, was_fixed);
}

void
mf_plot_range_zoom_to (MfPlotRange *self, double min, double max)
{
  double lo, hi, a = to_axis (self, MIN (min, max)), b = to_axis (self, MAX (min, max));
  gboolean was_fixed = self->fixed;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  if (!isfinite (a) || !isfinite (b))
    return;
  current (self, &lo, &hi);
  fix (self, a, b);
  settle (self, lo, hi, was_fixed);
}

void
mf_plot_range_pan (MfPlotRange *self, double delta)
{
  double lo, hi;
  gboolean was_fixed = self->fixed;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  if (!isfinite (delta) || delta == 0)
    return;
  current (self, &lo, &hi);
  fix (self, lo + delta, hi + delta);
  settle (self, lo, hi, was_fixed);
}

void
mf_plot_range_reset (MfPlotRange *self)
{
  double lo, hi;
  gboolean was_fixed = self->fixed;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  current (self, &lo, &hi);
  self->fixed = FALSE;
  settle (self, lo, hi, was_fixed);
}

void
mf_plot_range_set_follow (MfPlotRange *self, gboolean follow)
{
  double lo, hi;

  g_return_if_fail (MF_IS_PLOT_RANGE (self));
  follow = !!follow;
  if (self->follow == follow)
    return;
  current (self, &lo, &hi);
  self->follow = follow;
  follow_latest (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOW]);
  settle (self, lo, hi, self->fixed);
}

gboolean
mf_plot_range_get_follow (MfPlotRange *self)
{
  g_return_val_if_fail (MF_IS_PLOT_RANGE (self), FALSE);
  return self->follow;
}

double
mf_plot_range_to_fraction (MfPlotRange *self, double value)
{
  double lo, hi;

  g_return_val_if_fail (MF_IS_PLOT_RANGE (self), NAN);
  current (self, &lo, &hi);
  return (to_axis (self, value) - lo) / (hi - lo);
}

double
mf_plot_range_from_fraction (MfPlotRange *self, double fraction)
{
  double lo, hi;

  g_return_val_if_fail (MF_IS_PLOT_RANGE (self), NAN);
  current (self, &lo, &hi);
  return from_axis (self, lo + fraction * (hi - lo));
}

static void
mf_plot_range_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfPlotRange *self = MF_PLOT_RANGE (object);

  switch (prop_id)
    {
    case PROP_LOG:
      g_value_set_boolean (value, self->log);
      break;
    case PROP_FOLLOW:
      g_value_set_boolean (value, self->follow);
      break;
    case PROP_PADDING:
      g_value_set_double (value, self->padding);
      break;
    case PROP_AUTO:
      g_value_set_boolean (value, !self->fixed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_plot_range_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MfPlotRange *self = MF_PLOT_RANGE (object);

  switch (prop_id)
    {
    case PROP_LOG:
      mf_plot_range_set_log (self, g_value_get_boolean (value));
      break;
    case PROP_FOLLOW:
      mf_plot_range_set_follow (self, g_value_get_boolean (value));
      break;
    case PROP_PADDING:
      mf_plot_range_set_padding (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_plot_range_finalize (GObject *object)
{
  MfPlotRange *self = MF_PLOT_RANGE (object);

  g_array_unref (self->owners);
  G_OBJECT_CLASS (mf_plot_range_parent_class)->finalize (object);
}

static void
mf_plot_range_class_init (MfPlotRangeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mf_plot_range_finalize;
  object_class->get_property = mf_plot_range_get_property;
  object_class->set_property = mf_plot_range_set_property;

  properties[PROP_LOG] = g_param_spec_boolean ("log", NULL, NULL, FALSE,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                               | G_PARAM_STATIC_STRINGS);
  properties[PROP_FOLLOW] = g_param_spec_boolean ("follow", NULL, NULL, FALSE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  properties[PROP_PADDING] = g_param_spec_double ("padding", NULL, NULL, 0, 1, 0.05,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTO] = g_param_spec_boolean ("auto", NULL, NULL, TRUE,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* the interval shown changed (and only then) */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
mf_plot_range_init (MfPlotRange *self)
{
  self->padding = 0.05;
  self->data_min = self->data_max = NAN;
  self->owners = g_array_new (FALSE, FALSE, sizeof (OwnerBounds));
}

gboolean
mf_plot_range_follow (MfPlotRange **slot,
                      gulong       *changed_id,
                      MfPlotRange  *range,
                      gpointer      owner,
                      GCallback     changed)
{
  g_autoptr (MfPlotRange) own = NULL;

  g_return_val_if_fail (range == NULL || MF_IS_PLOT_RANGE (range), FALSE);
  if (range != NULL && range == *slot)
    return FALSE;
  if (range == NULL)
    {
      own = mf_plot_range_new ();
      mf_plot_range_set_padding (own, 0);
      range = own;
    }
  if (*slot != NULL)
    {
      g_clear_signal_handler (changed_id, *slot);
      mf_plot_range_remove_owner (*slot, owner);
      g_object_unref (*slot);
    }
  *slot = g_object_ref (range);
  *changed_id = g_signal_connect_swapped (range, "changed", changed, owner);
  return TRUE;
}
