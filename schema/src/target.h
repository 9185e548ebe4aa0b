// Internal: the parts of a reference target "doc#eId/case".
#pragma once

#include <string>
#include <string_view>

namespace arbitro::schema_detail {

struct TargetParts {
  std::string doc;  // empty when the target is local
  std::string eid;
  std::string case_id;  // empty when the target is a whole unit
};

TargetParts SplitTarget(std::string_view target);

}  // namespace arbitro::schema_detail
