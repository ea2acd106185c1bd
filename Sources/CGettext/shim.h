// glibc's gettext (in libc itself: nothing to link), for CalculatorLocale.
#include <libintl.h>
