/* eval.h - the evaluation room's internals.  Internal to lib/engine/. */
#ifndef G2048_EVAL_H
#define G2048_EVAL_H

#include "2048.h"

#endif
