// The quiz builder: candidate questions of one game (see quiz_internal.h for the
// data it reads). Its stages live in one file each:
//   situations.cc   situation, tf and cloze questions from a case, verified by Resolve
//   distractors.cc  near-miss wrong decisions for a situation, each verified by Resolve
//   parameters.cc   numeric, mc and tf questions from <param>s and their phrasing
//   terms.cc        cloze and mc questions from defined <term>s
//   phrasing.cc     the Italian wording shared by all of them: scenes composed from
//                   phrasing.xml, decisions as answers, names of questions
// Nothing a trainee reads comes from a vocabulary id or label: a situation whose facts
// have no phrase, or a parameter with no question, gives no question.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "quiz/quiz_internal.h"

namespace arbitro::quiz {

using Facts = std::vector<std::pair<std::string, std::string>>;
using Pairs = std::set<std::pair<std::string, std::string>>;

// ---- wording helpers (phrasing.cc)
Pairs PairsOf(const std::vector<SanctionInfo>& sanctions);
bool Disjoint(const Pairs& a, const Pairs& b);
// A decision as a trainee reads it, from its sanctions: "Calcio di punizione per il
// difensore, nel punto in cui …"; a choice as a whole: "A scelta del difensore: … oppure …".
std::string AnswerText(const std::vector<SanctionInfo>& sanctions);
std::string TrimPeriod(std::string s);
// A key for one situation of a game: its facts, sorted.
std::string Canonical(const std::string& game, const Facts& facts);
std::string Difficulty(int level);
std::vector<std::string> Words(const std::string& text);  // folded words
double Jaccard(const std::string& a, const std::string& b);
bool ContainsWords(const std::string& haystack, const std::string& needle);
// Italian plural of each parameter unit ("cm" → "centimetri").
const std::map<std::string, std::string>& UnitWords();
// First letter upper / lower case (ASCII and accented Latin letters in UTF-8).
std::string UpperFirst(const std::string& s);
std::string LowerFirst(const std::string& s);
// "a, b e c"
std::string JoinAnd(const std::vector<std::string>& parts);
// Text shortened to at most `max` bytes at a word boundary, with "…".
std::string Clip(const std::string& text, size_t max);

// A situation told as a scene (phrasing.cc): `setting` holds the opening adverbials
// (when, where), `body` the clauses with how and how often.
struct Scene {
  bool ok = false;
  std::string setting, body;
  // The whole scene, first letter as written ("durante una mischia, la palla …").
  std::string Text() const;
};

class Builder {
 public:
  Builder(Engine& engine, const GameData& data, const std::vector<std::string>& variants,
          std::vector<Candidate>* out)
      : engine_(engine), data_(data), variants_(variants), out_(out) {}

  Status Run() {
    for (const RuleCase& c : data_.rules.cases) {
      Status s = FromCase(c);
      if (!s.ok()) return s;
    }
    FromParams();
    FromTerms();
    return Status::OK();
  }

 private:
  // ------------------------------------------------------------ scenes (phrasing.cc)
  Scene Compose(const Facts& facts) const;
  // "In una partita di Subbuteo, durante una mischia …"
  std::string Stem(const Scene& scene) const;
  // A scene as a condition inside a sentence: "durante una mischia la palla …".
  std::string When(const Scene& scene) const;
  // The scene as a condition: "quando, durante una mischia, la palla …" (or the setting
  // alone: "durante un annullo").
  std::string Condition(const Scene& scene) const;
  std::string Game() const { return data_.title; }
  // The name of a question: what it tests, for the trainer's question bank.
  std::string Name(const Unit& unit, const std::string& kind, const std::string& what) const;

  // ------------------------------------------------------------ situations
  // Resolves structured facts once per distinct fact set.
  Status Resolve(const Facts& facts, const ResolveResult** out);

  // A usable ruling: at least one, no open question, no tie at the top.
  static bool Decided(const ResolveResult& r);

  static Pairs AllPairs(const ResolveResult& r);

  // A value that satisfies the condition, or "" when none can be chosen.
  std::string ValueFor(const RuleCond& cond) const;

  static std::vector<QuizCitation> CitationsOf(const Ruling& ruling);

  Facts FactsOf(const RuleCase& c) const;

  // Is the case the exception of an override (it wins over another rule)? Is it a
  // general rule that an exception overrides?
  bool IsException(const RuleCase& c) const;
  bool HasException(const RuleCase& c) const;

  struct Distractor {
    std::string text, feedback;
    std::vector<SanctionInfo> sanctions;
    bool swapped = false;  // the right sanction for the other side
    bool place = false;    // the right sanction from another place
    Facts facts;           // the situation it is right for (empty: none verified)
  };

  // Near-miss wrong decisions, each verified by Resolve: the decision for the same
  // facts with one fact changed (zone, first/repeated, moving/still …), the decisions of
  // sibling cases (same provision, table or infringement), the same sanction for the
  // other side, the same restart from another place. None shares a (type, beneficiary)
  // with any ruling for the facts (a place distractor: no (type, beneficiary, place)).
  Status Distractors(const RuleCase& source, const Facts& facts, const Ruling& best,
                     const ResolveResult& all, size_t want, std::vector<Distractor>* out);

  std::string BeneficiaryLabel(const std::string& id) const;

  Candidate Base(const Unit& unit, const std::string& id, const std::string& kind) const;

  void Emit(Candidate cand);

  static void AddCitations(std::vector<QuizCitation>* to, const std::vector<QuizCitation>& from);

  Status FromCase(const RuleCase& c);

  // ------------------------------------------------------------ parameters
  std::string ValueText(double v, const std::string& unit) const;
  // The statement of a parameter phrase with the number in it.
  std::string Statement(const ParamPhrase& phrase, double v, const std::string& unit) const;

  void FromParams();

  // ------------------------------------------------------------ terms
  std::vector<std::string> Accepted(const std::string& name) const;

  void FromTerms();

  Engine& engine_;
  const GameData& data_;
  const std::vector<std::string>& variants_;  // in play (variants.cc)
  std::vector<Candidate>* out_;
  std::map<std::string, ResolveResult> cache_;
  std::set<std::string> situations_, ids_, stems_;
};

}  // namespace arbitro::quiz
