// LoadCorpus / LoadRulebookFile, and the readers of lexicon.xml and vocabulary.xml.
#include <algorithm>
#include <exception>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <system_error>
#include <tuple>

#include "arbitro/parallel.h"
#include "arbitro/schema.h"
#include "grammar.h"
#include "readers.h"
#include "reporter.h"
#include "text.h"
#include "xml_file.h"

namespace arbitro {
namespace schema_detail {
namespace {

namespace fs = std::filesystem;

bool IsElement(pugi::xml_node node) {
  return node.type() == pugi::node_element;
}

Labelled ReadLabelled(pugi::xml_node el) {
  Labelled item{TokenAttr(el, "id"), CollapseWhitespace(Attr(el, "label")), {}};
  item.adds_to_roll = TokenAttr(el, "adds-to-roll") == "yes";
  for (pugi::xml_node form : el.children("form")) item.forms.push_back(PlainText(form));
  return item;
}

// Appends a labelled item unless its id is already in `items`.
void AddLabelled(const XmlFile& xml, pugi::xml_node el, const char* what,
                 std::vector<Labelled>* items, Reporter* reporter) {
  Labelled item = ReadLabelled(el);
  if (std::any_of(items->begin(), items->end(),
                  [&](const Labelled& x) { return x.id == item.id; })) {
    reporter->Error(xml.Pos(el), std::string("duplicate ") + what + " '" + item.id + "'");
    return;
  }
  items->push_back(std::move(item));
}

void WarnIfInLexicon(const XmlFile& xml, pugi::xml_node el, const char* what,
                     const std::vector<Labelled>& lexicon_items, Reporter* reporter) {
  const std::string id = TokenAttr(el, "id");
  if (std::any_of(lexicon_items.begin(), lexicon_items.end(),
                  [&](const Labelled& x) { return x.id == id; })) {
    reporter->Warning(xml.Pos(el),
                      std::string(what) + " '" + id + "' is already declared in lexicon.xml");
  }
}

class FactReader {
 public:
  FactReader(const XmlFile& xml, Reporter* reporter) : xml_(xml), reporter_(reporter) {}

  Fact Read(pugi::xml_node el) {
    Fact fact;
    fact.name = TokenAttr(el, "name");
    fact.integer = TokenAttr(el, "type") == "integer";
    fact.ask = CollapseWhitespace(Attr(el, "ask"));
    fact.label = CollapseWhitespace(Attr(el, "label"));
    fact.default_value = TokenAttr(el, "default");
    fact.pos = xml_.Pos(el);
    for (pugi::xml_node child : el.children()) {
      if (!IsElement(child)) continue;
      if (std::string_view(child.name()) == "form") fact.forms.push_back(PlainText(child));
      if (std::string_view(child.name()) == "value") AddValue(child, &fact);
    }
    CheckDefault(el, fact);
    CheckRanges(el, fact);
    return fact;
  }

 private:
  void AddValue(pugi::xml_node el, Fact* fact) {
    Labelled v = ReadLabelled(el);
    if (fact->Value(v.id)) {
      reporter_->Error(xml_.Pos(el), "duplicate value '" + v.id + "' of fact '" + fact->name + "'");
      return;
    }
    if (fact->integer && !IsInteger(v.id)) {
      reporter_->Error(xml_.Pos(el), "value '" + v.id + "' of integer fact '" + fact->name +
                                         "' is not an integer");
    }
    fact->values.push_back({v.id, v.label, std::move(v.forms), ReadRange(el, *fact)});
  }

  // The range of a measured length a value stands for (unit and bounds), checked; empty
  // when the declaration is wrong, so that no further check trips on it.
  MeasureRange ReadRange(pugi::xml_node el, const Fact& fact) {
    MeasureRange r;
    r.unit = TokenAttr(el, "unit");
    const std::string what = "value '" + TokenAttr(el, "id") + "' of fact '" + fact.name + "'";
    bool bad = false;
    auto error = [&](const std::string& message) {
      reporter_->Error(xml_.Pos(el), what + message);
      bad = true;
    };
    // One bound attribute: whether it is there, and its length (the grammar checked it).
    auto bound = [&](const char* name, double* at) {
      if (!el.attribute(name)) return false;
      ParseDecimal(TokenAttr(el, name), at);
      if (*at < 0) error(std::string(": '") + name + "' is a negative length");
      return true;
    };
    double more = 0, least = 0, less = 0, most = 0;
    const bool has_more = bound("more-than", &more), has_least = bound("at-least", &least);
    const bool has_less = bound("less-than", &less), has_most = bound("at-most", &most);
    if (has_more && has_least) error(" has two lower bounds");
    if (has_less && has_most) error(" has two upper bounds");
    r.has_low = has_more || has_least;
    r.low_inclusive = has_least;
    r.low = has_least ? least : more;
    r.has_high = has_less || has_most;
    r.high_inclusive = has_most;
    r.high = has_most ? most : less;
    const bool bounded = r.has_low || r.has_high;
    if (r.unit.empty() && bounded) {
      error(" has bounds but no unit");
    } else if (!r.unit.empty() && !bounded) {
      error(" has a unit but no bound");
    } else if (bounded && fact.integer) {
      error(": the values of an integer fact are no ranges");
    } else if (r.has_low && r.has_high &&
               (r.low > r.high || (r.low == r.high && !(r.low_inclusive && r.high_inclusive)))) {
      error(" is an empty range");
    }
    if (bad) r = MeasureRange();
    return r;
  }

  // Two values of a fact whose ranges share a length: which one a measure reads is unsure.
  void CheckRanges(pugi::xml_node el, const Fact& fact) {
    // A range in millimetres: (low, high) with infinite ends when unbounded.
    struct Span {
      double low, high;
      bool low_in, high_in;
    };
    auto span = [](const MeasureRange& r) {
      const double k = MillimetresPerUnit(r.unit);
      const double inf = std::numeric_limits<double>::infinity();
      return Span{r.has_low ? r.low * k : -inf, r.has_high ? r.high * k : inf,
                  r.has_low && r.low_inclusive, r.has_high && r.high_inclusive};
    };
    for (size_t a = 0; a < fact.values.size(); ++a) {
      for (size_t b = a + 1; b < fact.values.size(); ++b) {
        const MeasureRange &ra = fact.values[a].range, &rb = fact.values[b].range;
        if (ra.empty() || rb.empty()) continue;
        const Span x = span(ra), y = span(rb);
        // Disjoint when one ends before the other starts (touching ends: one excluded).
        auto before = [](const Span& p, const Span& q) {
          return p.high < q.low || (p.high == q.low && !(p.high_in && q.low_in));
        };
        if (!before(x, y) && !before(y, x)) {
          // Reported where the second value is declared.
          pugi::xml_node at = el;
          for (pugi::xml_node v : el.children("value")) {
            if (TokenAttr(v, "id") == fact.values[b].id) at = v;
          }
          reporter_->Error(xml_.Pos(at), "values '" + fact.values[a].id + "' and '" +
                                             fact.values[b].id + "' of fact '" + fact.name +
                                             "' are overlapping ranges");
        }
      }
    }
  }

  void CheckDefault(pugi::xml_node el, const Fact& fact) {
    const std::string& d = fact.default_value;
    if (d.empty() || (fact.integer ? IsInteger(d) : fact.Value(d) != nullptr)) return;
    reporter_->Error(xml_.Pos(el), "default '" + d + "' of fact '" + fact.name + "' is not " +
                                       (fact.integer ? "an integer" : "one of its values"));
  }

  const XmlFile& xml_;
  Reporter* reporter_;
};

// ------------------------------------------------------------ corpus folders

struct GameFolder {
  std::string name;
  std::string vocabulary;              // path, empty when absent
  std::string phrasing;                // path of phrasing.xml, empty when absent
  std::string scenes;                  // path of scenes.xml, empty when absent
  std::string asked;                   // path of asked.xml, empty when absent
  std::vector<std::string> rulebooks;  // paths, sorted by file name
};

std::string JoinPath(const std::string& dir, const std::string& name) {
  return (fs::path(dir) / name).string();
}

bool IsHidden(const fs::path& path) {
  return path.filename().string().rfind('.', 0) == 0;
}

// Sorted entries of `dir` (hidden ones skipped); false with `ec` set on failure.
bool ListDir(const std::string& dir, std::vector<fs::path>* entries, std::error_code* ec) {
  fs::directory_iterator it(dir, *ec);
  for (; !*ec && it != fs::directory_iterator(); it.increment(*ec)) {
    if (!IsHidden(it->path())) entries->push_back(it->path());
  }
  std::sort(entries->begin(), entries->end());
  return !*ec;
}

bool ListGames(const std::string& dir, std::vector<GameFolder>* games, std::error_code* ec) {
  std::vector<fs::path> entries;
  if (!ListDir(dir, &entries, ec)) return false;
  for (const fs::path& entry : entries) {
    if (!fs::is_directory(entry, *ec)) continue;
    GameFolder game{entry.filename().string(), "", "", "", "", {}};
    std::vector<fs::path> files;
    if (!ListDir(entry.string(), &files, ec)) return false;
    for (const fs::path& file : files) {
      if (file.extension() != ".xml" || !fs::is_regular_file(file, *ec)) continue;
      const std::string path = JoinPath(JoinPath(dir, game.name), file.filename().string());
      if (file.filename() == "vocabulary.xml") {
        game.vocabulary = path;
      } else if (file.filename() == "phrasing.xml") {
        game.phrasing = path;
      } else if (file.filename() == "scenes.xml") {
        game.scenes = path;
      } else if (file.filename() == "asked.xml") {
        game.asked = path;
      } else {
        game.rulebooks.push_back(path);
      }
    }
    games->push_back(std::move(game));
  }
  ec->clear();
  return true;
}

class CorpusLoader {
 public:
  CorpusLoader(const std::string& dir, Corpus* corpus, Reporter* reporter)
      : dir_(dir), corpus_(corpus), reporter_(reporter) {}

  Status Load() {
    std::vector<GameFolder> games;
    std::error_code ec;
    if (!fs::is_directory(dir_, ec) || !ListGames(dir_, &games, &ec)) {
      return Status::IOError("cannot read corpus directory '" + dir_ +
                             "': " + (ec ? ec.message() : "not a directory"));
    }
    corpus_->dir = dir_;
    LoadLexicon();
    for (const GameFolder& game : games) LoadVocabulary(game);
    for (const GameFolder& game : games) LoadPhrasing(game);
    LoadRulebooks(games);
    std::stable_sort(corpus_->rulebooks.begin(), corpus_->rulebooks.end(),
                     [](const Rulebook& a, const Rulebook& b) {
                       return std::tie(a.game, a.doc) < std::tie(b.game, b.doc);
                     });
    ResolvePending();
    for (const GameFolder& game : games) LoadScenes(game);
    for (const GameFolder& game : games) LoadAsked(game);
    CheckOverrideCycles();
    CheckVariantFacts();
    for (const Rulebook& book : corpus_->rulebooks) CheckVariantChanges(*corpus_, book, reporter_);
    reporter_->Sort();
    return reporter_->ToStatus();
  }

 private:
  // The reserved fact `variante` names the variants a description says are played
  // (resolve applies them as --variant): each value must be a variant of the game.
  void CheckVariantFacts() {
    for (const auto& [game, vocabulary] : corpus_->vocabularies) {
      const Fact* fact = vocabulary.FindFact("variante");
      if (!fact) continue;
      for (const VocabValue& v : fact->values) {
        const bool declared = std::any_of(
            corpus_->rulebooks.begin(), corpus_->rulebooks.end(), [&](const Rulebook& b) {
              return b.game == game && std::any_of(b.variants.begin(), b.variants.end(),
                                                   [&](const auto& d) { return d.first == v.id; });
            });
        if (!declared) {
          reporter_->Error(
              fact->pos,
              "value '" + v.id + "' of fact 'variante' is no variant of game '" + game + "'");
        }
      }
    }
  }

  // "doc#eId/case" of the cases an override names: one case, or all of the unit's.
  static std::vector<std::string> CaseKeys(const Rulebook& book, const Unit& unit,
                                           const std::string& case_id) {
    const std::string base = book.doc + "#" + unit.eid + "/";
    if (!case_id.empty()) return {base + case_id};
    std::vector<std::string> keys;
    for (const Case& c : unit.cases) keys.push_back(base + c.id);
    if (keys.empty()) keys.push_back(base);
    return keys;
  }

  // Cases that override each other in a cycle (or a case overriding itself) cancel
  // out when they all apply: a warning at the override that closes each cycle.
  void CheckOverrideCycles() {
    using Edge = std::pair<std::string, const Override*>;
    std::map<std::string, std::vector<Edge>> edges;  // winning case → overridden cases
    for (const Rulebook& book : corpus_->rulebooks) {
      for (const Unit& unit : book.units) {
        for (const Override& o : unit.overrides) {
          const Rulebook* target_book = nullptr;
          int target_unit = -1;
          std::string target_case;
          if (!corpus_->Resolve(book.doc, o.target, &target_book, &target_unit, &target_case)) {
            continue;
          }
          for (const std::string& from : CaseKeys(book, unit, o.case_id)) {
            for (const std::string& to :
                 CaseKeys(*target_book, target_book->units[target_unit], target_case)) {
              edges[from].emplace_back(to, &o);
            }
          }
        }
      }
    }
    std::map<std::string, int> state;  // 1 on the current path, 2 done
    std::vector<std::string> path;
    std::function<void(const std::string&)> visit = [&](const std::string& node) {
      state[node] = 1;
      path.push_back(node);
      for (const auto& [next, over] : edges[node]) {
        if (state[next] == 1) {
          std::string cycle;
          for (auto it = std::find(path.begin(), path.end(), next); it != path.end(); ++it) {
            cycle += *it + " → ";
          }
          reporter_->Warning(over->pos, "override cycle: " + cycle + next +
                                            " (when all apply, none of these cases wins)");
        } else if (state[next] == 0) {
          visit(next);
        }
      }
      path.pop_back();
      state[node] = 2;
    };
    for (const auto& entry : edges) {
      if (state[entry.first] == 0) visit(entry.first);
    }
  }

  void LoadLexicon() {
    XmlFile xml;
    if (xml.Load(JoinPath(dir_, "lexicon.xml"), reporter_) &&
        Validate(xml, GrammarKind::kLexicon, reporter_)) {
      ReadLexicon(xml, &corpus_->lexicon, reporter_);
    }
  }

  void LoadVocabulary(const GameFolder& game) {
    if (game.vocabulary.empty()) {
      if (!game.rulebooks.empty()) {
        reporter_->Error({JoinPath(JoinPath(dir_, game.name), "vocabulary.xml"), 0, 0},
                         "missing vocabulary of game '" + game.name + "'");
      }
      return;
    }
    XmlFile xml;
    if (!xml.Load(game.vocabulary, reporter_) ||
        !Validate(xml, GrammarKind::kVocabulary, reporter_)) {
      return;
    }
    Vocabulary vocabulary;
    ReadVocabulary(xml, corpus_->lexicon, &vocabulary, reporter_);
    if (vocabulary.game != game.name) {
      reporter_->Error(xml.Pos(xml.Root()), "vocabulary of game '" + vocabulary.game +
                                                "' in the folder of game '" + game.name + "'");
    }
    vocabulary.game = game.name;
    corpus_->vocabularies[game.name] = std::move(vocabulary);
  }

  void LoadPhrasing(const GameFolder& game) {
    if (game.phrasing.empty()) return;
    XmlFile xml;
    if (!xml.Load(game.phrasing, reporter_) || !Validate(xml, GrammarKind::kPhrasing, reporter_)) {
      return;
    }
    Phrasing phrasing;
    ReadPhrasing(xml, corpus_->FindVocabulary(game.name), &phrasing, reporter_);
    if (phrasing.game != game.name) {
      reporter_->Error(xml.Pos(xml.Root()), "phrasing of game '" + phrasing.game +
                                                "' in the folder of game '" + game.name + "'");
    }
    phrasing.game = game.name;
    corpus_->phrasings[game.name] = std::move(phrasing);
  }

  // scenes.xml, once the rulebooks are loaded: its scenes name their cases. A game with
  // scenes and no phrasing.xml gets a phrasing of scenes only.
  void LoadScenes(const GameFolder& game) {
    if (game.scenes.empty()) return;
    XmlFile xml;
    if (!xml.Load(game.scenes, reporter_) || !Validate(xml, GrammarKind::kScenes, reporter_)) {
      return;
    }
    Phrasing& phrasing = corpus_->phrasings[game.name];
    phrasing.game = game.name;
    ReadScenes(xml, &phrasing, reporter_);
    CheckScenes(*corpus_, corpus_->FindVocabulary(game.name), &phrasing, reporter_);
  }

  // asked.xml, once the rulebooks are loaded: its entries name their provisions.
  void LoadAsked(const GameFolder& game) {
    if (game.asked.empty()) return;
    XmlFile xml;
    if (!xml.Load(game.asked, reporter_) || !Validate(xml, GrammarKind::kAsked, reporter_)) return;
    ReadAsked(xml, game.name, corpus_, reporter_);
  }

  // One rulebook file, read on its own (in parallel with the others) into `loaded`.
  struct LoadedRulebook {
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<Reporter> reporter;
    bool read = false;
    SourcePos root;
    Rulebook book;
    std::vector<PendingTarget> pending;
  };

  void ReadRulebookFile(const std::string& path, LoadedRulebook* loaded) const {
    loaded->reporter = std::make_unique<Reporter>(&loaded->diagnostics);
    Reporter* reporter = loaded->reporter.get();
    XmlFile xml;
    if (!xml.Load(path, reporter) || !Validate(xml, GrammarKind::kRulebook, reporter)) return;
    ReadRulebook(xml, *corpus_, &loaded->book, &loaded->pending, reporter);
    loaded->root = xml.Pos(xml.Root());
    loaded->read = true;
  }

  // The rulebooks are read in parallel (they depend only on the lexicon and the
  // vocabularies), then added in file order, with their diagnostics in that order.
  void LoadRulebooks(const std::vector<GameFolder>& games) {
    std::vector<std::pair<std::string, std::string>> files;  // (game, path)
    for (const GameFolder& game : games) {
      for (const std::string& path : game.rulebooks) files.emplace_back(game.name, path);
    }
    std::vector<LoadedRulebook> loaded(files.size());
    ParallelFor(files.size(), [&](size_t i) { ReadRulebookFile(files[i].second, &loaded[i]); });
    for (size_t i = 0; i < files.size(); ++i) {
      reporter_->Append(*loaded[i].reporter);
      if (loaded[i].read) AddRulebook(files[i].first, &loaded[i]);
      loaded[i] = LoadedRulebook();  // frees the text as soon as it is added
    }
  }

  void AddRulebook(const std::string& game, LoadedRulebook* loaded) {
    Rulebook& book = loaded->book;
    if (book.game != game) {
      reporter_->Error(loaded->root,
                       "rulebook of game '" + book.game + "' in the folder of game '" + game + "'");
    }
    if (const Rulebook* other = corpus_->FindDoc(book.doc)) {
      reporter_->Error(loaded->root,
                       "duplicate doc '" + book.doc + "' (also in " + other->path + ")");
      return;
    }
    for (PendingTarget& p : loaded->pending) pending_.emplace_back(book.doc, std::move(p));
    corpus_->rulebooks.push_back(std::move(book));
  }

  void ResolvePending() {
    for (const auto& [from_doc, p] : pending_) {
      if (p.what == "summarised document") {
        if (!corpus_->FindDoc(p.target)) {
          reporter_->Error(p.pos, "summarised document '" + p.target + "' is not in the corpus");
        }
      } else if (!corpus_->Resolve(from_doc, p.target, nullptr, nullptr, nullptr)) {
        reporter_->Error(p.pos, p.what + " target '" + p.target + "' does not resolve");
      }
    }
  }

  std::string dir_;
  Corpus* corpus_;
  Reporter* reporter_;
  std::vector<std::pair<std::string, PendingTarget>> pending_;  // (from doc, target)
};

}  // namespace

void ReadLexicon(const XmlFile& xml, Lexicon* lexicon, Reporter* reporter) {
  for (pugi::xml_node el : xml.Root().children()) {
    if (!IsElement(el)) continue;
    const std::string_view name = el.name();
    if (name == "sanction-type") {
      AddLabelled(xml, el, "sanction type", &lexicon->sanction_types, reporter);
    } else if (name == "beneficiary") {
      AddLabelled(xml, el, "beneficiary", &lexicon->beneficiaries, reporter);
    } else if (name == "synonyms") {
      std::vector<std::string> group;
      for (pugi::xml_node term : el.children("term")) group.push_back(PlainText(term));
      lexicon->synonyms.push_back(std::move(group));
    } else if (name == "phrase") {
      lexicon->phrases.push_back(PlainText(el));
    } else if (name == "protect") {
      lexicon->protect.push_back(PlainText(el));
    } else if (name == "stopword") {
      lexicon->stopwords.push_back(PlainText(el));
    }
  }
}

void ReadVocabulary(const XmlFile& xml, const Lexicon& lexicon, Vocabulary* vocabulary,
                    Reporter* reporter) {
  const pugi::xml_node root = xml.Root();
  vocabulary->game = TokenAttr(root, "game");
  vocabulary->path = xml.path();
  FactReader facts(xml, reporter);
  for (pugi::xml_node el : root.children()) {
    if (!IsElement(el)) continue;
    const std::string_view name = el.name();
    if (name == "fact") {
      Fact fact = facts.Read(el);
      if (vocabulary->FindFact(fact.name)) {
        reporter->Error(xml.Pos(el), "duplicate fact '" + fact.name + "'");
      } else {
        vocabulary->facts.push_back(std::move(fact));
      }
    } else if (name == "sanction-type") {
      WarnIfInLexicon(xml, el, "sanction type", lexicon.sanction_types, reporter);
      AddLabelled(xml, el, "sanction type", &vocabulary->sanction_types, reporter);
    } else if (name == "beneficiary") {
      WarnIfInLexicon(xml, el, "beneficiary", lexicon.beneficiaries, reporter);
      AddLabelled(xml, el, "beneficiary", &vocabulary->beneficiaries, reporter);
    } else if (name == "hint") {
      double weight = 1.0;
      if (el.attribute("weight")) ParseDecimal(TokenAttr(el, "weight"), &weight);
      vocabulary->hints.emplace_back(PlainText(el), weight);
    }
  }
}

}  // namespace schema_detail

Status LoadCorpus(const std::string& dir, Corpus* corpus, std::vector<Diagnostic>* diagnostics) {
  std::vector<Diagnostic> local;
  schema_detail::Reporter reporter(diagnostics ? diagnostics : &local);
  try {
    *corpus = Corpus();
    return schema_detail::CorpusLoader(dir, corpus, &reporter).Load();
  } catch (const std::exception& e) {  // std::bad_alloc, mostly
    return Status::IOError("loading corpus '" + dir + "': " + e.what());
  }
}

Status LoadRulebookFile(const std::string& path, const Corpus& context, Rulebook* book,
                        std::vector<Diagnostic>* diagnostics) {
  std::vector<Diagnostic> local;
  schema_detail::Reporter reporter(diagnostics ? diagnostics : &local);
  try {
    *book = Rulebook();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
      return Status::IOError("cannot read '" + path +
                             "': " + (ec ? ec.message() : "not a regular file"));
    }
    schema_detail::XmlFile xml;
    if (!xml.Load(path, &reporter) ||
        !schema_detail::Validate(xml, schema_detail::GrammarKind::kRulebook, &reporter)) {
      reporter.Sort();
      return reporter.ToStatus();
    }
    std::vector<schema_detail::PendingTarget> pending;  // other documents are not checked
    schema_detail::ReadRulebook(xml, context, book, &pending, &reporter);
    schema_detail::CheckVariantChanges(context, *book, &reporter);
    if (!context.FindVocabulary(book->game)) {
      reporter.Error(xml.Pos(xml.Root()), "no vocabulary for game '" + book->game + "'");
    }
    reporter.Sort();
    return reporter.ToStatus();
  } catch (const std::exception& e) {
    return Status::IOError("loading '" + path + "': " + e.what());
  }
}

}  // namespace arbitro
