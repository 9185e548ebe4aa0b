// Engine::Ask: Italian question → ranked provisions.
//
// Retrieval is BM25 over the analysed terms (phrases, synonyms and spelling
// corrections expanded), followed by a small re-ranking that uses what BM25 cannot
// see: how many of the question's concepts a provision covers, the game the
// question's vocabulary points to, and whether the question asks for a
// consequence ("cosa succede se …") or a number ("quanti …").
#include <algorithm>
#include <cmath>
#include <set>

#include "engine_impl.h"

namespace arbitro {
namespace {

constexpr size_t kMaxQueryTokens = 64;
constexpr size_t kMaxQueryBytes = 4096;
constexpr Xapian::doccount kCandidates = 60;

// One concept of the question: a word or a phrase with its alternative terms.
struct Concept {
  std::vector<std::string> terms;  // first is the term as written
  double weight = 1.0;
  bool phrase = false;
};

const char* const kConsequenceWords[] = {"succede", "accade", "sanzione", "sanzioni", "sanziona",
                                         "punisce", "fischia", "decide", "assegna", "assegnato",
                                         "infrazione", "fallo", "irregolare", "vietato"};
const char* const kDefinitionWords[] = {"cos", "cosa", "significa", "vuol", "definizione", "definito",
                                        "chiama", "intende"};
const char* const kNumberWords[] = {"quanti", "quante", "quanto", "quanta", "durata", "dura",
                                    "distanza", "misura", "numero", "massimo", "minimo", "punti"};

bool HasTerm(const Xapian::Document& doc, const std::string& term) {
  Xapian::TermIterator ti = doc.termlist_begin();
  ti.skip_to(term);
  return ti != doc.termlist_end() && *ti == term;
}

bool HasAny(const std::vector<Token>& tokens, const char* const* words, size_t n) {
  for (const Token& t : tokens) {
    for (size_t i = 0; i < n; ++i) {
      if (t.word == words[i]) return true;
    }
  }
  return false;
}

}  // namespace

Status Engine::Ask(const std::string& question, const AskOptions& options, AskResult* result) {
  Impl& im = *impl_;
  *result = AskResult();
  result->query = question;
  if (options.limit < 1 || options.limit > 100) {
    return Status::InvalidArgument("--limit deve essere tra 1 e 100");
  }
  if (!options.game.empty()) {
    Status s = im.ValidateGame(options.game);
    if (!s.ok()) return s;
  }
  std::string clean = SanitizeUtf8(question.substr(0, kMaxQueryBytes));
  std::vector<Token> tokens = im.analyzer->Tokenize(clean);
  if (tokens.size() > kMaxQueryTokens) tokens.resize(kMaxQueryTokens);
  if (tokens.empty()) {
    return Status::InvalidArgument("la domanda è vuota: scrivere almeno una parola");
  }

  // ---- spelling: unknown words are replaced by the dictionary's suggestion first,
  // so that a corrected word can still complete a phrase ("calcio di rigre").
  std::string corrected;
  bool any_correction = false;
  for (Token& t : tokens) {
    if (!t.stop && t.word.size() > 3 && im.xdb.get_termfreq(t.term) == 0) {
      std::string suggestion = im.xdb.get_spelling_suggestion(t.word, 2);
      if (!suggestion.empty()) {
        t.word = suggestion;
        t.term = im.analyzer->TermOf(suggestion);
        any_correction = true;
      }
    }
    corrected += (corrected.empty() ? "" : " ") + t.word;
  }

  result->game = options.game;
  if (result->game.empty()) {
    result->game = im.InferGame(tokens);
    result->game_inferred = !result->game.empty();
  }

  // ---- concepts: phrases first, then the remaining content words
  std::vector<Concept> concepts;
  std::vector<bool> in_phrase(tokens.size(), false);
  auto add_synonyms = [&](Concept* c) {
    std::vector<std::string> extra;
    for (const auto& t : c->terms) {
      for (auto it = im.xdb.synonyms_begin(t); it != im.xdb.synonyms_end(t); ++it) extra.push_back(*it);
    }
    for (auto& e : extra) {
      if (std::find(c->terms.begin(), c->terms.end(), e) == c->terms.end()) c->terms.push_back(e);
    }
  };
  for (const PhraseMatch& p : im.analyzer->Phrases(tokens)) {
    Concept c;
    c.terms.push_back(p.term);
    c.weight = 2.0;
    c.phrase = true;
    add_synonyms(&c);
    concepts.push_back(std::move(c));
    for (size_t k = 0; k < p.count; ++k) in_phrase[p.first + k] = true;
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.stop || !seen.insert(t.term).second) continue;
    Concept c;
    c.terms.push_back(t.term);
    c.weight = in_phrase[i] ? 0.5 : 1.0;
    add_synonyms(&c);
    concepts.push_back(std::move(c));
  }
  if (any_correction) result->corrected = corrected;
  if (concepts.empty()) {
    return Status::InvalidArgument(
        "la domanda contiene solo parole troppo comuni: aggiungere un termine di gioco");
  }

  // ---- retrieval
  std::vector<Xapian::Query> parts;
  for (const Concept& c : concepts) {
    Xapian::Query q(Xapian::Query::OP_SYNONYM, c.terms.begin(), c.terms.end());
    parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, q, c.weight);
  }
  // The vocabulary: facts the question's words describe reach the rules testing them.
  std::vector<std::string> fact_terms;
  Status fs = im.FactTerms(options.game.empty() ? result->game : options.game, tokens, &fact_terms);
  if (!fs.ok()) return fs;
  for (const auto& t : fact_terms) {
    parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(t), 0.5);
  }
  // "Quante miniature …?": provisions that count the asked-about thing.
  if (HasAny(tokens, kNumberWords, std::size(kNumberWords))) {
    for (const Concept& c : concepts) {
      if (c.phrase) continue;
      std::vector<std::string> counted;
      for (const auto& t : c.terms) {
        if (t.rfind(prefix::kPhrase, 0) != 0) counted.push_back(prefix::kCounted + t);
      }
      Xapian::Query q(Xapian::Query::OP_SYNONYM, counted.begin(), counted.end());
      parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, q, 1.5);
    }
  }
  // Proximity: the question's words close together in a provision weigh more.
  std::vector<std::string> near_terms;
  for (const Concept& c : concepts) {
    if (!c.phrase && near_terms.size() < 6) near_terms.push_back(c.terms[0]);
  }
  if (near_terms.size() >= 2) {
    Xapian::Query near(Xapian::Query::OP_NEAR, near_terms.begin(), near_terms.end(),
                       static_cast<Xapian::termcount>(near_terms.size() + 4));
    parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, near, 0.5);
  }
  Xapian::Query query(Xapian::Query::OP_OR, parts.begin(), parts.end());
  if (!options.game.empty()) {
    query = Xapian::Query(Xapian::Query::OP_FILTER, query,
                          Xapian::Query(std::string(prefix::kGame) + options.game));
  }
  const bool wants_consequence = HasAny(tokens, kConsequenceWords, std::size(kConsequenceWords));
  const bool wants_number = HasAny(tokens, kNumberWords, std::size(kNumberWords));
  const bool wants_definition =
      HasAny(tokens, kDefinitionWords, std::size(kDefinitionWords)) && concepts.size() <= 3;

  struct Candidate {
    Xapian::docid did;
    long long unit_id;
    double score;
  };
  std::vector<Candidate> candidates;
  try {
    Xapian::Enquire enquire(im.xdb);
    enquire.set_query(query);
    Xapian::MSet mset = enquire.get_mset(0, kCandidates);
    const double top = mset.empty() ? 1.0 : std::max(1e-9, mset.begin().get_weight());
    const std::string game_term = std::string(prefix::kGame) + result->game;
    for (auto it = mset.begin(); it != mset.end(); ++it) {
      Xapian::Document doc = it.get_document();
      // Concept coverage: the share of the question's concepts the unit contains.
      double covered = 0, total = 0, in_heading = 0;
      bool has_sanction = false, same_game = false;
      for (const Concept& c : concepts) {
        total += c.weight;
        bool found = false, heading = false;
        for (const auto& term : c.terms) {
          if (!found && HasTerm(doc, term)) found = true;
          if (!heading && !c.phrase && HasTerm(doc, prefix::kHeading + term)) heading = true;
        }
        if (found) covered += c.weight;
        if (heading) in_heading += c.weight;
      }
      Xapian::TermIterator ti = doc.termlist_begin();
      const std::string row_term = std::string(prefix::kKind) + "row";
      ti.skip_to(row_term);
      const bool is_row = ti != doc.termlist_end() && *ti == row_term;
      ti = doc.termlist_begin();
      ti.skip_to(prefix::kSanction);
      has_sanction = ti != doc.termlist_end() && (*ti).rfind(prefix::kSanction, 0) == 0;
      if (!result->game.empty()) {
        ti = doc.termlist_begin();
        ti.skip_to(game_term);
        same_game = ti != doc.termlist_end() && *ti == game_term;
      }
      double score = it.get_weight() / top;
      score *= 0.4 + 0.6 * (total > 0 ? covered / total : 0);
      // An inferred game is a strong prior, not a filter: a clearly better answer
      // from another game can still surface.
      if (!result->game.empty()) score *= same_game ? 1.0 : 0.35;
      if (is_row) score *= 0.9;  // prefer the body provision to its summary row
      if (wants_consequence && has_sanction) score *= 1.15;
      // Section headings name the topic: a question about the topic prefers it.
      score *= 1.0 + 0.4 * (total > 0 ? in_heading / total : 0);
      if (wants_definition && HasTerm(doc, std::string(prefix::kFlag) + "term")) score *= 1.25;
      if (HasTerm(doc, std::string(prefix::kFlag) + "lead")) score *= 1.05;
      // The full rulebook is the authority; its abridged summary comes second.
      const std::string abridged = std::string(prefix::kFlag) + "abridged";
      ti = doc.termlist_begin();
      ti.skip_to(abridged);
      if (ti != doc.termlist_end() && *ti == abridged) score *= 0.85;
      if (wants_number) {
        const std::string flag = std::string(prefix::kFlag) + "param";
        ti = doc.termlist_begin();
        ti.skip_to(flag);
        if (ti != doc.termlist_end() && *ti == flag) score *= 1.15;
      }
      candidates.push_back({*it, std::stoll(doc.get_data()), score});
    }
  } catch (const Xapian::Error& e) {
    return Status::IndexError("ricerca non riuscita: " + e.get_description());
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.score > b.score; });

  // ---- results
  std::set<std::string> highlight_terms;
  for (const Concept& c : concepts) {
    for (const auto& t : c.terms) highlight_terms.insert(t);
  }
  const double best = candidates.empty() ? 1.0 : std::max(1e-9, candidates[0].score);
  for (const Candidate& c : candidates) {
    if (result->hits.size() >= static_cast<size_t>(options.limit)) break;
    AskHit hit;
    Status s = im.LoadProvision(c.unit_id, /*with_links=*/true, &hit.provision);
    if (!s.ok()) return s;
    hit.score = std::round(c.score / best * 10000) / 10000;
    for (const Token& t : im.analyzer->Tokenize(hit.provision.text)) {
      if (!t.stop && highlight_terms.count(t.term)) hit.highlights.emplace_back(t.begin, t.end);
    }
    result->hits.push_back(std::move(hit));
  }
  return Status::OK();
}

}  // namespace arbitro
