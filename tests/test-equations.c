/* test-equations.c: the equations written out (src/core/equations/) — the
 * notation's three writers on trees built by hand, expressions as
 * notation, and every example's equations, mode by mode, against the text
 * worked out by hand from docs/model.md ("Signs", "Forces", "Each mode").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-equations.h"
#include "mf-expr-math.h"
#include "mf-test-examples.h"

static void
assert_writes (MfMath *math, const char *plain, const char *latex, const char *markup)
{
  g_autofree char *p = mf_math_to_plain (math);
  g_autofree char *l = mf_math_to_latex (math);
  g_autofree char *m = mf_math_to_markup (math);

  g_assert_cmpstr (p, ==, plain);
  g_assert_cmpstr (l, ==, latex);
  g_assert_cmpstr (m, ==, markup);
  mf_math_free (math);
}

static void
test_math_writers (void)
{
  /* ρ·L_P1·P1.v' = J1.p − 32·μ·L_P1·P1.v/d_P1² */
  assert_writes (mf_math_row (mf_math_symbol ("ρ", NULL), mf_math_text ("·"),
                              mf_math_symbol ("L", "P1"), mf_math_text ("·"),
                              mf_math_prime (mf_math_name ("P1.v")), mf_math_text (" = "),
                              mf_math_name ("J1.p"), mf_math_text (" − "),
                              mf_math_frac (mf_math_row (mf_math_text ("32·"),
                                                         mf_math_symbol ("μ", NULL),
                                                         mf_math_text ("·"),
                                                         mf_math_name ("P1.v"), NULL),
                                            mf_math_power (mf_math_symbol ("d", "P1"),
                                                           mf_math_text ("2"))),
                              NULL),
                 "ρ·L_P1·P1.v' = J1.p − 32·μ·P1.v/d_P1²",
                 "\\rho \\cdot L_{\\mathrm{P1}}\\cdot \\mathrm{P1.v}' = \\mathrm{J1.p} - "
                 "\\frac{32\\cdot \\mu \\cdot \\mathrm{P1.v}}{d_{\\mathrm{P1}}^{2}}",
                 "<i>ρ</i>·<i>L</i><sub>P1</sub>·P1.v' = J1.p − 32·<i>μ</i>·P1.v/"
                 "<i>d</i><sub>P1</sub><sup>2</sup>");
  /* a sum over a product needs parentheses on a line, not in LaTeX */
  assert_writes (mf_math_frac (mf_math_row (mf_math_symbol ("a", NULL), mf_math_text (" + "),
                                            mf_math_symbol ("b", NULL), NULL),
                               mf_math_row (mf_math_text ("2·"), mf_math_symbol ("c", NULL),
                                            NULL)),
                 "(a + b)/(2·c)", "\\frac{a + b}{2\\cdot c}",
                 "(<i>a</i> + <i>b</i>)/(2·<i>c</i>)");
  /* a fraction with more factors after it, and a power of a sum */
  assert_writes (mf_math_row (mf_math_frac (mf_math_symbol ("V", NULL), mf_math_symbol ("K", NULL)),
                              mf_math_text ("·"), mf_math_prime (mf_math_name ("J1.p")), NULL),
                 "(V/K)·J1.p'", "\\frac{V}{K}\\cdot \\mathrm{J1.p}'",
                 "(<i>V</i>/<i>K</i>)·J1.p'");
  assert_writes (mf_math_power (mf_math_row (mf_math_symbol ("x", NULL), mf_math_text (" − "),
                                             mf_math_number (1), NULL),
                                mf_math_symbol ("n", NULL)),
                 "(x − 1)^n", "\\left(x - 1\\right)^{n}", "(<i>x</i> − 1)<sup><i>n</i></sup>");
  /* numbers, units, absolute values, functions, prose */
  assert_writes (mf_math_row (mf_math_number (7.853981634e-5), mf_math_text (" m²"), NULL),
                 "7.85398e-5 m²", "7.85398\\cdot 10^{-5}\\,\\mathrm{m}^{2}",
                 "7.85398·10<sup>−5</sup> m²");
  assert_writes (mf_math_row (mf_math_abs (mf_math_name ("O1.v")), mf_math_text (" ≤ "),
                              mf_math_call ("√", mf_math_symbol ("x", "max"), NULL),
                              mf_math_text (" < "),
                              mf_math_call ("min", mf_math_number (1), mf_math_number (1e9),
                                            NULL),
                              NULL),
                 "|O1.v| ≤ √(x_max) < min(1, 1e9)",
                 "\\lvert \\mathrm{O1.v}\\rvert  \\le  \\sqrt{x_{\\mathrm{max}}} < "
                 "\\operatorname{min}\\left(1, 10^{9}\\right)",
                 "|O1.v| ≤ √(<i>x</i><sub>max</sub>) &lt; min(1, 10<sup>9</sup>)");
  assert_writes (mf_math_words ("Colebrook’s λ_1 & 50 %"), "Colebrook’s λ_1 & 50 %",
                 "\\text{Colebrook’s $\\lambda $\\_1 \\& 50 \\%}",
                 "Colebrook’s λ_1 &amp; 50 %");
}

static void
assert_expr (const char *text, const char *plain)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfExpr) expr = mf_expr_parse (text, NULL, NULL, &error);
  g_autoptr (MfMath) math = NULL;
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  math = mf_expr_to_math (expr);
  written = mf_math_to_plain (math);
  g_assert_cmpstr (written, ==, plain);
}

static void
test_expressions (void)
{
  assert_expr ("2e-5 * (1 - pulse(t, 0.2, 0.1))", "2e-5·(1 − pulse(t, 0.2, 0.1))");
  assert_expr ("-(t + 1)^2 / 2", "−(t + 1)²/2");
  assert_expr ("t - (t - 1)", "t − (t − 1)");
  assert_expr ("sin(2*t) + max(t, 0.5)", "sin(2·t) + max(t, 0.5)");
  assert_expr ("table(t, [[0, 1], [2, 3.5]])", "table(t, [[0, 1], [2, 3.5]])");
}

/* Both modes of accumulator-charge-discharge: the accumulator per unit of
 * its port area, its gas's law beside it; the charge adds V1's closing. */
#define ACCUMULATOR_CHARGE_DISCHARGE \
    "CV1: 0 = PU1.b.p − J1.p − ρ·A_CV1²·CV1.v·|CV1.v|/(2·c_d,CV1²·a_CV1²)\n" \
    "A1: 0 = J1.p − p_gas,A1\n" \
    "A1: p_gas,A1 = p_0,A1·(V_0,A1/(V_0,A1 − A_A1·A1.x))^n_A1\n" \
    "A1: A1.x' = A1.v\n" \
    "V1: 0 = J1.p − V1.b.p − ρ·A_V1²·V1.v·|V1.v|/(2·c_d,V1²·a_V1²)\n" \
    "T1: T1.p.p = p_T1\n" \
    "PU1.b: D_PU1·n_PU1(t) = A_CV1·CV1.v\n" \
    "J1: A_CV1·CV1.v = A_A1·A1.v + A_V1·V1.v\n" \
    "T2: V1.b.p = p_T2\n"

/* Every example in every mode: its equations, one per line after the id
 * they belong to, without the symbols' list.  Each line follows from the
 * example's document and docs/model.md: a hydraulic branch's momentum per
 * unit of its area, continuity with what flows in on the left, the masses
 * on one mechanical node summed, a closed valve's row last. */
static const struct
{
  const char *example;
  guint       mode;
  const char *equations;
} example_cases[] = {
  { "accumulator-charge-discharge", 0,
    ACCUMULATOR_CHARGE_DISCHARGE
    "V1: V1.v = 0\n" },
  { "accumulator-charge-discharge", 1,
    ACCUMULATOR_CHARGE_DISCHARGE },
  { "check-valve-cylinder", 0,
    "O1: 0 = J1.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²)\n"
    "CV1: 0 = J1.p − J2.p − ρ·A_CV1²·CV1.v·|CV1.v|/(2·c_d,CV1²·a_CV1²)\n"
    "P1: ρ·L_P1·P1.v' = J2.p − J3.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "C1: (m_C1 + m_M1)·C1.v' = A_cap,C1·J3.p − A_rod,C1·C1.rod.p − c_C1·C1.v + F_F1\n"
    "C1: C1.x' = C1.v\n"
    "M1: M1.x' = M1.v\n"
    "T1: T1.p.p = p_T1\n"
    "J1: q_Q1(t) = A_O1·O1.v + A_CV1·CV1.v\n"
    "T2: O1.b.p = p_T2\n"
    "J2: A_CV1·CV1.v = A_P1·P1.v\n"
    "J3: A_P1·P1.v = A_cap,C1·C1.v\n"
    "T3: C1.rod.p = p_T3\n"
    "M1: M1.v = C1.v\n" },
  { "compliant-volume", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − J1.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "P2: ρ·L_P2·P2.v' = J1.p − J2.p − λ_P2·ρ·L_P2·P2.v·|P2.v|/(2·d_P2)\n"
    "O1: 0 = J2.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²)\n"
    "T1: T1.p.p = p_T1\n"
    "J1: (V_V1/K)·J1.p' = A_P1·P1.v − A_P2·P2.v\n"
    "J2: A_P2·P2.v = A_O1·O1.v\n"
    "T2: O1.b.p = p_T2\n" },
  { "cylinder-end-stop", 0,
    "R1: Δp_R1 = J1.p − R1.b.p\n"
    "R1: A_R1·R1.v = c_d,R1·a_R1·√(2·Δp_R1/ρ)\n"
    "R1: a_R1 = a_full,R1·min(1, max(0, (Δp_R1 − p_set,R1)/Δp_rise,R1))\n"
    "C1: (m_C1 + m_M1)·C1.v' = A_cap,C1·J1.p − A_rod,C1·C1.rod.p − c_C1·C1.v + F_F1\n"
    "C1: C1.x' = C1.v\n"
    "M1: M1.x' = M1.v\n"
    "T1: T1.p.p = p_T1\n"
    "J1: q_Q1 = A_R1·R1.v + A_cap,C1·C1.v\n"
    "T3: R1.b.p = p_T3\n"
    "T2: C1.rod.p = p_T2\n"
    "M1: M1.v = C1.v\n" },
  { "orifice-between-volumes", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − P1.b.p − 32·ρ·ν·L_P1·P1.v/d_P1²\n"
    "O: 0 = P1.b.p − O.b.p − ρ·A_O²·O.v·|O.v|/(2·c_d,O²·a_O²)\n"
    "P2: ρ·L_P2·P2.v' = O.b.p − P2.b.p − 32·ρ·ν·L_P2·P2.v/d_P2²\n"
    "T1: T1.p.p = p_T1\n"
    "V1: (V_V1/K)·P1.b.p' = A_P1·P1.v − A_O·O.v\n"
    "V2: (V_V2/K)·O.b.p' = A_O·O.v − A_P2·P2.v\n"
    "T2: P2.b.p = p_T2\n" },
  { "orifice-closes-and-reopens", 0,
    "P: ρ·L_P·P.v' = T1.p.p − J1.p − λ_P·ρ·L_P·P.v·|P.v|/(2·d_P)\n"
    "O1: 0 = J1.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·(a_O1(t))²)\n"
    "O2: 0 = J1.p − O1.b.p − ρ·A_O2²·O2.v·|O2.v|/(2·c_d,O2²·a_O2²)\n"
    "O3: 0 = J1.p − O1.b.p − ρ·A_O3²·O3.v·|O3.v|/(2·c_d,O3²·a_O3²)\n"
    "T1: T1.p.p = p_T1\n"
    "J1: A_P·P.v = A_O1·O1.v + A_O2·O2.v + A_O3·O3.v\n"
    "T2: O1.b.p = p_T2\n" },
  { "pipe-drain", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − J1.p\n"
    "O1: 0 = J1.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²)\n"
    "T1: T1.p.p = p_T1\n"
    "J1: A_P1·P1.v = A_O1·O1.v\n"
    "T2: O1.b.p = p_T2\n" },
  { "piston-accumulator", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − P1.b.p\n"
    "C1: 0 = A_cap,C1·P1.b.p − A_rod,C1·C1.rod.p + T_K1\n"
    "C1: C1.x' = C1.v\n"
    "K1: T_K1 = −k_K1·C1.x\n"
    "T1: T1.p.p = p_T1\n"
    "V1: (V_V1/K)·P1.b.p' = A_P1·P1.v − A_cap,C1·C1.v\n"
    "T2: C1.rod.p = p_T2\n" },
  { "pump-cylinder-spring", 0,
    "P1: ρ·L_P1·P1.v' = J1.p − J2.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "C1: (m_C1 + m_M1)·C1.v' = A_cap,C1·J2.p − A_rod,C1·J3.p − c_C1·C1.v + T_K1\n"
    "C1: C1.x' = C1.v\n"
    "P2: ρ·L_P2·P2.v' = J3.p − P2.b.p − λ_P2·ρ·L_P2·P2.v·|P2.v|/(2·d_P2)\n"
    "M1: M1.x' = M1.v\n"
    "K1: T_K1 = −k_K1·C1.x\n"
    "T1: T1.p.p = p_T1\n"
    "J1: q_Q1(t) = A_P1·P1.v\n"
    "J2: A_P1·P1.v = A_cap,C1·C1.v\n"
    "J3: A_rod,C1·C1.v = A_P2·P2.v\n"
    "T2: P2.b.p = p_T2\n"
    "M1: M1.v = C1.v\n" },
  { "textbook-cylinder", 0,
    "R1: Δp_R1 = J1.p − R1.b.p\n"
    "R1: A_R1·R1.v = c_d,R1·a_R1·√(2·Δp_R1/ρ)\n"
    "R1: a_R1 = a_full,R1·min(1, max(0, (Δp_R1 − p_set,R1)/Δp_rise,R1))\n"
    "C1: (m_C1 + m_M1)·C1.v' = A_cap,C1·DV1.a.p − A_rod,C1·DV1.b.p − c_C1·C1.v + F_F1\n"
    "C1: C1.x' = C1.v\n"
    "M1: M1.x' = M1.v\n"
    "DV1.pa: a_DV1.pa = a_full,DV1·min(1, max(0, (s_DV1(t) − o_DV1)/(1 − o_DV1)))\n"
    "DV1.pa: 0 = J1.p − DV1.a.p − ρ·A_DV1.pa²·DV1.pa.v·|DV1.pa.v|/(2·c_d,DV1.pa²·a_DV1.pa²)\n"
    "DV1.bt: a_DV1.bt = a_full,DV1·min(1, max(0, (s_DV1(t) − o_DV1)/(1 − o_DV1)))\n"
    "DV1.bt: 0 = DV1.b.p − DV1.t.p − ρ·A_DV1.bt²·DV1.bt.v·|DV1.bt.v|/(2·c_d,DV1.bt²·a_DV1.bt²)\n"
    "DV1.pb: a_DV1.pb = a_full,DV1·min(1, max(0, (−s_DV1(t) − o_DV1)/(1 − o_DV1)))\n"
    "DV1.pb: 0 = J1.p − DV1.b.p − ρ·A_DV1.pb²·DV1.pb.v·|DV1.pb.v|/(2·c_d,DV1.pb²·a_DV1.pb²)\n"
    "DV1.at: a_DV1.at = a_full,DV1·min(1, max(0, (−s_DV1(t) − o_DV1)/(1 − o_DV1)))\n"
    "DV1.at: 0 = DV1.a.p − DV1.t.p − ρ·A_DV1.at²·DV1.at.v·|DV1.at.v|/(2·c_d,DV1.at²·a_DV1.at²)\n"
    "T1: T1.p.p = p_T1\n"
    "J1: D_PU1·n_PU1 = A_R1·R1.v + A_DV1.pa·DV1.pa.v + A_DV1.pb·DV1.pb.v\n"
    "T2: R1.b.p = p_T2\n"
    "T3: DV1.t.p = p_T3\n"
    "V1: (V_V1/K)·DV1.a.p' = −A_cap,C1·C1.v + A_DV1.pa·DV1.pa.v − A_DV1.at·DV1.at.v\n"
    "V2: (V_V2/K)·DV1.b.p' = A_rod,C1·C1.v − A_DV1.bt·DV1.bt.v + A_DV1.pb·DV1.pb.v\n"
    "M1: M1.v = C1.v\n" },
  { "position-control", 0,
    "R1: Δp_R1 = J1.p − R1.b.p\n"
    "R1: A_R1·R1.v = c_d,R1·a_R1·√(2·Δp_R1/ρ)\n"
    "R1: a_R1 = a_full,R1·min(1, max(0, (Δp_R1 − p_set,R1)/Δp_rise,R1))\n"
    "C1: (m_C1 + m_M1)·C1.v' = A_cap,C1·DV1.a.p − A_rod,C1·DV1.b.p − c_C1·C1.v + F_F1\n"
    "C1: C1.x' = C1.v\n"
    "M1: M1.x' = M1.v\n"
    "DV1: s_DV1 = clamp(100·(0.1·ramp(t, 0.1, 0.15) − 0.05·step(t, 3) − C1.x), -1, 1)\n"
    "DV1.pa: a_DV1.pa = a_full,DV1·min(1, max(0, (s_DV1 − o_DV1)/(1 − o_DV1)))\n"
    "DV1.pa: 0 = J1.p − DV1.a.p − ρ·A_DV1.pa²·DV1.pa.v·|DV1.pa.v|/(2·c_d,DV1.pa²·a_DV1.pa²)\n"
    "DV1.bt: a_DV1.bt = a_full,DV1·min(1, max(0, (s_DV1 − o_DV1)/(1 − o_DV1)))\n"
    "DV1.bt: 0 = DV1.b.p − DV1.t.p − ρ·A_DV1.bt²·DV1.bt.v·|DV1.bt.v|/(2·c_d,DV1.bt²·a_DV1.bt²)\n"
    "DV1.pb: a_DV1.pb = a_full,DV1·min(1, max(0, (−s_DV1 − o_DV1)/(1 − o_DV1)))\n"
    "DV1.pb: 0 = J1.p − DV1.b.p − ρ·A_DV1.pb²·DV1.pb.v·|DV1.pb.v|/(2·c_d,DV1.pb²·a_DV1.pb²)\n"
    "DV1.at: a_DV1.at = a_full,DV1·min(1, max(0, (−s_DV1 − o_DV1)/(1 − o_DV1)))\n"
    "DV1.at: 0 = DV1.a.p − DV1.t.p − ρ·A_DV1.at²·DV1.at.v·|DV1.at.v|/(2·c_d,DV1.at²·a_DV1.at²)\n"
    "T1: T1.p.p = p_T1\n"
    "J1: D_PU1·n_PU1 = A_R1·R1.v + A_DV1.pa·DV1.pa.v + A_DV1.pb·DV1.pb.v\n"
    "T2: R1.b.p = p_T2\n"
    "T3: DV1.t.p = p_T3\n"
    "V1: (V_V1/K)·DV1.a.p' = −A_cap,C1·C1.v + A_DV1.pa·DV1.pa.v − A_DV1.at·DV1.at.v\n"
    "V2: (V_V2/K)·DV1.b.p' = A_rod,C1·C1.v − A_DV1.bt·DV1.bt.v + A_DV1.pb·DV1.pb.v\n"
    "M1: M1.v = C1.v\n" },
  { "hydrostatic-transmission", 0,
    "R1: Δp_R1 = J1.p − R1.b.p\n"
    "R1: A_R1·R1.v = c_d,R1·a_R1·√(2·Δp_R1/ρ)\n"
    "R1: a_R1 = a_full,R1·min(1, max(0, (Δp_R1 − p_set,R1)/Δp_rise,R1))\n"
    "P1: ρ·L_P1·P1.v' = J1.p − P1.b.p − 32·ρ·ν·L_P1·P1.v/d_P1²\n"
    "HM1: J_I1·HM1.v' = D_HM1·P1.b.p − D_HM1·R1.b.p − c_HM1·HM1.v + T_DR1 + τ_TQ1\n"
    "HM1: HM1.x' = HM1.v\n"
    "I1: I1.x' = I1.v\n"
    "PU1.leak: 0 = J1.p − T1.p.p − A_PU1.leak·PU1.leak.v/k_PU1.leak\n"
    "HM1.leak: 0 = P1.b.p − R1.b.p − A_HM1.leak·HM1.leak.v/k_HM1.leak\n"
    "DR1: T_DR1 = −c_DR1·HM1.v\n"
    "T1: T1.p.p = p_T1\n"
    "J1: (V_V1/K)·J1.p' = −A_R1·R1.v − A_P1·P1.v − A_PU1.leak·PU1.leak.v + D_PU1·n_PU1\n"
    "T2: R1.b.p = p_T2\n"
    "P1.b: A_P1·P1.v = D_HM1·HM1.v + A_HM1.leak·HM1.leak.v\n"
    "I1: I1.v = HM1.v\n" },
  { "pump-parallel-orifices", 0,
    "P1: ρ·L_P1·P1.v' = Q1.b.p − J1.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "O1: 0 = J1.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²)\n"
    "O2: 0 = J1.p − O1.b.p − ρ·A_O2²·O2.v·|O2.v|/(2·c_d,O2²·a_O2²)\n"
    "T1: T1.p.p = p_T1\n"
    "Q1.b: q_Q1(t) = A_P1·P1.v\n"
    "J1: A_P1·P1.v = A_O1·O1.v + A_O2·O2.v\n"
    "T2: O1.b.p = p_T2\n" },
  { "pump-relief-valve", 0,
    "P1: ρ·L_P1·P1.v' = Q1.b.p − J1.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "O1: 0 = J1.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²)\n"
    "R1: Δp_R1 = J1.p − O1.b.p\n"
    "R1: A_R1·R1.v = c_d,R1·a_R1·√(2·Δp_R1/ρ)\n"
    "R1: a_R1 = a_full,R1·min(1, max(0, (Δp_R1 − p_set,R1)/Δp_rise,R1))\n"
    "T1: T1.p.p = p_T1\n"
    "Q1.b: q_Q1(t) = A_P1·P1.v\n"
    "J1: A_P1·P1.v = A_O1·O1.v + A_R1·R1.v\n"
    "T2: O1.b.p = p_T2\n" },
  { "three-pipes", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − J1.p − 32·ρ·ν·L_P1·P1.v/d_P1²\n"
    "P2: ρ·L_P2·P2.v' = T2.p.p − J1.p − 32·ρ·ν·L_P2·P2.v/d_P2²\n"
    "P3: ρ·L_P3·P3.v' = J1.p − P3.b.p − 32·ρ·ν·L_P3·P3.v/d_P3²\n"
    "T1: T1.p.p = p_T1\n"
    "J1: A_P1·P1.v + A_P2·P2.v = A_P3·P3.v\n"
    "T2: T2.p.p = p_T2\n"
    "T3: P3.b.p = p_T3\n" },
  { "two-mass-spring", 0,
    "M1: m_M1·M1.v' = −T_K1 + T_K2 − T_D1 + T_D2\n"
    "M1: M1.x' = M1.v\n"
    "M2: m_M2·M2.v' = −T_K2 − T_D2\n"
    "M2: M2.x' = M2.v\n"
    "K1: T_K1 = k_K1·M1.x\n"
    "K2: T_K2 = k_K2·(M2.x − M1.x)\n"
    "D1: T_D1 = c_D1·M1.v\n"
    "D2: T_D2 = c_D2·(M2.v − M1.v)\n" },
  { "two-massless-pistons", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − P1.b.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "C1: 0 = A_cap,C1·P1.b.p − A_rod,C1·C1.rod.p + A_cap,C2·C2.cap.p − A_rod,C2·C2.rod.p + T_K1\n"
    "C1: C1.x' = C1.v\n"
    "C2: C2.x' = C2.v\n"
    "P2: ρ·L_P2·P2.v' = P2.a.p − C2.cap.p − λ_P2·ρ·L_P2·P2.v·|P2.v|/(2·d_P2)\n"
    "K1: T_K1 = −k_K1·C1.x\n"
    "T1: T1.p.p = p_T1\n"
    "V1: (V_V1/K)·P1.b.p' = A_P1·P1.v − A_cap,C1·C1.v\n"
    "T3: C1.rod.p = p_T3\n"
    "V2: (V_V2/K)·C2.cap.p' = −A_cap,C2·C2.v + A_P2·P2.v\n"
    "T4: C2.rod.p = p_T4\n"
    "T2: P2.a.p = p_T2\n"
    "C2: C2.v = C1.v\n" },
  { "valve-closing", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − J1.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "V1: 0 = J1.p − V1.b.p − ρ·A_V1²·V1.v·|V1.v|/(2·c_d,V1²·a_V1²)\n"
    "P2: ρ·L_P2·P2.v' = J1.p − J2.p − λ_P2·ρ·L_P2·P2.v·|P2.v|/(2·d_P2)\n"
    "O1: 0 = J2.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²)\n"
    "T1: T1.p.p = p_T1\n"
    "J1: A_P1·P1.v = A_V1·V1.v + A_P2·P2.v\n"
    "T2: V1.b.p = p_T2\n"
    "J2: A_P2·P2.v = A_O1·O1.v\n"
    "T3: O1.b.p = p_T3\n" },
  { "valve-closing", 1,
    "P1: ρ·L_P1·P1.v' = T1.p.p − J1.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "V1: 0 = J1.p − V1.b.p − ρ·A_V1²·V1.v·|V1.v|/(2·c_d,V1²·a_V1²)\n"
    "P2: ρ·L_P2·P2.v' = J1.p − J2.p − λ_P2·ρ·L_P2·P2.v·|P2.v|/(2·d_P2)\n"
    "O1: 0 = J2.p − O1.b.p − ρ·A_O1²·O1.v·|O1.v|/(2·c_d,O1²·a_O1²)\n"
    "T1: T1.p.p = p_T1\n"
    "J1: A_P1·P1.v = A_V1·V1.v + A_P2·P2.v\n"
    "T2: V1.b.p = p_T2\n"
    "J2: A_P2·P2.v = A_O1·O1.v\n"
    "T3: O1.b.p = p_T3\n"
    "V1: V1.v = 0\n" },
  { "water-hammer-chain", 0,
    "P1: ρ·L_P1·P1.v' = T1.p.p − J1.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "P2: ρ·L_P2·P2.v' = J1.p − J2.p − λ_P2·ρ·L_P2·P2.v·|P2.v|/(2·d_P2)\n"
    "P3: ρ·L_P3·P3.v' = J2.p − J3.p − λ_P3·ρ·L_P3·P3.v·|P3.v|/(2·d_P3)\n"
    "P4: ρ·L_P4·P4.v' = J3.p − J4.p − λ_P4·ρ·L_P4·P4.v·|P4.v|/(2·d_P4)\n"
    "S1: 0 = J4.p − S1.b.p − ρ·A_S1²·S1.v·|S1.v|/(2·c_d,S1²·a_S1²)\n"
    "T1: T1.p.p = p_T1(t)\n"
    "J1: (V_V1/K)·J1.p' = A_P1·P1.v − A_P2·P2.v\n"
    "J2: (V_V2/K)·J2.p' = A_P2·P2.v − A_P3·P3.v\n"
    "J3: (V_V3/K)·J3.p' = A_P3·P3.v − A_P4·P4.v\n"
    "J4: A_P4·P4.v = A_S1·S1.v\n"
    "T2: S1.b.p = p_T2\n" },
  { "water-hammer-chain", 1,
    "P1: ρ·L_P1·P1.v' = T1.p.p − J1.p − λ_P1·ρ·L_P1·P1.v·|P1.v|/(2·d_P1)\n"
    "P2: ρ·L_P2·P2.v' = J1.p − J2.p − λ_P2·ρ·L_P2·P2.v·|P2.v|/(2·d_P2)\n"
    "P3: ρ·L_P3·P3.v' = J2.p − J3.p − λ_P3·ρ·L_P3·P3.v·|P3.v|/(2·d_P3)\n"
    "P4: ρ·L_P4·P4.v' = J3.p − J4.p − λ_P4·ρ·L_P4·P4.v·|P4.v|/(2·d_P4)\n"
    "S1: 0 = J4.p − S1.b.p − ρ·A_S1²·S1.v·|S1.v|/(2·c_d,S1²·a_S1²)\n"
    "T1: T1.p.p = p_T1(t)\n"
    "J1: (V_V1/K)·J1.p' = A_P1·P1.v − A_P2·P2.v\n"
    "J2: (V_V2/K)·J2.p' = A_P2·P2.v − A_P3·P3.v\n"
    "J3: (V_V3/K)·J3.p' = A_P3·P3.v − A_P4·P4.v\n"
    "J4: A_P4·P4.v = A_S1·S1.v\n"
    "T2: S1.b.p = p_T2\n"
    "S1: S1.v = 0\n" },
};

/* The lines before "where". */
static char *
equation_lines (const MfEquations *equations)
{
  g_autofree char *text = mf_equations_to_plain (equations);
  char *where = strstr (text, "where\n");

  if (where != NULL)
    *where = '\0';
  return g_strdup (text);
}

static void
test_examples (void)
{
  g_autofree char *dir = examples_dir ();
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *file;

  g_assert_nonnull (listing);
  /* every example is in the table, with every one of its modes */
  while ((file = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *name = NULL;
      g_autoptr (MfTestCircuit) example = NULL;
      guint n_modes, listed = 0;

      if (!g_str_has_suffix (file, ".manifold"))
        continue;
      name = g_strndup (file, strlen (file) - strlen (".manifold"));
      example = example_load (name);
      n_modes = example_circuit (example)->modes->len;
      for (guint i = 0; i < G_N_ELEMENTS (example_cases); i++)
        if (strcmp (example_cases[i].example, name) == 0)
          {
            g_autoptr (MfEquations) equations = NULL;
            g_autofree char *lines = NULL;

            g_assert_cmpuint (example_cases[i].mode, <, n_modes);
            equations = mf_equations_new (example->model, example_cases[i].mode);
            lines = equation_lines (equations);
            if (g_strcmp0 (lines, example_cases[i].equations) != 0)
              g_test_message ("%s, mode %u", name, example_cases[i].mode);
            g_assert_cmpstr (lines, ==, example_cases[i].equations);
            listed++;
          }
      if (listed != n_modes)
        g_test_message ("%s: %u of %u modes in the table", name, listed, n_modes);
      g_assert_cmpuint (listed, ==, n_modes);
    }
}

/* The symbols: values in SI with their units, derived areas with their
 * definition, parameters of t as their expressions. */
static void
test_symbols (void)
{
  g_autoptr (MfTestCircuit) example = example_load ("orifice-closes-and-reopens");
  g_autoptr (MfEquations) equations = mf_equations_new (example->model, 0);
  g_autofree char *text = mf_equations_to_plain (equations);
  g_autofree char *latex = mf_equations_to_latex (equations);

  g_assert_nonnull (strstr (text, "\nwhere\n"));
  g_assert_nonnull (strstr (text, "\n  ρ: 870 kg/m³\n"));
  g_assert_nonnull (strstr (text, "\n  L_P: 2 m\n"));
  /* 12 mm: π/4 · 0.012² = 1.130973e-4 m² */
  g_assert_nonnull (strstr (text, "\n  A_P: π·d_P²/4 = 0.000113097 m²\n"));
  g_assert_nonnull (strstr (text, "\n  a_O1(t): 2e-5·(1 − pulse(t, 0.2, 0.1))\n"));
  g_assert_nonnull (strstr (text, "\n  a_O3: 5e-6 m²\n"));
  g_assert_nonnull (strstr (text, "\n  p_T1: 1e6 Pa\n"));
  /* each symbol once */
  g_assert_null (strstr (strstr (text, "  ρ: ") + 1, "  ρ: "));

  g_assert_true (g_str_has_prefix (latex, "\\begin{align*}\n\\mathrm{P}:&\\quad \\rho "));
  g_assert_nonnull (strstr (latex, "a_{\\mathrm{O1}}(t)"));
  g_assert_nonnull (strstr (latex, "\\end{align*}\n\\begin{align*}\n"));

  /* what each equation belongs to */
  for (guint i = 0; i < mf_equations_n (equations); i++)
    {
      const MfEquation *e = mf_equations_get (equations, i);

      if (e->kind == MF_EQUATION_CONTINUITY)
        {
          g_assert_cmpstr (e->node, ==, "J1");
          g_assert_cmpint (e->component, ==,
                           mf_circuit_find_component (example_circuit (example), "J1"));
        }
      else
        g_assert_cmpint (e->component, >=, 0);
    }
}

/* Values that follow the state (docs/model.md, "Feedback") are laws of
 * their own, written once with the names they use: an open-centre 4/3
 * valve whose spool follows its cylinder, each path's area a law in the
 * spool's symbol (the working paths past the overlap o, the centre's
 * closing as |s| reaches 1), and a force naming M1.x, which the node's
 * equation of motion takes by its symbol.  Neither is listed among the
 * symbols; the valve's full area and overlap are. */
static void
test_follows_state (void)
{
  g_autoptr (MfTestCircuit) tc = mf_test_circuit_new (
    "{ \"manifold\": 1, \"components\": ["
    "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },"
    "  { \"id\": \"T2\", \"type\": \"tank\" },"
    "  { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "    \"centre\": \"open\", \"spool\": \"clamp(50*(0.1 - C1.x), -1, 1)\" },"
    "  { \"id\": \"C1\", \"type\": \"piston\", \"mass\": \"1 kg\", \"cap_area\": \"10 cm^2\","
    "    \"rod_area\": \"5 cm^2\" },"
    "  { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"2 kg\" },"
    "  { \"id\": \"F1\", \"type\": \"force\", \"force\": \"-800*M1.x\" } ],"
    "  \"wires\": [ [\"T1.p\", \"DV1.p\"], [\"DV1.t\", \"T2.p\"], [\"DV1.a\", \"C1.cap\"],"
    "    [\"DV1.b\", \"C1.rod\"], [\"C1.m\", \"M1.m\"], [\"M1.m\", \"F1.m\"] ] }");
  g_autoptr (MfEquations) equations = mf_equations_new (tc->model, 0);
  g_autofree char *text = mf_equations_to_plain (equations);
  const char *spool = "\nDV1: s_DV1 = clamp(50·(0.1 − C1.x), -1, 1)\n";
  const char *force = "F1: F_F1 = -800·M1.x\n";

  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, spool));
  g_assert_null (strstr (strstr (text, spool) + strlen (spool), "s_DV1 = "));
  g_assert_nonnull (strstr (text, "\nDV1.pa: a_DV1.pa = a_full,DV1·min(1, max(0, "
                                  "(s_DV1 − o_DV1)/(1 − o_DV1)))\n"));
  g_assert_nonnull (strstr (text, "\nDV1.at: a_DV1.at = a_full,DV1·min(1, max(0, "
                                  "(−s_DV1 − o_DV1)/(1 − o_DV1)))\n"));
  g_assert_nonnull (strstr (text, "\nDV1.c_pt: a_DV1.c_pt = a_full,DV1·min(1, max(0, "
                                  "1 − |s_DV1|))\n"));
  g_assert_nonnull (strstr (text, "·c_d,DV1.pa²·a_DV1.pa²)\n"));
  g_assert_nonnull (strstr (text, force));
  g_assert_nonnull (strstr (text, " + F_F1\n"));
  /* the symbols: the valve's constants, not what follows the state */
  g_assert_nonnull (strstr (text, "\n  a_full,DV1: 1e-5 m²\n"));
  g_assert_nonnull (strstr (text, "\n  o_DV1: 0\n"));
  g_assert_null (strstr (strstr (text, "\nwhere\n"), "s_DV1:"));
  g_assert_null (strstr (strstr (text, "\nwhere\n"), "F_F1:"));
  g_assert_null (strstr (text, "(t)"));
}

/* Three pipes: continuity A1 v1 + A2 v2 = A3 v3 with d1 = d2 = 10 mm and
 * d3 = 12 mm gives v2 = 1.44 v3 − v1; M̄ = αᵀMα with m = ρAL (870 kg/m³;
 * 5, 3 and 4 m): m1 + m2 = 0.546637 kg, m2·1.44² + m3 = 0.818644 kg and
 * −1.44·m2 = −0.295184 kg off the diagonal.  The piston accumulator's
 * massless piston leaves a row of M̄ that is zero: its constraint. */
static void
test_reduced (void)
{
  struct
  {
    const char *example;
    const char *lines;
  } cases[] = {
    { "three-pipes",
      "reduced to the independent states:\n"
      "P2: P2.v = 1.44·P3.v − P1.v\n"
      "P3: 0.818644·P3.v' − 0.295184·P1.v' = 1.44·F_P2.v + F_P3.v\n"
      "P1: −0.295184·P3.v' + 0.546637·P1.v' = F_P1.v − F_P2.v\n" },
    { "piston-accumulator",
      "reduced to the independent states:\n"
      "P1: 1.36659·P1.v' = F_P1.v\n"
      "C1: 0 = F_C1.v\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (MfTestCircuit) example = example_load (cases[i].example);
      g_autoptr (MfEquations) equations = mf_equations_new (example->model, 0);
      g_autoptr (MfReduction) reduction = mf_reduction_new (example->model, 0);
      g_autofree char *text = NULL;
      char *from, *where;

      mf_equations_add_reduced (equations, reduction);
      text = mf_equations_to_plain (equations);
      from = strstr (text, "reduced to");
      g_assert_nonnull (from);
      where = strstr (from, "where\n");
      g_assert_nonnull (where);
      *where = '\0';
      g_assert_cmpstr (from, ==, cases[i].lines);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/equations/math/writers", test_math_writers);
  g_test_add_func ("/equations/math/expressions", test_expressions);
  g_test_add_func ("/equations/examples", test_examples);
  g_test_add_func ("/equations/symbols", test_symbols);
  g_test_add_func ("/equations/follows-state", test_follows_state);
  g_test_add_func ("/equations/reduced", test_reduced);
  return g_test_run ();
}
