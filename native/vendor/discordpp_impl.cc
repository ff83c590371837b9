// The one translation unit that compiles the wrapper implementation discordpp.h carries (its
// DISCORDPP_IMPLEMENTATION block has non-inline definitions, so exactly one file may define it).
// Against the declarations-only header of test/vendor-shape this file is empty.
#define DISCORDPP_IMPLEMENTATION
#include <discordpp.h>
