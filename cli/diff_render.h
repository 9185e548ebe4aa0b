// Renderers of a DiffResult for `arbitro diff`: terminal text, JSON, Markdown and a
// standalone HTML page. Each starts with the summary and shows, for every change, what
// changed in sanctions, conditions and parameters before the word-level redline.
#pragma once

#include <ostream>
#include <string>

#include "arbitro/query.h"

namespace arbitro::cli {

void RenderDiffText(std::ostream& out, const DiffResult& diff, bool color);
void RenderDiffJson(std::ostream& out, const DiffResult& diff);
void RenderDiffMarkdown(std::ostream& out, const DiffResult& diff);
void RenderDiffHtml(std::ostream& out, const DiffResult& diff);

// Italian name of a change type ("sostituzione", "rinumerazione", …).
std::string ChangeTypeLabel(const std::string& type);

}  // namespace arbitro::cli
