// The Xapian pass of an index generation (see xapian_writer.h): one document per
// citable unit, its fields, and the synonyms (the lexicon's and the thesaurus's).
#include "xapian_writer.h"

#include <xapian.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "arbitro/parallel.h"
#include "game_terms.h"
#include "phase_times.h"
#include "thesaurus.h"

namespace arbitro {
namespace {

// The first provision of its section: the paragraph that usually states the rule.
bool IsLead(const Rulebook& book, int index) {
  const Unit& u = book.units[index];
  if (u.parent < 0) return false;
  for (int sibling : book.units[u.parent].children) {
    if (book.units[sibling].citable()) return sibling == index;
  }
  return false;
}

// Words for Xapian's spelling table and how often the documents use them: added once
// each at the end (the table sums the counts), not once per occurrence, and into one
// database only (the one without documents): spread over the shards, each shard's
// commit compressed every trigram entry and compacting them uncompressed, merged and
// compressed each again.
using Spellings = std::unordered_map<std::string, Xapian::termcount>;

// The terms of one document and their within-document frequencies, gathered before
// they go into the Xapian document once each: Xapian's Document::add_term costs a
// map lookup per call, and a unit's asked questions repeat the same words many times.
// A boolean term is a term added with frequency 0, as add_boolean_term does.
class TermBag {
 public:
  TermBag() { wdf_.reserve(256); }
  void Add(std::string term, unsigned wdf_inc = 1) {
    auto [it, fresh] = wdf_.try_emplace(std::move(term), wdf_inc);
    if (!fresh) it->second += wdf_inc;
  }
  void AddBoolean(std::string term) { Add(std::move(term), 0); }
  const std::unordered_map<std::string, unsigned>& terms() const { return wdf_; }

 private:
  std::unordered_map<std::string, unsigned> wdf_;
};

// What the words of one text add to a document, before its field's weight and prefix:
// its word and phrase terms and the things its numbers count (prefixed), each with how
// often; its word pairs (frequency 0: repeats add nothing); and its words for the
// spelling table (not stop words, over 2 bytes), with how often.
struct TextAnalysis {
  std::vector<std::pair<std::string, unsigned>> terms;
  std::vector<std::pair<std::string, unsigned>> counted;
  std::vector<std::string> pairs;
  std::vector<std::pair<std::string, unsigned>> spellings;
};

// The analyses of the texts one shard indexes, a repeated text analysed once: a library
// repeats texts (the questions of asked.xml and the paragraphs of a rulebook copied
// under another game or edition), and analysing a text (tokens, stems, phrases,
// counted things, pairs) was most of the cost of making a document. At most
// kMaxCached texts are kept (a few tens of MB); the others are analysed every time.
class TextAnalyses {
 public:
  explicit TextAnalyses(const Analyzer& analyzer) : analyzer_(analyzer) {}

  // The analysis of `text`, valid until the next call.
  const TextAnalysis& Get(const std::string& text) {
    if (auto it = cache_.find(text); it != cache_.end()) return it->second;
    // A text met for the first time is analysed and not kept: most texts of a library
    // occur once, and keeping every one made indexing the real corpus 10% slower. A
    // text met again is kept, its repeated terms summed.
    if (cache_.size() < kMaxCached && !seen_.insert(std::hash<std::string>()(text)).second) {
      TextAnalysis a;
      Analyse(text, &a);
      Sum(&a.terms);
      Sum(&a.counted);
      Sum(&a.spellings);
      return cache_.emplace(text, std::move(a)).first->second;
    }
    Analyse(text, &scratch_);
    return scratch_;
  }

 private:
  static constexpr size_t kMaxCached = 1 << 15;

  // Each entry once, with the sum of its counts.
  static void Sum(std::vector<std::pair<std::string, unsigned>>* list) {
    std::unordered_map<std::string, unsigned> sums;
    for (auto& [key, n] : *list) sums[std::move(key)] += n;
    list->clear();
    for (auto& [key, n] : sums) list->emplace_back(key, n);
  }

  // Every occurrence, counted 1.
  void Analyse(const std::string& text, TextAnalysis* a) const {
    a->terms.clear();
    a->counted.clear();
    a->pairs.clear();
    a->spellings.clear();
    const std::vector<Token> tokens = analyzer_.Tokenize(text);
    for (const Token& t : tokens) {
      a->terms.emplace_back(t.term, 1);
      if (!t.stop && t.word.size() > 2) a->spellings.emplace_back(t.word, 1);
    }
    for (const PhraseMatch& p : analyzer_.Phrases(tokens)) a->terms.emplace_back(p.term, 1);
    for (const std::string& c : CountedTerms(tokens)) {
      a->counted.emplace_back(std::string(prefix::kCounted) + c, 1);
    }
    const Token* previous = nullptr;
    for (const Token& t : tokens) {
      if (t.stop) continue;
      if (previous) a->pairs.push_back(BigramTerm(previous->term, t.term));
      previous = &t;
    }
  }

  const Analyzer& analyzer_;
  std::unordered_map<std::string, TextAnalysis> cache_;
  std::unordered_set<size_t> seen_;  // hashes of the texts met once
  TextAnalysis scratch_;
};

// The citable units in index order: Xapian document i + 1 is units[i].
using UnitRef = std::pair<const Rulebook*, int>;

// Documents per batch of a shard (a commit after each): Xapian keeps a batch's postings
// in a tree of terms, each with a tree of document ids, until it flushes them; past a
// few thousand documents walking those trees (a cache miss per node) took most of the
// time of adding a document (perf, 100 documents: `arbitro index` 10 s of CPU -> 7 s).
// The compacted database holds the same postings.
constexpr size_t kFlushDocuments = 1000;

class XapianWriter {
 public:
  XapianWriter(const Corpus& corpus, const Analyzer& analyzer, const UnitIds& ids)
      : corpus_(corpus), analyzer_(analyzer), ids_(ids) {
    for (const auto& [game, entries] : corpus_.asked) {
      for (const AskedFor& a : entries) {
        auto& questions = asked_[a.doc + "#" + a.eid];
        for (const std::string& q : a.questions) questions.push_back(&q);
      }
    }
  }

  // The documents go into shards (`path`.shard-N, built in parallel, each with its own
  // analyser), the synonyms into one more database without documents; all are then
  // compacted into `path`, documents numbered in index order as if added one by one.
  Status Write(const std::string& path, IndexStats* stats, const std::string& cache_dir) {
    const std::string thesaurus_cache = cache_dir.empty() ? "" : cache_dir + "/thesaurus-links";
    std::vector<UnitRef> units;
    for (const Rulebook& book : corpus_.rulebooks) {
      for (size_t i = 0; i < book.units.size(); ++i) {
        if (book.units[i].citable()) units.emplace_back(&book, static_cast<int>(i));
      }
    }
    // One shard per worker, each written in batches of kFlushDocuments: more shards
    // (once one per 10,000 documents, to stay under Xapian's flush threshold) made
    // compaction merge in several passes (1000 documents: 42 s instead of 50 s).
    const size_t shards = std::min(ParallelWorkers(), units.size());
    std::vector<std::string> shard_paths;
    for (size_t k = 0; k < shards; ++k) shard_paths.push_back(path + ".shard-" + std::to_string(k));
    // Three small databases beside the shards, written on separate threads: the
    // lexicon's synonyms (while the shards are written), and once the shards are done
    // the thesaurus's synonyms and the spellings and term counts. Their synonym keys
    // differ (the thesaurus's begin with prefix::kThesaurus), so that compaction copies
    // each key's entry as it is.
    const std::string lexicon_path = path + ".lexicon";
    const std::string thesaurus_path = path + ".thesaurus";
    const std::string synonyms_path = path + ".synonyms";
    struct Cleanup {
      std::vector<std::string> paths;
      ~Cleanup() {
        PhaseTime time("cleanup");
        for (const auto& p : paths) {
          std::error_code ec;
          std::filesystem::remove_all(p, ec);
        }
      }
    } cleanup{shard_paths};
    cleanup.paths.insert(cleanup.paths.end(), {lexicon_path, thesaurus_path, synonyms_path});

    // The thesaurus is read on a thread of its own beside the shards' workers: as one
    // more task among theirs it delayed a shard by its whole time, and a core idled
    // while that shard finished (100 documents: 0.7 s). The same thread then writes the
    // lexicon's synonyms, which do not depend on the documents either.
    ThesaurusLinks thesaurus;
    Status thesaurus_status;
    std::thread thesaurus_thread([&] {
      try {
        PhaseTime time("thesaurus");
        const Analyzer analyzer = analyzer_;  // its stem cache is not shared between threads
        thesaurus = CachedThesaurusCandidates(DefaultThesaurus(), analyzer, thesaurus_cache);
        time.End();
        PhaseTime lexicon("lexicon-db");
        DbOps ops;
        AddSynonyms(analyzer, &ops);
        WriteCachedDatabase(ops, lexicon_path, cache_dir, "lexicon");
      } catch (const Xapian::Error& e) {
        thesaurus_status = Status::IndexError("xapian: " + e.get_description());
      } catch (const std::exception& e) {
        thesaurus_status = Status::IndexError(std::string("thesaurus: ") + e.what());
      }
    });
    struct Join {
      std::thread& t;
      ~Join() {
        if (t.joinable()) t.join();
      }
    } join{thesaurus_thread};
    const std::vector<size_t> bounds = ShardBounds(units, shards);
    std::vector<Status> status(shards);
    std::set<std::string> game_set;
    for (const Rulebook& book : corpus_.rulebooks) game_set.insert(book.game);
    const std::vector<std::string> games(game_set.begin(), game_set.end());
    std::vector<GameTermCounts> game_terms(shards, GameTermCounts(games));
    std::vector<Spellings> spellings(shards);
    ParallelFor(shards, [&](size_t k) {
      const Analyzer analyzer = analyzer_;  // its stem cache is not shared between threads
      PhaseTime time("shard-" + std::to_string(k));
      try {
        const size_t begin = bounds[k], end = bounds[k + 1];
        // No termlist table: no query lists a document's terms (the engine tests
        // membership through posting lists), and zlib-compressing each document's
        // termlist was most of the cost of adding it.
        Xapian::WritableDatabase db(shard_paths[k], Xapian::DB_CREATE_OR_OVERWRITE |
                                                        Xapian::DB_NO_SYNC | Xapian::DB_DANGEROUS |
                                                        Xapian::DB_NO_TERMLIST);
        TextAnalyses analyses(analyzer);
        for (size_t i = begin; i < end; ++i) {
          TermBag bag;
          Xapian::Document doc;
          MakeDocument(analyzer, &analyses, *units[i].first, units[i].second, &bag, &spellings[k]);
          for (const auto& [term, wdf] : bag.terms()) doc.add_term(term, wdf);
          doc.set_data(std::to_string(UnitId(units[i].first, units[i].second)));
          game_terms[k].Add(units[i].first->game, bag.terms());
          db.add_document(doc);
          if ((i - begin + 1) % kFlushDocuments == 0) db.commit();
        }
        db.commit();
        db.close();
      } catch (const Xapian::Error& e) {
        status[k] = Status::IndexError("xapian: " + e.get_description());
      } catch (const std::exception& e) {
        status[k] = Status::IndexError(std::string("xapian: ") + e.what());
      }
    });
    {
      PhaseTime wait("wait-thesaurus");
      thesaurus_thread.join();
    }
    for (const Status& s : status) {
      if (!s.ok()) return s;
    }
    if (!thesaurus_status.ok()) return thesaurus_status;
    stats->xapian_documents += units.size();
    try {
      for (size_t k = 1; k < shards; ++k) game_terms[0].Merge(game_terms[k]);
      // The thesaurus's synonyms on a thread of their own, beside the spellings and
      // term counts.
      Status linked_status;
      std::thread linked_thread([&] {
        try {
          PhaseTime time("thesaurus-db");
          DbOps ops;
          // Whether the documents hold a term, from the counts of the word terms (every
          // term of a one-word synonym is one) rather than from the shards' postings.
          std::optional<Xapian::Database> postings;
          AddThesaurus(
              thesaurus,
              [&](const std::string& term) {
                if (const std::optional<bool> holds = game_terms[0].Holds(term)) return *holds;
                if (!postings) {
                  postings.emplace();
                  for (const auto& p : shard_paths) postings->add_database(Xapian::Database(p));
                }
                return postings->get_termfreq(term) > 0;
              },
              &ops);
          WriteCachedDatabase(ops, thesaurus_path, cache_dir, "thesaurus");
        } catch (const Xapian::Error& e) {
          linked_status = Status::IndexError("xapian: " + e.get_description());
        } catch (const std::exception& e) {
          linked_status = Status::IndexError(std::string("thesaurus: ") + e.what());
        }
      });
      Join join_linked{linked_thread};
      {
        PhaseTime time("synonyms-db");
        DbOps ops;
        Spellings all_spellings;
        for (const Spellings& shard : spellings) {
          for (const auto& [word, count] : shard) all_spellings[word] += count;
        }
        for (const auto& [word, count] : all_spellings) ops.Spelling(word, count);
        game_terms[0].Write(&ops);
        WriteCachedDatabase(ops, synonyms_path, cache_dir, "synonyms");
      }
      linked_thread.join();
      if (!linked_status.ok()) return linked_status;
      Xapian::Database all;
      for (const auto& p : shard_paths) all.add_database(Xapian::Database(p));
      for (const auto& p : {lexicon_path, thesaurus_path, synonyms_path})
        all.add_database(Xapian::Database(p));
      PhaseTime compact("compact");
      all.compact(path);
      all.close();
    } catch (const Xapian::Error& e) {
      return Status::IndexError("xapian: " + e.get_description());
    }
    return Status::OK();
  }

 private:
  // Where each shard's units begin (and the last one ends): consecutive ranges (the
  // compacted database numbers documents in index order) of about the same work,
  // estimated by the bytes of text the units' documents analyse (their text and asked
  // questions) plus a fixed part. Equal numbers of units were not equal work: games
  // differ in how many questions asked.xml gives a provision, and at 100 documents one
  // shard finished a second after the other.
  std::vector<size_t> ShardBounds(const std::vector<UnitRef>& units, size_t shards) const {
    constexpr size_t kFixedBytes = 200;  // a document's own terms, flags and names
    std::vector<size_t> cost(units.size());
    size_t total = 0;
    for (size_t i = 0; i < units.size(); ++i) {
      const Rulebook& book = *units[i].first;
      const Unit& u = book.units[units[i].second];
      cost[i] = kFixedBytes + u.text.size();
      if (auto it = asked_.find(book.doc + "#" + u.eid); it != asked_.end()) {
        for (const std::string* q : it->second) cost[i] += q->size();
      }
      total += cost[i];
    }
    std::vector<size_t> bounds = {0};
    size_t done = 0;
    for (size_t i = 0; i < units.size() && bounds.size() < shards; ++i) {
      done += cost[i];
      if (done * shards >= total * bounds.size()) bounds.push_back(i + 1);
    }
    while (bounds.size() <= shards) bounds.push_back(units.size());
    return bounds;
  }

  // Adds the words of `text`; wdf_inc weights the field (0: the words are present but
  // weigh nothing). A field prefix adds each term once more under it. No positions: no
  // query reads them.
  static void IndexText(TextAnalyses* analyses, const std::string& text, unsigned wdf_inc,
                        const char* field_prefix, TermBag* doc, Spellings* spellings) {
    const TextAnalysis& a = analyses->Get(text);
    for (const auto& [term, n] : a.terms) {
      doc->Add(term, wdf_inc * n);
      if (field_prefix) doc->Add(std::string(field_prefix) + term, wdf_inc * n);
    }
    for (const auto& [word, n] : a.spellings) (*spellings)[word] += n;
    AddCountedAndPairs(a, doc);
  }

  // The things the numbers of a text count, and its word pairs: proximity ("stessa
  // miniatura") as terms that are cheap to match, with within-document frequency 0 so
  // that they leave the length normalisation of BM25 alone.
  static void AddCountedAndPairs(const TextAnalysis& a, TermBag* doc) {
    for (const auto& [term, n] : a.counted) doc->Add(term, n);
    for (const std::string& pair : a.pairs) doc->Add(pair, 0);
  }

  // One question of how people ask for the unit (asked.xml): its words, phrases and word
  // pairs count as the unit's own, and its words once more under their prefix
  // (ask.asked-coverage). No spellings (typos are welcome in these questions, not in
  // corrections).
  static void IndexAsked(TextAnalyses* analyses, const std::string& question, TermBag* doc) {
    const TextAnalysis& a = analyses->Get(question);
    for (const auto& [term, n] : a.terms) {
      doc->Add(term, n);
      doc->Add(std::string(prefix::kAsked) + term, n);
    }
    AddCountedAndPairs(a, doc);
  }

  // The terms of units[index] into `doc`; its data (the SQLite row id) is set by the caller.
  void MakeDocument(const Analyzer& analyzer, TextAnalyses* analyses, const Rulebook& book,
                    int index, TermBag* bag, Spellings* spellings) const {
    const Unit& u = book.units[index];
    TermBag& doc = *bag;
    // Headings of the enclosing rule/sections/table: a separately weighted field.
    std::string headings;
    for (int p = u.parent; p >= 0; p = book.units[p].parent) {
      headings = book.units[p].num + " " + book.units[p].heading + " " + headings;
    }
    headings += " " + u.heading;
    IndexText(analyses, headings, 3, prefix::kHeading, bag, spellings);
    IndexText(analyses, u.text, 1, nullptr, bag, spellings);
    // Sanctions and decisions of the cases, in words: "cosa succede se …" questions.
    std::string logic;
    for (const Case& c : u.cases) {
      logic += c.decision + " ";
      for (const Sanction& s : c.sanctions) {
        if (const Labelled* t = corpus_.SanctionType(book.game, s.type)) logic += t->label + " ";
        doc.AddBoolean(std::string(prefix::kSanction) + s.type);
        doc.AddBoolean(std::string(prefix::kFlag) + "sanction");
      }
      // The fact values the case tests, so that questions can reach rules through
      // the vocabulary's forms as well as through the words of the text.
      for (const Cond& cond : c.when) {
        if (cond.op == CondOp::kNe || cond.op == CondOp::kNotIn) continue;
        for (const auto& v : cond.values) doc.Add(CondTerm(cond.fact, v));
      }
    }
    // Rulings restate the text's words ("Mani nella ruck: calcio di punizione …"): their
    // words are present (coverage, phrases) but add no weight to the text's frequencies.
    IndexText(analyses, logic, 0, nullptr, bag, spellings);
    for (const Term& t : u.terms) IndexText(analyses, t.name, 2, nullptr, bag, spellings);
    if (auto it = asked_.find(book.doc + "#" + u.eid); it != asked_.end()) {
      for (const std::string* q : it->second) IndexAsked(analyses, *q, bag);
    }
    // Names: a question naming the thing ("placcaggio irregolare?") finds what is
    // headed by it or defines it.
    auto add_name = [&](const std::string& name) {
      const std::string term = NameTerm(analyzer.Tokenize(name));
      if (!term.empty()) doc.AddBoolean(term);
    };
    add_name(u.heading);
    if (IsLead(book, index)) add_name(book.units[u.parent].heading);
    for (const Term& t : u.terms) add_name(t.name);

    int top = index;
    while (book.units[top].parent >= 0) top = book.units[top].parent;
    doc.AddBoolean(std::string(prefix::kGame) + book.game);
    doc.AddBoolean(std::string(prefix::kDoc) + book.doc);
    doc.AddBoolean(std::string(prefix::kRule) + book.doc + "#" + book.units[top].eid);
    doc.AddBoolean(std::string(prefix::kKind) + UnitKindName(u.kind));
    if (!u.params.empty()) doc.AddBoolean(std::string(prefix::kFlag) + "param");
    // What the numbers measure, by the words of their names ("intervallo-min",
    // "pedine-per-squadra"); bounds ("max", "minimo") say nothing of the thing measured.
    static const std::set<std::string> kBounds = {"max",     "min",    "massimo", "massimi",
                                                  "massima", "minimo", "minimi",  "minima",
                                                  "numero",  "totale"};
    for (const Param& p : u.params) {
      std::string words = p.name;
      std::replace(words.begin(), words.end(), '-', ' ');
      for (const Token& t : analyzer.Tokenize(words)) {
        if (!t.stop && !kBounds.count(t.word)) doc.Add(std::string(prefix::kParam) + t.term);
      }
    }
    if (!book.summarises.empty()) doc.AddBoolean(std::string(prefix::kFlag) + "abridged");
    if (!u.terms.empty()) doc.AddBoolean(std::string(prefix::kFlag) + "term");
    if (IsLead(book, index)) doc.AddBoolean(std::string(prefix::kFlag) + "lead");
    if (!u.provision_kind.empty())
      doc.AddBoolean(std::string(prefix::kFlag) + "kind-" + u.provision_kind);
  }

  void AddSynonyms(const Analyzer& analyzer, DbOps* db) const {
    for (const auto& group : corpus_.lexicon.synonyms) {
      std::vector<std::string> terms;
      for (const auto& member : group) {
        std::string t = analyzer.ExpressionTerm(member);
        if (!t.empty()) terms.push_back(t);
      }
      for (const auto& a : terms) {
        for (const auto& b : terms) {
          if (a != b) db->Synonym(a, b);
        }
      }
    }
  }

  const Corpus& corpus_;
  const Analyzer& analyzer_;
  long long UnitId(const Rulebook* book, int unit) const {
    auto it = ids_.find({book, unit});
    return it == ids_.end() ? 0 : it->second;
  }

  const UnitIds& ids_;
  // "doc#eid" → how people ask for it (questions owned by corpus_)
  std::unordered_map<std::string, std::vector<const std::string*>> asked_;
};

}  // namespace

Status WriteXapian(const Corpus& corpus, const Analyzer& analyzer, const UnitIds& unit_ids,
                   const std::string& path, IndexStats* stats, const std::string& cache_dir) {
  return XapianWriter(corpus, analyzer, unit_ids).Write(path, stats, cache_dir);
}

}  // namespace arbitro
