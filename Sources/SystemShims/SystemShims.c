#include "SystemShims.h"

int bodywork_system_shims_present(void) { return 1; }
