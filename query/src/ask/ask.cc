// Engine::Ask: Italian question → ranked provisions.
//
// 1. Analysis: spelling corrections, the game (named, hinted by a game word, or the game
//    whose rulebooks use the question's own words), concepts (lexicon phrases and
//    content words, with their synonyms) and what the question asks for: a
//    consequence ("cosa succede se …"), a definition ("cos'è …"), a permission
//    ("posso …?"), a procedure ("come si batte …"), a number ("quanti …"), a place
//    ("da dove …"), the ruling that a named sanction follows ("quando si assegna …").
// 2. Retrieval: BM25 over the concepts, plus the fact values the vocabulary reads in
//    the question, the things the question counts and the names of numeric parameters;
//    a long question through its weightiest parts only (kEliteParts).
// 3. Re-ranking of the best candidates with what BM25 cannot see: the share of the
//    question's concepts a provision covers (weighted by rarity), the headings above
//    it, the question's word pairs in it, and whether its kind (definition, permission,
//    procedure, sanction …) is what the question asks for.
// A candidate's score is the weighted sum of its features (core/weights.h); the weights
// are fitted by `arbitro tune` on the train split of tests/eval/users/ and kept in
// query/ranking-weights.tsv. The query weights below only shape retrieval.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

#include "ask/question.h"
#include "ask/variants.h"
#include "core/engine_impl.h"
#include "core/weights.h"

namespace arbitro {
namespace {

using ask::AskedCounts;
using ask::CorrectSpelling;
using ask::Intent;
using ask::IsPhraseTerm;
using ask::kPlaceWords;
using ask::ReadIntent;

constexpr size_t kMaxQueryTokens = 64;
constexpr size_t kMaxQueryBytes = 4096;
// Candidates re-ranked. Not learned (a cost bound): on train 25 to 60 keep every top-1
// and top-3, with and without the game (25 to 40: one top-3 more), 20 loses an inferred
// top-1; validation is the same from 15 to 60; on holdout/ 30 loses an inferred top-1
// and top-3, 35 keeps them. 60 → 35: 2.07 → 1.87 M instructions per ask on dev+train
// (bench/ask_cost.sh); eval-resolve unchanged.
constexpr Xapian::doccount kCandidates = 35;
// Candidates when the question names a document by its title ("nelle regole brevi …"):
// the named document's provisions may sit deep in the BM25 list (the abridged rules'
// corner kick, between 36th and 60th), and ask.named-doc lifts them from there.
constexpr Xapian::doccount kCandidatesNamedDoc = 60;
// A question of more retrieval parts (a part: one concept's terms, its thesaurus words,
// its asked.xml words, a fact …) is searched through the kEliteParts parts of highest
// maximum BM25 weight only (Xapian's OP_ELITE_SET); the re-ranking still tests every
// concept with its thesaurus and asked.xml words.
// Not learned (a cost bound): on train 18 and more keep every top-1 and top-3, with and
// without the game (16 loses two inferred top-1); on validation 20 and more keep them
// all (18 loses an inferred top-1); on holdout/ 20 and 22 lose an inferred top-1, 24
// keeps them. 48 of the 405 dev+train questions have more than 24 parts; p99
// instructions per ask 4.63 → 3.82 M (35 candidates). Resolve's retrieval (RankUnits)
// keeps every part: with 24, eval-resolve lost a dev+train situation (decision 0.948 →
// 0.946); with 20, also validation 0.719 → 0.708.
constexpr Xapian::termcount kEliteParts = 24;
// Posting sets kept per engine (Engine::Impl::Postings), not learned: cost bounds. A
// longer list is read per question (a term of many documents in a large library): read
// whole, it cost some 20 questions' skipping through it for 60 candidates.
constexpr Xapian::doccount kMaxKeptPostings = 1024;
constexpr size_t kMaxPostingSetBytes = size_t{16} << 20;
constexpr size_t kMaxTermFreqs = 1 << 16;
constexpr Xapian::termcount kUnknownLength = ~Xapian::termcount{0};  // Impl::doc_lengths
// Games searched when the question names none: as many as the bundled corpus has (4), so
// that its answers are those of a search over every document; a larger library is
// searched in the games the question points to most (not learned: a cost bound).
constexpr size_t kMaxGamesSearched = 4;

constexpr size_t kMinDerivedStem = 5;    // bytes of a stem that may take derived forms
constexpr size_t kMaxDerivedSuffix = 6;  // bytes a derived form may add to the stem

// Query weights (BM25 parts).
constexpr double kPhraseWeight = 2.0;      // a lexicon phrase of the question
constexpr double kThesaurusWeight = 0.3;   // a thesaurus synonym: often a looser sense
constexpr double kPhraseWordWeight = 0.5;  // one of its words, on its own
constexpr double kNumberWeight = 0.5;      // "a 6 cm": often a hypothetical value
constexpr double kFactWeight = 0.5;        // a fact value read by the vocabulary
constexpr double kCountedWeight = 1.0;     // the thing a number counts
constexpr double kParamNameWeight = 2.0;   // a word of a numeric parameter's name
// A word of how people ask for a provision (asked.xml) weighs as a word of its text.
constexpr double kAskedWeight = 1.0;
constexpr size_t kMaxNameWords = 5;  // longest name looked for in a question

// One concept of the question: a word or a phrase with its alternative terms.
struct Concept {
  std::vector<std::string> terms;  // first is the term as written
  double weight = 1.0;
  double specificity = 1.0;  // log(1 + N/df): rare concepts say more
  bool phrase = false;
  // Words the Italian thesaurus links it to, that the rulebooks use (mythes-it).
  std::vector<std::string> thesaurus;
};

// Which of the candidate documents index a term: from the engine's posting sets
// (Engine::Impl::Postings), or, for a list too long to keep, from its posting list
// skipped to each candidate. Reading each document's termlist instead costs one zlib
// inflate per document.
class Membership {
 public:
  Membership(Engine::Impl& im, std::vector<Xapian::docid> dids)
      : im_(im), dids_(std::move(dids)) {
    order_.resize(dids_.size());
    std::iota(order_.begin(), order_.end(), 0);
    std::sort(order_.begin(), order_.end(),
              [&](size_t a, size_t b) { return dids_[a] < dids_[b]; });
  }
  // Which candidates index `term` (by candidate position).
  void Of(const std::string& term, std::vector<char>* out) const {
    std::vector<char>& has = *out;
    has.assign(dids_.size(), false);
    const Engine::Impl::PostingSet& set = im_.Postings(term);
    if (set.Kept() && !set.bits.empty()) {
      for (size_t k = 0; k < dids_.size(); ++k) {
        const Xapian::docid d = dids_[k];
        has[k] = d / 64 < set.bits.size() && ((set.bits[d / 64] >> (d % 64)) & 1) != 0;
      }
    } else if (set.Kept()) {
      auto from = set.docs.begin();
      for (size_t k : order_) {
        from = std::lower_bound(from, set.docs.end(), dids_[k]);
        if (from == set.docs.end()) break;
        has[k] = *from == dids_[k];
      }
    } else {
      Xapian::PostingIterator p = im_.match_db.postlist_begin(term);
      const Xapian::PostingIterator end = im_.match_db.postlist_end(term);
      for (size_t k : order_) {
        if (p == end) break;
        p.skip_to(dids_[k]);
        if (p != end && *p == dids_[k]) has[k] = true;
      }
    }
  }
  // The length of each candidate: kept per engine (Engine::Impl::doc_lengths), else read
  // in one pass over the document lengths (a get_doclength per candidate reopens that
  // list each time).
  std::vector<Xapian::termcount> Lengths() const {
    std::vector<Xapian::termcount> out(dids_.size(), 0);
    std::vector<Xapian::termcount>& known = im_.doc_lengths;
    if (known.empty()) known.assign(im_.xdb.get_lastdocid() + 1, kUnknownLength);
    std::vector<size_t> unknown;
    for (size_t k : order_) {
      if (dids_[k] < known.size() && known[dids_[k]] != kUnknownLength) {
        out[k] = known[dids_[k]];
      } else {
        unknown.push_back(k);
      }
    }
    if (unknown.empty()) return out;
    Xapian::PostingIterator p = im_.match_db.postlist_begin("");
    const Xapian::PostingIterator end = im_.match_db.postlist_end("");
    for (size_t k : unknown) {
      p.skip_to(dids_[k]);
      if (p == end) break;
      if (*p == dids_[k]) out[k] = p.get_doclength();
      if (dids_[k] < known.size()) known[dids_[k]] = out[k];
    }
    return out;
  }

 private:
  Engine::Impl& im_;
  std::vector<Xapian::docid> dids_;
  std::vector<size_t> order_;  // candidates by docid
};

// One term whose membership the re-ranking tests for every candidate: its posting list
// is read the first time a candidate is tested, and the term string is built once.
class TermTest {
 public:
  explicit TermTest(std::string term) : term_(std::move(term)) {}
  bool Has(const Membership& m, size_t candidate) {
    if (!read_) {
      m.Of(term_, &has_);
      read_ = true;
    }
    return has_[candidate] != 0;
  }

 private:
  std::string term_;
  bool read_ = false;
  std::vector<char> has_;  // by candidate
};

// Does a candidate index any of the terms (tested in order, stopping at the first)?
bool HasAny(Membership& m, size_t candidate, std::vector<TermTest>& tests) {
  return std::any_of(tests.begin(), tests.end(), [&](TermTest& t) { return t.Has(m, candidate); });
}

// The tests of `terms` under `field`, but for terms no document indexes (never held).
std::vector<TermTest> TermTests(Engine::Impl& im, const std::string& field,
                                const std::vector<std::string>& terms) {
  std::vector<TermTest> out;
  out.reserve(terms.size());
  for (const auto& t : terms) {
    std::string term = field + t;
    if (im.TermFreq(term) > 0) out.emplace_back(std::move(term));
  }
  return out;
}

struct Candidate {
  Xapian::docid did;
  std::string game;
  std::array<double, kAskFeatureCount> x{};  // features (Weight::kAsk…)
  double score = 0;
};

double Score(const RankingWeights& w, const Candidate& c) {
  double s = 0;
  for (size_t k = 0; k < kAskFeatureCount; ++k) s += w.w[k] * c.x[k];
  return s;
}

// Which parts of the question retrieval searches.
enum class Parts {
  kElite,  // at most kEliteParts (ask)
  kAll,    // every part (resolve's retrieval)
};

// Analysis, retrieval and the features of the best candidates (unsorted); fills the
// query-level fields of `result`.
Status Collect(Engine::Impl& im, const std::string& question, const AskOptions& asked,
               Parts searched_parts, AskResult* result, std::vector<Candidate>* candidates,
               std::set<std::string>* highlight_terms) {
  *result = AskResult();
  result->query = question;
  if (asked.limit < 1 || asked.limit > 100) {
    return Status::InvalidArgument("--limit deve essere tra 1 e 100");
  }
  AskOptions options = asked;  // with the game's canonical name
  std::string only_doc;        // the game was named by one of its documents
  if (!options.game.empty()) {
    Status s = im.CanonicalGame(asked.game, &options.game, &only_doc);
    if (!s.ok()) return s;
  }
  if (Status s = ask::VariantGame(im, &options); !s.ok()) return s;  // --variant (variants.cc)
  std::vector<Token> tokens =
      im.analyzer->Tokenize(SanitizeUtf8(question.substr(0, kMaxQueryBytes)));
  if (tokens.size() > kMaxQueryTokens) tokens.resize(kMaxQueryTokens);
  if (tokens.empty()) {
    return Status::InvalidArgument("la domanda è vuota: scrivere almeno una parola");
  }
  try {
    // ---- spelling first, so that a corrected word can still complete a phrase
    // ("calcio di rigre").
    if (CorrectSpelling(im, &tokens)) {
      for (const Token& t : tokens)
        result->corrected += (result->corrected.empty() ? "" : " ") + t.word;
    }
    result->game = options.game;
    std::vector<std::pair<std::string, double>> vote;  // RankGamesByWords, when computed
    if (result->game.empty()) {
      result->game = im.InferGame(tokens);
      if (result->game.empty()) result->game = im.GameOfWords(tokens, &vote);
      result->game_inferred = !result->game.empty();
    }

    // ---- concepts: phrases first, then the remaining content words
    std::vector<Concept> concepts;
    std::vector<int> concept_of(tokens.size(), -1);  // token → its word concept
    std::vector<bool> in_phrase(tokens.size(), false);
    auto add_terms = [](Concept* c, const std::vector<std::string>& extra) {
      for (const auto& e : extra) {
        if (std::find(c->terms.begin(), c->terms.end(), e) == c->terms.end()) c->terms.push_back(e);
      }
    };
    auto add_synonyms = [&](Concept* c) {
      std::vector<std::string> extra;
      for (const auto& t : c->terms) {
        for (auto it = im.xdb.synonyms_begin(t); it != im.xdb.synonyms_end(t); ++it)
          extra.push_back(*it);
      }
      add_terms(c, extra);
    };
    // Derived words the stemmer keeps apart ("lucidare" → "lucidatura", "spostare" →
    // "spostamento"): index terms that extend a long enough stem by a suffix.
    auto add_derived = [&](Concept* c) {
      const std::string& stem = c->terms[0];
      if (stem.size() < kMinDerivedStem || stem.back() == '_') return;  // '_': protected word
      std::vector<std::string> extra;
      for (auto it = im.xdb.allterms_begin(stem); it != im.xdb.allterms_end(stem); ++it) {
        const std::string& t = *it;
        if (t != stem && t.back() != '_' && t.size() <= stem.size() + kMaxDerivedSuffix)
          extra.push_back(t);
      }
      add_terms(c, extra);
    };
    for (const PhraseMatch& p : im.analyzer->Phrases(tokens)) {
      Concept c;
      c.terms.push_back(p.term);
      c.weight = kPhraseWeight;
      c.phrase = true;
      add_synonyms(&c);
      concepts.push_back(std::move(c));
      for (size_t k = 0; k < p.count; ++k) in_phrase[p.first + k] = true;
    }
    std::map<std::string, int> seen;
    for (size_t i = 0; i < tokens.size(); ++i) {
      const Token& t = tokens[i];
      if (t.stop) continue;
      auto [it, fresh] = seen.emplace(t.term, static_cast<int>(concepts.size()));
      // A synonym of a word already asked about ("offside: … fuorigioco?") is the same concept.
      for (size_t k = 0; fresh && k < concepts.size(); ++k) {
        const auto& terms = concepts[k].terms;
        if (!concepts[k].phrase && std::find(terms.begin(), terms.end(), t.term) != terms.end()) {
          it->second = static_cast<int>(k);
          fresh = false;
        }
      }
      concept_of[i] = it->second;
      if (!fresh) continue;
      Concept c;
      c.terms.push_back(t.term);
      c.weight = in_phrase[i] ? kPhraseWordWeight : IsNumberWord(t.word) ? kNumberWeight : 1.0;
      // A word of a lexicon phrase means the phrase ("tiri piazzati" is no placing).
      if (!in_phrase[i]) add_synonyms(&c);
      if (!in_phrase[i]) add_derived(&c);
      if (!in_phrase[i]) {
        for (auto it = im.xdb.synonyms_begin(prefix::kThesaurus + c.terms[0]);
             it != im.xdb.synonyms_end(prefix::kThesaurus + c.terms[0]); ++it) {
          if (std::find(c.terms.begin(), c.terms.end(), *it) == c.terms.end())
            c.thesaurus.push_back(*it);
        }
      }
      concepts.push_back(std::move(c));
    }
    if (concepts.empty()) {
      return Status::InvalidArgument(
          "la domanda contiene solo parole troppo comuni: aggiungere un termine di gioco");
    }
    const double n_docs = std::max(1.0, static_cast<double>(im.xdb.get_doccount()));
    for (Concept& c : concepts) {
      double df = 0;
      for (const auto& t : c.terms) df = std::max(df, static_cast<double>(im.TermFreq(t)));
      c.specificity = std::log(1.0 + n_docs / std::max(1.0, df));
    }
    const Intent intent = ReadIntent(tokens, concepts.size());

    // Sanction types the question names ("calcio di rigore", or "rinvio" through its
    // synonym "rimessa dal fondo"), by their labels.
    std::vector<std::string> named_sanctions;
    if (intent.trigger) {
      std::set<std::string> asked;
      for (const Concept& c : concepts) asked.insert(c.terms.begin(), c.terms.end());
      // The labels shared by every game, then the game's own: only those are analysed
      // (once each), whatever the number of games.
      std::vector<std::string> label_games = {""};
      if (!result->game.empty()) label_games.push_back(result->game);
      for (const std::string& game : label_games) {
        for (auto it = im.sanction_labels.lower_bound({game, ""});
             it != im.sanction_labels.end() && it->first.first == game; ++it) {
          auto [term, fresh] = im.sanction_label_terms.try_emplace(it->first);
          if (fresh) term->second = im.analyzer->ExpressionTerm(it->second);
          if (asked.count(term->second)) named_sanctions.push_back(it->first.second);
        }
      }
    }
    std::vector<std::string> place_terms;
    if (intent.place) {
      for (const char* w : kPlaceWords) place_terms.push_back(im.analyzer->TermOf(w));
    }

    // ---- retrieval
    std::vector<Xapian::Query> parts;
    // Terms no document indexes are left out (Xapian would open their posting lists):
    // the weights of the others are the same.
    auto add_part = [&](const std::vector<std::string>& all_terms, double weight) {
      std::vector<std::string> terms;
      for (const auto& t : all_terms) {
        if (im.TermFreq(t) > 0) terms.push_back(t);
      }
      if (terms.empty()) return;
      parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT,
                         Xapian::Query(Xapian::Query::OP_SYNONYM, terms.begin(), terms.end()),
                         weight);
    };
    for (const Concept& c : concepts) add_part(c.terms, c.weight);
    for (const Concept& c : concepts) add_part(c.thesaurus, c.weight * kThesaurusWeight);
    // Word concepts under a field prefix (how people ask, counted things, parameter names).
    auto prefixed = [](const Concept& c, const char* field) {
      std::vector<std::string> out;
      for (const auto& t : c.terms) {
        if (!IsPhraseTerm(t)) out.push_back(field + t);
      }
      return out;
    };
    std::vector<std::vector<std::string>> asked_terms;  // per concept, also re-ranked below
    for (const Concept& c : concepts) {
      asked_terms.push_back(prefixed(c, prefix::kAsked));
      add_part(asked_terms.back(), c.weight * kAskedWeight);
    }
    // The vocabulary: facts the question's words describe reach the rules testing them.
    // A question about what something is wants its definition, not the cases testing it.
    std::vector<std::string> fact_terms;
    if (!intent.definition || intent.consequence) {
      Status s = im.FactTerms(result->game, tokens, &fact_terms);
      if (!s.ok()) return s;
      for (const auto& t : fact_terms) add_part({t}, kFactWeight);
    }
    const std::vector<std::string> counts = AskedCounts(tokens);
    for (const Concept& c : concepts) {
      if (!c.phrase && std::find(counts.begin(), counts.end(), c.terms[0]) != counts.end()) {
        add_part(prefixed(c, prefix::kCounted), kCountedWeight);
      }
    }
    // "Quanto dura l'intervallo?": the names of the numeric parameters say what they measure.
    if (intent.number) {
      for (const Concept& c : concepts)
        add_part(prefixed(c, prefix::kParam), c.weight * kParamNameWeight);
    }
    const bool elite = searched_parts == Parts::kElite && parts.size() > kEliteParts;
    Xapian::Query query =
        elite ? Xapian::Query(Xapian::Query::OP_ELITE_SET, parts.begin(), parts.end(), kEliteParts)
              : Xapian::Query(Xapian::Query::OP_OR, parts.begin(), parts.end());
    // Consecutive content words of the question ("stessa miniatura"), each pair with
    // the index terms that spell it (first two alternatives of each word).
    std::vector<std::vector<std::string>> slots;
    for (size_t i = 0; i < tokens.size(); ++i) {
      if (concept_of[i] < 0) continue;
      std::vector<std::string> alts;
      for (const auto& t : concepts[concept_of[i]].terms) {
        if (!IsPhraseTerm(t) && alts.size() < 2) alts.push_back(t);
      }
      if (!alts.empty()) slots.push_back(std::move(alts));
    }
    std::vector<std::vector<std::string>> pairs;
    for (size_t i = 0; i + 1 < slots.size() && pairs.size() < 12; ++i) {
      if (slots[i] == slots[i + 1]) continue;
      std::vector<std::string> spellings;
      for (const auto& a : slots[i]) {
        for (const auto& b : slots[i + 1]) spellings.push_back(BigramTerm(a, b));
      }
      pairs.push_back(std::move(spellings));
    }

    // Names the question may give (a heading, a defined term): every run of its
    // content words.
    std::vector<std::string> names;
    {
      std::vector<Token> content;
      for (const Token& t : tokens) {
        if (!t.stop) content.push_back(t);
      }
      for (size_t i = 0; i < content.size(); ++i) {
        for (size_t n = 1; n <= kMaxNameWords && i + n <= content.size(); ++n) {
          const std::string term = NameTerm({content.begin() + i, content.begin() + i + n});
          if (!term.empty()) names.push_back(term);
        }
      }
    }

    // Documents the question names by a word of their title ("regole abbreviate").
    std::set<std::string> named;  // in document order, as im.docs
    for (const Concept& c : concepts) {
      for (const std::string& t : c.terms) {
        auto it = im.docs_by_title_term.find(t);
        if (it != im.docs_by_title_term.end()) named.insert(it->second.begin(), it->second.end());
      }
    }
    const std::vector<std::string> named_docs(named.begin(), named.end());

    // A document named by its title names its game too.
    if (result->game.empty() && !named_docs.empty()) {
      const std::string& game = im.docs.at(named_docs[0]).info.game;
      if (std::all_of(named_docs.begin(), named_docs.end(),
                      [&](const std::string& d) { return im.docs.at(d).info.game == game; })) {
        result->game = game;
        result->game_inferred = true;
      }
    }

    if (!options.game.empty()) {
      const Xapian::Query filter(only_doc.empty() ? prefix::kGame + options.game
                                                  : prefix::kDoc + only_doc);
      query = Xapian::Query(Xapian::Query::OP_FILTER, query, filter);
    } else if (im.games.size() > kMaxGamesSearched) {
      // No game named: the inferred game (or that of a document the question names by
      // its title) and the games the question's words point to most, so that the search
      // costs the same in a library of any size.
      std::vector<std::string> searched;
      if (!result->game.empty()) searched.push_back(prefix::kGame + result->game);
      if (vote.empty()) vote = im.RankGamesByWords(tokens);
      for (const auto& [game, score] : vote) {
        if (searched.size() == kMaxGamesSearched) break;
        if (game != result->game) searched.push_back(prefix::kGame + game);
      }
      query = Xapian::Query(Xapian::Query::OP_FILTER, query,
                            Xapian::Query(Xapian::Query::OP_OR, searched.begin(), searched.end()));
    }

    // ---- re-ranking
    Xapian::Enquire enquire(im.match_db);
    enquire.set_query(query);
    Xapian::MSet mset = enquire.get_mset(0, named_docs.empty() ? kCandidates : kCandidatesNamedDoc);
    const double top = mset.empty() ? 1.0 : std::max(1e-9, mset.begin().get_weight());
    Membership doc(im, std::vector<Xapian::docid>(mset.begin(), mset.end()));
    const std::vector<Xapian::termcount> lengths = doc.Lengths();

    const std::string flag = prefix::kFlag;
    const std::string kind = flag + "kind-";
    // The terms tested, built once for all candidates.
    struct ConceptTests {
      std::vector<TermTest> terms, headings, thesaurus, asked;
      std::vector<bool> own;  // the term as written (terms[0])
    };
    std::vector<ConceptTests> concept_tests;
    for (size_t k = 0; k < concepts.size(); ++k) {
      const Concept& c = concepts[k];
      ConceptTests t;
      for (const auto& term : c.terms) {
        t.terms.emplace_back(term);
        t.headings.emplace_back(prefix::kHeading + term);  // headings are indexed as text too
        t.own.push_back(term == c.terms[0]);
      }
      t.thesaurus = TermTests(im, "", c.thesaurus);
      t.asked = TermTests(im, "", asked_terms[k]);
      concept_tests.push_back(std::move(t));
    }
    std::vector<std::vector<TermTest>> pair_tests;
    for (const auto& spellings : pairs) pair_tests.push_back(TermTests(im, "", spellings));
    std::vector<TermTest> fact_tests = TermTests(im, "", fact_terms);
    std::vector<TermTest> sanction_tests = TermTests(im, prefix::kSanction, named_sanctions);
    std::vector<TermTest> permission_tests = TermTests(im, kind, {"permission", "prohibition"});
    std::vector<TermTest> place_tests = TermTests(im, "", place_terms);
    std::vector<TermTest> name_tests = TermTests(im, "", names);
    std::vector<TermTest> doc_tests = TermTests(im, prefix::kDoc, named_docs);
    TermTest row_test(std::string(prefix::kKind) + "row"), abridged_test(flag + "abridged"),
        lead_test(flag + "lead"), sanction_test(flag + "sanction"), term_test(flag + "term"),
        definition_test(kind + "definition"), procedure_test(kind + "procedure"),
        param_test(flag + "param");
    // Mean provision length, for the length feature.
    const double mean_length = std::max(1.0, im.xdb.get_avlength());
    for (auto it = mset.begin(); it != mset.end(); ++it) {
      const size_t i = it.get_rank();
      double covered = 0, synonym_only = 0, thesaurus_only = 0, total = 0, in_heading = 0,
             asked = 0;
      for (size_t k = 0; k < concepts.size(); ++k) {
        const Concept& c = concepts[k];
        ConceptTests& t = concept_tests[k];
        const double w = c.weight * c.specificity;
        total += w;
        bool found = false, heading = false, own = false;
        for (size_t j = 0; j < t.terms.size(); ++j) {
          if (!t.terms[j].Has(doc, i)) continue;
          found = true;
          own |= t.own[j];
          if (!heading && t.headings[j].Has(doc, i)) heading = true;
        }
        if (found) (own ? covered : synonym_only) += w;
        if (!found && HasAny(doc, i, t.thesaurus)) thesaurus_only += w;
        if (heading) in_heading += w;
        if (HasAny(doc, i, t.asked)) asked += w;
      }
      double pairs_found = 0;
      for (auto& spellings : pair_tests) {
        if (HasAny(doc, i, spellings)) pairs_found += 1;
      }
      double facts_tested = 0;
      for (auto& t : fact_tests) facts_tested += t.Has(doc, i) ? 1 : 0;
      Candidate c;
      c.did = *it;
      auto set = [&c](Weight w, double v) { c.x[static_cast<size_t>(w)] = v; };
      set(Weight::kAskBm25, std::log(std::max(1e-9, it.get_weight() / top)));
      set(Weight::kAskCoverage, total > 0 ? covered / total : 0);
      set(Weight::kAskSynonymCoverage, total > 0 ? synonym_only / total : 0);
      set(Weight::kAskHeading, total > 0 ? in_heading / total : 0);
      set(Weight::kAskThesaurusCoverage, total > 0 ? thesaurus_only / total : 0);
      set(Weight::kAskAskedCoverage, total > 0 ? asked / total : 0);
      set(Weight::kAskPairs, pairs.empty() ? 0 : pairs_found / static_cast<double>(pairs.size()));
      set(Weight::kAskFacts,
          fact_terms.empty() ? 0 : facts_tested / static_cast<double>(fact_terms.size()));
      set(Weight::kAskLength,
          std::log(std::max(1.0, static_cast<double>(lengths[i])) / mean_length));
      set(Weight::kAskRow, row_test.Has(doc, i));
      set(Weight::kAskAbridged, abridged_test.Has(doc, i));
      set(Weight::kAskLead, lead_test.Has(doc, i));
      set(Weight::kAskSanctionAsked, intent.consequence && sanction_test.Has(doc, i));
      set(Weight::kAskNamedSanction, HasAny(doc, i, sanction_tests));
      set(Weight::kAskTermAsked, intent.definition && term_test.Has(doc, i));
      set(Weight::kAskDefinitionAsked, intent.definition && definition_test.Has(doc, i));
      set(Weight::kAskPermissionAsked, intent.permission && HasAny(doc, i, permission_tests));
      set(Weight::kAskProcedureAsked, intent.procedure && procedure_test.Has(doc, i));
      set(Weight::kAskParamAsked, intent.number && param_test.Has(doc, i));
      set(Weight::kAskPlace, HasAny(doc, i, place_tests));
      set(Weight::kAskNamed, HasAny(doc, i, name_tests));
      set(Weight::kAskNamedDoc, HasAny(doc, i, doc_tests));
      c.game = im.GameOfDocument(*it);
      // An inferred game is a strong prior, not a filter: a clearly better answer from
      // another game can still surface.
      set(Weight::kAskOtherGame,
          options.game.empty() && !result->game.empty() && c.game != result->game);
      candidates->push_back(std::move(c));
    }
    for (const Concept& c : concepts) highlight_terms->insert(c.terms.begin(), c.terms.end());
  } catch (const Xapian::Error& e) {
    return Status::IndexError("ricerca non riuscita: " + e.get_description());
  }
  return Status::OK();
}

}  // namespace

Xapian::doccount Engine::Impl::TermFreq(const std::string& term) {
  auto it = term_freqs.find(term);
  if (it != term_freqs.end()) return it->second;
  if (term_freqs.size() >= kMaxTermFreqs) term_freqs.clear();  // bounded memory
  return term_freqs[term] = xdb.get_termfreq(term);
}

const Engine::Impl::PostingSet& Engine::Impl::Postings(const std::string& term) {
  auto it = posting_sets.find(term);
  if (it != posting_sets.end() && !it->second.once) return it->second;
  auto make_room = [this](size_t bytes) {  // bounded memory
    if (posting_set_bytes + bytes > kMaxPostingSetBytes) {
      posting_sets.clear();
      posting_set_bytes = 0;
    }
    posting_set_bytes += bytes;
  };
  if (it == posting_sets.end()) {
    // A term tested once (most terms of a one-question process) costs less skipped
    // through for the candidates than read whole.
    make_room(term.size() + sizeof(PostingSet));
    PostingSet& set = posting_sets[term];
    set.once = true;
    return set;
  }
  posting_set_bytes -= term.size() + sizeof(PostingSet);
  posting_sets.erase(it);
  PostingSet set;
  set.long_list = TermFreq(term) > kMaxKeptPostings;
  for (auto p = xdb.postlist_begin(term); !set.long_list && p != xdb.postlist_end(term); ++p)
    set.docs.push_back(*p);
  // A bitset by docid when it takes no more room than the sorted ids.
  const size_t words = xdb.get_lastdocid() / 64 + 1;
  if (!set.long_list && set.docs.size() * sizeof(Xapian::docid) >= words * sizeof(uint64_t)) {
    set.bits.assign(words, 0);
    for (Xapian::docid d : set.docs) set.bits[d / 64] |= uint64_t{1} << (d % 64);
    set.docs = {};
  }
  make_room(term.size() + set.docs.size() * sizeof(Xapian::docid) +
            set.bits.size() * sizeof(uint64_t) + sizeof(PostingSet));
  return posting_sets.emplace(term, std::move(set)).first->second;
}

Status Engine::Ask(const std::string& question, const AskOptions& asked, AskResult* result) {
  Impl& im = *impl_;
  std::vector<Candidate> candidates;
  std::set<std::string> highlight_terms;
  Status s = Collect(im, question, asked, Parts::kElite, result, &candidates, &highlight_terms);
  if (!s.ok()) return s;
  for (Candidate& c : candidates) c.score = Score(im.weights, c);
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  const int limit = asked.limit;
  try {
    // Scores are logs: a hit's score is its exp relative to the best, in (0, 1].
    const double best = candidates.empty() ? 0 : candidates[0].score;
    for (const Candidate& c : candidates) {
      if (result->hits.size() >= static_cast<size_t>(limit)) break;
      long long unit_id = 0;
      Status s = im.UnitOfDocument(c.did, &unit_id);
      if (!s.ok()) return s;
      AskHit hit;
      const Engine::Impl::HitUnitData* unit = nullptr;
      s = im.HitUnit(unit_id, &unit);  // read and tokenised once per engine
      if (!s.ok()) return s;
      hit.provision = unit->provision;
      hit.score = std::round(std::exp(c.score - best) * 10000) / 10000;
      for (const auto& [term, range] : unit->words) {
        if (highlight_terms.count(term)) hit.highlights.push_back(range);
      }
      result->hits.push_back(std::move(hit));
    }
  } catch (const Xapian::Error& e) {
    return Status::IndexError("ricerca non riuscita: " + e.get_description());
  }
  return ask::ApplyVariants(im, asked, result);  // variants in play (variants.cc)
}

Status Engine::Impl::UnitOfDocument(Xapian::docid did, long long* unit_id) {
  auto [known, fresh] = unit_of_document.try_emplace(did, 0);
  if (fresh) {
    const std::string data = xdb.get_document(did).get_data();
    char* end = nullptr;
    known->second = std::strtoll(data.c_str(), &end, 10);
    if (data.empty() || *end != '\0') {
      unit_of_document.erase(known);
      return Status::IndexError("indice Xapian non valido: documento senza unità");
    }
  }
  *unit_id = known->second;
  return Status::OK();
}

Status Engine::AskCandidates(const std::string& question, const AskOptions& options,
                             std::vector<AskCandidate>* out) {
  out->clear();
  AskResult result;
  std::vector<Candidate> candidates;
  std::set<std::string> highlight_terms;
  Status s =
      Collect(*impl_, question, options, Parts::kElite, &result, &candidates, &highlight_terms);
  if (!s.ok()) return s;
  try {
    for (const Candidate& c : candidates) {
      long long unit_id = 0;
      s = impl_->UnitOfDocument(c.did, &unit_id);
      if (!s.ok()) return s;
      ProvisionInfo info;
      s = impl_->LoadProvision(unit_id, /*with_links=*/false, &info);
      if (!s.ok()) return s;
      out->push_back({info.id, std::vector<double>(c.x.begin(), c.x.end())});
    }
  } catch (const Xapian::Error& e) {
    return Status::IndexError("ricerca non riuscita: " + e.get_description());
  }
  return Status::OK();
}

Status Engine::Impl::RankUnits(const std::string& question, const AskOptions& options, size_t limit,
                               std::vector<std::pair<long long, double>>* units) {
  units->clear();
  AskResult result;
  std::vector<Candidate> candidates;
  std::set<std::string> highlight_terms;
  Status s = Collect(*this, question, options, Parts::kAll, &result, &candidates, &highlight_terms);
  if (!s.ok()) return s;
  for (Candidate& c : candidates) c.score = Score(weights, c);
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  try {
    for (const Candidate& c : candidates) {
      if (units->size() >= limit) break;
      long long unit_id = 0;
      s = UnitOfDocument(c.did, &unit_id);
      if (!s.ok()) return s;
      units->push_back({unit_id, std::exp(c.score - candidates[0].score)});
    }
  } catch (const Xapian::Error& e) {
    return Status::IndexError("ricerca non riuscita: " + e.get_description());
  }
  return Status::OK();
}

std::vector<std::string> Engine::RankingWeightNames() {
  std::vector<std::string> names;
  for (size_t k = 0; k < kWeightCount; ++k) names.push_back(WeightName(static_cast<Weight>(k)));
  return names;
}

std::vector<std::string> Engine::RankingWeightMeanings() {
  std::vector<std::string> out;
  for (size_t k = 0; k < kWeightCount; ++k) out.push_back(WeightMeaning(static_cast<Weight>(k)));
  return out;
}

size_t Engine::AskFeatureCount() {
  return kAskFeatureCount;
}

std::vector<double> Engine::RankingWeightValues() const {
  return std::vector<double>(impl_->weights.w.begin(), impl_->weights.w.end());
}

Status Engine::SetRankingWeights(const std::vector<double>& values) {
  if (values.size() != kWeightCount) {
    return Status::InvalidArgument("pesi: attesi " + std::to_string(kWeightCount) +
                                   " valori, non " + std::to_string(values.size()));
  }
  std::copy(values.begin(), values.end(), impl_->weights.w.begin());
  return Status::OK();
}

}  // namespace arbitro
