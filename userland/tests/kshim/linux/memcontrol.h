/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: see ../kshim.h */
#include "../kshim.h"
