// Quiz: reading one game's units, parameters, terms, sanction forms and synonyms
// from the index, plus the small text helpers of the quiz files.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "quiz/quiz_internal.h"

namespace arbitro::quiz {

std::string Fold(const std::string& text) {
  thread_local std::unordered_map<std::string, std::string> folded;
  return Remembered(folded, text, [](const std::string& t) { return Lower(StripAccents(t)); });
}

std::string Lower(const std::string& text) {
  std::string folded = FoldCase(text);
  std::string out;
  for (char c : folded) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space) {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string Capitalise(const std::string& text) {
  if (text.empty()) return text;
  std::string out = text;
  if (out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string FormatNumber(double v) {
  if (std::fabs(v - std::round(v)) < 1e-9)
    return std::to_string(static_cast<long long>(std::llround(v)));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

namespace {

std::vector<std::string> SplitForms(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find('|', i);
    if (j == std::string::npos) j = s.size();
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

// The game's quiz phrasing (phrasing.xml as indexed).
Status LoadPhrasing(Engine::Impl& im, const std::string& game, GameData* data) {
  Phrasing& ph = data->phrasing;
  ph.game = game;
  Statement st;
  Status s = im.db.Prepare("SELECT title, subject FROM phrase_games WHERE game = ?", &st);
  if (!s.ok()) return s;
  st.Bind(1, game);
  if (st.Step(&s)) {
    data->has_phrasing = true;
    ph.title = st.Text(0);
    ph.subject = st.Text(1);
  }
  if (!s.ok()) return s;
  Statement facts;
  s = im.db.Prepare(
      "SELECT fact, role, clause, number FROM phrase_facts WHERE game = ? ORDER BY fact", &facts);
  if (!s.ok()) return s;
  facts.Bind(1, game);
  while (facts.Step(&s)) {
    PhraseFact f;
    f.name = facts.Text(0);
    f.role = facts.Text(1);
    f.clause = facts.Text(2);
    f.number = facts.Text(3);
    ph.facts.push_back(std::move(f));
  }
  if (!s.ok()) return s;
  Statement values;
  s = im.db.Prepare(
      "SELECT fact, value, phrase, noun, gender, m, f, mp, fp, actor, subject FROM phrase_values"
      " WHERE game = ?"
      " ORDER BY fact, value",
      &values);
  if (!s.ok()) return s;
  values.Bind(1, game);
  while (values.Step(&s)) {
    for (PhraseFact& f : ph.facts) {
      if (f.name != values.Text(0)) continue;
      PhraseValue v;
      v.id = values.Text(1);
      v.text = values.Text(2);
      v.noun = values.Text(3);
      v.gender = values.Text(4);
      v.m = values.Text(5);
      v.f = values.Text(6);
      v.mp = values.Text(7);
      v.fp = values.Text(8);
      v.actor = values.Text(9);
      v.subject = values.Text(10);
      f.values.push_back(std::move(v));
    }
  }
  if (!s.ok()) return s;
  Statement params;
  s = im.db.Prepare(
      "SELECT name, at, kind, question, statement, statement_one, noun_one, noun, wrong"
      " FROM phrase_params"
      " WHERE game = ?"
      " ORDER BY ord",
      &params);
  if (!s.ok()) return s;
  params.Bind(1, game);
  while (params.Step(&s)) {
    ParamPhrase p;
    p.name = params.Text(0);
    p.at = params.Text(1);
    p.kind = params.Text(2);
    p.question = params.Text(3);
    p.statement = params.Text(4);
    p.statement_one = params.Text(5);
    p.noun_one = params.Text(6);
    p.noun = params.Text(7);
    p.wrong_text = params.Text(8);
    for (const auto& w : SplitSpaces(p.wrong_text)) {
      char* end = nullptr;
      const double v = std::strtod(w.c_str(), &end);
      if (end && !*end) p.wrong.push_back(v);  // checked by the loader: always a number
    }
    ph.params.push_back(std::move(p));
  }
  if (!s.ok()) return s;
  Statement decisions;
  s = im.db.Prepare("SELECT type, class, phrase FROM phrase_decisions WHERE game = ? ORDER BY type",
                    &decisions);
  if (!s.ok()) return s;
  decisions.Bind(1, game);
  while (decisions.Step(&s)) {
    PhraseDecision d;
    d.type = decisions.Text(0);
    d.cls = decisions.Text(1);
    d.text = decisions.Text(2);
    ph.decisions.push_back(std::move(d));
  }
  if (!s.ok()) return s;
  Statement sides;
  s = im.db.Prepare("SELECT side, phrase FROM phrase_sides WHERE game = ? ORDER BY side", &sides);
  if (!s.ok()) return s;
  sides.Bind(1, game);
  while (sides.Step(&s)) {
    PhraseSide side;
    side.id = sides.Text(0);
    side.text = sides.Text(1);
    ph.sides.push_back(std::move(side));
  }
  if (!s.ok()) return s;
  Statement labels;
  s = im.db.Prepare("SELECT target, label FROM phrase_labels WHERE game = ? ORDER BY target",
                    &labels);
  if (!s.ok()) return s;
  labels.Bind(1, game);
  while (labels.Step(&s)) {
    PhraseLabel label;
    label.target = labels.Text(0);
    label.text = labels.Text(1);
    ph.labels.push_back(std::move(label));
  }
  if (!s.ok()) return s;
  Statement scenes;
  s = im.db.Prepare(
      "SELECT doc, eid, case_id, quiz, facts, tell, why, actor FROM phrase_scenes WHERE game = ?"
      " ORDER BY rowid",
      &scenes);
  if (!s.ok()) return s;
  scenes.Bind(1, game);
  while (scenes.Step(&s)) {
    CaseScene sc;
    sc.doc = scenes.Text(0);
    sc.eid = scenes.Text(1);
    sc.case_id = scenes.Text(2);
    sc.target = sc.doc + "#" + sc.eid + "/" + sc.case_id;
    sc.quiz = scenes.Int(3) != 0;
    const std::string facts = scenes.Text(4);
    for (size_t at = 0; at < facts.size();) {
      size_t end = facts.find(';', at);
      if (end == std::string::npos) end = facts.size();
      const std::string pair = facts.substr(at, end - at);
      if (const size_t eq = pair.find('='); eq != std::string::npos)
        sc.facts.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
      at = end + 1;
    }
    sc.tell = scenes.Text(5);
    sc.why = scenes.Text(6);
    sc.actor = scenes.Text(7);
    ph.scenes.push_back(std::move(sc));
  }
  return s;
}

}  // namespace

Status LoadGameData(Engine::Impl& im, const std::string& game, GameData* data) {
  data->game = game;
  Status s = LoadGameRules(im.db, game, im.sanction_labels, im.beneficiary_labels, &data->rules);
  if (!s.ok()) return s;
  for (const auto& [doc, row] : im.docs) {
    if (row.info.game != game) continue;
    data->docs.push_back(doc);
    data->doc_short[doc] = row.info.short_title.empty() ? row.info.title : row.info.short_title;
    if (data->title.empty()) data->title = data->doc_short[doc];
  }

  Statement units;
  s = im.db.Prepare(
      "SELECT u.id, coalesce(u.parent_id, 0), d.doc, u.eid, u.kind, u.num, u.heading, u.citation,"
      " u.text, coalesce(u.variant, ''), u.ord FROM units u JOIN documents d ON d.id = "
      "u.document_id"
      " WHERE d.game = ? ORDER BY d.doc, u.ord",
      &units);
  if (!s.ok()) return s;
  units.Bind(1, game);
  std::map<long long, std::string> num_heading;
  while (units.Step(&s)) {
    Unit u;
    u.id = units.Int(0);
    u.parent = units.Int(1);
    u.doc = units.Text(2);
    u.eid = units.Text(3);
    u.kind = units.Text(4);
    const std::string num = units.Text(5);
    u.heading = units.Text(6);
    u.citation = units.Text(7);
    u.text = units.Text(8);
    u.variant = units.Text(9);
    u.ord = static_cast<int>(units.Int(10));
    num_heading[u.id] = num.empty() ? u.heading : u.heading.empty() ? num : num + " " + u.heading;
    data->units[u.id] = std::move(u);
  }
  if (!s.ok()) return s;
  for (auto& [id, u] : data->units) {
    const Unit* root = &u;
    for (int depth = 0; root->parent && depth < 64; ++depth) {
      const Unit* up = data->FindUnit(root->parent);
      if (!up) break;
      root = up;
    }
    u.rule_id = root->doc + "#" + root->eid;
    u.rule_label = num_heading[root->id];
    while (!u.rule_label.empty() && (u.rule_label.back() == ':' || u.rule_label.back() == ' '))
      u.rule_label.pop_back();  // "TIRO D'INIZIO:"
    if (u.rule_label.empty()) u.rule_label = root->eid;
    u.rule_ord = root->ord;
  }

  Statement params;
  s = im.db.Prepare(
      "SELECT p.unit_id, p.name, p.value, p.unit, p.quote, coalesce(p.label, '') FROM params p"
      " JOIN units u ON u.id = p.unit_id JOIN documents d ON d.id = u.document_id"
      " WHERE d.game = ? ORDER BY d.doc, u.ord, p.ord",
      &params);
  if (!s.ok()) return s;
  params.Bind(1, game);
  while (params.Step(&s)) {
    data->params.push_back({params.Int(0), params.Text(1), params.Text(3), params.Text(4),
                            params.Text(5), params.Real(2)});
  }
  if (!s.ok()) return s;

  Statement terms;
  s = im.db.Prepare(
      "SELECT t.unit_id, t.name, t.quote, t.definition FROM terms t"
      " JOIN units u ON u.id = t.unit_id JOIN documents d ON d.id = u.document_id"
      " WHERE d.game = ? ORDER BY d.doc, u.ord, t.ord",
      &terms);
  if (!s.ok()) return s;
  terms.Bind(1, game);
  while (terms.Step(&s))
    data->terms.push_back({terms.Int(0), terms.Text(1), terms.Text(2), terms.Text(3)});
  if (!s.ok()) return s;

  // Sanction forms: the game's own declaration wins over the shared lexicon's.
  Statement forms;
  s = im.db.Prepare(
      "SELECT id, label, forms FROM sanction_types WHERE game = ? OR game = '' ORDER BY game = '' "
      "DESC",
      &forms);
  if (!s.ok()) return s;
  forms.Bind(1, game);
  while (forms.Step(&s)) {
    std::vector<std::string> list{forms.Text(1)};
    for (auto& f : SplitForms(forms.Text(2))) list.push_back(std::move(f));
    data->sanction_forms[forms.Text(0)] = std::move(list);
  }
  if (!s.ok()) return s;

  s = LoadPhrasing(im, game, data);
  if (!s.ok()) return s;
  if (!data->phrasing.title.empty()) data->title = data->phrasing.title;
  // Names a trainee reads: the phrasing's labels of documents and rules win.
  for (const PhraseLabel& l : data->phrasing.labels) {
    if (data->doc_short.count(l.target)) data->doc_short[l.target] = l.text;
    for (auto& [id, u] : data->units) {
      if (u.rule_id == l.target) u.rule_label = l.text;
    }
  }

  Statement refs;
  s = im.db.Prepare(
      "SELECT d.doc || '#' || u.eid, r.target_unit_id FROM refs r JOIN units u ON u.id = "
      "r.unit_id JOIN documents d ON d.id = u.document_id WHERE d.game = ? AND "
      "r.target_unit_id IS NOT NULL ORDER BY u.id, r.ord",
      &refs);
  if (!s.ok()) return s;
  refs.Bind(1, game);
  while (refs.Step(&s)) data->refs.emplace_back(refs.Text(0), refs.Int(1));
  if (!s.ok()) return s;

  Statement syn;
  s = im.db.Prepare("SELECT grp, term FROM synonyms ORDER BY grp, ord", &syn);
  if (!s.ok()) return s;
  long long group = -1;
  while (syn.Step(&s)) {
    if (syn.Int(0) != group || data->synonyms.empty()) {
      group = syn.Int(0);
      data->synonyms.emplace_back();
    }
    data->synonyms.back().push_back(syn.Text(1));
  }
  return s;
}

}  // namespace arbitro::quiz
