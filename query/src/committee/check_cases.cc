// The wording of each case against its own logic:
// - DECISION-PROVISO: the decision sentence carries a proviso ("purché", "solo se",
//   "a condizione che", "oppure" …) that no condition or <choice> expresses, so resolve
//   would state it without checking it;
// - RESTART-NO-PLACE: a restart sanction (free kick, penalty, scrum, throw-in …) with no
//   place, where the provision's own text says where it is taken.
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

// Folded (lower case, no accents) words that make a decision conditional or
// alternative. "oppure" is an alternative: fine when the case has a <choice>.
const char* const kProvisos[] = {"purche",         "solo se",       "soltanto se",
                                 "a condizione che", "a patto che",  "a meno che",
                                 "salvo che",      "tranne se",     "oppure"};

// Sanctions that restart play from a place.
const char* const kRestarts[] = {
    "punizione",         "punizione-diretta", "punizione-indiretta", "calcio-di-rigore",
    "rimessa-laterale",  "rimessa-dal-fondo", "calcio-d-angolo",     "mischia",
    "touche",            "calcio-di-ripresa", "calcio-piazzato",     "calcio-di-spostamento"};

// Folded phrases with which a provision says where a restart is taken.
const char* const kPlaceCues[] = {"dal punto",       "nel punto",     "sul punto",
                                  "dal dischetto",   "sul dischetto", "dalla linea",
                                  "sulla linea",     "a centrocampo", "dal centrocampo",
                                  "dalla bandierina", "dalla casella", "sulla casella",
                                  "dal centro",      "dal lato"};

std::string Folded(const std::string& text) { return " " + StripAccents(FoldCase(text)) + " "; }

bool HasWords(const std::string& folded, const char* words) {
  return folded.find(" " + std::string(words) + " ") != std::string::npos ||
         folded.find(" " + std::string(words) + ",") != std::string::npos;
}

bool IsRestart(const std::string& type) {
  for (const char* r : kRestarts) {
    if (type == r) return true;
  }
  return false;
}

}  // namespace

void CheckCaseWording(FindingSink& sink, const Rulebook& book) {
  for (int i = 0; i < static_cast<int>(book.units.size()); ++i) {
    const Unit& u = book.units[i];
    const UnitRef ref{&book, i};
    std::string unit_text = u.text;
    for (const auto& [column, cell] : u.cells) unit_text += " " + cell;
    const std::string folded_text = Folded(unit_text);
    for (const Case& c : u.cases) {
      bool has_choice = false;
      for (const Sanction& s : c.sanctions) has_choice = has_choice || s.choice > 0;
      const std::string decision = Folded(c.decision);
      for (const char* proviso : kProvisos) {
        if (!HasWords(decision, proviso)) continue;
        if (has_choice && std::string(proviso) == "oppure") continue;
        Finding& f = sink.Add("DECISION-PROVISO", Severity::kError, {ref},
                              "il caso " + c.id + " dice «" + proviso +
                                  "» nella decisione, ma nessuna condizione né scelta lo esprime: «" +
                                  c.decision + "»");
        f.location = Location(c.pos);
        break;
      }
      for (const Sanction& s : c.sanctions) {
        if (!IsRestart(s.type) || !s.place.empty()) continue;
        const char* cue = nullptr;
        for (const char* p : kPlaceCues) {
          if (folded_text.find(" " + std::string(p) + " ") != std::string::npos) cue = p;
        }
        if (!cue) continue;
        Finding& f = sink.Add("RESTART-NO-PLACE", Severity::kError, {ref},
                              "il caso " + c.id + " assegna «" + s.type +
                                  "» senza luogo, ma la disposizione lo indica («" + cue + " …»)");
        f.location = Location(c.pos);
        break;
      }
    }
  }
}

}  // namespace arbitro::check_detail
