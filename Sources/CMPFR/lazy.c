// MPFR and GMP, loaded at the first call of one of their functions, not at start: the basic
// keypad and Tip & Split never need them, and mapping them cost every window 0.25 MiB of RSS
// (make bench, RSS by mapping). Each function CalculatorNumbers calls is defined here, hidden in
// the executable, and goes on to the library's own; libmpfr's calls among its functions stay
// inside it. A missing library ends the program with a message, as the dynamic loader would
// have done at start.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#pragma GCC visibility push(hidden)
#include <mpfr.h>

static void *library(void)
{
    static void *handle;
    void *loaded = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (loaded)
        return loaded;
    // MPFR 4 is libmpfr.so.6; it brings libgmp.so.10, where dlsym finds the mpz functions.
    loaded = dlopen("libmpfr.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!loaded) {
        fprintf(stderr, "circlecalc: cannot load MPFR: %s\n", dlerror());
        exit(1);
    }
    __atomic_store_n(&handle, loaded, __ATOMIC_RELEASE);
    return loaded;
}

static void *function(const char *name)
{
    void *address = dlsym(library(), name);
    if (!address) {
        fprintf(stderr, "circlecalc: MPFR has no %s\n", name);
        exit(1);
    }
    return address;
}

// One definition per function: its result, name, parameters and the names passed on. The name
// in parentheses is not expanded by mpfr.h's macro of the same name.
#define LAZY(result, name, parameters, arguments)                                            \
    result(name) parameters                                                                   \
    {                                                                                         \
        static result(*real) parameters;                                                      \
        result(*found) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                 \
        if (!found) {                                                                         \
            found = (result(*) parameters)function(#name);                                    \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                 \
        }                                                                                     \
        return found arguments;                                                               \
    }

#define P2 (mpfr_ptr a, mpfr_srcptr b)
#define P3 (mpfr_ptr a, mpfr_srcptr b, mpfr_rnd_t r)
#define P4 (mpfr_ptr a, mpfr_srcptr b, mpfr_srcptr c, mpfr_rnd_t r)
#define PU (mpfr_ptr a, mpfr_srcptr b, unsigned long u, mpfr_rnd_t r)
#define A2 (a, b)
#define A3 (a, b, r)
#define A4 (a, b, c, r)
#define AU (a, b, u, r)

// swift-format-ignore
//   result  name               parameters                                  arguments
LAZY(int,    mpfr_add,          P4,                                         A4)
LAZY(int,    mpfr_sub,          P4,                                         A4)
LAZY(int,    mpfr_mul,          P4,                                         A4)
LAZY(int,    mpfr_div,          P4,                                         A4)
LAZY(int,    mpfr_pow,          P4,                                         A4)
LAZY(int,    mpfr_max,          P4,                                         A4)
LAZY(int,    mpfr_set,          P3,                                         A3)
LAZY(int,    mpfr_abs,          P3,                                         A3)
LAZY(int,    mpfr_exp,          P3,                                         A3)
LAZY(int,    mpfr_exp10,        P3,                                         A3)
LAZY(int,    mpfr_log,          P3,                                         A3)
LAZY(int,    mpfr_exp2,         P3,                                         A3)
LAZY(int,    mpfr_neg,          P3,                                         A3)
LAZY(int,    mpfr_mul_ui,       PU,                                         AU)
LAZY(int,    mpfr_rootn_ui,     PU,                                         AU)
LAZY(int,    mpfr_pow_si,       (mpfr_ptr a, mpfr_srcptr b, long i, mpfr_rnd_t r), (a, b, i, r))
LAZY(int,    mpfr_set_z,        (mpfr_ptr a, mpz_srcptr z, mpfr_rnd_t r),   (a, z, r))
LAZY(int,    mpfr_log2,         P3,                                         A3)
LAZY(int,    mpfr_log10,        P3,                                         A3)
LAZY(int,    mpfr_gamma,        P3,                                         A3)
LAZY(int,    mpfr_digamma,      P3,                                         A3)
LAZY(int,    mpfr_sin,          P3,                                         A3)
LAZY(int,    mpfr_cos,          P3,                                         A3)
LAZY(int,    mpfr_tan,          P3,                                         A3)
LAZY(int,    mpfr_asin,         P3,                                         A3)
LAZY(int,    mpfr_acos,         P3,                                         A3)
LAZY(int,    mpfr_atan,         P3,                                         A3)
LAZY(int,    mpfr_sinh,         P3,                                         A3)
LAZY(int,    mpfr_cosh,         P3,                                         A3)
LAZY(int,    mpfr_tanh,         P3,                                         A3)
LAZY(int,    mpfr_asinh,        P3,                                         A3)
LAZY(int,    mpfr_acosh,        P3,                                         A3)
LAZY(int,    mpfr_atanh,        P3,                                         A3)
LAZY(int,    mpfr_floor,        P2,                                         A2)
LAZY(int,    mpfr_sinu,         PU,                                         AU)
LAZY(int,    mpfr_cosu,         PU,                                         AU)
LAZY(int,    mpfr_tanu,         PU,                                         AU)
LAZY(int,    mpfr_asinu,        PU,                                         AU)
LAZY(int,    mpfr_acosu,        PU,                                         AU)
LAZY(int,    mpfr_atanu,        PU,                                         AU)
LAZY(int,    mpfr_add_ui,       PU,                                         AU)
LAZY(int,    mpfr_mul_2ui,      PU,                                         AU)
LAZY(int,    mpfr_ui_sub,       (mpfr_ptr a, unsigned long u, mpfr_srcptr b, mpfr_rnd_t r), (a, u, b, r))
LAZY(int,    mpfr_set_si,       (mpfr_ptr a, long i, mpfr_rnd_t r),         (a, i, r))
LAZY(void,   mpfr_set_zero,     (mpfr_ptr a, int sign),                     (a, sign))
LAZY(void,   mpfr_init2,        (mpfr_ptr a, mpfr_prec_t p),                (a, p))
LAZY(void,   mpfr_clear,        (mpfr_ptr a),                               (a))
LAZY(void,   mpfr_nextabove,    (mpfr_ptr a),                               (a))
LAZY(void,   mpfr_nextbelow,    (mpfr_ptr a),                               (a))
LAZY(int,    mpfr_sgn,          (mpfr_srcptr a),                            (a))
LAZY(int,    mpfr_nan_p,        (mpfr_srcptr a),                            (a))
LAZY(int,    mpfr_inf_p,        (mpfr_srcptr a),                            (a))
LAZY(int,    mpfr_zero_p,       (mpfr_srcptr a),                            (a))
LAZY(int,    mpfr_integer_p,    (mpfr_srcptr a),                            (a))
LAZY(int,    mpfr_equal_p,      (mpfr_srcptr a, mpfr_srcptr b),             (a, b))
LAZY(int,    mpfr_less_p,       (mpfr_srcptr a, mpfr_srcptr b),             (a, b))
LAZY(int,    mpfr_greater_p,    (mpfr_srcptr a, mpfr_srcptr b),             (a, b))
LAZY(int,    mpfr_cmp_si,       (mpfr_srcptr a, long i),                    (a, i))
LAZY(int,    mpfr_cmp_d,        (mpfr_srcptr a, double d),                  (a, d))
LAZY(char *, mpfr_get_str,      (char *s, mpfr_exp_t *e, int base, size_t n, mpfr_srcptr a, mpfr_rnd_t r), (s, e, base, n, a, r))
LAZY(void,   mpfr_free_str,     (char *s),                                  (s))
LAZY(int,    mpfr_const_pi,     (mpfr_ptr a, mpfr_rnd_t r),                 (a, r))
LAZY(void,   __gmpz_init,       (mpz_ptr z),                                (z))
LAZY(void,   __gmpz_clear,      (mpz_ptr z),                                (z))
LAZY(void,   __gmpz_set_ui,     (mpz_ptr z, unsigned long u),               (z, u))
LAZY(int,    __gmpz_set_str,    (mpz_ptr z, const char *s, int base),       (z, s, base))
LAZY(char *, __gmpz_get_str,    (char *s, int base, mpz_srcptr z),          (s, base, z))
LAZY(int,    __gmpz_cmp_ui,     (mpz_srcptr z, unsigned long u),            (z, u))
LAZY(void,   __gmpz_mul,        (mpz_ptr z, mpz_srcptr a, mpz_srcptr b),    (z, a, b))
LAZY(void,   __gmpz_pow_ui,     (mpz_ptr z, mpz_srcptr a, unsigned long u), (z, a, u))
LAZY(void,   __gmpz_ui_pow_ui,  (mpz_ptr z, unsigned long a, unsigned long u), (z, a, u))
LAZY(void,   __gmpz_fac_ui,     (mpz_ptr z, unsigned long u),               (z, u))
LAZY(int,    __gmpz_root,       (mpz_ptr z, mpz_srcptr a, unsigned long u), (z, a, u))
LAZY(void,   __gmpz_add,        (mpz_ptr z, mpz_srcptr a, mpz_srcptr b),    (z, a, b))
LAZY(void,   __gmpz_sub,        (mpz_ptr z, mpz_srcptr a, mpz_srcptr b),    (z, a, b))
LAZY(int,    __gmpz_cmp,        (mpz_srcptr a, mpz_srcptr b),               (a, b))
LAZY(void,   __gmpz_tdiv_qr,    (mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d), (q, r, n, d))
LAZY(size_t, __gmpz_sizeinbase, (mpz_srcptr z, int base),                   (z, base))

LAZY(void,   __gmpz_set,        (mpz_ptr z, mpz_srcptr a),                  (z, a))
LAZY(void,   __gmpz_set_si,     (mpz_ptr z, long i),                        (z, i))
LAZY(long,   __gmpz_get_si,     (mpz_srcptr z),                             (z))
LAZY(int,    __gmpz_fits_slong_p, (mpz_srcptr z),                           (z))
LAZY(double, __gmpz_get_d_2exp, (long *e, mpz_srcptr z),                    (e, z))
LAZY(int,    __gmpz_tstbit,     (mpz_srcptr z, mp_bitcnt_t b),              (z, b))
LAZY(void,   __gmpz_mul_2exp,   (mpz_ptr z, mpz_srcptr a, mp_bitcnt_t b),   (z, a, b))
LAZY(void,   __gmpz_add_ui,     (mpz_ptr z, mpz_srcptr a, unsigned long u), (z, a, u))
LAZY(void,   __gmpz_divexact,   (mpz_ptr z, mpz_srcptr a, mpz_srcptr b),    (z, a, b))
LAZY(void,   __gmpz_gcd,        (mpz_ptr z, mpz_srcptr a, mpz_srcptr b),    (z, a, b))
LAZY(void,   __gmpz_fdiv_qr,    (mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d), (q, r, n, d))

#pragma GCC visibility pop
