// Internal state shared by the Engine's implementation files.
#pragma once

#include <xapian.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "arbitro/indexer.h"
#include "arbitro/query.h"

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
  Xapian::Database xdb;
  std::unique_ptr<Analyzer> analyzer;
  std::map<std::string, DocRow> docs;             // by doc id
  std::map<long long, std::string> doc_by_rowid;  // documents.id → doc
  std::set<std::string> games;
  // Per game: hint expressions as term sequences, with weights.
  std::map<std::string, std::vector<std::pair<std::vector<std::string>, double>>> hints;
  // Sanction type and beneficiary labels: (game or "", id) → label.
  std::map<std::pair<std::string, std::string>, std::string> sanction_labels, beneficiary_labels;

  // Structured rules of each game, loaded on first resolve (resolve.cc).
  struct GameResolver;
  std::map<std::string, std::shared_ptr<GameResolver>> resolvers;
  // need_cases false: the vocabulary is enough (reading text for ask).
  Status Resolver(const std::string& game, GameResolver** out, bool need_cases = true);
  // Index terms (prefix::kCond) of the facts the words of `tokens` describe, in
  // `game` or in every game when it is empty.
  Status FactTerms(const std::string& game, const std::vector<Token>& tokens,
                   std::vector<std::string>* terms);

  Statement unit_by_id, unit_by_eid, units_by_bare_eid, sanctions_of_unit, refs_out, refs_in,
      cells_of_unit, parent_of_unit, children_of_unit;

  Status Load();
  // Fills `info` from the units row `unit_id`.
  Status LoadProvision(long long unit_id, bool with_links, ProvisionInfo* info);
  // Finds a unit id for "doc#eId" or a unique bare eId.
  Status FindUnit(const std::string& id, long long* unit_id);
  std::string SanctionLabel(const std::string& game, const std::string& type) const;
  std::string BeneficiaryLabel(const std::string& game, const std::string& id) const;
  // Xapian's spelling suggestion for a word ("" when none), cached.
  const std::string& SpellingSuggestion(const std::string& word);
  std::map<std::string, std::string> spelling_cache;

  // Sum of the matched hint weights of each game.
  std::map<std::string, double> HintScores(const std::vector<Token>& tokens) const;
  // Game suggested by the words of `tokens`, or "" when unclear.
  std::string InferGame(const std::vector<Token>& tokens) const;
  // InvalidArgument naming the game's variants when one of `variants` is not one.
  Status CheckVariants(const std::string& game, const std::vector<std::string>& variants) const;
  // See Engine::CanonicalGame; `doc` (optional) receives the document when `name`
  // names one document rather than a game.
  Status CanonicalGame(const std::string& name, std::string* game,
                       std::string* doc = nullptr) const;
};

}  // namespace arbitro
