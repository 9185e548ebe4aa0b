// Internal state shared by the Engine's implementation files.
#pragma once

#include <xapian.h>

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"
#include "core/weights.h"

namespace arbitro {

struct DocRow {
  long long id = 0;
  DocumentInfo info;
  // Terms of the title that set it apart from the other documents of its game
  // ("abbreviate" for the abridged rules): a question using one asks for this document.
  std::set<std::string> title_terms;
};

struct Engine::Impl {
  std::string generation;
  Database db;
  // The search index: metadata, spelling and synonyms are read here.
  Xapian::Database xdb;
  // The database searches and uncached posting reads use: xdb, or its postings copied
  // into memory (EngineOpenOptions; same document ids, lengths and statistics).
  Xapian::Database match_db;
  bool postings_in_memory = false;
  std::unique_ptr<Analyzer> analyzer;
  std::map<std::string, DocRow> docs;                                  // by doc id
  std::map<long long, std::string> doc_by_rowid;                       // documents.id → doc
  std::map<std::string, std::vector<std::string>> docs_by_title_term;  // DocRow::title_terms
  std::set<std::string> games;
  RankingWeights weights = DefaultRankingWeights();  // ask and resolve scoring
  // Hint expressions (term sequences, with their game and weight) by first term, read
  // from the index as questions use the terms (HintScores).
  struct Hint {
    std::string game;
    std::vector<std::string> terms;
    double weight = 0;
  };
  std::map<std::string, std::vector<Hint>> hints_by_first;
  Statement hints_with_first;
  // Game of each Xapian document (an index into game_list, -1: none) and the
  // documents of each game, built on first use (DocGames).
  std::vector<int> doc_game;
  std::vector<std::string> game_list;
  std::vector<double> game_size;
  // log((0 + 0.5) / (game_size + 1)): a game's term in RankGamesByWords for a word
  // none of its documents holds.
  std::vector<double> game_absent_log;
  // game_list index of each game numbered by the index's per-game term counts (-1: not
  // a game of the documents); empty when the index has none.
  std::vector<int> game_term_game;
  void DocGames();
  // Sanction type and beneficiary labels: (game or "", id) → label.
  std::map<std::pair<std::string, std::string>, std::string> sanction_labels, beneficiary_labels;
  // The analysed term of each sanction label (same keys), built as ask needs them.
  std::map<std::pair<std::string, std::string>, std::string> sanction_label_terms;

  // Structured rules of each game, loaded on first resolve (resolve.cc).
  struct GameResolver;
  std::map<std::string, std::shared_ptr<GameResolver>> resolvers;
  // need_cases false: the vocabulary is enough (reading text for ask).
  Status Resolver(const std::string& game, GameResolver** out, bool need_cases = true);
  // Index terms (prefix::kCond) of the facts the words of `tokens` describe, in
  // `game`, or in every game's merged vocabulary (kEveryGame) when it is empty.
  Status FactTerms(const std::string& game, const std::vector<Token>& tokens,
                   std::vector<std::string>* terms);

  Statement link_target, unit_by_id, unit_by_eid, units_by_bare_eid, sanctions_of_unit, refs_out,
      refs_in, cells_of_unit, parent_of_unit, children_of_unit, variant_changes_of_unit;

  Status Load();
  // Ask's ranking without the provisions' texts: the best `limit` units for
  // `question` as (units.id, score in (0, 1] relative to the best) (ask.cc).
  Status RankUnits(const std::string& question, const AskOptions& options, size_t limit,
                   std::vector<std::pair<long long, double>>* units);
  // Provisions, rows and cases of each document (for Games only), counted on first use.
  Status CountDocuments();
  bool documents_counted = false;
  // Fills `info` from the units row `unit_id`.
  Status LoadProvision(long long unit_id, bool with_links, ProvisionInfo* info);
  // A provision as ask returns it (with links) and the (term, byte range) of each
  // non-stopword of its text, read once per engine (hit_units.cc).
  struct HitUnitData {
    ProvisionInfo provision;
    std::vector<std::pair<std::string, std::pair<size_t, size_t>>> words;
  };
  std::unordered_map<long long, HitUnitData> hit_units;
  Status HitUnit(long long unit_id, const HitUnitData** out);
  // The documents indexing a term that ask's re-ranking tests, read once per engine
  // (ask.cc) when a term is tested a second time: sorted ids, or a bitset by docid when
  // that is no larger. Until then (`once`), and for a posting list too long to keep
  // (`long_list`), ask reads the list per question.
  struct PostingSet {
    std::vector<Xapian::docid> docs;
    std::vector<uint64_t> bits;
    bool long_list = false;
    bool once = false;
    bool Kept() const { return !long_list && !once; }
  };
  std::unordered_map<std::string, PostingSet> posting_sets;
  size_t posting_set_bytes = 0;
  // The set of `term`; valid until the next call.
  const PostingSet& Postings(const std::string& term);
  // Xapian's termfreq of `term`, read once per engine (ask.cc).
  Xapian::doccount TermFreq(const std::string& term);
  std::unordered_map<std::string, Xapian::doccount> term_freqs;
  // Length of each Xapian document by docid, read as ask's candidates need them (ask.cc).
  std::vector<Xapian::termcount> doc_lengths;
  // The units row of each Xapian document ask returned (its data), read once.
  std::unordered_map<Xapian::docid, long long> unit_of_document;
  // The units row of Xapian document `did`, through unit_of_document (ask.cc); an
  // IndexError when the document names none. Xapian errors propagate.
  Status UnitOfDocument(Xapian::docid did, long long* unit_id);
  // Finds a unit id for "doc#eId" or a unique bare eId.
  Status FindUnit(const std::string& id, long long* unit_id);
  std::string SanctionLabel(const std::string& game, const std::string& type) const;
  std::string BeneficiaryLabel(const std::string& game, const std::string& id) const;
  // Xapian's spelling suggestion for a word ("" when none), cached.
  const std::string& SpellingSuggestion(const std::string& word);
  std::map<std::string, std::string> spelling_cache;

  // Sum of the matched hint weights of each game (only the hints starting with one of
  // the words are read: the cost does not grow with the number of games).
  std::map<std::string, double> HintScores(const std::vector<Token>& tokens);
  // Game suggested by the words of `tokens`, or "" when unclear.
  std::string InferGame(const std::vector<Token>& tokens);
  // The same from HintScores' result.
  static std::string InferGame(const std::map<std::string, double>& hint_scores);
  // The game whose rulebooks use the question's own words (before synonyms:
  // "calciatore" is Calciotto's word, "pedina" Soccer Tactics') clearly more than any
  // other game's, or "". A naive Bayes vote over the documents of each game containing
  // each word (game_vote.cc).
  // `ranking` (optional) receives RankGamesByWords (when there are two games or more); one
  // it already holds is used instead of ranking again.
  std::string GameOfWords(const std::vector<Token>& tokens,
                          std::vector<std::pair<std::string, double>>* ranking = nullptr);
  // The terms the model of players' words reads (arbitro/game_words.h): each content
  // token's term (stopwords and numbers dropped), in text order (game_vote.cc).
  static std::vector<std::string> GameWordTerms(const std::vector<Token>& tokens);
  // That model's margin of each of its games for the text (game_words::Margins, bounded
  // below by −floor).
  static std::unordered_map<std::string, double> GameWordMargins(const std::vector<Token>& tokens,
                                                                 double floor);
  // Every game, ranked by that vote (best first; equal scores in name order).
  std::vector<std::pair<std::string, double>> RankGamesByWords(const std::vector<Token>& tokens);
  // The game of Xapian document `did`, "" when it has none.
  const std::string& GameOfDocument(Xapian::docid did);
  // InvalidArgument naming the game's variants when one of `variants` is not one, or
  // when two of them exclude each other.
  Status CheckVariants(const std::string& game, const std::vector<std::string>& variants) const;
  // Without a game: the one game that declares every name in `variants` (left empty
  // when several do); InvalidArgument listing every game's variants when none does.
  Status GameOfVariants(const std::vector<std::string>& variants, std::string* game) const;
  // The label of a variant of `game` ("" when unknown).
  std::string VariantLabel(const std::string& game, const std::string& variant) const;

  // Declared variant changes of every game (core/variants.cc), loaded on first use, with
  // the rowids of the units they link.
  struct VariantChangeRow {
    long long target_unit = 0;  // 0 for adds
    long long by_unit = 0;
    VariantChangeInfo info;
  };
  std::vector<VariantChangeRow> variant_changes;
  bool variant_changes_loaded = false;
  Status LoadVariantChanges();
  // Reads the rows `st` selects (kVariantChangeSelect's columns) with their citations,
  // texts and figures, and resets `st`.
  Status ReadVariantChanges(Statement* st, std::vector<VariantChangeRow>* out);
  // Prepares variant_changes_of_unit (Load).
  Status PrepareVariantChangesOfUnit();
  // The changes `unit_id` is the target or the variant's own unit of.
  Status VariantChangesOf(long long unit_id, std::vector<VariantChangeInfo>* out);
  // See Engine::CanonicalGame; `doc` (optional) receives the document when `name`
  // names one document rather than a game.
  Status CanonicalGame(const std::string& name, std::string* game,
                       std::string* doc = nullptr) const;
  // NameKey → (game or document id), games first, built on the first CanonicalGame (so
  // that naming a game costs the same with 5 or 1000 documents).
  mutable std::vector<std::pair<std::string, std::string>> known_names;
  mutable std::unordered_map<std::string, std::string> name_by_key;
};

// A copy of `disk`'s postings (terms, wdfs, document lengths and data, same document
// ids) in Xapian's in-memory backend (postings_in_memory.cc). Throws Xapian::Error.
Xapian::Database CopyPostingsToMemory(const Xapian::Database& disk);

}  // namespace arbitro
