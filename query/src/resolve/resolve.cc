// Engine::Resolve: a described situation (or structured facts) → rulings.
//
// 1. Reading: the facts of each candidate game are read from the description
//    (core/fact_reader.h).
// 2. Evaluation: the game's cases are evaluated on those facts (evaluate.h).
// 3. Choice of game: without --game, every game reads the description and the best
//    weighted sum of its reading's features wins (game_choice.h). A description no rule matches
//    gets the closest provisions from ask.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <set>
#include <unordered_map>

#include "arbitro/game_words.h"
#include "core/engine_impl.h"
#include "core/fact_reader.h"
#include "core/rules.h"
#include "core/word_set.h"
#include "resolve/contact_order.h"
#include "resolve/claims.h"
#include "resolve/competence.h"
#include "resolve/dice.h"
#include "resolve/evaluate.h"
#include "resolve/game_choice.h"
#include "resolve/measure.h"
#include "resolve/retrieve.h"
#include "resolve/sides.h"

namespace arbitro {
namespace {

using resolve::EvaluateRules;
using resolve::Join;

// The vocabulary fact whose values name the variants of the game a description says are
// played ("giochiamo due contro due": piu-giocatori).
constexpr const char* kVariantFact = "variante";

// A description that is no game situation ("ciao come stai"): no fact was read from
// it and at most one of its content words, as written, occurs in the rulebooks.
bool NoGameSituation(const Engine::Impl& im, const std::vector<Token>& content,
                     const ResolveResult& result) {
  for (const FactReading& f : result.facts) {
    if (!f.words.empty()) return false;
  }
  int known = 0;
  for (const Token& t : content) known += im.xdb.get_termfreq(t.term) > 0 ? 1 : 0;
  return known <= 1;
}

// The changes of the variants in play that touch a provision the rulings cite: what the
// variant amends, replaces or adds there, with the amended figures.
Status QuoteVariantChanges(Engine::Impl& im, const ResolveOptions& options, ResolveResult* result) {
  if (options.variants.empty() || result->rulings.empty()) return Status::OK();
  Status s = im.LoadVariantChanges();
  if (!s.ok()) return s;
  std::set<std::string> cited;
  for (const Ruling& r : result->rulings) {
    for (const Citation& c : r.citations) cited.insert(c.id);
  }
  for (const auto& row : im.variant_changes) {
    const VariantChangeInfo& c = row.info;
    if (c.game != result->game || std::find(options.variants.begin(), options.variants.end(),
                                            c.variant) == options.variants.end()) {
      continue;
    }
    if (cited.count(c.by) || (!c.target.empty() && cited.count(c.target))) {
      result->variant_changes.push_back(c);
    }
  }
  return Status::OK();
}

// The variants of `game` the description names: the values read of the vocabulary's fact
// `variante` (corpus/README.md §6) that are variants of the game, applied as if given with
// --variant. One that the variants given exclude, or that excludes one named before it, is
// not applied: what the user gave wins.
std::vector<std::string> NamedVariants(const Engine::Impl& im, const std::string& game,
                                       const FactMap& facts,
                                       const std::vector<std::string>& given) {
  std::vector<std::string> named;
  auto it = facts.find(kVariantFact);
  if (it == facts.end()) return named;
  std::vector<std::string> in_play = given;
  for (const Reading& r : it->second) {
    if (std::find(in_play.begin(), in_play.end(), r.value) != in_play.end()) continue;
    in_play.push_back(r.value);
    if (im.CheckVariants(game, in_play).ok()) {
      named.push_back(r.value);
    } else {
      in_play.pop_back();
    }
  }
  return named;
}

constexpr size_t kMaxScenarioBytes = 8192;
constexpr size_t kMaxScenarioTokens = 200;
// Games a description naming none is read in: as many as the bundled corpus has (4), so
// that its rulings are those of a reading in every game; a larger library is read in the
// games the description points to (not learned: a cost bound, as ask's kMaxGamesSearched).
constexpr size_t kMaxGamesRead = 4;

// The fact every game's cases state their context with (corpus/README.md: "fase").
constexpr const char* kPhaseFact = "fase";

// The phase a fact read implies when the description names none: the one phase every case
// testing the value read is about ("tira sul portiere": the target of a shot is only ruled
// on in the shot action; "non arriva nella zona porta" likewise), read of two words at
// least (one word, "avversaria", "centrocampo", says too little). Values read that agree
// on no single phase imply nothing, and so do readings that imply different phases.
void ImplyPhase(const GameRules& rules, FactMap* facts) {
  if (facts->count(kPhaseFact) || !rules.Fact(kPhaseFact)) return;
  std::set<std::string> implied;
  std::string because;
  for (const auto& [name, list] : *facts) {
    auto cases = rules.cases_by_fact.find(name);
    if (name == kPhaseFact || cases == rules.cases_by_fact.end()) continue;
    for (const Reading& r : list) {
      if (!r.from_text || r.count < 2) continue;
      std::optional<std::set<std::string>> phases;  // the phases all its cases allow
      for (size_t i : cases->second) {
        const RuleCase& c = rules.cases[i];
        const bool tests_value =
            std::any_of(c.when.begin(), c.when.end(), [&](const RuleCond& cond) {
              return cond.fact == name && (cond.op == "eq" || cond.op == "in") &&
                     CondHolds(cond, r.value);
            });
        if (!tests_value) continue;
        std::set<std::string> allowed;
        for (const RuleCond& cond : c.when) {
          if (cond.fact == kPhaseFact && (cond.op == "eq" || cond.op == "in"))
            allowed.insert(cond.values.begin(), cond.values.end());
        }
        if (allowed.empty()) {  // a case of this value in any phase: nothing implied
          phases = std::set<std::string>();
          break;
        }
        if (!phases) {
          phases = allowed;
        } else {
          std::set<std::string> both;
          std::set_intersection(phases->begin(), phases->end(), allowed.begin(), allowed.end(),
                                std::inserter(both, both.end()));
          phases = std::move(both);
        }
      }
      if (phases && phases->size() == 1) {
        implied.insert(*phases->begin());
        because = r.words;
      }
    }
  }
  if (implied.size() != 1) return;
  // Not read from the text: it lets a case apply but supports none by itself.
  (*facts)[kPhaseFact].push_back({kPhaseFact, *implied.begin(), because, 0, 0, false});
}

// The fact that counts how many times the infraction (or the card) has happened, this
// time included (corpus/README.md: "occorrenza").
constexpr const char* kOccurrenceFact = "occorrenza";

// A description that tells the history before the event ruled on ("la prima volta la palla
// resta in area, la ripeto e di nuovo …", "ha già un giallo e ne prende un altro") reads
// several occurrences: the event ruled on is the last, the highest count read.
void KeepLastOccurrence(FactMap* facts) {
  auto it = facts->find(kOccurrenceFact);
  if (it == facts->end() || it->second.size() < 2) return;
  auto count = [](const Reading& r) { return std::strtol(r.value.c_str(), nullptr, 10); };
  auto last =
      std::max_element(it->second.begin(), it->second.end(),
                       [&](const Reading& a, const Reading& b) { return count(a) < count(b); });
  it->second = {*last};
}

// Resolves within one game: validates structured facts, adds defaults, evaluates.
// `used` (optional) receives the facts evaluated: read, given and defaults.
Status ResolveInGame(const GameRules& rules, FactMap facts, std::vector<std::string> contradictions,
                     const ResolveOptions& options, ResolveResult* result,
                     FactMap* used = nullptr) {
  result->game = rules.game;
  for (const auto& [name, value] : options.facts) {
    const RuleFact* fact = rules.Fact(name);
    if (!fact) {
      std::vector<std::string> names;
      for (const auto& f : rules.facts) names.push_back(f.name);
      std::string near = NearestWord(name, names);
      return Status::InvalidArgument("fatto sconosciuto '" + name + "' per " + rules.game +
                                     (near.empty() ? "" : ", forse '" + near + "'?") +
                                     " (fatti ammessi: " + Join(names, ", ") + ")");
    }
    bool ok = fact->Value(value) != nullptr;
    if (fact->integer && !ok) {
      ok = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      });
    }
    if (!ok) {
      std::vector<std::string> ids;
      for (const auto& v : fact->values) ids.push_back(v.id);
      std::string near = NearestWord(value, ids);
      return Status::InvalidArgument("valore sconosciuto '" + value + "' per il fatto " + name +
                                     (near.empty() ? "" : ", forse '" + near + "'?") +
                                     " (valori ammessi: " + Join(ids, ", ") + ")");
    }
    auto& list = facts[name];
    if (!list.empty() && list[0].value != value) {
      contradictions.push_back(name + "=" + list[0].value + " e " + name + "=" + value);
    }
    list.push_back({name, value, "", 0, 0, true});
  }
  if (!contradictions.empty()) {
    return Status::InvalidArgument("fatti contraddittori: " + Join(contradictions, "; "));
  }
  ImplyPhase(rules, &facts);
  // Defaults for facts the description does not mention.
  for (const auto& f : rules.facts) {
    if (!f.default_value.empty() && !facts.count(f.name)) {
      facts[f.name].push_back({f.name, f.default_value, "", 0, 0, false});
    }
  }
  for (const auto& [name, list] : facts) {
    for (const Reading& r : list) {
      result->facts.push_back({name, r.value, r.words});
      if (options.explain) {
        result->explanation.push_back(
            r.from_text ? (r.words.empty() ? "dato: " : "letto «" + r.words + "»: ") + name +
                              " = " + r.value
            : !r.words.empty()
                ? "dedotto " + name + " = " + r.value + " da «" + r.words + "»"  // ImplyPhase
                : "assunto " + name + " = " + r.value + " (valore predefinito)");
      }
    }
  }
  EvaluateRules(rules, facts, options, /*ask_back=*/true, result);
  if (used) *used = std::move(facts);
  return Status::OK();
}

// Provisions retrieved for a description no fact reading rules on.
constexpr int kRetrievedProvisions = 8;
// A ruling inferred from the closest case, not read from the facts, is reported with
// at most half the confidence of one read from them.
constexpr double kRetrievedConfidence = 0.5;
// A ruling resting on this many conditions read from the description is not second-
// guessed by retrieval (one condition read may be a stray word; two agree).
constexpr int kTrustedSupport = 2;

// The provisions closest to the description (ask's ranking, at most kRetrievedProvisions),
// ranked once per description and shared by the steps that use them.
class ClosestUnits {
 public:
  // Null when the ranking fails.
  const std::vector<std::pair<long long, double>>* Get(Engine::Impl& im, const GameRules& rules,
                                                       const std::string& scenario) {
    if (!ranked_) {
      ranked_ = true;
      AskOptions ask;
      ask.game = rules.game;
      ask.limit = kRetrievedProvisions;
      ok_ = im.RankUnits(scenario, ask, kRetrievedProvisions, &units_).ok();
    }
    return ok_ ? &units_ : nullptr;
  }

 private:
  bool ranked_ = false, ok_ = false;
  std::vector<std::pair<long long, double>> units_;
};

// Whether the description asks whether something is allowed ("posso …?", "si può?",
// "è valido?"): a ruling that only allows a move answers it.
bool AsksPermission(const std::string& text) {
  static const WordSet kPermissionWords = {
      "posso",    "può",       "puo",      "puoi",      "possono",   "possiamo", "potete",
      "potrei",   "potrebbe",  "consentito", "consentita", "permesso", "lecito",   "ammesso",
      "vietato",  "proibito",  "valido",   "valida",    "vale",      "regolare", "regolari"};
  std::string word;
  for (size_t k = 0; k <= text.size(); ++k) {
    const unsigned char ch = k < text.size() ? static_cast<unsigned char>(text[k]) : ' ';
    if (std::isalpha(ch) || ch >= 0x80) {
      word += static_cast<char>(std::tolower(ch));
    } else if (!word.empty()) {
      if (kPermissionWords.count(word)) return true;
      word.clear();
    }
  }
  return false;
}

// AsksPermission of the description, read once when first needed (most descriptions never
// need it: it is asked only when an allowance leads or ties).
class Permission {
 public:
  explicit Permission(const std::string& text) : text_(text) {}
  bool Asked() {
    if (!read_) {
      read_ = true;
      asked_ = AsksPermission(text_);
    }
    return asked_;
  }

 private:
  const std::string& text_;
  bool read_ = false, asked_ = false;
};

// A ruling that only says a move or a setting is allowed (the vocabularies' "mossa
// consentita" and "consentito").
bool OnlyAllows(const Ruling& r) {
  return !r.sanctions.empty() &&
         std::all_of(r.sanctions.begin(), r.sanctions.end(), [](const SanctionInfo& s) {
           return s.type == "mossa-consentita" || s.type == "consentito";
         });
}

// The one place of the rule: unless the description asks whether something is allowed
// (`permission`, AsksPermission), a ruling that only allows ("la durata di 45 minuti è
// consentita": the setting told as context) comes after a ruling as specific that decides
// what happened ("1-1 allo scadere: chi ha vinto?", "3 a 2 allo scadere: ho vinto io?").
bool RanksAfterDecisions(const Ruling& r, Permission& permission) {
  return OnlyAllows(r) && !permission.Asked();
}

// The first ruling of the first one's level that decides what happened comes first when
// the first ruling ranks after decisions (RanksAfterDecisions).
void PreferDecisionsToAllowances(Permission& permission, ResolveResult* result) {
  std::vector<Ruling>& rulings = result->rulings;
  if (rulings.size() < 2 || !RanksAfterDecisions(rulings[0], permission)) return;
  for (size_t k = 1; k < rulings.size() && rulings[k].level == rulings[0].level; ++k) {
    if (RanksAfterDecisions(rulings[k], permission)) continue;
    if (!result->explanation.empty()) {  // --explain
      result->explanation.push_back(
          "a parità di fatti, prima la decisione su quanto è accaduto (la descrizione non "
          "chiede se una mossa è consentita): " +
          rulings[k].citations[0].citation);
    }
    std::rotate(rulings.begin(), rulings.begin() + static_cast<long>(k),
                rulings.begin() + static_cast<long>(k) + 1);
    return;
  }
}

// Rulings of the first one's level give different decisions for the same facts, none more
// specific (evaluate.cc orders them by the words read): the one citing the provision
// retrieval finds closest to the description comes first. The evaluation's order stands
// when no other tied ruling cites a closer provision; a ruling that ranks after decisions
// (RanksAfterDecisions) comes after the tied ones that decide, whatever it cites.
void OrderTiedRulings(Engine::Impl& im, const GameRules& rules, ClosestUnits& closest,
                      Permission& permission, ResolveResult* result) {
  std::vector<Ruling>& rulings = result->rulings;
  // Tied: as specific as the first ruling and as supported by the description's words.
  auto tied = [&](const Ruling& r) {
    return r.level == rulings[0].level && r.evidence == rulings[0].evidence;
  };
  if (rulings.size() < 2 || !tied(rulings[1])) return;
  const std::vector<std::pair<long long, double>>* near = closest.Get(im, rules, result->scenario);
  if (!near) return;
  // The rank of the closest provision a ruling cites; near->size() when it cites none.
  auto rank_of = [&](const Ruling& r) {
    size_t best = near->size();
    for (const Citation& c : r.citations) {
      auto u = rules.unit_of.find(c.id);
      if (u == rules.unit_of.end()) continue;
      for (size_t k = 0; k < best; ++k) {
        if ((*near)[k].first == u->second) best = k;
      }
    }
    return best;
  };
  auto key = [&](const Ruling& r) {
    return std::make_pair(RanksAfterDecisions(r, permission), rank_of(r));
  };
  size_t chosen = 0;
  auto chosen_rank = key(rulings[0]);
  for (size_t k = 1; k < rulings.size() && tied(rulings[k]); ++k) {
    const auto rank = key(rulings[k]);
    if (rank < chosen_rank) {
      chosen = k;
      chosen_rank = rank;
    }
  }
  if (chosen == 0) return;
  if (!result->explanation.empty()) {  // --explain
    result->explanation.push_back(
        key(rulings[0]).first != chosen_rank.first
            ? "a parità di fatti e di parole lette, prima la decisione su quanto è accaduto "
              "(la descrizione non chiede se una mossa è consentita): " +
                  rulings[chosen].citations[0].citation
            : "a parità di fatti e di parole lette, prima la decisione che cita la "
              "disposizione più vicina alla descrizione: " +
                  rulings[chosen].citations[0].citation);
  }
  std::rotate(rulings.begin(), rulings.begin() + static_cast<long>(chosen),
              rulings.begin() + static_cast<long>(chosen) + 1);
}

// The ruling of the facts read competes with the cases of the provisions closest to
// the description (retrieve.h): when one of those scores better, or when the facts
// read give no ruling, its ruling is given, with its inferred facts and half the
// confidence.
void RuleByRetrieval(Engine::Impl& im, const GameRules& rules, ClosestUnits& closest,
                     const FactMap& used, const ResolveOptions& options, ResolveResult* result) {
  // With no ruling, the facts read may have narrowed the answer to a variant's rule:
  // that answer stands; a ruling resting on enough of the description stands too.
  if (result->rulings.empty() && !result->notes.empty()) return;
  if (!result->rulings.empty() && result->rulings[0].support >= kTrustedSupport) return;
  const std::vector<std::pair<long long, double>>* found = closest.Get(im, rules, result->scenario);
  if (!found) return;
  const std::vector<std::pair<long long, double>>& near = *found;
  std::vector<std::string> lead_units;
  if (!result->rulings.empty()) {
    for (const Citation& c : result->rulings[0].citations) lead_units.push_back(c.id);
  }
  const std::vector<resolve::RetrievedCase> ranked =
      resolve::RankRetrievedCases(rules, used, near, lead_units, options, im.weights);
  // A ruling the facts read support (by fewer than kTrustedSupport conditions) gives way
  // to a closer case whenever that case scores better: with the provisions' questions
  // (asked.xml) retrieval finds the provision more often than one stray word read.
  if (ranked.empty() || ranked[0].fact_lead) return;
  // When the facts read ask which value a missing fact has, the question stands unless
  // the closest case leads every case with another decision by the margin.
  if (result->rulings.empty() && !result->unresolved.empty()) {
    for (size_t k = 1; k < ranked.size(); ++k) {
      if (resolve::SameDecision(*ranked[k].rc, *ranked[0].rc)) continue;
      if (ranked[0].score - ranked[k].score < im.weights[Weight::kResolveMargin]) return;
      break;
    }
  }
  const RuleCase& best = *ranked[0].rc;
  const FactMap completed = resolve::CompleteFacts(rules, used, best);
  ResolveResult sub;
  ResolveOptions quiet = options;
  quiet.explain = false;
  EvaluateRules(rules, completed, quiet, /*ask_back=*/false, &sub);
  // The ruling that cites the chosen case comes first.
  const std::string unit = best.doc + "#" + best.eid;
  auto cites = [&](const Ruling& r) {
    return std::any_of(r.citations.begin(), r.citations.end(),
                       [&](const Citation& c) { return c.id == unit; });
  };
  auto chosen = std::find_if(sub.rulings.begin(), sub.rulings.end(), cites);
  if (chosen == sub.rulings.end()) return;
  std::rotate(sub.rulings.begin(), chosen, chosen + 1);
  for (Ruling& r : sub.rulings) {
    r.confidence = std::round(r.confidence * kRetrievedConfidence * 100) / 100;
  }
  result->rulings = std::move(sub.rulings);
  for (const auto& [name, list] : completed) {
    for (const Reading& r : list) {
      if (!r.inferred) continue;
      // The case's value replaces an assumed default, or a reading it contradicts.
      result->facts.erase(std::remove_if(result->facts.begin(), result->facts.end(),
                                         [&](const FactReading& f) { return f.fact == name; }),
                          result->facts.end());
      result->facts.push_back({name, r.value, ""});
      if (options.explain) {
        result->explanation.push_back("dedotto " + name + " = " + r.value +
                                      " dalla regola più vicina (" + best.citation + ")");
      }
    }
  }
  result->notes.push_back("La decisione è quella della regola più vicina alla descrizione (" +
                          best.citation +
                          "): verificare che i fatti dedotti corrispondano a quanto accaduto.");
}

// Engine::Resolve; with `games`, the choice of game only: every game is evaluated and
// its features are appended to `games` (ResolveGameCandidates).
Status ResolveScenario(Engine& engine, const std::string& scenario, const ResolveOptions& requested,
                       ResolveResult* result, std::vector<ResolveGameCandidate>* games) {
  Engine::Impl& im = *engine.impl();
  using Impl = Engine::Impl;
  ResolveOptions options = requested;  // with the game's canonical name
  *result = ResolveResult();
  result->scenario = scenario;
  const bool structured = !options.facts.empty();
  const std::string clean = SanitizeUtf8(scenario.substr(0, kMaxScenarioBytes));
  std::vector<Token> tokens = im.analyzer->Tokenize(clean);
  if (tokens.size() > kMaxScenarioTokens) tokens.resize(kMaxScenarioTokens);
  if (!structured && tokens.empty()) {
    return Status::InvalidArgument("la descrizione è vuota: descrivere la situazione di gioco");
  }
  if (structured && options.game.empty()) {
    return Status::InvalidArgument("con --fact occorre indicare il gioco (--game GIOCO)");
  }
  if (!options.game.empty()) {
    Status s = im.CanonicalGame(requested.game, &options.game);
    if (!s.ok()) return s;
    s = im.CheckVariants(options.game, options.variants);
    if (!s.ok()) return s;
  } else if (!options.variants.empty()) {  // the variants name their game
    Status s = im.GameOfVariants(options.variants, &options.game);
    if (!s.ok()) return s;
  }

  // Content tokens (stopwords dropped), spelling-corrected where unknown.
  std::vector<Token> content;
  for (const Token& t : tokens) {
    if (!t.stop) content.push_back(t);
  }

  // The facts are read without the claims the description reports of another player
  // ("il mio amico dice che vale 2"): the dispute, not what happened (claims.h).
  const std::string masked = structured ? std::string() : resolve::MaskClaims(clean, tokens);
  const std::string& read_text = masked.empty() ? clean : masked;
  std::vector<Token> masked_tokens;
  if (!masked.empty()) {
    masked_tokens = im.analyzer->Tokenize(masked);
    if (masked_tokens.size() > kMaxScenarioTokens) masked_tokens.resize(kMaxScenarioTokens);
  }
  const std::vector<Token>& told_tokens = masked.empty() ? tokens : masked_tokens;
  // The readers of who did what (sides, reach, dice, zones, orders; not the measures, whose
  // "una quindicina" is no typo) read the words as spelled
  // correctly ("contarsto 4 a 4" is a tackle's score): a content word the index does not know,
  // of five letters or more, is read as its spelling suggestion, as the fact reader reads it.
  // They read "vs" / "versus" as "contro" ("il suo difensore 1 vs il mio 6").
  std::vector<Token> spelled;
  if (!structured) {
    for (size_t k = 0; k < told_tokens.size(); ++k) {
      const Token& t = told_tokens[k];
      if (t.word == "vs" || t.word == "versus") {
        if (spelled.empty()) spelled = told_tokens;
        spelled[k].word = "contro";
        spelled[k].term = im.analyzer->TermOf("contro");
        continue;
      }
      if (t.stop || t.word.size() < 5 || im.xdb.get_termfreq(t.term) > 0) continue;
      const std::string& suggestion = im.SpellingSuggestion(t.word);
      if (suggestion.empty()) continue;
      if (spelled.empty()) spelled = told_tokens;
      spelled[k].word = suggestion;
      spelled[k].term = im.analyzer->TermOf(suggestion);
    }
  }
  const std::vector<Token>& read_tokens = spelled.empty() ? told_tokens : spelled;
  std::vector<Token> masked_content;
  for (const Token& t : masked_tokens) {
    if (!t.stop) masked_content.push_back(t);
  }
  const std::vector<Token>& read_content = masked.empty() ? content : masked_content;

  // ---- choose the game and read the facts
  std::vector<std::string> candidates;
  std::map<std::string, double> hint_scores;
  std::vector<std::string> named;  // games the text names
  // The word vote, when a large library needs it to choose the games read.
  std::vector<std::pair<std::string, double>> ranked;
  if (!options.game.empty()) {
    candidates.push_back(options.game);
  } else {
    hint_scores = im.HintScores(tokens);
    std::string hinted = Impl::InferGame(hint_scores);
    if (!hinted.empty()) candidates.push_back(hinted);
    for (const auto& g : im.games) {
      if (g != hinted) candidates.push_back(g);
    }
    if (candidates.size() > 1)
      named =
          resolve::GamesNamed(tokens, std::vector<std::string>(im.games.begin(), im.games.end()));
    // A larger library: the hints' game, the games the text names, then the word vote's
    // best, so that a description costs the same whatever the number of games.
    if (candidates.size() > kMaxGamesRead) {
      std::vector<std::string> read;
      auto add = [&](const std::string& g) {
        if (read.size() < kMaxGamesRead && std::find(read.begin(), read.end(), g) == read.end())
          read.push_back(g);
      };
      if (!hinted.empty()) add(hinted);
      for (const std::string& g : named) add(g);
      ranked = im.RankGamesByWords(tokens);
      for (const auto& [g, score] : ranked) add(g);
      candidates = std::move(read);
    }
  }

  // Without --game every game is tried: the best weighted sum of its reading's features
  // wins (game_choice.h), the earlier candidate (the game the hints point to) on a tie.
  const RankingWeights& w = im.weights;
  bool named_decides = false;                        // the one game named is the game
  std::vector<std::pair<std::string, double>> vote;  // the word vote, best first
  std::string vote_first;                            // its winner by its margin
  std::unordered_map<std::string, double> words;     // the players' words model's margins
  if (candidates.size() > 1) {
    // A text that names one game is about that game ("a subbuteo la palla esce …"): the user
    // says which rulebook applies, as --game would (arbitro tune still sees every game).
    if (named.size() == 1 && !games) {
      candidates = {named[0]};
      named_decides = true;
    }
    // The vote reads the index: only when it weighs (or for arbitro tune), and not when the
    // text has named the one game left to read.
    if (!named_decides &&
        (games || w[Weight::kResolveGameVote] != 0 || w[Weight::kResolveGameVoteFirst] != 0)) {
      vote = std::move(ranked);  // ranked once already in a large library
      vote_first = im.GameOfWords(tokens, &vote);
    }
    if (!named_decides && (games || w[Weight::kResolveGameWords] != 0)) {
      words = Impl::GameWordMargins(tokens, game_words::kMarginFloor);
    }
  }
  // Each game's reading of the description, and the most its score can be.
  struct Attempt {
    Impl::GameResolver* gr = nullptr;
    FactMap facts;
    std::vector<std::string> contradictions;
    resolve::GameFeatures known;  // the features known before evaluation
    double bound = 0;
    ResolveOptions options;                   // with the variants the description names
    std::vector<std::string> variants_named;  // those variants
  };
  std::vector<Attempt> attempts(candidates.size());
  for (size_t k = 0; k < candidates.size(); ++k) {
    Attempt& a = attempts[k];
    Status s = im.Resolver(candidates[k], &a.gr);
    if (!s.ok()) return s;
    if (a.gr->rules.cases.empty() && !options.game.empty()) {
      return Status::InvalidArgument("il gioco '" + a.gr->rules.game +
                                     "' non ha regole strutturate");
    }
    a.options = options;
    if (!structured) {
      ReadFacts(im, *a.gr, read_content, &a.facts, &a.contradictions, read_text);
      ReadSides(*a.gr, read_text, read_tokens, read_content, &a.facts);
      ReadReach(im, *a.gr, read_text, read_tokens, &a.facts);
      ReadCompetence(im, *a.gr, read_text, read_tokens, &a.facts);
      a.variants_named = NamedVariants(im, a.gr->rules.game, a.facts, options.variants);
      a.options.variants.insert(a.options.variants.end(), a.variants_named.begin(),
                                a.variants_named.end());
      ReadDice(im, *a.gr, read_tokens, a.options.variants, &a.facts);
      ReadDrawnScore(im, *a.gr, read_tokens, &a.facts);
      ReadContactOrders(im, *a.gr, read_tokens, &a.facts);
      ReadRollCardOrder(im, *a.gr, read_tokens, &a.facts);
      ReadMeasures(*a.gr, told_tokens, &a.facts);  // its number words as written
      KeepLastOccurrence(&a.facts);
    }
    a.known[Weight::kResolveGameRead] = resolve::FactsRead(a.facts);
    if (candidates.size() > 1) {
      const std::string& game = candidates[k];
      auto h = hint_scores.find(game);
      if (h != hint_scores.end()) a.known[Weight::kResolveGameHint] = h->second;
      a.known[Weight::kResolveGameNamed] = std::count(named.begin(), named.end(), game);
      for (const auto& [voted, v] : vote) {
        if (voted == game)
          a.known[Weight::kResolveGameVote] = std::max(-resolve::kVoteFloor, v - vote[0].second);
      }
      a.known[Weight::kResolveGameVoteFirst] = vote_first == game ? 1 : 0;
      if (!words.empty()) a.known[Weight::kResolveGameWords] = game_words::MarginOf(words, game);
    }
    a.bound = resolve::GameScoreBound(a.known, resolve::MaxSupport(a.gr->rules, a.facts), w);
  }
  // The best score wins, the earlier candidate on a tie. Games are evaluated from the
  // highest bound down, so that one whose bound cannot beat the best so far (structured
  // facts: one game) is not evaluated at all: the choice is the same.
  std::vector<size_t> order(candidates.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  if (!structured && !games) {
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t x, size_t y) { return attempts[x].bound > attempts[y].bound; });
  }
  std::vector<std::optional<resolve::GameFeatures>> evaluated(games ? candidates.size() : 0);
  // --explain without a game: how each game scored, or the most it could score.
  const bool explain_choice = options.explain && candidates.size() > 1;
  std::vector<std::string> choice_lines(explain_choice ? candidates.size() : 0);
  bool have_best = false;
  double best_score = -1;
  size_t best_k = 0;
  ResolveResult best;
  FactMap best_used;
  ResolveOptions best_options = options;
  for (size_t k : order) {
    Attempt& a = attempts[k];
    if (have_best && !structured && !games &&
        (a.bound < best_score - resolve::kGameScoreTie ||
         (a.bound <= best_score + resolve::kGameScoreTie && k > best_k))) {
      if (explain_choice) {
        choice_lines[k] = "gioco " + candidates[k] + ": non valutato (punteggio al più " +
                          resolve::Number(a.bound) + ")";
      }
      continue;  // cannot score above the best, nor tie with it from an earlier place
    }
    ResolveResult attempt;
    attempt.scenario = scenario;
    FactMap used;
    Status s = ResolveInGame(a.gr->rules, std::move(a.facts), std::move(a.contradictions),
                             a.options, &attempt, &used);
    if (!s.ok()) {
      if (!options.game.empty()) return s;
      continue;  // a contradiction in one game's reading does not stop the others
    }
    resolve::GameFeatures f = a.known;
    f[Weight::kResolveGameSupport] = attempt.rulings.empty() ? 0 : attempt.rulings[0].support;
    f[Weight::kResolveGameAskBack] = attempt.unresolved.empty() ? 0 : 1;
    const double score = resolve::GameScore(f, w);
    if (games) evaluated[k] = f;
    if (explain_choice) choice_lines[k] = resolve::ExplainGame(candidates[k], f, score);
    if (!have_best || score > best_score + resolve::kGameScoreTie ||
        (score >= best_score - resolve::kGameScoreTie && k < best_k)) {
      have_best = true;
      best_score = score;
      best_k = k;
      best = std::move(attempt);
      best_used = std::move(used);
      best_options = a.options;
      best.variants_named = a.variants_named;
    }
  }
  if (games) {
    for (size_t k = 0; k < candidates.size(); ++k) {
      if (!evaluated[k]) continue;
      games->push_back(
          {candidates[k], std::vector<double>(evaluated[k]->x.begin(), evaluated[k]->x.end())});
    }
    return Status::OK();
  }
  if (!have_best) {
    return Status::InvalidArgument(
        "fatti contraddittori nella descrizione: precisare la situazione");
  }
  if (options.game.empty()) {
    Status s = im.CheckVariants(best.game, options.variants);
    if (!s.ok()) return s;
  }
  options.variants = best_options.variants;
  if (named_decides && options.explain) {
    best.explanation.insert(best.explanation.begin(),
                            "scelto il gioco " + best.game + " (nominato nel testo)");
  }
  if (explain_choice) {
    choice_lines.erase(std::remove(choice_lines.begin(), choice_lines.end(), ""),
                       choice_lines.end());
    choice_lines.push_back("scelto il gioco " + best.game + " (il punteggio più alto)");
    best.explanation.insert(best.explanation.begin(), choice_lines.begin(), choice_lines.end());
  }
  *result = std::move(best);
  for (const std::string& v : result->variants_named) {
    result->notes.push_back("La descrizione indica la variante «" + v +
                            "»: la decisione la applica come con --variant " + v + ".");
  }
  const GameRules* rules = nullptr;
  {
    Impl::GameResolver* gr = nullptr;
    Status s = im.Resolver(result->game, &gr);
    if (!s.ok()) return s;
    rules = &gr->rules;
  }
  if (!structured && NoGameSituation(im, content, *result)) {
    // Nothing to rule on: no facts assumed by default, no provisions cited.
    ResolveResult none;
    none.scenario = scenario;
    none.game = options.game;
    none.notes.push_back(
        "Nessuna situazione di gioco riconosciuta nella descrizione: descrivere che cosa è "
        "successo (chi ha giocato, dove, quale infrazione).");
    *result = std::move(none);
    return Status::OK();
  }
  if (!structured) {
    ClosestUnits closest;
    Permission permission(scenario);  // read once, when first needed
    PreferDecisionsToAllowances(permission, result);
    OrderTiedRulings(im, *rules, closest, permission, result);
    RuleByRetrieval(im, *rules, closest, best_used, options, result);
    PreferDecisionsToAllowances(permission, result);  // the closest case's rulings too
  }
  if (result->rulings.empty() && result->unresolved.empty() && !structured) {
    AskOptions ask;
    ask.game = rules->game;
    ask.limit = 3;
    AskResult closest;
    if (engine.Ask(scenario, ask, &closest).ok()) result->closest = std::move(closest.hits);
    result->notes.push_back(
        "Nessuna regola strutturata corrisponde alla situazione descritta: "
        "si vedano le disposizioni più vicine.");
  }
  return QuoteVariantChanges(im, options, result);
}

}  // namespace

Status Engine::Resolve(const std::string& scenario, const ResolveOptions& options,
                       ResolveResult* result) {
  return ResolveScenario(*this, scenario, options, result, nullptr);
}

Status Engine::ResolveGameCandidates(const std::string& scenario,
                                     std::vector<ResolveGameCandidate>* out) {
  out->clear();
  ResolveResult ignored;
  return ResolveScenario(*this, scenario, ResolveOptions{}, &ignored, out);
}

size_t Engine::ResolveGameFeatureFirst() {
  return kResolveGameFirst;
}

}  // namespace arbitro
