// Engine::Resolve: described situation → rulings. (Being implemented.)
#include "engine_impl.h"

namespace arbitro {

Status Engine::Resolve(const std::string& scenario, const ResolveOptions& options,
                       ResolveResult* result) {
  return Status::InvalidArgument("resolve non è ancora disponibile");
}

}  // namespace arbitro
