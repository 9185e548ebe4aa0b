// The quiz builder: candidate questions of one game (see quiz_internal.h for the
// data it reads). Its stages live in one file each:
//   situations.cc   situation, tf and cloze questions from a case, verified by Resolve
//   distractors.cc  plausible wrong decisions for a situation
//   parameters.cc   numeric, mc and tf questions from <param>s
//   terms.cc        cloze and mc questions from defined <term>s
//   phrasing.cc     the Italian wording shared by all of them
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
// "Calcio di punizione per il difensore; …"
std::string SanctionText(const std::vector<SanctionInfo>& sanctions);
std::string DecisionText(const RuleCase& c);
std::string TrimPeriod(std::string s);
// The decision as an answer, without a leading situation part that gives it away.
std::string AnswerLabel(const std::string& decision, const std::vector<SanctionInfo>& sanctions,
                        const std::map<std::string, std::vector<std::string>>& forms);
// A key for one situation of a game: its facts, sorted.
std::string Canonical(const std::string& game, const Facts& facts);
std::string Difficulty(int level);
std::vector<std::string> Words(const std::string& text);  // folded words
double Jaccard(const std::string& a, const std::string& b);
bool ContainsWords(const std::string& haystack, const std::string& needle);
// Italian plural of each parameter unit ("cm" → "centimetri").
const std::map<std::string, std::string>& UnitWords();

class Builder {
 public:
  Builder(Engine& engine, const GameData& data, std::vector<Candidate>* out)
      : engine_(engine), data_(data), out_(out) {}

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
  // ------------------------------------------------------------ situations
  struct Situation {
    Facts facts;
    ResolveResult result;
    bool valid = false;
  };

  // Resolves structured facts once per distinct fact set.
  Status Resolve(const Facts& facts, const ResolveResult** out);

  // A usable ruling: at least one, no open question, no tie at the top.
  static bool Decided(const ResolveResult& r);

  static Pairs AllPairs(const ResolveResult& r);

  // A value that satisfies the condition, or "" when none can be chosen.
  std::string ValueFor(const RuleCond& cond) const;

  std::string ValueLabel(const std::string& fact, const std::string& value) const;

  std::string Describe(const Facts& facts) const;

  std::string Intro(const std::string& doc) const;

  static std::vector<QuizCitation> CitationsOf(const Ruling& ruling);

  const RuleCase* FindCase(long long unit, const std::string& case_id) const;

  Facts FactsOf(const RuleCase& c) const;

  struct Distractor {
    std::string text, feedback;
    std::vector<SanctionInfo> sanctions;
    bool swapped = false;  // the right sanction for the other side
  };

  // Plausible wrong decisions: sibling cases first (same provision or table), then
  // the same infringement elsewhere, the same sanction for the other side, the same
  // rule, and common sanctions of the game. None shares a (type, beneficiary) with
  // any ruling for the facts.
  std::vector<Distractor> Distractors(const RuleCase& source, const Facts& facts,
                                      const Ruling& best, const Pairs& forbidden,
                                      size_t want) const;

  std::string BeneficiaryLabel(const std::string& id) const;

  Candidate Base(const Unit& unit, const std::string& id, const std::string& kind) const;

  void Emit(Candidate cand);

  static void AddCitations(std::vector<QuizCitation>* to, const std::vector<QuizCitation>& from);

  Status FromCase(const RuleCase& c);

  // ------------------------------------------------------------ parameters
  std::string ParamWords(const Param& p) const;

  std::string ValueText(double v, const std::string& unit) const;

  // The parameter's quote with its number masked ("… movimenti posizionali"), or ""
  // when the number cannot be found in it.
  static std::string MaskedQuote(const Param& p);

  std::string Where(const Unit& u) const;

  void FromParams();

  // ------------------------------------------------------------ terms
  std::vector<std::string> Accepted(const std::string& name) const;

  void FromTerms();

  Engine& engine_;
  const GameData& data_;
  std::vector<Candidate>* out_;
  std::map<std::string, ResolveResult> cache_;
  std::set<std::string> situations_, ids_, stems_;
};

}  // namespace arbitro::quiz
