/* mf-events.h: check and relief valves that switch by themselves, end
 * stops, and orifices closed by their area (docs/model.md, "Check valves",
 * "Relief valves", "End stops" and "Orifices that close") — the state of
 * each, its switching function, and the location of a switching time inside an
 * accepted step by integrating again from the step's start; also the
 * inputs of the circuit that stop being finite.  The simulation driver
 * (mf-simulation.c) builds the new equations and projects the state; these
 * files (mf-events*.c) decide when and which valve.  Private to the driver.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-integrator.h"
#include "mf-model.h"
#include "mf-system.h"

G_BEGIN_DECLS

typedef struct _MfEvents MfEvents;

/* What switches: a check or relief valve, or the end stop of a piston with
 * a finite stroke (open = free, closed = held at the stop). */
typedef enum
{
  MF_SWITCH_VALVE,
  MF_SWITCH_STOP,
  MF_SWITCH_AREA, /* an orifice or valve whose area expression closes it */
} MfSwitchKind;

typedef enum
{
  MF_VALVE_FORCED, /* the mode that holds lists it as closed: it does not switch */
  MF_VALVE_OPEN,
  MF_VALVE_CLOSED,
  MF_VALVE_HELD,   /* closed by the chattering guard, reopening with hysteresis */
} MfValveState;

/* A valve switching more than this often within 1e-9 max(1, t) s is
 * chattering: it is held closed instead of switching again. */
#define MF_CHATTER_SWITCHES 4

/* Every check and relief valve of `model`, all open, every end stop, all
 * free, and every orifice, valve and check valve with a time-varying area
 * (or a valve whose area is zero), open.  `rtol` sets how closely switching
 * times are located (mf-events-locate.c). */
MfEvents     *mf_events_new (MfModel *model,
                             double   rtol);
void          mf_events_free (MfEvents *events);

guint         mf_events_n_valves (const MfEvents *events);
/* Whether some valve switches by itself in the mode that holds. */
gboolean      mf_events_active (const MfEvents *events);
/* The valve's component, as an index into the circuit's components. */
guint         mf_events_component (const MfEvents *events,
                                   guint           valve);
MfValveState  mf_events_state (const MfEvents *events,
                               guint           valve);
/* "open", "closed", "held closed" (forced valves: "closed"). */
const char   *mf_valve_state_name (MfValveState state);
MfSwitchKind  mf_events_kind (const MfEvents *events,
                              guint           valve);
/* The state's name for the log: a valve's as above, an end stop's "free"
 * or "at stop". */
const char   *mf_events_state_name (const MfEvents *events,
                                    guint           valve,
                                    MfValveState    state);
/* An end stop that engages: sets its piston's position in the full state
 * `u` to the end it reached, exactly.  Nothing for a valve. */
void          mf_events_snap (const MfEvents *events,
                              guint           valve,
                              double         *u);
/* A mode begins to hold (at t = 0 `first`, else on schedule): valves it
 * lists become MF_VALVE_FORCED; valves it releases, and at t = 0 every
 * valve, start open and are "fresh" until mf_events_starting_closed(). */
void          mf_events_enter_mode (MfEvents       *events,
                                    const gboolean *mode_closed,
                                    gboolean        first);
/* Valves that are fresh, at rest (|v| no more than the velocity threshold)
 * and have a cracking pressure: their spring holds them shut, so they start
 * closed.  Returns them (indices, a new array) in document order; clears
 * "fresh".  Reads the state through `system`. */
GArray       *mf_events_starting_closed (MfEvents     *events,
                                         MfSystem     *system,
                                         double        t,
                                         const double *y);

/* Orifices and valves that are fresh and whose area is at zero at t and
 * the full state u: they start closed.  Returns them (indices, a new
 * array); clears "fresh". */
GArray       *mf_events_start_areas (MfEvents     *events,
                                     double        t,
                                     const double *u);

/* Sets a valve's state without counting a switch (the start of a mode). */
void          mf_events_set_state (MfEvents    *events,
                                   guint        valve,
                                   MfValveState state);

/* The configuration: what the mode lists plus the closed check and relief valves. */
void          mf_events_closed_set (const MfEvents *events,
                                    const gboolean *mode_closed,
                                    gboolean       *closed);

/* The first valve (document order) whose switching condition holds at
 * (t, y) of `system`, or -1.  Also updates the scales the thresholds
 * follow. */
int           mf_events_due (MfEvents     *events,
                             MfSystem     *system,
                             double        t,
                             const double *y);

/* An orifice whose area closes or reopens it within (t, t_to], also by a
 * dip that comes and goes inside the interval: the earliest such valve, or
 * -1.  Its switching time is bracketed on t alone to [*t_before, *t_after],
 * at most 1e-12 max(1, t_to) wide, where the condition does not hold yet at
 * *t_before and holds at *t_after.  Its equations may not be finite beyond
 * *t_before (an area of zero), so the driver integrates only to there
 * (mf-events-inputs.c). */
int           mf_events_area_due (MfEvents *events,
                                  double    t,
                                  double    t_to,
                                  double   *t_before,
                                  double   *t_after);

/* The other orifices whose area, on t alone, has crossed at t (its
 * condition holds there) besides `due`: they switch with it at one
 * instant — the paths of a directional valve that share one area — since
 * one left open at an area of zero would make the equations built at t
 * infinite.  A new array of valve indices. */
GArray       *mf_events_areas_crossed (MfEvents *events,
                                       double    t,
                                       guint     due);

/* Whether every value of the circuit given as an expression of t (a tank's
 * pressure, a flow source's flow, a force, an open orifice's area, a flow
 * control valve's setting) is finite on [t, t_to], and the settings above
 * their least (mf_flow_control_least_setting()).  When one is not: FALSE,
 * the first such time bracketed to [*t_before, *t_bad] (at most 1e-12
 * max(1, t) wide, the value within bounds at *t_before unless that is t),
 * and *why (a new string) naming the component and the value. */
gboolean      mf_events_inputs_finite (MfEvents *events,
                                       double    t,
                                       double    t_to,
                                       double   *t_before,
                                       double   *t_bad,
                                       char    **why);

/* A closed valve that opens at (t, y) of `system` while the pressure of a
 * port of its is undetermined (a node between closed valves) opens with
 * the chain of closed valves that bounds that pressure: they are appended
 * to `chain` (guint indices, `valve` left out; nothing when both ports have
 * a pressure).  mf-events-pressures.c. */
void          mf_events_chain (MfEvents     *events,
                               MfSystem     *system,
                               double        t,
                               const double *y,
                               guint         valve,
                               GArray       *chain);

/* The configuration `closed` leaves a flow source nowhere to pump: the
 * closed check or relief valve out of its pocket that the pressure spike
 * cracks first (the lowest cracking pressure above the far side's pressure
 * at (t, y) of `system`, the configuration before; `system` may be NULL),
 * leaving out those `tried` (one per valve); -1 when none can relieve it
 * (mf-events-pressures.c). */
int           mf_events_pump_relief (MfEvents       *events,
                                     const gboolean *closed,
                                     MfSystem       *system,
                                     double          t,
                                     const double   *y,
                                     const gboolean *tried);

/* The latest time the next step should end: where a closed valve's or a
 * free piston's distance, falling as it fell over the last step, would
 * have gone 1.5 times past zero; INFINITY when none falls.  Steps that
 * shorten as a condition nears do not step over one that holds only for
 * a moment (mf-events-locate.c). */
double        mf_events_step_limit (const MfEvents *events);

/* Before each step: keeps (t, y) and the integrator's step size, and fixes
 * the thresholds for the step. */
void          mf_events_step_begins (MfEvents     *events,
                                     MfIntegrator *integrator,
                                     double        t,
                                     const double *y);
/* After the step that ended at (*t, y): when a switching condition came to
 * hold during it, locates the earliest such time and leaves (*t, y) at the
 * right end of the final bracket, where the condition holds, with *valve
 * the valve to switch; else *valve = -1 and (*t, y) are untouched.  FALSE
 * with the integrator's error if integrating again fails. */
gboolean      mf_events_step_ends (MfEvents     *events,
                                   MfIntegrator *integrator,
                                   double       *t,
                                   double       *y,
                                   int          *valve,
                                   GError      **error);

/* Switches `valve` at time t: open → closed, closed or held → open — or,
 * when it has switched MF_CHATTER_SWITCHES times at this instant already,
 * to MF_VALVE_HELD.  Returns the new state. */
MfValveState  mf_events_switch (MfEvents *events,
                                guint     valve,
                                double    t);

G_END_DECLS
