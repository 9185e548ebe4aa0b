// The reader of corpus/<game>/asked.xml (schema/asked.rng): how people ask for each
// provision, checked against the loaded rulebooks.
#include <set>

#include "arbitro/schema.h"
#include "grammar.h"
#include "readers.h"
#include "reporter.h"
#include "text.h"

namespace arbitro::schema_detail {

namespace {
constexpr size_t kMaxQuestionBytes = 200;
}  // namespace

void ReadAsked(const XmlFile& xml, const std::string& game, Corpus* corpus, Reporter* reporter) {
  const pugi::xml_node root = xml.Root();
  if (const std::string named = TokenAttr(root, "game"); named != game) {
    reporter->Error(xml.Pos(root),
                    "questions of game '" + named + "' in the folder of game '" + game + "'");
    return;
  }
  std::vector<AskedFor>& out = corpus->asked[game];
  std::set<std::string> seen;
  for (pugi::xml_node el : root.children("provision")) {
    AskedFor asked;
    asked.target = TokenAttr(el, "ref");
    asked.pos = xml.Pos(el);
    const Rulebook* book = nullptr;
    int unit = -1;
    std::string case_id;
    if (!corpus->Resolve("", asked.target, &book, &unit, &case_id) || !case_id.empty() ||
        !book->units[static_cast<size_t>(unit)].citable()) {
      reporter->Error(asked.pos, "questions for '" + asked.target + "', which is no provision");
      continue;
    }
    if (book->game != game) {
      reporter->Error(asked.pos, "questions for '" + asked.target + "', a provision of game '" +
                                     book->game + "'");
      continue;
    }
    if (!seen.insert(asked.target).second) {
      reporter->Error(asked.pos, "second <provision> for '" + asked.target + "'");
      continue;
    }
    asked.doc = book->doc;
    asked.eid = book->units[static_cast<size_t>(unit)].eid;
    std::set<std::string> questions;
    for (pugi::xml_node q : el.children("q")) {
      const std::string text = PlainText(q);
      // PlainText has made it one line (whitespace collapsed).
      if (text.empty() || text.size() > kMaxQuestionBytes) {
        reporter->Error(xml.Pos(q), "a question is one line of 1 to " +
                                        std::to_string(kMaxQuestionBytes) + " characters");
      } else if (!questions.insert(text).second) {
        reporter->Error(xml.Pos(q),
                        "question asked twice for '" + asked.target + "': '" + text + "'");
      } else {
        asked.questions.push_back(text);
      }
    }
    out.push_back(std::move(asked));
  }
}

}  // namespace arbitro::schema_detail
