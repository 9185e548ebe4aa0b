// Engine::Resolve: a described situation (or structured facts) → rulings.
//
// 1. Reading: the description's content words are matched against the Italian
//    forms of the game's vocabulary (stemmed, stopwords ignored, typos corrected
//    through the spelling dictionary); "non" before a form flips a two-valued fact.
//    A fact may hold several values (subject and object of a sentence); the same
//    thing described with two values ("palla ferma" … "palla in movimento") is a
//    contradiction.
// 2. Evaluation: a case applies when all its conditions hold and at least one of
//    them was read from the description (defaults alone never trigger a rule).
//    Declared overrides remove the overridden cases; a more specific case (a
//    superset of conditions) absorbs a less specific one with another sanction;
//    cases with the same sanction are cited together (body + summary table).
// 3. Asking back: when cases that would be more specific wait on a fact the
//    description lacks, that fact becomes an `unresolved` question whose options
//    are the rulings for each of its values.
#include <algorithm>
#include <cmath>
#include <set>

#include "engine_impl.h"
#include "rules.h"

namespace arbitro {

// Forms pre-analysed for one game.
struct Engine::Impl::GameResolver {
  GameRules rules;
  struct Form {
    size_t fact;        // index into rules.facts
    std::string value;  // empty for a fact-level form (an integer fact's cue word)
    std::vector<std::string> terms;
  };
  std::vector<Form> forms;
  std::map<std::string, std::vector<size_t>> forms_by_first;  // first term → forms indices
  std::set<std::string> form_terms;
  bool complete = false;  // cases loaded, not just the vocabulary
};

namespace {

constexpr size_t kMaxScenarioBytes = 8192;
constexpr size_t kMaxScenarioTokens = 200;

struct Reading {
  std::string fact;
  std::string value;
  std::string words;
  size_t first = 0, count = 0;  // span in content-token space
  bool from_text = true;
};

using FactMap = std::map<std::string, std::vector<Reading>>;  // fact → values read

enum class Truth { kTrue, kFalse, kPending };

struct CaseEval {
  const RuleCase* rc = nullptr;
  int trues = 0, text_trues = 0, pendings = 0;
  int evidence = 0;  // words of the description that support its conditions
  bool falsified = false;
  std::vector<std::string> pending_facts;
  std::set<std::string> facts_tested;
  bool variant_blocked = false;
};

Truth Evaluate(const RuleCond& cond, const FactMap& facts, bool* from_text, int* words) {
  auto it = facts.find(cond.fact);
  if (it == facts.end() || it->second.empty()) return Truth::kPending;
  bool negative = cond.op == "ne" || cond.op == "not-in";
  // Positive conditions hold when any value read satisfies them; negative ones when all do.
  bool holds = negative;
  *words = 0;
  for (const Reading& r : it->second) {
    bool h = CondHolds(cond, r.value);
    if (negative ? !h : h) {
      holds = !negative;
      if (r.from_text) *words = std::max(*words, static_cast<int>(r.count));
      break;
    }
  }
  *from_text = false;
  for (const Reading& r : it->second) *from_text = *from_text || r.from_text;
  return holds ? Truth::kTrue : Truth::kFalse;
}

std::string DecisionOf(const RuleCase& c) {
  if (!c.decision.empty()) return c.decision;
  std::string out;
  for (const auto& s : c.sanctions) {
    std::string part = s.label + (s.beneficiary_label.empty() ? "" : " " + s.beneficiary_label);
    out += (out.empty() ? "" : "; ") + part;
  }
  return out;
}

std::string Join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

bool VariantEnabled(const std::string& variant, const ResolveOptions& options) {
  return variant.empty() || std::find(options.variants.begin(), options.variants.end(), variant) !=
                                options.variants.end();
}

CaseEval EvaluateCase(const RuleCase& c, const FactMap& facts) {
  CaseEval e;
  e.rc = &c;
  for (const RuleCond& cond : c.when) {
    e.facts_tested.insert(cond.fact);
    bool from_text = false;
    int words = 0;
    switch (Evaluate(cond, facts, &from_text, &words)) {
      case Truth::kTrue:
        ++e.trues;
        if (from_text) ++e.text_trues;
        e.evidence += words;
        break;
      case Truth::kFalse:
        e.falsified = true;
        break;
      case Truth::kPending:
        ++e.pendings;
        e.pending_facts.push_back(cond.fact);
        break;
    }
  }
  return e;
}

std::string FactPhrase(const GameRules& rules, const RuleCond& cond) {
  const RuleFact* f = rules.Fact(cond.fact);
  std::string name = f && !f->label.empty() ? f->label : cond.fact;
  std::vector<std::string> labels;
  for (const auto& v : cond.values) {
    const RuleValue* rv = f ? f->Value(v) : nullptr;
    labels.push_back(rv ? rv->label : v);
  }
  static const std::map<std::string, std::string> kOps = {
      {"eq", ""},   {"ne", "non "}, {"in", ""},   {"not-in", "non "},
      {"lt", "< "}, {"le", "≤ "},   {"gt", "> "}, {"ge", "≥ "}};
  return name + ": " + kOps.at(cond.op.empty() ? "eq" : cond.op) + Join(labels, " o ");
}

std::string Because(const GameRules& rules, const RuleCase& c) {
  std::vector<std::string> parts;
  for (const auto& cond : c.when) parts.push_back(FactPhrase(rules, cond));
  return c.citation + ": si applica perché " + Join(parts, "; ") + " → " + DecisionOf(c);
}

// Evaluates every case of the game on `facts`; fills rulings, notes and, when
// ask_back is set, the unresolved questions.
// `only`, when given, restricts the evaluation to those cases (the ask-back options
// re-evaluate just the cases a missing fact can change).
void EvaluateRules(const GameRules& rules, const FactMap& facts, const ResolveOptions& options,
                   bool ask_back, ResolveResult* result,
                   const std::vector<const RuleCase*>* only = nullptr) {
  std::vector<CaseEval> applicable, pending, variant_only;
  std::vector<const RuleCase*> all;
  if (!only) {
    for (const RuleCase& c : rules.cases) all.push_back(&c);
  }
  for (const RuleCase* cp : only ? *only : all) {
    const RuleCase& c = *cp;
    CaseEval e = EvaluateCase(c, facts);
    if (e.falsified || e.text_trues == 0) continue;
    const bool enabled = VariantEnabled(c.variant, options);
    if (e.pendings == 0) {
      (enabled ? applicable : variant_only).push_back(e);
    } else if (enabled) {
      pending.push_back(e);
    }
  }
  // Declared overrides: an applicable winner removes its targets.
  std::set<std::string> overridden;
  for (const RuleOverride& o : rules.overrides) {
    const CaseEval* winner = nullptr;
    for (const auto& e : applicable) {
      if (e.rc->unit_id == o.unit_id && (o.case_id.empty() || o.case_id == e.rc->case_id))
        winner = &e;
    }
    if (!winner) continue;
    for (const auto& e : applicable) {
      if (e.rc->unit_id == o.target_unit_id &&
          (o.target_case.empty() || o.target_case == e.rc->case_id)) {
        overridden.insert(e.rc->Key());
        if (options.explain) {
          result->explanation.push_back("superato: " + e.rc->citation + " (" + e.rc->case_id +
                                        ") da " + winner->rc->citation +
                                        (o.quote.empty() ? "" : " («" + o.quote + "»)"));
        }
      }
    }
  }
  applicable.erase(std::remove_if(applicable.begin(), applicable.end(),
                                  [&](const CaseEval& e) { return overridden.count(e.rc->Key()); }),
                   applicable.end());
  int max_spec = 0;
  for (const auto& e : applicable) max_spec = std::max(max_spec, e.trues);

  // Grouping, most specific first. A case joins the ruling of a more specific case
  // when they agree on the decisive sanction (the body paragraph and its summary
  // row, which may list fewer accessory sanctions); otherwise, when its tested facts
  // are a subset of that case's, it is absorbed (the specific rule wins); otherwise
  // it is an alternative ruling.
  // Ties between equally specific cases go to the one more of the description supports.
  std::stable_sort(applicable.begin(), applicable.end(), [](const CaseEval& x, const CaseEval& y) {
    return x.trues != y.trues ? x.trues > y.trues : x.evidence > y.evidence;
  });
  struct Group {
    const CaseEval* lead;
    std::vector<const CaseEval*> members;
  };
  std::vector<Group> grouped;
  auto agrees = [](const RuleCase& lead, const RuleCase& c) {
    if (c.sanctions.empty() || lead.sanctions.empty()) return false;
    auto same = [](const SanctionInfo& a, const SanctionInfo& b) {
      return a.type == b.type &&
             (a.beneficiary == b.beneficiary || a.beneficiary.empty() || b.beneficiary.empty());
    };
    for (const auto& ls : lead.sanctions) {
      if (same(ls, c.sanctions[0])) return true;
    }
    for (const auto& cs : c.sanctions) {
      if (same(cs, lead.sanctions[0])) return true;
    }
    return false;
  };
  for (const auto& e : applicable) {
    Group* home = nullptr;
    const CaseEval* absorber = nullptr;
    for (auto& g : grouped) {
      if (agrees(*g.lead->rc, *e.rc)) {
        home = &g;
        break;
      }
      if (!absorber && g.lead->trues > e.trues &&
          std::includes(g.lead->facts_tested.begin(), g.lead->facts_tested.end(),
                        e.facts_tested.begin(), e.facts_tested.end())) {
        absorber = g.lead;
      }
    }
    if (home) {
      home->members.push_back(&e);
    } else if (absorber) {
      if (options.explain) {
        result->explanation.push_back("assorbito: " + e.rc->citation + " (" + e.rc->case_id +
                                      ") dalla regola più specifica " + absorber->rc->citation);
      }
      continue;
    } else {
      grouped.push_back({&e, {&e}});
    }
    if (options.explain) {
      result->explanation.push_back("si applica: " + e.rc->citation + " (" + e.rc->case_id + ")");
    }
  }

  // Pending cases that would be more specific than the best applicable one, and use
  // at least as much of the description: the missing fact would change the decision.
  std::map<std::string, int> pending_count;
  std::vector<std::string> pending_order;
  const int lead_text = grouped.empty() ? 0 : grouped[0].lead->text_trues;
  for (const auto& e : pending) {
    if (e.trues + e.pendings <= max_spec && max_spec > 0) continue;
    if (e.text_trues < lead_text) continue;
    for (const auto& f : e.pending_facts) {
      if (!pending_count[f]++) pending_order.push_back(f);
    }
  }
  const bool open_question = !pending_order.empty();

  int top_level = 0;
  for (size_t g = 0; g < grouped.size(); ++g) {
    const CaseEval* lead = grouped[g].lead;
    Ruling ruling;
    ruling.decision = DecisionOf(*lead->rc);
    ruling.sanctions = lead->rc->sanctions;
    ruling.support = lead->text_trues;
    std::set<std::string> cited;
    for (const auto* e : grouped[g].members) {
      if (!cited.insert(e->rc->doc + "#" + e->rc->eid).second) continue;
      ruling.citations.push_back(
          {rules.game, e->rc->doc, e->rc->doc + "#" + e->rc->eid, e->rc->citation, e->rc->text});
      ruling.because.push_back(Because(rules, *e->rc));
    }
    double confidence =
        0.5 +
        0.45 * (lead->rc->when.empty() ? 0 : double(lead->text_trues) / lead->rc->when.size());
    if (lead->trues < grouped[0].lead->trues) confidence *= 0.5;
    if (g > 0 && lead->trues == grouped[0].lead->trues) ++top_level;
    if (open_question) confidence *= 0.6;
    ruling.confidence = std::round(confidence * 100) / 100;
    result->rulings.push_back(std::move(ruling));
  }
  if (top_level > 0) {
    result->notes.push_back(
        "Le regole danno decisioni diverse per gli stessi fatti: sono citate tutte le "
        "disposizioni coinvolte.");
    for (auto& r : result->rulings) r.confidence = std::round(r.confidence * 70) / 100;
  }

  // Variants that would change the decision.
  for (const auto& e : variant_only) {
    if (e.trues < max_spec) continue;
    auto label = rules.variant_labels.find(e.rc->variant);
    result->notes.push_back("Con la variante «" +
                            (label == rules.variant_labels.end() ? e.rc->variant : label->second) +
                            "» (--variant " + e.rc->variant + ") si applicherebbe " +
                            e.rc->citation + ": " + DecisionOf(*e.rc));
  }

  if (!ask_back || !open_question) return;
  // Ask about the fact most pending cases wait on; options are the rulings per value.
  std::stable_sort(pending_order.begin(), pending_order.end(),
                   [&](const std::string& a, const std::string& b) {
                     return pending_count[a] > pending_count[b];
                   });
  const RuleFact* fact = rules.Fact(pending_order[0]);
  if (!fact) return;
  Unresolved question;
  question.fact = fact->name;
  question.question = fact->ask;
  // Only the applicable cases and those waiting on this fact can change.
  std::vector<const RuleCase*> affected;
  for (const auto& e : applicable) affected.push_back(e.rc);
  for (const auto& e : pending) {
    if (std::find(e.pending_facts.begin(), e.pending_facts.end(), fact->name) !=
        e.pending_facts.end()) {
      affected.push_back(e.rc);
    }
  }
  std::set<std::string> decisions;
  std::vector<std::pair<int, UnresolvedOption>> ranked;  // (support, option)
  for (const RuleValue& v : fact->values) {
    FactMap with = facts;
    with[fact->name] = {{fact->name, v.id, "", 0, 0, true}};
    ResolveResult sub;
    ResolveOptions quiet = options;
    quiet.explain = false;
    EvaluateRules(rules, with, quiet, /*ask_back=*/false, &sub, &affected);
    if (sub.rulings.empty()) continue;
    // With a ruling in hand, only a value under which a rule uses more of the
    // description than the current one is worth asking about.
    if (!result->rulings.empty() && sub.rulings[0].support <= result->rulings[0].support) continue;
    ranked.push_back({sub.rulings[0].support, {v.id, v.label, sub.rulings[0].decision}});
    decisions.insert(sub.rulings[0].decision);
  }
  // The values under which more of the description is used come first; a referee
  // is not asked to choose among dozens.
  constexpr size_t kMaxOptions = 8;
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t i = 0; i < ranked.size() && i < kMaxOptions; ++i) {
    if (i > 0 && ranked[i].first < ranked[0].first && question.options.size() >= 3) break;
    question.options.push_back(ranked[i].second);
  }
  if (decisions.size() > 1 || (result->rulings.empty() && !question.options.empty())) {
    result->unresolved.push_back(std::move(question));
  }
}

// Reads the facts of one game from the description's content words (see the file
// comment); records contradictions.
void ReadFacts(Engine::Impl& im, Engine::Impl::GameResolver& gr, const std::vector<Token>& content,
               FactMap* facts, std::vector<std::string>* contradictions) {
  // Spelling correction against the game's forms.
  std::vector<Token> words = content;
  for (Token& t : words) {
    if (gr.form_terms.count(t.term) || t.word.size() < 5) continue;
    if (im.xdb.get_termfreq(t.term) > 0) continue;
    const std::string& suggestion = im.SpellingSuggestion(t.word);
    if (!suggestion.empty()) {
      t.term = im.analyzer->TermOf(suggestion);
      t.word = suggestion;
    }
  }
  // Where each term stands in the description: a form is tried only where its
  // first term occurs.
  std::map<std::string, std::vector<size_t>> where;
  for (size_t i = 0; i < words.size(); ++i) where[words[i].term].push_back(i);
  std::map<size_t, std::vector<std::pair<size_t, size_t>>> taken;  // fact → spans
  std::set<size_t> used_numbers;
  // The forms starting with a term of the text, in their priority order.
  std::vector<size_t> candidates;
  for (const auto& [term, positions] : where) {
    auto it = gr.forms_by_first.find(term);
    if (it != gr.forms_by_first.end())
      candidates.insert(candidates.end(), it->second.begin(), it->second.end());
  }
  std::sort(candidates.begin(), candidates.end());
  for (size_t index : candidates) {
    const auto& form = gr.forms[index];
    const size_t n = form.terms.size();
    auto starts = where.find(form.terms[0]);
    for (size_t i : starts->second) {
      if (i + n > words.size()) continue;
      bool match = true;
      for (size_t k = 0; k < n && match; ++k) match = words[i + k].term == form.terms[k];
      if (!match) continue;
      auto& spans = taken[form.fact];
      bool overlaps = std::any_of(spans.begin(), spans.end(), [&](const auto& sp) {
        return i < sp.first + sp.second && sp.first < i + n;
      });
      if (overlaps) continue;
      const RuleFact& fact = gr.rules.facts[form.fact];
      std::string value = form.value;
      if (value.empty()) {
        // A fact-level cue ("tira", "dado"): the number right after it is the value.
        if (!fact.integer) continue;
        size_t j = i + n;
        while (j < words.size() && j < i + n + 2 &&
               !std::isdigit(static_cast<unsigned char>(words[j].word[0])))
          ++j;
        if (j >= words.size() || j >= i + n + 2) continue;
        // Each number is read once, by the longest cue (forms come longest first).
        if (!used_numbers.insert(j).second) continue;
        value = words[j].word;
        spans.emplace_back(i, j - i + 1);
      } else {
        spans.emplace_back(i, n);
      }
      std::string span_words;
      for (size_t k = i; k < i + n; ++k) span_words += (k > i ? " " : "") + words[k].word;
      // Negation just before the form: a two-valued fact takes its other value.
      bool negated = (i > 0 && (words[i - 1].word == "non" || words[i - 1].word == "senza" ||
                                words[i - 1].word == "né")) ||
                     (i > 1 && words[i - 2].word == "non");
      if (negated) {
        if (fact.values.size() == 2 && !fact.integer) {
          value = fact.values[0].id == value ? fact.values[1].id : fact.values[0].id;
          span_words = "non " + span_words;
        } else {
          continue;
        }
      }
      auto& list = (*facts)[fact.name];
      if (std::none_of(list.begin(), list.end(),
                       [&](const Reading& r) { return r.value == value; })) {
        list.push_back({fact.name, value, span_words, i, n, true});
      }
    }
  }
  // The same object described twice with different values is a contradiction:
  // two multi-word readings of a two-valued fact (a state such as still / moving)
  // about the same head word ("palla ferma" / "palla in movimento"). Facts with many
  // values legitimately hold several (subject and object of a sentence).
  for (const auto& [fact, list] : *facts) {
    const RuleFact* rule_fact = gr.rules.Fact(fact);
    if (!rule_fact || rule_fact->integer || rule_fact->values.size() != 2) continue;
    // The head a state is said of: the reading's first word when it has several,
    // else the content word before it ("palla" in "palla … ferma").
    auto head = [&](const Reading& r) -> std::string {
      if (r.count >= 2) return words[r.first].term;
      return r.first > 0 ? words[r.first - 1].term : std::string();
    };
    for (size_t a = 0; a < list.size(); ++a) {
      for (size_t b = a + 1; b < list.size(); ++b) {
        if (list[a].value == list[b].value || !list[a].from_text || !list[b].from_text) continue;
        const std::string ha = head(list[a]), hb = head(list[b]);
        if (!ha.empty() && ha == hb) {
          contradictions->push_back("«" + list[a].words + "» e «" + list[b].words + "» (" + fact +
                                    ")");
        }
      }
    }
  }
}

// Resolves within one game: validates structured facts, adds defaults, evaluates.
Status ResolveInGame(const GameRules& rules, FactMap facts, std::vector<std::string> contradictions,
                     const ResolveOptions& options, ResolveResult* result) {
  result->game = rules.game;
  std::vector<std::string> names;
  for (const auto& f : rules.facts) names.push_back(f.name);
  for (const auto& [name, value] : options.facts) {
    const RuleFact* fact = rules.Fact(name);
    if (!fact) {
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
                        : "assunto " + name + " = " + r.value + " (valore predefinito)");
      }
    }
  }
  EvaluateRules(rules, facts, options, /*ask_back=*/true, result);
  return Status::OK();
}

}  // namespace

Status Engine::Impl::Resolver(const std::string& game, GameResolver** out, bool need_cases) {
  auto it = resolvers.find(game);
  if (it != resolvers.end() && (it->second->complete || !need_cases)) {
    *out = it->second.get();
    return Status::OK();
  }
  auto r = std::make_shared<GameResolver>();
  Status s = LoadGameRules(db, game, sanction_labels, beneficiary_labels, &r->rules, need_cases);
  if (!s.ok()) return s;
  r->complete = need_cases;
  for (size_t f = 0; f < r->rules.facts.size(); ++f) {
    const RuleFact& fact = r->rules.facts[f];
    // Forms were analysed at index time with the same analyser.
    auto add = [&](const std::string& value, const std::vector<std::string>& terms) {
      if (terms.empty()) return;
      r->form_terms.insert(terms.begin(), terms.end());
      r->forms.push_back({f, value, terms});
    };
    for (const auto& terms : fact.form_terms) add("", terms);
    for (const auto& v : fact.values) {
      for (const auto& terms : v.form_terms) add(v.id, terms);
    }
  }
  // Longest forms first: they win within a fact.
  std::stable_sort(r->forms.begin(), r->forms.end(),
                   [](const auto& a, const auto& b) { return a.terms.size() > b.terms.size(); });
  for (size_t i = 0; i < r->forms.size(); ++i) r->forms_by_first[r->forms[i].terms[0]].push_back(i);
  *out = r.get();
  resolvers[game] = std::move(r);
  return Status::OK();
}

Status Engine::Impl::FactTerms(const std::string& game, const std::vector<Token>& tokens,
                               std::vector<std::string>* terms) {
  std::vector<Token> content;
  for (const Token& t : tokens) {
    if (!t.stop) content.push_back(t);
  }
  for (const std::string& g : games) {
    if (!game.empty() && g != game) continue;
    GameResolver* gr = nullptr;
    Status s = Resolver(g, &gr, /*need_cases=*/false);
    if (!s.ok()) return s;
    FactMap facts;
    std::vector<std::string> contradictions;
    ReadFacts(*this, *gr, content, &facts, &contradictions);
    for (const auto& [fact, list] : facts) {
      for (const Reading& r : list) terms->push_back(CondTerm(fact, r.value));
    }
  }
  return Status::OK();
}

Status Engine::Resolve(const std::string& scenario, const ResolveOptions& requested,
                       ResolveResult* result) {
  Impl& im = *impl_;
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
  }

  // Content tokens (stopwords dropped), spelling-corrected where unknown.
  std::vector<Token> content;
  for (const Token& t : tokens) {
    if (!t.stop) content.push_back(t);
  }

  // ---- choose the game and read the facts
  std::vector<std::string> candidates;
  if (!options.game.empty()) {
    candidates.push_back(options.game);
  } else {
    std::string hinted = im.InferGame(tokens);
    if (!hinted.empty()) candidates.push_back(hinted);
    for (const auto& g : im.games) {
      if (g != hinted) candidates.push_back(g);
    }
  }

  // Without --game every game is tried: the one whose best ruling rests on most of
  // the description wins (ties: the game the vocabulary hints at, then most facts read).
  const std::map<std::string, double> hint_scores = im.HintScores(tokens);
  bool have_best = false;
  double best_score = -1;
  ResolveResult best;
  for (size_t k = 0; k < candidates.size(); ++k) {
    Impl::GameResolver* gr = nullptr;
    Status s = im.Resolver(candidates[k], &gr);
    if (!s.ok()) return s;
    if (gr->rules.cases.empty() && !options.game.empty()) {
      return Status::InvalidArgument("il gioco '" + gr->rules.game + "' non ha regole strutturate");
    }
    FactMap facts;
    std::vector<std::string> contradictions;
    if (!structured) ReadFacts(im, *gr, content, &facts, &contradictions);
    ResolveResult attempt;
    attempt.scenario = scenario;
    s = ResolveInGame(gr->rules, std::move(facts), std::move(contradictions), options, &attempt);
    if (!s.ok()) {
      if (!options.game.empty()) return s;
      continue;  // a contradiction in one game's reading does not stop the others
    }
    int read = 0;
    for (const FactReading& f : attempt.facts) read += f.words.empty() ? 0 : 1;
    double score = (attempt.rulings.empty() ? 0 : attempt.rulings[0].support * 10.0) +
                   (attempt.unresolved.empty() ? 0 : 5.0) + read + 0;
    if (candidates.size() > 1) {
      auto h = hint_scores.find(candidates[k]);
      if (h != hint_scores.end()) score += 4.0 * h->second;
    }
    if (!have_best || score > best_score) {
      have_best = true;
      best_score = score;
      best = std::move(attempt);
    }
  }
  if (!have_best) {
    return Status::InvalidArgument(
        "fatti contraddittori nella descrizione: precisare la situazione");
  }
  *result = std::move(best);
  const GameRules* rules = nullptr;
  {
    Impl::GameResolver* gr = nullptr;
    Status s = im.Resolver(result->game, &gr);
    if (!s.ok()) return s;
    rules = &gr->rules;
  }
  if (result->rulings.empty() && result->unresolved.empty() && !structured) {
    AskOptions ask;
    ask.game = rules->game;
    ask.limit = 3;
    AskResult closest;
    if (Ask(scenario, ask, &closest).ok()) result->closest = std::move(closest.hits);
    result->notes.push_back(
        "Nessuna regola strutturata corrisponde alla situazione descritta: "
        "si vedano le disposizioni più vicine.");
  }
  return Status::OK();
}

}  // namespace arbitro
