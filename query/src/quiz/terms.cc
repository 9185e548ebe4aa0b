// Questions from defined terms: cloze and mc on the meaning (see builder.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/builder.h"

namespace arbitro::quiz {

// ------------------------------------------------------------ terms
std::vector<std::string> Builder::Accepted(const std::string& name) const {
  std::vector<std::string> out{Lower(name)};
  std::set<std::string> seen{Fold(name)};
  auto add = [&](const std::string& s) {
    if (!Fold(s).empty() && seen.insert(Fold(s)).second) out.push_back(Lower(s));
  };
  for (const auto& group : data_.synonyms) {
    bool member = false;
    for (const auto& t : group) member = member || Fold(t) == Fold(name);
    if (member) {
      for (const auto& t : group) add(t);
    }
  }
  for (const auto& [type, forms] : data_.sanction_forms) {
    bool member = false;
    for (const auto& f : forms) member = member || Fold(f) == Fold(name);
    if (member) {
      for (const auto& f : forms) add(f);
    }
  }
  return out;
}

void Builder::FromTerms() {
  std::set<std::string> done, definitions;
  for (size_t i = 0; i < data_.terms.size(); ++i) {
    const Term& t = data_.terms[i];
    const Unit* u = data_.FindUnit(t.unit);
    if (!u || !VariantInPlay(variants_, u->variant) || ChangedByVariant(data_, variants_, u->id))
      continue;
    const std::string key = "term:" + data_.game + ":" + Fold(t.name);
    if (!done.insert(key).second) continue;
    const auto name_words = Words(t.name);
    const auto def_words = Words(t.definition);
    if (name_words.empty() || def_words.size() < 3) continue;
    const std::vector<std::string> accepted = Accepted(t.name);
    bool giveaway = false;
    for (const auto& a : accepted) giveaway = giveaway || ContainsWords(t.definition, a);
    std::string slug;
    for (const auto& w : name_words) slug += (slug.empty() ? "" : "-") + w;
    const std::string base_id = u->doc + "#" + u->eid;
    auto it = data_.doc_short.find(u->doc);
    const std::string in_doc = data_.docs.size() > 1 && it != data_.doc_short.end()
                                   ? "Nel regolamento " + it->second
                                   : "Nel regolamento di " + Game();
    std::vector<QuizCitation> cites{{base_id, u->citation, u->text}};
    const std::string fb = UpperFirst(t.name) + ": " + LowerFirst(TrimPeriod(t.definition)) + ".";
    const std::string what = "“" + t.name + "”";

    // Two terms with the same definition would make one question with two answers.
    bool shared = false;
    for (const auto& o : data_.terms) {
      shared = shared || (Fold(o.name) != Fold(t.name) && Fold(o.definition) == Fold(t.definition));
    }
    // A term that names its section ("FASI DEL GIOCO": "fase spostamento e fase azione")
    // is a heading over a list, not a defined word: the book's own words ("due fasi
    // principali") would be as right as the heading, so it is no cloze.
    bool heading = false;
    for (const Unit* a = u; a && !heading; a = a->parent ? data_.FindUnit(a->parent) : nullptr) {
      const auto head = Words(a->heading);
      heading = !head.empty() &&
                std::search(head.begin(), head.end(), name_words.begin(), name_words.end()) !=
                    head.end() &&
                head.size() <= name_words.size() + 1;
    }
    // A definition that is a noun phrase is asked as a trainer would ("Come si chiama,
    // nel regolamento di Calciotto, il cerchietto di fronte alla porta?"). Any other would
    // be a quoted rule sentence wrapped in "quale termine indica…", which trainers judged
    // circular: no cloze then.
    const std::string def = TrimPeriod(t.definition);
    const std::string first = Words(def).empty() ? "" : Words(def)[0];
    static const std::set<std::string> kDeterminers = {"il", "lo", "la",  "l",   "i",   "gli",
                                                       "le", "un", "uno", "una", "ogni"};
    static const std::set<std::string> kVerbs = {"ha", "hanno", "e", "sono", "viene", "vengono"};
    bool phrase = kDeterminers.count(first) && def.find(':') == std::string::npos &&
                  def.find('[') == std::string::npos && Words(def).size() <= 16;
    for (const auto& w : Words(def)) phrase = phrase && !kVerbs.count(w);
    if (phrase && !giveaway && !shared && !heading && name_words.size() <= 4 &&
        definitions.insert(Fold(t.definition)).second) {
      Candidate cand = Base(*u, base_id + "/cloze/" + slug, "cloze");
      Question& q = cand.q;
      cand.source = key;
      q.name = Name(*u, "cloze", what);
      q.difficulty = name_words.size() >= 3 ? "hard" : "medium";
      // "Come si chiamano … le caselle": the verb agrees with a plural determiner.
      const bool plural = first == "i" || first == "gli" || first == "le";
      q.stem = std::string(plural ? "Come si chiamano, " : "Come si chiama, ") +
               LowerFirst(in_doc) + ", " + LowerFirst(def) + "?";
      q.accepted = accepted;
      q.citations = cites;
      // Where the book uses the word, not the definition again (which the stem says).
      q.feedback = t.quote.empty() || !ContainsWords(t.quote, t.name)
                       ? fb
                       : "Il regolamento lo chiama “" + t.name + "” (" +
                             ShortCitation(u->citation) + "): «" + TrimPeriod(t.quote) + "».";
      Emit(std::move(cand));
    }
    // mc on the meaning: definitions of the same rule's other terms (what a trainee could
    // mistake it for), never a near-copy of this one
    std::vector<const Term*> others;
    for (int pass = 0; pass < 2; ++pass) {
      for (const auto& o : data_.terms) {
        const Unit* ou = data_.FindUnit(o.unit);
        if (!ou || ou->rule_id != u->rule_id || (pass == 0) != (ou->parent == u->parent)) continue;
        bool synonym = false;
        for (const auto& a : accepted) synonym = synonym || Fold(a) == Fold(o.name);
        // A definition that names the asked term would point at it or away from it; a term
        // the asked definition names is its genus ("colpo di rientro" for the automatic
        // flick, itself a re-entry flick), whose definition fits the asked term too.
        if (synonym || ContainsWords(o.definition, t.name) || ContainsWords(t.definition, o.name))
          continue;
        if (Jaccard(o.definition, t.definition) >= 0.4 || Words(o.definition).size() < 3) continue;
        bool dup = false;
        for (const Term* x : others)
          dup = dup || Fold(x->definition) == Fold(o.definition) || Fold(x->name) == Fold(o.name);
        if (dup || others.size() >= 3) continue;
        others.push_back(&o);
      }
    }
    if (others.size() >= 2) {
      Candidate cand = Base(*u, base_id + "/mc/" + slug, "mc");
      Question& q = cand.q;
      cand.source = key;
      q.name = Name(*u, "mc", what);
      q.difficulty = "easy";
      q.stem = in_doc + ", che cosa si intende per “" + t.name + "”?";
      q.citations = cites;
      q.feedback = fb;
      q.answers.push_back({Capitalise(TrimPeriod(t.definition)), true, "Esatto. " + fb, {}});
      for (const Term* o : others) {
        q.answers.push_back({Capitalise(TrimPeriod(o->definition)),
                             false,
                             "No: questa è la definizione di “" + o->name + "”. " + fb,
                             {}});
      }
      Emit(std::move(cand));
    }
  }
}

}  // namespace arbitro::quiz
