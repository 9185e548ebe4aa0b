// The registry of fuzz targets linked into fuzz_replay (see fuzz_util.h).
#pragma once

#include <map>
#include <string>

#include "fuzz_util.h"

namespace arbitro::fuzz {

// Targets by name, filled by ARBITRO_FUZZ_TARGET before main() runs.
std::map<std::string, TargetFn>& Targets();

}  // namespace arbitro::fuzz
