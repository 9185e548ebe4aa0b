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

// ---- decisions (decisions.cc)
Pairs PairsOf(const std::vector<SanctionInfo>& sanctions);
bool Disjoint(const Pairs& a, const Pairs& b);
// Could two decisions be the same one? A sanction type they share, for a side that is the
// same or cannot be told apart (no side, the opponent of an unnamed offender …).
bool MayConflict(const std::vector<SanctionInfo>& a, const std::vector<SanctionInfo>& b);
// The sides a scene can name ("attaccante", "squadra-in-difesa"), with their opposites.
const std::map<std::string, std::string>& Opposites();
// A citation as it reads inside brackets: list labels without their bracket ("a)" →
// "a", "riga 10)" → "riga 10"), asides of headings dropped ("(vedi figura 03)"), a
// heading's own brackets as a comma ("PORTIERE DI RISERVA, portierino").
std::string CleanCitation(const std::string& citation);
// The same without the document title: "Regola 7 › 7.3 › b".
std::string ShortCitation(const std::string& citation);
// A noun after a preposition: With("a", "l'attaccante") → "all'attaccante".
std::string With(const std::string& preposition, const std::string& noun);

// ---- wording helpers (phrasing.cc)
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
void ReplaceAll(std::string* s, const std::string& from, const std::string& to);
// Italian articulated prepositions ("di il" → "del"), on words after a space.
std::string Contract(std::string s);
// Contracted, spaces collapsed, no space before punctuation.
std::string Tidy(const std::string& raw);

// A situation told as a scene (phrasing.cc): `setting` holds the opening adverbials
// (when, where), `body` the clauses with how and how often.
struct Scene {
  bool ok = false;
  std::string setting, body;
  size_t clauses = 0;  // clauses of the body
  // Written by the encoders for a case (scenes.xml): `body` is the whole clause and `why`
  // says why its case's decision follows.
  bool authored = false;
  std::string why;
  std::string actor;  // authored: the side of whoever offends, when no fact says it
  // The whole scene, first letter as written ("durante una mischia, la palla …").
  std::string Text() const;
};

class Builder {
 public:
  Builder(Engine& engine, const GameData& data, const std::vector<std::string>& variants,
          std::vector<Candidate>* out)
      : engine_(engine), data_(data), variants_(variants), out_(out) {}

  Status Run() {
    ReadAuthoredScenes();
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
  // The encoders' scenes of the game's cases (authored.cc): the facts each tells, and the
  // scene of each set of told facts, so that Compose tells those facts in their words.
  void ReadAuthoredScenes();
  const Scene* Authored(const Facts& facts) const;
  // The scene of `facts`: the encoders' when a case's scene tells exactly these facts,
  // else composed from phrasing.xml.
  Scene Compose(const Facts& facts) const;
  // The scene a trainee may read for `facts`: Compose's, except that a game whose encoders
  // told its cases is told only in their words (a composed scene reads as a list of facts,
  // trainers' rounds 5 to 8): not ok then.
  Scene Told(const Facts& facts) const {
    Scene scene = Compose(facts);
    if (!scene.authored && !authored_.empty()) scene.ok = false;
    return scene;
  }
  // "In una partita di Subbuteo, durante una mischia …"
  std::string Stem(const Scene& scene) const;
  // A scene as a condition inside a sentence: "durante una mischia la palla …".
  std::string When(const Scene& scene) const;
  // The scene after a conjunction: After("quando", …) → "quando, durante una mischia, la
  // palla …" (the setting alone: "quando durante un annullo"; a setting that is itself a
  // "quando" clause is not introduced twice).
  std::string After(const std::string& lead, const Scene& scene) const;
  std::string Condition(const Scene& scene) const { return After("quando", scene); }
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
    std::vector<SanctionInfo> sanctions;  // sides resolved in the situation it is right for
    bool swapped = false;                 // the right sanction for the other side
    Facts facts;                          // the situation it is right for (empty: none verified)
    std::string cite;                     // where the rules say so
  };

  // Near-miss wrong decisions, each verified by Resolve: the decision for the same
  // facts with one fact changed (zone, first/repeated, moving/still …), the decisions of
  // sibling cases (same provision, table or infringement), the same sanction for the
  // other side, the same rule's other situations. Each is of the class of the right one,
  // may not be the same decision as any ruling for the facts (MayConflict), is not a
  // decision the cited provision mentions without a case of its own, and is right in a
  // situation whose deciding case speaks of the fact that was changed.
  Status Distractors(const RuleCase& source, const Facts& facts, const Ruling& best,
                     const ResolveResult& all, size_t want, std::vector<Distractor>* out);
  // The teaching sentence of a wrong answer: the situation it is right for, or the side
  // the right decision goes to.
  std::string Contrast(const Distractor& d, const std::string& right_side) const;

  // ------------------------------------------------------------ stating (stating.cc)
  // The same sanctions, sides and places.
  static bool SameRuling(const Ruling& a, const Ruling& b);
  // The same sanctions: type, side and place, in any order.
  static bool SameSanctions(const std::vector<SanctionInfo>& a, const std::vector<SanctionInfo>& b);
  // At most three clauses and about two printed lines.
  static bool Readable(const Scene& scene);
  // The cases that tell the story of `facts` with one fact more and, told with it, take
  // another decision than `ruling`: the scene must state that fact's value.
  Status Pending(const Facts& facts, const Ruling& ruling, std::vector<const RuleCase*>* out);
  // Adds to `facts` a value of each fact such a case differs by, keeping `ruling` (still
  // decided by the provision `self`); *ok false when a fact cannot be stated so.
  Status StateDecidingFacts(const std::string& self, Facts* facts, const Ruling& ruling, bool* ok);
  // No such case for `facts`: the scene says all that decides it.
  Status Precise(const Facts& facts, const Ruling& ruling, bool* ok);
  // May `other`, decided by `deciding`, be a wrong answer's situation beside `asked`: the
  // asked scene states a fact `deciding` excludes, the setting is the same (unless it is
  // the `changed` fact), they share a fact and `other` adds at most one.
  bool NearMiss(const Facts& asked, const RuleCase& deciding, const Facts& other,
                const std::string& changed) const;
  // Does the decision repeat the scene ("lancia i due dadi" → "si lanciano i due dadi")?
  bool Circular(const Scene& scene, const std::string& decision) const;
  // " Il punto della ripresa lo stabilisce …: «…»." for each place of the ruling that its
  // citations do not say, with that provision added to `citations`; "" when they say it
  // all, "-" when no provision of the game does.
  std::string PlaceNote(const Ruling& ruling, const std::string& source,
                        std::vector<QuizCitation>* citations) const;

  // ------------------------------------------------------------ decisions (decisions.cc)
  // The side (beneficiary id) of whoever acts in the scene, "" when no phrase says.
  std::string Actor(const Facts& facts) const;
  // Sanctions with "the opponent of the offender" and "the offender" said as the sides
  // they are for this actor, and the game's words for sides no actor resolves.
  std::vector<SanctionInfo> Sided(const std::vector<SanctionInfo>& sanctions,
                                  const std::string& actor) const;
  std::string SideLabel(const std::string& id) const;  // "per l'attaccante"
  std::string SideNoun(const std::string& id) const;   // "l'attaccante", "" if none
  // A decision as a trainee reads it: "Calcio di punizione per il difensore, nel punto in
  // cui …"; a choice as a whole: "A scelta del difensore: … oppure …".
  std::string Say(const std::vector<SanctionInfo>& sided) const;
  std::string Part(const SanctionInfo& s, bool with_side, bool in_choice = false) const;
  // The decision of the facts' resolved sanctions, sides said for the facts' actor.
  std::string Decision(const std::vector<SanctionInfo>& sanctions, const Facts& facts) const {
    return Say(Sided(sanctions, Actor(facts)));
  }
  // The class of a decision (phrasing.xml), "" when not given.
  // Is one of the sanctions a step of procedure (class "procedura" in phrasing.xml)?
  bool Procedural(const std::vector<SanctionInfo>& sanctions) const;
  std::string ClassOf(const std::vector<SanctionInfo>& sanctions) const;
  // A decision of class esito or partita: an outcome the rules provide ("la mossa non è
  // consentita"), never said as a referee's decision.
  bool Outcome(const std::vector<SanctionInfo>& sanctions) const;
  // Sanction types a text names (their forms, longest first).
  std::set<std::string> MentionedTypes(const std::string& text) const;
  // The fact that says what happened (the infringement, the event, the card played …):
  // changing it tells another story, not a near miss.
  bool Central(const std::string& fact) const;
  // Whether the value of facts[changed] can go with the scene's infringement or event:
  // false when cases of the game test that fact with it and none allows the value (an
  // offside re-entry "nella propria area di rigore", an annullo during the advance).
  bool CoOccurs(const Facts& facts, size_t changed) const;
  // Calls fn(altered, fact, &stop) for each situation `facts` with one fact that is not
  // Central set to another value the rules let go with the rest (CoOccurs): the zone, first
  // or repeated, moving or still …; stops at an error or when fn sets stop.
  template <typename Fn>
  Status EachOneFactChanged(const Facts& facts, Fn&& fn) const {
    for (size_t i = 0; i < facts.size(); ++i) {
      const std::string& fact = facts[i].first;
      if (Central(fact)) continue;
      const RuleFact* f = data_.rules.Fact(fact);
      if (!f) continue;
      for (const auto& v : f->values) {
        if (v.id == facts[i].second) continue;
        Facts altered = facts;
        altered[i].second = v.id;
        if (!CoOccurs(altered, i)) continue;  // a combination no rule allows
        bool stop = false;
        Status s = fn(altered, fact, &stop);
        if (!s.ok() || stop) return s;
      }
    }
    return Status::OK();
  }
  // The case that decides a ruling for `facts` and speaks of every one of them (and of the
  // changed fact, when one fact was changed); null when none does.
  const RuleCase* Deciding(const Facts& facts, const Ruling& ruling,
                           const std::string& changed) const;
  bool Grounded(const Facts& facts, const Ruling& ruling, const std::string& changed) const {
    return Deciding(facts, ruling, changed) != nullptr;
  }

  std::string BeneficiaryLabel(const std::string& id) const;

  Candidate Base(const Unit& unit, const std::string& id, const std::string& kind) const;

  void Emit(Candidate cand);

  static void AddCitations(std::vector<QuizCitation>* to, const std::vector<QuizCitation>& from);

  Status FromCase(const RuleCase& c);
  // "È un'eccezione: di regola, quando …, si decide …": the general rule the case
  // overrides, when it can be told as a scene; "" otherwise.
  std::string ExceptionNote(const RuleCase& c) const;

  // ------------------------------------------------------------ parameters
  // "5 centimetri", "1 carta"; the phrase's own noun when it gives one.
  std::string ValueText(double v, const std::string& unit,
                        const ParamPhrase* phrase = nullptr) const;
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
  std::map<const RuleCase*, Facts> told_;  // facts an authored scene tells of its case
  std::map<std::string, Scene> authored_;  // Canonical(told facts) → the scene
  std::set<const RuleCase*> unasked_;      // quiz="no": never asked
  std::set<std::string> situations_, ids_, stems_;
};

}  // namespace arbitro::quiz
