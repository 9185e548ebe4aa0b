// Engine::Ask: Italian question → ranked provisions.
//
// Retrieval is BM25 over the analysed terms (phrases, synonyms and spelling
// corrections expanded), followed by a small re-ranking that uses what BM25 cannot
// see: how many of the question's concepts a provision covers, the game the
// question's vocabulary points to, and whether the question asks for a
// consequence ("cosa succede se …") or a number ("quanti …").
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "engine_impl.h"

namespace arbitro {
namespace {

constexpr size_t kMaxQueryTokens = 64;
constexpr size_t kMaxQueryBytes = 4096;
constexpr Xapian::doccount kCandidates = 60;

// Experiment knobs: ASKP="name=value,…" overrides (development only).
double P(const char* name, double def) {
  static std::map<std::string, double> overrides = [] {
    std::map<std::string, double> m;
    if (const char* e = std::getenv("ASKP")) {
      std::string s = e;
      size_t i = 0;
      while (i < s.size()) {
        size_t comma = s.find(',', i);
        if (comma == std::string::npos) comma = s.size();
        std::string kv = s.substr(i, comma - i);
        size_t eq = kv.find('=');
        if (eq != std::string::npos) m[kv.substr(0, eq)] = std::atof(kv.c_str() + eq + 1);
        i = comma + 1;
      }
    }
    return m;
  }();
  auto it = overrides.find(name);
  return it == overrides.end() ? def : it->second;
}

// One concept of the question: a word or a phrase with its alternative terms.
struct Concept {
  std::vector<std::string> terms;  // first is the term as written
  double weight = 1.0;
  double specificity = 1.0;  // inverse document frequency: rare concepts say more
  bool phrase = false;
  size_t first = 0;  // index of its first token
};

const char* const kConsequenceWords[] = {"succede", "accade", "sanzione", "sanzioni", "sanziona",
                                         "punisce", "fischia", "decide", "assegna", "assegnato",
                                         "infrazione", "fallo", "irregolare", "vietato"};
const char* const kDefinitionWords[] = {"cos", "significa", "vuol", "definizione", "definito",
                                        "chiama", "intende", "funziona", "consiste"};
const char* const kCopula[] = {"è", "sono"};
// "Quando si assegna un calcio di rigore?": the question asks what leads to a ruling.
const char* const kTriggerWords[] = {"quando", "assegna", "assegnato", "assegnata", "concede", "concesso",
                                     "ottiene", "ottenere", "scatta", "dà", "danno"};
// "Come si batte …?", "da dove si batte …?": the question asks how a procedure goes.
const char* const kProcedureWords[] = {"come", "dove", "procedura", "modalità", "battuta"};
const char* const kHowMany[] = {"quanti", "quante", "quanta", "quanto"};
const char* const kNumberWords[] = {"quanti", "quante", "quanto", "quanta", "durata", "dura",
                                    "distanza", "misura", "numero", "massimo", "minimo", "punti"};
// "Posso …?", "si può …?": the question asks whether something is allowed.
const char* const kPermissionWords[] = {"posso",   "può",      "puo",      "possono",   "possiamo",
                                        "potere",  "consentito", "permesso", "lecito",  "ammesso",
                                        "vietato", "proibito", "valido",   "regolare"};

bool IsOneOf(const std::string& word, const char* const* words, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (word == words[i]) return true;
  }
  return false;
}

bool HasAny(const std::vector<Token>& tokens, const char* const* words, size_t n) {
  for (const Token& t : tokens) {
    if (IsOneOf(t.word, words, n)) return true;
  }
  return false;
}

// "Cos'è il back?", "cosa vuol dire tirabile", "come funziona il vantaggio",
// "quando una pedina è in fuorigioco?": the question asks what something is.
bool AsksDefinition(const std::vector<Token>& tokens) {
  if (HasAny(tokens, kDefinitionWords, std::size(kDefinitionWords))) return true;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].word != "cosa" && tokens[i].word != "quando") continue;
    for (size_t j = i + 1; j < tokens.size() && j <= i + 3; ++j) {
      // "Quando c'è il rinvio?" asks when it is given, not what it is.
      if (IsOneOf(tokens[j].word, kCopula, std::size(kCopula))) return tokens[j - 1].word != "c";
    }
  }
  return false;
}

// Which of the candidate documents index a term, read from posting lists: reading
// each document's termlist instead costs one zlib inflate per document.
class Membership {
 public:
  Membership(const Xapian::Database& db, std::vector<Xapian::docid> dids) : db_(db), dids_(std::move(dids)) {
    for (size_t i = 0; i < dids_.size(); ++i) order_.push_back(i);
    std::sort(order_.begin(), order_.end(), [&](size_t a, size_t b) { return dids_[a] < dids_[b]; });
  }
  bool Has(size_t candidate, const std::string& term) {
    auto [it, fresh] = cache_.try_emplace(term);
    if (fresh) {
      it->second.assign(dids_.size(), false);
      Xapian::PostingIterator p = db_.postlist_begin(term);
      const Xapian::PostingIterator end = db_.postlist_end(term);
      for (size_t k : order_) {
        if (p == end) break;
        p.skip_to(dids_[k]);
        if (p != end && *p == dids_[k]) it->second[k] = true;
      }
    }
    return it->second[candidate];
  }

 private:
  const Xapian::Database& db_;
  std::vector<Xapian::docid> dids_;
  std::vector<size_t> order_;  // candidates by docid
  std::map<std::string, std::vector<bool>> cache_;
};

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

  // ---- spelling: a word the corpus never writes is replaced by the dictionary's
  // suggestion when its stem is unknown, or rare beside the suggestion's ("passagio"
  // → "passaggio"). Corrections come first, so that a corrected word can still
  // complete a phrase ("calcio di rigre"). A synonym of the lexicon ("omini") is
  // not a misspelling.
  std::string corrected;
  bool any_correction = false;
  auto written_in_corpus = [&](const std::string& word) {
    Xapian::TermIterator it = im.xdb.spellings_begin();
    it.skip_to(word);
    return it != im.xdb.spellings_end() && *it == word;
  };
  for (Token& t : tokens) {
    if (P("nospell", 0) == 0 && !t.stop && t.word.size() > 3 && !IsNumberWord(t.word) &&
        im.xdb.synonyms_begin(t.term) == im.xdb.synonyms_end(t.term) && !written_in_corpus(t.word)) {
      std::string suggestion = im.xdb.get_spelling_suggestion(t.word, 2);
      if (!suggestion.empty()) {
        const std::string term = im.analyzer->TermOf(suggestion);
        const Xapian::doccount own = im.xdb.get_termfreq(t.term);
        // Typing errors seldom touch the first letter ("caduto" is not "scaduto").
        const bool same_start = suggestion[0] == t.word[0];
        if (same_start && (own == 0 || (term != t.term && own * 10 < im.xdb.get_termfreq(term)))) {
          t.word = suggestion;
          t.term = term;
          any_correction = true;
        }
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
  std::vector<int> concept_of(tokens.size(), -1);  // token → its word concept
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
    c.first = p.first;
    add_synonyms(&c);
    concepts.push_back(std::move(c));
    for (size_t k = 0; k < p.count; ++k) in_phrase[p.first + k] = true;
  }
  std::map<std::string, int> seen;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.stop) continue;
    auto [it, fresh] = seen.emplace(t.term, static_cast<int>(concepts.size()));
    if (fresh) {
      // A synonym of a concept already asked about ("offside: … fuorigioco?") is the same concept.
      for (size_t k = 0; k < concepts.size(); ++k) {
        const auto& terms = concepts[k].terms;
        if (!concepts[k].phrase && std::find(terms.begin(), terms.end(), t.term) != terms.end()) {
          it->second = static_cast<int>(k);
          fresh = false;
          break;
        }
      }
    }
    concept_of[i] = it->second;
    if (!fresh) continue;
    Concept c;
    c.terms.push_back(t.term);
    // A number in a question is often a hypothetical value ("a 6 cm"), not the rule's.
    c.weight = in_phrase[i] ? 0.5 : IsNumberWord(t.word) ? P("numw", 0.5) : 1.0;
    c.first = i;
    // A word of a lexicon phrase means the phrase ("tiri piazzati" is no placing).
    if (!in_phrase[i]) add_synonyms(&c);
    concepts.push_back(std::move(c));
  }
  if (any_correction) result->corrected = corrected;
  if (concepts.empty()) {
    return Status::InvalidArgument(
        "la domanda contiene solo parole troppo comuni: aggiungere un termine di gioco");
  }
  const double n_docs = std::max(1.0, static_cast<double>(im.xdb.get_doccount()));
  for (Concept& c : concepts) {
    double df = 0;
    for (const auto& t : c.terms) df = std::max(df, static_cast<double>(im.xdb.get_termfreq(t)));
    c.specificity = std::pow(std::log(1.0 + n_docs / std::max(1.0, df)), P("idfexp", 1.0));
  }
  if (std::getenv("ASKDBG")) {
    for (const Concept& c : concepts) {
      std::fprintf(stderr, "concept w=%.1f idf=%.2f:", c.weight, c.specificity);
      for (auto& t : c.terms) std::fprintf(stderr, " %s", t.c_str());
      std::fprintf(stderr, "\n");
    }
  }

  // ---- what the question asks for
  const bool wants_consequence = HasAny(tokens, kConsequenceWords, std::size(kConsequenceWords));
  const bool wants_definition = AsksDefinition(tokens) && concepts.size() <= 3;
  const bool wants_permission = HasAny(tokens, kPermissionWords, std::size(kPermissionWords));
  const bool wants_procedure =
      !wants_definition && HasAny(tokens, kProcedureWords, std::size(kProcedureWords));

  // Sanction types the question names ("calcio di rigore", "rinvio"), by their forms.
  std::vector<std::string> named_sanctions;
  if (HasAny(tokens, kTriggerWords, std::size(kTriggerWords)) && P("named", 1.3) != 1.0) {
    std::vector<std::string> content;
    for (const Token& t : tokens) {
      if (!t.stop) content.push_back(t.term);
    }
    Statement st;
    Status s = im.db.Prepare("SELECT id, forms FROM sanction_types WHERE game = '' OR game = ?", &st);
    if (!s.ok()) return s;
    st.Bind(1, result->game);
    while (st.Step(&s)) {
      const std::string id = st.Text(0), forms = st.Text(1);
      size_t start = 0;
      while (start <= forms.size()) {
        size_t bar = forms.find('|', start);
        if (bar == std::string::npos) bar = forms.size();
        std::vector<std::string> form;
        for (const Token& t : im.analyzer->Tokenize(forms.substr(start, bar - start))) {
          if (!t.stop) form.push_back(t.term);
        }
        start = bar + 1;
        if (form.empty() || form.size() > content.size()) continue;
        bool found = false;
        for (size_t k = 0; k + form.size() <= content.size() && !found; ++k) {
          found = std::equal(form.begin(), form.end(), content.begin() + k);
        }
        if (found) {
          named_sanctions.push_back(id);
          break;
        }
      }
    }
    if (!s.ok()) return s;
  }
  if (std::getenv("ASKDBG")) {
    for (const auto& n : named_sanctions) std::fprintf(stderr, "named sanction: %s\n", n.c_str());
  }

  // ---- retrieval
  std::vector<Xapian::Query> parts;
  for (const Concept& c : concepts) {
    Xapian::Query q(Xapian::Query::OP_SYNONYM, c.terms.begin(), c.terms.end());
    parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, q, c.weight);
  }
  // The vocabulary: facts the question's words describe reach the rules testing them.
  // A question about what something is wants its definition, not the cases testing it.
  std::vector<std::string> fact_terms;
  if ((!wants_definition || wants_consequence) && P("nofacts", 0) == 0) {
    Status fs = im.FactTerms(options.game.empty() ? result->game : options.game, tokens, &fact_terms);
    if (!fs.ok()) return fs;
  }
  for (const auto& t : fact_terms) {
    parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, Xapian::Query(t), P("fact", 0.5));
  }
  // "Quante miniature …?": provisions that count the asked-about thing.
  // "Quante miniature …?" asks for the provisions that count miniature (the word after
  // "quante"); "… con 11 omini": a number in the question reaches the provisions
  // counting the same thing.
  const bool wants_number = HasAny(tokens, kNumberWords, std::size(kNumberWords));
  std::vector<std::string> counted_terms = CountedTerms(tokens);
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (!IsOneOf(tokens[i].word, kHowMany, std::size(kHowMany))) continue;
    for (size_t j = i + 1; j < tokens.size() && j <= i + 3; ++j) {
      if (tokens[j].stop) continue;
      counted_terms.push_back(tokens[j].term);
      break;
    }
  }
  for (const Concept& c : concepts) {
    if (c.phrase) continue;
    if (std::find(counted_terms.begin(), counted_terms.end(), c.terms[0]) == counted_terms.end()) continue;
    std::vector<std::string> counted;
    for (const auto& t : c.terms) {
      if (t.rfind(prefix::kPhrase, 0) != 0) counted.push_back(prefix::kCounted + t);
    }
    Xapian::Query q(Xapian::Query::OP_SYNONYM, counted.begin(), counted.end());
    parts.emplace_back(Xapian::Query::OP_SCALE_WEIGHT, q, P("counted", 2.0));
  }
  // Proximity: consecutive content words of the question close together in a
  // provision ("stessa miniatura", "tiro … porta") weigh more.
  std::vector<std::vector<std::string>> slots;  // content tokens in question order
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (concept_of[i] < 0) continue;
    std::vector<std::string> alts;
    for (const auto& t : concepts[concept_of[i]].terms) {
      if (t.rfind(prefix::kPhrase, 0) != 0) alts.push_back(t);
    }
    if (!alts.empty()) slots.push_back(std::move(alts));
  }
  // Each pair of consecutive content words: the index terms that spell it.
  std::vector<std::vector<std::string>> pairs;
  for (size_t i = 0; i + 1 < slots.size() && pairs.size() < 12; ++i) {
    if (slots[i] == slots[i + 1]) continue;
    std::vector<std::string> spellings;
    for (size_t a = 0; a < slots[i].size() && a < 4; ++a) {
      for (size_t b = 0; b < slots[i + 1].size() && b < 4; ++b) {
        spellings.push_back(BigramTerm(slots[i][a], slots[i + 1][b]));
      }
    }
    pairs.push_back(std::move(spellings));
  }
  Xapian::Query query(Xapian::Query::OP_OR, parts.begin(), parts.end());
  if (!options.game.empty()) {
    query = Xapian::Query(Xapian::Query::OP_FILTER, query,
                          Xapian::Query(std::string(prefix::kGame) + options.game));
  }

  struct Candidate {
    Xapian::docid did;
    double score;
    std::string game;
  };
  std::vector<Candidate> candidates;
  try {
    Xapian::Enquire enquire(im.xdb);
    enquire.set_weighting_scheme(Xapian::BM25Weight(P("k1", 1.0), 0, 1, P("b", 0.5), 0.5));
    enquire.set_query(query);
    Xapian::MSet mset = enquire.get_mset(0, P("cands", kCandidates));
    const double top = mset.empty() ? 1.0 : std::max(1e-9, mset.begin().get_weight());
    std::vector<Xapian::docid> dids(mset.begin(), mset.end());
    Membership doc(im.xdb, dids);
    const std::string kind = std::string(prefix::kFlag) + "kind-";
    const std::string flag = prefix::kFlag;
    for (auto it = mset.begin(); it != mset.end(); ++it) {
      const size_t i = it.get_rank();
      // Concept coverage: the share of the question's concepts the unit contains.
      double covered = 0, total = 0, in_heading = 0;
      for (const Concept& c : concepts) {
        const double w = c.weight * c.specificity;
        total += w;
        bool found = false, heading = false;
        for (const auto& term : c.terms) {
          if (!found && doc.Has(i, term)) found = true;
          if (!heading && doc.Has(i, prefix::kHeading + term)) heading = true;
        }
        if (found) covered += w;
        if (heading) in_heading += w;

      }
      double pairs_found = 0;
      for (const auto& spellings : pairs) {
        for (const auto& term : spellings) {
          if (doc.Has(i, term)) {
            pairs_found += 1;
            break;
          }
        }
      }
      std::string game;
      for (const auto& g : im.games) {
        if (doc.Has(i, prefix::kGame + g)) game = g;
      }
      const bool is_row = doc.Has(i, std::string(prefix::kKind) + "row");
      const bool has_sanction = doc.Has(i, flag + "sanction");
      double score = it.get_weight() / top;
      const double floor = P("covfloor", 0.4);
      score *= floor + (1 - floor) * (total > 0 ? covered / total : 0);
      if (is_row) score *= 0.9;  // prefer the body provision to its summary row
      if (wants_consequence && has_sanction) score *= P("sanc", 1.15);
      for (const auto& type : named_sanctions) {
        if (doc.Has(i, prefix::kSanction + type)) {
          score *= P("named", 1.3);
          break;
        }
      }
      // The question's words in the same order, next to each other.
      if (!pairs.empty()) score *= 1.0 + P("pair", 0.3) * pairs_found / static_cast<double>(pairs.size());
      // Section headings name the topic: a question about the topic prefers it.
      score *= 1.0 + P("head", 0.4) * (total > 0 ? in_heading / total : 0);
      if (wants_definition && doc.Has(i, flag + "term")) score *= 1.25;
      if (wants_definition && doc.Has(i, kind + "definition")) score *= P("def", 1.25);
      if (wants_procedure && doc.Has(i, kind + "procedure")) score *= P("proc", 1.1);
      if (wants_permission && (doc.Has(i, kind + "permission") || doc.Has(i, kind + "prohibition"))) {
        score *= P("perm", 1.2);
      }
      if (doc.Has(i, flag + "lead")) score *= P("lead", 1.05);
      // The full rulebook is the authority; its abridged summary comes second.
      if (doc.Has(i, flag + "abridged")) score *= 0.85;
      if (wants_number && doc.Has(i, flag + "param")) score *= 1.15;
      if (std::getenv("ASKDUMP")) {
        ProvisionInfo pi;
        im.LoadProvision(std::stoll(it.get_document().get_data()), false, &pi);
        std::string k = "none";
        for (const char* kk : {"definition", "procedure", "permission", "prohibition", "obligation", "sanction",
                               "exception", "information", "specialisation"}) {
          if (doc.Has(i, kind + kk)) k = kk;
        }
        std::fprintf(stderr,
                     "DUMP\t%s\t%s\tbm=%.4f cov=%.4f head=%.4f sect=%.4f sprec=%.4f pairs=%.4f lead=%d row=%d "
                     "abr=%d param=%d term=%d sanc=%d wc=%d wd=%d wp=%d wq=%d wn=%d kind=%s game=%d\n",
                     pi.id.c_str(), question.c_str(), it.get_weight() / top, total > 0 ? covered / total : 0,
                     total > 0 ? in_heading / total : 0, 0.0, 0.0,
                     pairs.empty() ? 0 : pairs_found / pairs.size(), doc.Has(i, flag + "lead"), is_row,
                     doc.Has(i, flag + "abridged"), doc.Has(i, flag + "param"), doc.Has(i, flag + "term"),
                     has_sanction, wants_consequence, wants_definition, wants_permission, wants_procedure,
                     wants_number, k.c_str(), game == result->game);
      }
      if (std::getenv("ASKDBG")) {
        ProvisionInfo pi;
        im.LoadProvision(std::stoll(it.get_document().get_data()), false, &pi);
        std::fprintf(stderr, "%-55s bm=%.3f cov=%.2f head=%.2f row=%d sanc=%d -> %.3f\n", pi.id.c_str(),
                     it.get_weight() / top, covered / total, in_heading / total, is_row, has_sanction,
                     score);
      }
      candidates.push_back({*it, score, game});
    }
  } catch (const Xapian::Error& e) {
    return Status::IndexError("ricerca non riuscita: " + e.get_description());
  }
  // No game named and no game word in the question: the game whose provisions
  // answer clearly better than any other's is the game asked about.
  if (options.game.empty() && result->game.empty() && !candidates.empty()) {
    std::map<std::string, double> best;
    for (const Candidate& c : candidates) {
      const size_t rank = best.size();
      double& b = best[c.game];
      if (P("gmode", 0) == 0) b = std::max(b, c.score);
      else if (rank < 100) b += c.score * c.score;
    }
    std::string first;
    double first_score = 0, second_score = 0;
    for (const auto& [game, score] : best) {
      if (score > first_score) {
        second_score = first_score;
        first_score = score;
        first = game;
      } else if (score > second_score) {
        second_score = score;
      }
    }
    if (first_score >= P("gmargin", 1.2) * second_score) {
      result->game = first;
      result->game_inferred = true;
    }
  }
  // An inferred game is a strong prior, not a filter: a clearly better answer
  // from another game can still surface.
  if (options.game.empty() && !result->game.empty()) {
    for (Candidate& c : candidates) {
      if (c.game != result->game) c.score *= 0.35;
    }
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
    long long unit_id = 0;
    try {
      unit_id = std::stoll(im.xdb.get_document(c.did).get_data());
    } catch (const Xapian::Error& e) {
      return Status::IndexError("ricerca non riuscita: " + e.get_description());
    } catch (const std::exception&) {
      return Status::IndexError("indice Xapian non valido: documento senza unità");
    }
    AskHit hit;
    Status s = im.LoadProvision(unit_id, /*with_links=*/true, &hit.provision);
    if (!s.ok()) return s;
    hit.score = std::round(c.score / best * 10000) / 10000;
    if (P("nohl", 0) == 0) for (const Token& t : im.analyzer->Tokenize(hit.provision.text)) {
      if (!t.stop && highlight_terms.count(t.term)) hit.highlights.emplace_back(t.begin, t.end);
    }
    result->hits.push_back(std::move(hit));
  }
  return Status::OK();
}

}  // namespace arbitro
