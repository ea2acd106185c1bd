// MPFR (and the GMP integers that come with it), for CalculatorNumbers. The functions it calls
// are defined in lazy.c, which loads the libraries at the first call.
#include <mpfr.h>
