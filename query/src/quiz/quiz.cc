// GenerateQuiz: validates the options, builds the candidates of the chosen games,
// filters them (kinds, difficulty, topics) and draws the quiz with the seed,
// spreading the questions over the rules and over the kinds within a rule.
#include <algorithm>
#include <set>

#include "quiz/quiz_internal.h"

namespace arbitro {
namespace {

using quiz::Candidate;

const std::vector<std::string>& KindOrder() {
  static const std::vector<std::string> kKinds = {"situation", "tf", "mc", "numeric", "cloze"};
  return kKinds;
}

std::string Join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

// A topic: a unit (with what is under it) or words the provision must contain.
struct Topic {
  std::string raw;
  std::string doc;  // "" for a bare eId (any document)
  std::string eid;  // "" for words
  std::vector<std::string> terms;
};

bool UnderUnit(const quiz::Unit& u, const Topic& t) {
  if (!t.doc.empty() && u.doc != t.doc) return false;
  return u.eid == t.eid || u.eid.rfind(t.eid + "__", 0) == 0;
}

}  // namespace

uint64_t StableHash(const std::string& text) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a offset basis and prime
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

std::string QuizKindLabel(const std::string& kind) {
  static const std::map<std::string, std::string> kLabels = {{"situation", "situazione"},
                                                             {"tf", "vero/falso"},
                                                             {"mc", "scelta multipla"},
                                                             {"numeric", "numerica"},
                                                             {"cloze", "completamento"}};
  auto it = kLabels.find(kind);
  return it == kLabels.end() ? kind : it->second;
}

std::string QuizUnitLabel(const std::string& unit) {
  static const std::map<std::string, std::string> kLabels = {
      {"cm", "centimetri"},   {"mm", "millimetri"},      {"m", "metri"},      {"s", "secondi"},
      {"min", "minuti"},      {"count", "numero"},       {"points", "punti"}, {"cards", "carte"},
      {"squares", "caselle"}, {"pips", "punti del dado"}};
  auto it = kLabels.find(unit);
  return it == kLabels.end() ? unit : it->second;
}

Status GenerateQuiz(Engine& engine, const QuizOptions& options, QuizResult* result) {
  *result = QuizResult();
  Engine::Impl& im = *engine.impl();
  if (options.count < 1 || options.count > 10000) {
    return Status::InvalidArgument("--count richiede un numero intero tra 1 e 10000 (ricevuto '" +
                                   std::to_string(options.count) + "')");
  }
  if (!options.difficulty.empty() && options.difficulty != "easy" &&
      options.difficulty != "medium" && options.difficulty != "hard") {
    return Status::InvalidArgument("difficoltà sconosciuta '" + options.difficulty +
                                   "' (ammesse: easy, medium, hard)");
  }
  std::set<std::string> kinds;
  for (const auto& k : options.kinds) {
    if (std::find(KindOrder().begin(), KindOrder().end(), k) == KindOrder().end()) {
      return Status::InvalidArgument("tipo di domanda sconosciuto '" + k +
                                     "' (ammessi: mc, tf, numeric, cloze, situation)");
    }
    kinds.insert(k);
  }
  std::vector<std::string> games = options.games;
  for (auto& g : games) {
    Status s = im.CanonicalGame(g, &g);
    if (!s.ok()) return s;
  }
  if (games.empty()) games.assign(im.games.begin(), im.games.end());
  std::sort(games.begin(), games.end());
  games.erase(std::unique(games.begin(), games.end()), games.end());
  std::map<std::string, std::vector<std::string>> in_play;  // game → its variants in play
  Status vs = quiz::VariantsOfGames(im, options, &games, &in_play);
  if (!vs.ok()) return vs;
  result->variants = options.variants;
  result->games = games;
  result->requested = options.count;

  // Topics: "doc#eId" must exist; a bare word is an eId when some unit has it,
  // otherwise words to look for.
  std::vector<Topic> topics;
  for (const auto& raw : options.topics) {
    Topic t;
    t.raw = raw;
    const size_t hash = raw.find('#');
    if (hash != std::string::npos) {
      long long unit = 0;
      Status s = im.FindUnit(raw, &unit);
      if (!s.ok()) return Status::NotFound("argomento sconosciuto '" + raw + "': " + s.message());
      t.doc = raw.substr(0, hash);
      t.eid = raw.substr(hash + 1);
    } else {
      Statement st;
      Status s = im.db.Prepare("SELECT count(*) FROM units WHERE eid = ?", &st);
      if (!s.ok()) return s;
      st.Bind(1, raw);
      if (st.Step(&s) && st.Int(0) > 0) {
        t.eid = raw;
      } else {
        for (const Token& tok : im.analyzer->Tokenize(raw)) {
          if (!tok.stop) t.terms.push_back(tok.term);
        }
        if (t.terms.empty())
          return Status::InvalidArgument("argomento vuoto o senza parole significative: '" + raw +
                                         "'");
      }
    }
    topics.push_back(std::move(t));
  }

  // Candidates of every game, then the filters.
  std::vector<Candidate> candidates;
  std::map<std::string, quiz::GameData> data;
  for (const auto& g : games) {
    quiz::GameData& d = data[g];
    Status s = quiz::LoadGameData(im, g, &d);
    if (!s.ok()) return s;
    s = quiz::BuildCandidates(engine, d, in_play[g], &candidates);
    if (!s.ok()) return s;
  }
  auto term_match = [&](const quiz::Unit& u, const Topic& t) {
    std::set<std::string> have;
    for (const Token& tok : im.analyzer->Tokenize(u.citation + " " + u.text)) have.insert(tok.term);
    for (const auto& term : t.terms) {
      if (!have.count(term)) return false;
    }
    return true;
  };
  // Requested rules (for the summary of thin rules) and whether each topic names something.
  std::vector<std::pair<std::string, std::string>> requested_rules;  // rule id, label
  std::set<std::string> requested_set;
  std::vector<bool> topic_found(topics.size(), false);
  std::set<std::string> normative_rules;  // rules holding at least one provision or row
  for (const auto& g : games) {
    for (const auto& [id, u] : data[g].units) {
      if (u.kind == "provision" || u.kind == "row") normative_rules.insert(u.rule_id);
    }
  }
  for (const auto& g : games) {
    for (const auto& [id, u] : data[g].units) {
      bool wanted =
          topics.empty() && u.parent == 0 && u.kind == "rule" && normative_rules.count(u.rule_id);
      for (size_t i = 0; i < topics.size(); ++i) {
        const bool hit = topics[i].eid.empty() ? (u.kind == "provision" || u.kind == "row") &&
                                                     term_match(u, topics[i])
                                               : UnderUnit(u, topics[i]);
        if (hit) {
          topic_found[i] = true;
          wanted = true;
        }
      }
      if (wanted && requested_set.insert(u.rule_id).second) {
        requested_rules.emplace_back(u.rule_id, data[g].doc_short[u.doc] + " › " + u.rule_label);
      }
    }
  }
  for (size_t i = 0; i < topics.size(); ++i) {
    if (!topic_found[i]) {
      return Status::InvalidArgument("argomento sconosciuto '" + topics[i].raw +
                                     "': nessuna disposizione di " + Join(games, ", ") +
                                     " lo contiene");
    }
  }

  std::vector<Candidate*> pool;
  std::set<std::string> rules_with_candidates;
  for (auto& c : candidates) {
    if (!kinds.empty() && !kinds.count(c.q.kind)) continue;
    if (!options.difficulty.empty() && c.q.difficulty != options.difficulty) continue;
    if (!topics.empty()) {
      const quiz::Unit* u = data[c.q.game].FindUnit(c.unit);
      bool hit = false;
      for (const auto& t : topics) {
        hit = hit || (u && (t.eid.empty() ? term_match(*u, t) : UnderUnit(*u, t)));
      }
      if (!hit) continue;
    }
    pool.push_back(&c);
    rules_with_candidates.insert(c.q.rule_id);
  }
  for (const auto& [rule, label] : requested_rules) {
    if (!rules_with_candidates.count(rule)) result->thin_rules.push_back(label);
  }
  std::set<std::string> sources;
  for (const Candidate* c : pool) sources.insert(c->source);
  result->available = sources.size();
  if (pool.empty()) {
    return Status::InvalidArgument(
        "nessuna domanda generabile con questi filtri: le regole scelte non hanno abbastanza "
        "struttura (casi, parametri o termini)");
  }

  // Draw: rules in a seeded order, one question per source; within a rule the kind
  // whose share of the quiz is furthest below its target comes first, so that a quiz
  // mixes situations, statements, choices and numbers across all the rules.
  static const std::map<std::string, double> kShare = {
      {"situation", 0.35}, {"tf", 0.25}, {"mc", 0.15}, {"numeric", 0.15}, {"cloze", 0.10}};
  quiz::Rng rng(options.seed);
  std::map<std::string, std::map<std::string, std::vector<Candidate*>>>
      by_rule;  // rule → kind → list
  for (Candidate* c : pool) by_rule[c->q.rule_id][c->q.kind].push_back(c);
  struct Queue {
    std::vector<std::pair<std::string, std::vector<Candidate*>>> lists;  // kind → items
    std::vector<size_t> next;
  };
  std::vector<Queue> queues;
  for (auto& [rule, by_kind] : by_rule) {
    Queue q;
    for (const auto& k : KindOrder()) {
      auto it = by_kind.find(k);
      if (it == by_kind.end()) continue;
      rng.Shuffle(&it->second);
      q.lists.emplace_back(k, it->second);
    }
    rng.Shuffle(&q.lists);
    q.next.assign(q.lists.size(), 0);
    queues.push_back(std::move(q));
  }
  rng.Shuffle(&queues);
  std::set<std::string> used;
  std::vector<Candidate*> chosen;
  std::map<std::string, int> per_kind;
  int truths[2] = {0, 0};  // false and true statements chosen
  auto deficit = [&](const std::string& kind) {
    auto it = kShare.find(kind);
    const double share = it == kShare.end() ? 0.1 : it->second;
    return per_kind[kind] / share;
  };
  bool progress = true;
  while (chosen.size() < static_cast<size_t>(options.count) && progress) {
    progress = false;
    for (Queue& q : queues) {
      if (chosen.size() >= static_cast<size_t>(options.count)) break;
      // The lists of this rule by how far their kind is below its share.
      std::vector<size_t> order(q.lists.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return deficit(q.lists[a].first) < deficit(q.lists[b].first);
      });
      bool taken = false;
      for (size_t i : order) {
        auto& items = q.lists[i].second;
        // True and false statements in equal numbers, or "always true" would pass: the
        // next statement drawn is of the side that has fewer so far, when the rule has one.
        if (q.lists[i].first == "tf" && truths[0] != truths[1]) {
          const bool want = truths[1] < truths[0];
          for (size_t j = q.next[i]; j < items.size(); ++j) {
            if (items[j]->q.truth == want && !used.count(items[j]->source)) {
              std::rotate(items.begin() + q.next[i], items.begin() + j, items.begin() + j + 1);
              break;
            }
          }
        }
        while (q.next[i] < items.size()) {
          Candidate* c = items[q.next[i]++];
          if (!used.insert(c->source).second) continue;
          chosen.push_back(c);
          ++per_kind[c->q.kind];
          if (c->q.kind == "tf") ++truths[c->q.truth ? 1 : 0];
          taken = progress = true;
          break;
        }
        if (taken) break;
      }
    }
  }

  std::map<std::string, QuizRuleSummary> summary;
  std::map<std::string, std::string> rule_order;
  for (Candidate* c : chosen) {
    Question q = c->q;
    quiz::Rng answer_rng(options.seed ^ StableHash(q.id));
    answer_rng.Shuffle(&q.answers);
    QuizRuleSummary& row = summary[q.rule_id];
    row.rule_id = q.rule_id;
    row.label = q.category[0] + " › " + q.category[1];
    ++row.per_kind[q.kind];
    rule_order[q.rule_id] = c->doc_order;
    result->questions.push_back(std::move(q));
  }
  std::vector<std::string> rules;
  for (const auto& [rule, row] : summary) rules.push_back(rule);
  std::stable_sort(rules.begin(), rules.end(), [&](const std::string& a, const std::string& b) {
    return rule_order[a] < rule_order[b];
  });
  for (const auto& r : rules) result->per_rule.push_back(summary[r]);
  return Status::OK();
}

}  // namespace arbitro
