// The index files of one generation: the SQLite database and the Xapian database,
// written from the corpus model (see index_writer.h).
#include "index_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <thread>
#include <unordered_map>

#include "phase_times.h"
#include "xapian_writer.h"

namespace arbitro {
namespace {

// Binds a value's range (unit, low, low_inclusive, high, high_inclusive) from `at` on; NULLs
// when it has none, a bound NULL when unbounded.
void BindRange(Statement* st, int at, const MeasureRange& r) {
  if (r.empty()) {
    for (int i = 0; i < 5; ++i) st->BindNull(at + i);
    return;
  }
  st->Bind(at, r.unit);
  if (r.has_low)
    st->Bind(at + 1, r.low).Bind(at + 2, static_cast<long long>(r.low_inclusive));
  else
    st->BindNull(at + 1).BindNull(at + 2);
  if (r.has_high)
    st->Bind(at + 3, r.high).Bind(at + 4, static_cast<long long>(r.high_inclusive));
  else
    st->BindNull(at + 3).BindNull(at + 4);
}

// ------------------------------------------------------------------ SQLite writer

// The statements of the schema `sql` (ends found by sqlite3_complete), CREATE INDEX
// ones into `indexes` and the others into `tables`, each in its order: the writer
// creates the indexes once the rows are in (one sort each instead of a B-tree insert
// per row); the same indexes, with the same rows.
void SplitSchema(const std::string& sql, std::string* tables, std::string* indexes) {
  std::string statement;
  size_t at = 0;
  while (at < sql.size()) {
    size_t end = sql.find('\n', at);
    end = end == std::string::npos ? sql.size() : end + 1;
    statement.append(sql, at, end - at);
    at = end;
    if (!sqlite3_complete(statement.c_str()) && at < sql.size()) continue;
    // The first word pair after blank lines and "--" comments.
    size_t p = 0;
    while (p < statement.size()) {
      if (std::isspace(static_cast<unsigned char>(statement[p]))) {
        ++p;
      } else if (statement.compare(p, 2, "--") == 0) {
        const size_t nl = statement.find('\n', p);
        p = nl == std::string::npos ? statement.size() : nl + 1;
      } else {
        break;
      }
    }
    const bool index = statement.compare(p, 13, "CREATE INDEX ") == 0 ||
                       statement.compare(p, 20, "CREATE UNIQUE INDEX ") == 0;
    (index ? indexes : tables)->append(statement);
    statement.clear();
  }
}

class SqliteWriter {
 public:
  SqliteWriter(const Corpus& corpus, const Analyzer& analyzer, Database* db)
      : corpus_(corpus), analyzer_(analyzer), db_(*db) {}

  Status Write(IndexStats* stats) {
    // The DDL inside the one transaction too: one commit instead of one per statement.
    std::string tables, indexes;
    SplitSchema(IndexSchemaSql(), &tables, &indexes);
    return db_.Transaction([&] {
      Status st = db_.Exec(tables);
      if (st.ok()) st = WriteMeta();
      if (st.ok()) st = WriteLexicon();
      for (const auto& [game, vocab] : corpus_.vocabularies) {
        if (st.ok()) st = WriteVocabulary(vocab);
      }
      if (st.ok()) st = WriteVocabulary(MergedVocabulary());
      for (const auto& [game, phrasing] : corpus_.phrasings) {
        if (st.ok()) st = WritePhrasing(phrasing);
      }
      for (const Rulebook& book : corpus_.rulebooks) {
        if (st.ok()) st = WriteStructure(book, stats);
      }
      for (const Rulebook& book : corpus_.rulebooks) {
        if (st.ok()) st = WriteLinks(book);
      }
      if (st.ok()) st = db_.Exec(indexes);
      return st;
    });
  }

  const UnitIds& unit_ids() const { return unit_ids_; }

  long long UnitId(const Rulebook* book, int unit) const {
    auto it = unit_ids_.find({book, unit});
    return it == unit_ids_.end() ? 0 : it->second;
  }

 private:
  Status Prep(Statement* s, const char* sql) { return db_.Prepare(sql, s); }

  Status WriteMeta() {
    Statement st;
    Status s = Prep(&st, "INSERT INTO meta(key, value) VALUES (?, ?)");
    if (!s.ok()) return s;
    const std::pair<const char*, std::string> rows[] = {
        {"format", IndexFormatVersion()},
        {"corpus", corpus_.dir},
        {"built", std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count())}};
    for (const auto& [k, v] : rows) {
      s = st.Bind(1, std::string(k)).Bind(2, v).Run();
      if (!s.ok()) return s;
    }
    return s;
  }

  Status WriteLabelled(const std::string& table, const std::string& game,
                       const std::vector<Labelled>& items) {
    Statement st;
    const bool types = table == "sanction_types";  // only they add to a roll
    Status s = db_.Prepare(
        "INSERT OR REPLACE INTO " + table + "(game, id, label, forms" +
            (types ? ", adds_to_roll) VALUES (?, ?, ?, ?, ?)" : ") VALUES (?, ?, ?, ?)"),
        &st);
    for (const auto& item : items) {
      if (!s.ok()) return s;
      std::string forms;
      for (const auto& f : item.forms) forms += (forms.empty() ? "" : "|") + f;
      st.Bind(1, game).Bind(2, item.id).Bind(3, item.label).Bind(4, forms);
      if (types) st.Bind(5, static_cast<long long>(item.adds_to_roll));
      s = st.Run();
    }
    return s;
  }

  Status WriteLexicon() {
    const Lexicon& lex = corpus_.lexicon;
    Status s = WriteLabelled("sanction_types", "", lex.sanction_types);
    if (s.ok()) s = WriteLabelled("beneficiaries", "", lex.beneficiaries);
    Statement syn, word;
    if (s.ok()) s = Prep(&syn, "INSERT INTO synonyms(grp, ord, term) VALUES (?, ?, ?)");
    if (s.ok()) s = Prep(&word, "INSERT OR IGNORE INTO lexicon_words(kind, word) VALUES (?, ?)");
    for (size_t g = 0; s.ok() && g < lex.synonyms.size(); ++g) {
      for (size_t k = 0; s.ok() && k < lex.synonyms[g].size(); ++k) {
        s = syn.Bind(1, static_cast<long long>(g))
                .Bind(2, static_cast<long long>(k))
                .Bind(3, lex.synonyms[g][k])
                .Run();
      }
    }
    const std::pair<const char*, const std::vector<std::string>*> lists[] = {
        {"phrase", &lex.phrases}, {"protect", &lex.protect}, {"stopword", &lex.stopwords}};
    for (const auto& [kind, words] : lists) {
      for (const auto& w : *words) {
        if (s.ok()) s = word.Bind(1, std::string(kind)).Bind(2, w).Run();
      }
    }
    return s;
  }

  // Every game's facts, values and forms in one vocabulary (game kEveryGame), facts
  // merged by name and values by id, each form once: what reading a question that
  // names no game needs, loaded once instead of every game's vocabulary.
  Vocabulary MergedVocabulary() const {
    Vocabulary all;
    // One character, appended: an assignment trips a GCC 12 -Wrestrict false positive.
    static_assert(std::char_traits<char>::length(kEveryGame) == 1);
    all.game.push_back(*kEveryGame);
    auto add_unique = [](std::vector<std::string>* to, const std::vector<std::string>& from) {
      for (const auto& x : from) {
        if (std::find(to->begin(), to->end(), x) == to->end()) to->push_back(x);
      }
    };
    std::map<std::string, size_t> fact_at;
    for (const auto& [game, vocab] : corpus_.vocabularies) {
      for (const Fact& f : vocab.facts) {
        auto [it, fresh] = fact_at.emplace(f.name, all.facts.size());
        if (fresh) {
          all.facts.push_back(f);
          continue;
        }
        Fact& merged = all.facts[it->second];
        add_unique(&merged.forms, f.forms);
        for (const VocabValue& v : f.values) {
          auto same = std::find_if(merged.values.begin(), merged.values.end(),
                                   [&](const VocabValue& m) { return m.id == v.id; });
          if (same == merged.values.end())
            merged.values.push_back(v);
          else
            add_unique(&same->forms, v.forms);
        }
      }
    }
    return all;
  }

  Status WriteVocabulary(const Vocabulary& vocab) {
    Statement fact, value, form, hint;
    Status s = Prep(&fact,
                    "INSERT INTO facts(game, name, type, ask, label, default_value, ord) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&value,
               "INSERT INTO fact_values(fact_id, value, label, label_terms, ord, unit, low, "
               "low_inclusive, high, high_inclusive) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&form, "INSERT INTO forms(fact_id, value_id, form, terms) VALUES (?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&hint,
               "INSERT INTO hints(game, hint, weight, terms, first_term) VALUES (?, ?, ?, ?, ?)");
    for (size_t i = 0; s.ok() && i < vocab.facts.size(); ++i) {
      const Fact& f = vocab.facts[i];
      s = fact.Bind(1, vocab.game)
              .Bind(2, f.name)
              .Bind(3, std::string(f.integer ? "integer" : "enum"))
              .Bind(4, f.ask)
              .Bind(5, f.label)
              .Bind(6, f.default_value)
              .Bind(7, static_cast<long long>(i))
              .Run();
      long long fact_id = db_.LastInsertId();
      for (const auto& fm : f.forms) {
        if (s.ok())
          s = form.Bind(1, fact_id).BindNull(2).Bind(3, fm).Bind(4, ContentTerms(fm)).Run();
      }
      for (size_t k = 0; s.ok() && k < f.values.size(); ++k) {
        const VocabValue& v = f.values[k];
        value.Bind(1, fact_id)
            .Bind(2, v.id)
            .Bind(3, v.label)
            .Bind(4, ContentTerms(v.label))
            .Bind(5, static_cast<long long>(k));
        BindRange(&value, 6, v.range);
        s = value.Run();
        long long value_id = db_.LastInsertId();
        for (const auto& fm : v.forms) {
          if (s.ok())
            s = form.Bind(1, fact_id).Bind(2, value_id).Bind(3, fm).Bind(4, ContentTerms(fm)).Run();
        }
      }
    }
    for (const auto& [h, w] : vocab.hints) {
      const auto& [terms, first] = HintTerms(h);
      if (s.ok() && !first.empty())
        s = hint.Bind(1, vocab.game).Bind(2, h).Bind(3, w).Bind(4, terms).Bind(5, first).Run();
    }
    if (s.ok()) s = WriteLabelled("sanction_types", vocab.game, vocab.sanction_types);
    if (s.ok()) s = WriteLabelled("beneficiaries", vocab.game, vocab.beneficiaries);
    return s;
  }

  Status WritePhrasing(const Phrasing& ph) {
    Statement game, fact, value, param, decision, side, label, scene;
    Status s = Prep(&game, "INSERT INTO phrase_games(game, title, subject) VALUES (?, ?, ?)");
    if (s.ok())
      s = Prep(&scene,
               "INSERT INTO phrase_scenes(game, doc, eid, case_id, quiz, facts, tell, why, actor)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const CaseScene& sc : ph.scenes) {
      std::string facts;
      for (const auto& [f, v] : sc.facts) facts += (facts.empty() ? "" : ";") + f + "=" + v;
      if (s.ok())
        s = scene.Bind(1, ph.game)
                .Bind(2, sc.doc)
                .Bind(3, sc.eid)
                .Bind(4, sc.case_id)
                .Bind(5, static_cast<long long>(sc.quiz))
                .Bind(6, facts)
                .Bind(7, sc.tell)
                .Bind(8, sc.why)
                .Bind(9, sc.actor)
                .Run();
    }
    if (s.ok())
      s = Prep(&fact,
               "INSERT INTO phrase_facts(game, fact, role, clause, number) VALUES (?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&value,
               "INSERT INTO phrase_values(game, fact, value, phrase, noun, gender, m, f, mp, fp,"
               " actor, subject) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&decision,
               "INSERT INTO phrase_decisions(game, type, class, phrase) VALUES (?, ?, ?, ?)");
    if (s.ok()) s = Prep(&side, "INSERT INTO phrase_sides(game, side, phrase) VALUES (?, ?, ?)");
    if (s.ok())
      s = Prep(&label,
               "INSERT OR REPLACE INTO phrase_labels(game, target, label) VALUES (?, ?, ?)");
    if (s.ok())
      s = Prep(&param,
               "INSERT INTO phrase_params(game, ord, name, at, kind, question, statement,"
               " statement_one, noun_one, noun, wrong) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (s.ok()) s = game.Bind(1, ph.game).Bind(2, ph.title).Bind(3, ph.subject).Run();
    for (const PhraseFact& f : ph.facts) {
      if (s.ok())
        s = fact.Bind(1, ph.game)
                .Bind(2, f.name)
                .Bind(3, f.role)
                .Bind(4, f.clause)
                .Bind(5, f.number)
                .Run();
      for (const PhraseValue& v : f.values) {
        if (s.ok())
          s = value.Bind(1, ph.game)
                  .Bind(2, f.name)
                  .Bind(3, v.id)
                  .Bind(4, v.text)
                  .Bind(5, v.noun)
                  .Bind(6, v.gender)
                  .Bind(7, v.m)
                  .Bind(8, v.f)
                  .Bind(9, v.mp)
                  .Bind(10, v.fp)
                  .Bind(11, v.actor)
                  .Bind(12, v.subject)
                  .Run();
      }
    }
    for (size_t i = 0; s.ok() && i < ph.params.size(); ++i) {
      const ParamPhrase& p = ph.params[i];
      s = param.Bind(1, ph.game)
              .Bind(2, static_cast<long long>(i))
              .Bind(3, p.name)
              .Bind(4, p.at)
              .Bind(5, p.kind)
              .Bind(6, p.question)
              .Bind(7, p.statement)
              .Bind(8, p.statement_one)
              .Bind(9, p.noun_one)
              .Bind(10, p.noun)
              .Bind(11, p.wrong_text)
              .Run();
    }
    for (const PhraseDecision& d : ph.decisions) {
      if (s.ok())
        s = decision.Bind(1, ph.game).Bind(2, d.type).Bind(3, d.cls).Bind(4, d.text).Run();
    }
    for (const PhraseSide& sd : ph.sides) {
      if (s.ok()) s = side.Bind(1, ph.game).Bind(2, sd.id).Bind(3, sd.text).Run();
    }
    for (const PhraseLabel& l : ph.labels) {
      if (s.ok()) s = label.Bind(1, ph.game).Bind(2, l.target).Bind(3, l.text).Run();
    }
    return s;
  }

  // A unit holds under its own variant, else under its nearest ancestor's.
  static std::string EffectiveVariant(const Rulebook& book, int unit) {
    for (int u = unit; u >= 0; u = book.units[u].parent) {
      if (!book.units[u].variant.empty()) return book.units[u].variant;
    }
    return "";
  }

  Status WriteStructure(const Rulebook& book, IndexStats* stats) {
    Statement doc, variant, unit, col, cell, kase, cond, sanction, param, term, note;
    Status s = Prep(&doc,
                    "INSERT INTO documents(doc, game, title, short_title, edition, date, language,"
                    " source_file, source_format, summarises, path)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&variant,
               "INSERT INTO variants(document_id, variant, label, excludes) VALUES (?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&unit,
               "INSERT INTO units(document_id, eid, parent_id, ord, kind, num, heading,"
               " provision_kind, variant, text, citation, label, has_consequence, line)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&col, "INSERT INTO table_columns(unit_id, ord, col, label) VALUES (?, ?, ?, ?)");
    if (s.ok()) s = Prep(&cell, "INSERT INTO cells(unit_id, ord, col, text) VALUES (?, ?, ?, ?)");
    if (s.ok())
      s = Prep(
          &kase,
          "INSERT INTO cases(unit_id, case_id, variant, decision, reading) VALUES (?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&cond,
               "INSERT INTO conditions(case_id, ord, fact, op, value) VALUES (?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&sanction,
               "INSERT INTO sanctions(case_id, ord, type, beneficiary, place, points, choice,"
               " chosen_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&param,
               "INSERT INTO params(unit_id, ord, name, value, unit, quote, label)"
               " VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&term,
               "INSERT INTO terms(unit_id, ord, name, quote, definition) VALUES (?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&note, "INSERT INTO notes(document_id, unit_id, type, text) VALUES (?, ?, ?, ?)");
    if (!s.ok()) return s;

    s = doc.Bind(1, book.doc)
            .Bind(2, book.game)
            .Bind(3, book.title)
            .Bind(4, book.short_title)
            .Bind(5, book.edition)
            .Bind(6, book.date)
            .Bind(7, book.language)
            .Bind(8, book.source_file)
            .Bind(9, book.source_format)
            .Bind(10, book.summarises)
            .Bind(11, book.path)
            .Run();
    const long long doc_id = db_.LastInsertId();
    doc_ids_[&book] = doc_id;
    ++stats->documents;
    for (const auto& [id, label] : book.variants) {
      std::string excludes;
      for (const auto& [v, other] : book.variant_excludes) {
        if (v == id) excludes += (excludes.empty() ? "" : " ") + other;
      }
      if (s.ok()) s = variant.Bind(1, doc_id).Bind(2, id).Bind(3, label).Bind(4, excludes).Run();
    }
    for (const Note& n : book.notes) {
      if (s.ok()) s = note.Bind(1, doc_id).BindNull(2).Bind(3, n.type).Bind(4, n.text).Run();
    }
    for (size_t i = 0; s.ok() && i < book.units.size(); ++i) {
      const Unit& u = book.units[i];
      unit.Bind(1, doc_id);
      if (u.eid.empty())
        unit.BindNull(2);
      else
        unit.Bind(2, u.eid);
      if (u.parent < 0)
        unit.BindNull(3);
      else
        unit.Bind(3, UnitId(&book, u.parent));
      s = unit.Bind(4, static_cast<long long>(i))
              .Bind(5, std::string(UnitKindName(u.kind)))
              .Bind(6, u.num)
              .Bind(7, u.heading)
              .Bind(8, u.provision_kind)
              .Bind(9, EffectiveVariant(book, static_cast<int>(i)))
              .Bind(10, u.text)
              .Bind(11, book.Citation(static_cast<int>(i)))
              .Bind(12, book.Label(static_cast<int>(i)))
              .Bind(13, static_cast<long long>(u.has_consequence))
              .Bind(14, static_cast<long long>(u.pos.line))
              .Run();
      const long long unit_id = db_.LastInsertId();
      unit_ids_[{&book, static_cast<int>(i)}] = unit_id;
      ++stats->units;
      for (size_t k = 0; s.ok() && k < u.columns.size(); ++k) {
        s = col.Bind(1, unit_id)
                .Bind(2, static_cast<long long>(k))
                .Bind(3, u.columns[k].first)
                .Bind(4, u.columns[k].second)
                .Run();
      }
      for (size_t k = 0; s.ok() && k < u.cells.size(); ++k) {
        s = cell.Bind(1, unit_id)
                .Bind(2, static_cast<long long>(k))
                .Bind(3, u.cells[k].first)
                .Bind(4, u.cells[k].second)
                .Run();
      }
      for (const Case& c : u.cases) {
        if (!s.ok()) break;
        s = kase.Bind(1, unit_id)
                .Bind(2, c.id)
                .Bind(3, c.variant)
                .Bind(4, c.decision)
                .Bind(5, c.reading ? 1LL : 0LL)
                .Run();
        const long long case_id = db_.LastInsertId();
        ++stats->cases;
        for (size_t k = 0; s.ok() && k < c.when.size(); ++k) {
          std::string values;
          for (const auto& v : c.when[k].values) values += (values.empty() ? "" : " ") + v;
          s = cond.Bind(1, case_id)
                  .Bind(2, static_cast<long long>(k))
                  .Bind(3, c.when[k].fact)
                  .Bind(4, std::string(CondOpName(c.when[k].op)))
                  .Bind(5, values)
                  .Run();
        }
        for (size_t k = 0; s.ok() && k < c.sanctions.size(); ++k) {
          const Sanction& sa = c.sanctions[k];
          sanction.Bind(1, case_id)
              .Bind(2, static_cast<long long>(k))
              .Bind(3, sa.type)
              .Bind(4, sa.beneficiary)
              .Bind(5, sa.place);
          if (sa.points)
            sanction.Bind(6, static_cast<long long>(*sa.points));
          else
            sanction.BindNull(6);
          sanction.Bind(7, static_cast<long long>(sa.choice)).Bind(8, sa.chosen_by);
          s = sanction.Run();
        }
      }
      for (size_t k = 0; s.ok() && k < u.params.size(); ++k) {
        const Param& p = u.params[k];
        s = param.Bind(1, unit_id)
                .Bind(2, static_cast<long long>(k))
                .Bind(3, p.name)
                .Bind(4, p.value)
                .Bind(5, p.unit)
                .Bind(6, p.quote)
                .Bind(7, p.label)
                .Run();
      }
      for (size_t k = 0; s.ok() && k < u.terms.size(); ++k) {
        const Term& t = u.terms[k];
        s = term.Bind(1, unit_id)
                .Bind(2, static_cast<long long>(k))
                .Bind(3, t.name)
                .Bind(4, t.quote)
                .Bind(5, t.definition)
                .Run();
      }
      for (const Note& n : u.notes) {
        if (s.ok()) s = note.Bind(1, doc_id).Bind(2, unit_id).Bind(3, n.type).Bind(4, n.text).Run();
      }
    }
    return s;
  }

  long long ResolveUnit(const Rulebook& from, const std::string& target, std::string* case_id) {
    const Rulebook* book = nullptr;
    int unit = -1;
    if (target.empty() || !corpus_.Resolve(from.doc, target, &book, &unit, case_id)) return 0;
    return UnitId(book, unit);
  }

  // What each variant of `book` changes; the loader reports targets that do not resolve.
  Status WriteVariantChanges(const Rulebook& book) {
    Statement change;
    Status s = Prep(&change,
                    "INSERT INTO variant_changes(document_id, ord, variant, kind, target_unit_id,"
                    " target_case, by_unit_id, by_case, param) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (size_t k = 0; s.ok() && k < book.variant_changes.size(); ++k) {
      const VariantChange& c = book.variant_changes[k];
      std::string target_case, by_case;
      const long long target = ResolveUnit(book, c.target, &target_case);
      const long long by = ResolveUnit(book, c.by, &by_case);
      if (!by || (!c.target.empty() && !target)) continue;
      change.Bind(1, doc_ids_[&book])
          .Bind(2, static_cast<long long>(k))
          .Bind(3, c.variant)
          .Bind(4, c.kind);
      if (target)
        change.Bind(5, target);
      else
        change.BindNull(5);
      s = change.Bind(6, target_case).Bind(7, by).Bind(8, by_case).Bind(9, c.param).Run();
    }
    return s;
  }

  Status WriteLinks(const Rulebook& book) {
    Statement ref, over, toc;
    Status s = Prep(&ref,
                    "INSERT INTO refs(unit_id, ord, target, target_unit_id, quote, kind)"
                    " VALUES (?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&over,
               "INSERT INTO overrides(unit_id, ord, case_id, target, target_unit_id, target_case,"
               " kind, quote) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    if (s.ok())
      s = Prep(&toc,
               "INSERT INTO toc(document_id, ord, ref, target_unit_id, page, text)"
               " VALUES (?, ?, ?, ?, ?, ?)");
    for (size_t i = 0; s.ok() && i < book.units.size(); ++i) {
      const Unit& u = book.units[i];
      const long long unit_id = UnitId(&book, static_cast<int>(i));
      for (size_t k = 0; s.ok() && k < u.refs.size(); ++k) {
        const Reference& r = u.refs[k];
        std::string case_id;
        long long target = ResolveUnit(book, r.target, &case_id);
        ref.Bind(1, unit_id).Bind(2, static_cast<long long>(k)).Bind(3, r.target);
        if (target)
          ref.Bind(4, target);
        else
          ref.BindNull(4);
        s = ref.Bind(5, r.quote).Bind(6, r.kind.empty() ? std::string("see") : r.kind).Run();
      }
      for (size_t k = 0; s.ok() && k < u.overrides.size(); ++k) {
        const Override& o = u.overrides[k];
        std::string target_case;
        long long target = ResolveUnit(book, o.target, &target_case);
        if (!target) continue;  // the loader reports dangling overrides
        s = over.Bind(1, unit_id)
                .Bind(2, static_cast<long long>(k))
                .Bind(3, o.case_id)
                .Bind(4, o.target)
                .Bind(5, target)
                .Bind(6, target_case)
                .Bind(7, o.kind.empty() ? std::string("exception") : o.kind)
                .Bind(8, o.quote)
                .Run();
      }
    }
    if (s.ok()) s = WriteVariantChanges(book);
    for (size_t k = 0; s.ok() && k < book.toc.size(); ++k) {
      const TocEntry& e = book.toc[k];
      std::string case_id;
      long long target = ResolveUnit(book, e.ref, &case_id);
      toc.Bind(1, doc_ids_[&book]).Bind(2, static_cast<long long>(k)).Bind(3, e.ref);
      if (target)
        toc.Bind(4, target);
      else
        toc.BindNull(4);
      s = toc.Bind(5, e.page).Bind(6, e.text).Run();
    }
    return s;
  }

  // Content terms of a form, as the resolver matches them ("" when none). Each form
  // analysed once: every game's vocabulary and the merged one repeat most forms.
  const std::string& ContentTerms(const std::string& text) {
    auto [it, fresh] = content_terms_.try_emplace(text);
    if (fresh) {
      for (const Token& t : analyzer_.Tokenize(text)) {
        if (!t.stop) it->second += (it->second.empty() ? "" : " ") + t.term;
      }
    }
    return it->second;
  }

  // A hint's terms and its first term, analysed once (see ContentTerms).
  const std::pair<std::string, std::string>& HintTerms(const std::string& hint) {
    auto [it, fresh] = hint_terms_.try_emplace(hint);
    if (fresh) {
      auto& [terms, first] = it->second;
      for (const Token& t : analyzer_.Tokenize(hint)) {
        terms += (terms.empty() ? "" : " ") + t.term;
        if (first.empty()) first = t.term;
      }
    }
    return it->second;
  }

  const Corpus& corpus_;
  const Analyzer& analyzer_;
  Database& db_;
  UnitIds unit_ids_;
  std::map<const Rulebook*, long long> doc_ids_;
  std::unordered_map<std::string, std::string> content_terms_;
  std::unordered_map<std::string, std::pair<std::string, std::string>> hint_terms_;
};

// Makes a finished file durable (the SQLite writer itself does not sync, see below).
Status SyncFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::IOError("cannot open " + path + ": " + std::strerror(errno));
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  if (rc != 0) return Status::IOError("cannot sync " + path + ": " + std::strerror(err));
  return Status::OK();
}

// The row id each unit gets: units are inserted in corpus order into an empty table,
// so the ids run from 1. The SQLite pass checks that it got exactly these.
UnitIds ExpectedUnitIds(const Corpus& corpus) {
  UnitIds ids;
  long long next = 0;
  for (const Rulebook& book : corpus.rulebooks) {
    for (size_t i = 0; i < book.units.size(); ++i) ids[{&book, static_cast<int>(i)}] = ++next;
  }
  return ids;
}

Status WriteSqlite(const Corpus& corpus, const Analyzer& analyzer, const std::string& dir,
                   const UnitIds& expected_ids, IndexStats* stats) {
  Database db;
  Status s = Database::Open(SqlitePath(dir), /*read_only=*/false, &db);
  if (!s.ok()) return s;
  // The file lives in a private temporary folder that is discarded on any failure and
  // published only once complete: no fsync per commit (synchronous = OFF), one fsync of
  // the finished file below instead; a cache large enough that a big corpus's pages are
  // not spilled (through the rollback journal) before the commit.
  s = db.Exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -65536");
  if (!s.ok()) return s;
  SqliteWriter sqlite(corpus, analyzer, &db);
  PhaseTime write("sqlite-write");
  s = sqlite.Write(stats);
  if (!s.ok()) return s;
  write.End();
  if (sqlite.unit_ids() != expected_ids) {
    return Status::IndexError("unit row ids differ from the ones the Xapian pass used");
  }
  db = Database();  // closed before publishing
  PhaseTime sync("sqlite-fsync");
  return SyncFile(SqlitePath(dir));
}

}  // namespace

Status WriteIndexFiles(const Corpus& corpus, const std::string& dir, IndexStats* stats,
                       const std::string& cache_dir) {
  const Analyzer analyzer(corpus.lexicon);
  const UnitIds unit_ids = ExpectedUnitIds(corpus);
  // The two halves are independent given the unit ids: written at the same time, the
  // SQLite one on a thread of its own with its own analyser (whose stem cache is not
  // shared between threads).
  IndexStats sqlite_stats;
  Status sqlite_status;
  std::thread sqlite_thread([&, analyzer_copy = analyzer]() mutable {
    try {
      sqlite_status = WriteSqlite(corpus, analyzer_copy, dir, unit_ids, &sqlite_stats);
    } catch (const std::exception& e) {
      sqlite_status = Status::IndexError(std::string("sqlite: ") + e.what());
    }
  });
  struct Join {
    std::thread& t;
    ~Join() { t.join(); }
  };
  Status s;
  {
    Join join{sqlite_thread};
    s = WriteXapian(corpus, analyzer, unit_ids, XapianPath(dir), stats, cache_dir);
  }
  if (!sqlite_status.ok()) return sqlite_status;
  if (!s.ok()) return s;
  stats->documents += sqlite_stats.documents;
  stats->units += sqlite_stats.units;
  stats->cases += sqlite_stats.cases;
  return Status::OK();
}

}  // namespace arbitro
