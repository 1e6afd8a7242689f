/* mf-leak.h: the laminar leak inside a pump or a hydraulic motor
 * (docs/model.md, "Pumps" and "Hydraulic motor").  A leak has no equation
 * of its own in the documents: a pump or motor with a leakage coefficient k
 * gets, at load, a component "ID.leak" of the internal type "leak" — a
 * massless branch whose flow is q = k·Δp — from a pump's outlet b back to
 * its inlet a, from a motor's inlet a past its shaft to its outlet b.
 *
 * In the M/W/F form the branch's velocity v carries q = A·v over the
 * reference area A = MF_LEAK_AREA; it enters W with +A at a and −A at b
 * and its force is F = −(A²/k)·v besides the pressures' Wᵀp, so that F = 0
 * is A·Δp = (A²/k)·v, that is q = k·Δp.  Without a mass it is algebraic
 * (index 1, as a massless orifice).
 *
 * A motor's datasheet efficiencies at its rated pressure drop Δp_r and
 * speed ω_r set its leakage and its added friction:
 *   η_v = D·ω_r / (D·ω_r + k·Δp_r)      →  k = D·ω_r·(1/η_v − 1)/Δp_r
 *   η_m = (D·Δp_r − c·ω_r) / (D·Δp_r)   →  c = (1 − η_m)·D·Δp_r/ω_r
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-circuit.h"

G_BEGIN_DECLS

/* The leak branch's reference area, m²: that of a 10 mm port.  Only the
 * size of its velocity state depends on it, not its flow. */
#define MF_LEAK_AREA (G_PI * 0.010 * 0.010 / 4.0)

/* The leak's force on its velocity, −(A²/k)·v, and its slope in v when
 * `dfdv` is not NULL. */
double mf_leak_force (double  area,
                      double  coefficient,
                      double  v,
                      double *dfdv);

/* A pump's or motor's leakage coefficient in m³/(s·Pa): the one given, or
 * for a motor the one its volumetric efficiency at the rated point makes;
 * 0 when it does not leak. */
double mf_leak_coefficient (const MfComponent *component);

/* A motor's viscous friction in N·m·s/rad: the one given plus what its
 * mechanical efficiency at the rated point adds. */
double mf_leak_motor_friction (const MfComponent *component);

/* Adds "ID.leak" with its wires for every pump, variable pump and motor of
 * `circuit` that leaks, after all other components.  Called once, by the
 * loader, when the circuit is complete and valid. */
void   mf_circuit_add_leaks (MfCircuit *circuit);

G_END_DECLS
