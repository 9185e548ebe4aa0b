// The condition algebra and text normalisation shared by `check` and `diff`: a case's
// conditions as the set of values each fact may take, compatibility and specificity of
// two cases, sanction signatures, and word tokens.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "arbitro/schema.h"

namespace arbitro::check_detail {

// The values one fact may take under a case's conditions.
struct Allowed {
  bool integer = false;
  // Enumerated facts: the allowed values, or (complement = true, only when the fact's
  // domain is unknown) every value except these.
  std::set<std::string> values;
  bool complement = false;
  // Integer facts: sorted, disjoint, closed intervals.
  std::vector<std::pair<long, long>> ranges;

  bool Empty() const;
  bool Intersects(const Allowed& other) const;
  bool SubsetOf(const Allowed& other) const;
  bool Equals(const Allowed& other) const { return SubsetOf(other) && other.SubsetOf(*this); }
  Allowed Intersect(const Allowed& other) const;
  std::string ToString() const;  // "area-di-rigore", "{a, b}", "≥ 2"
};

// A case's conditions, fact by fact (facts not mentioned are unconstrained).
struct CaseScope {
  std::map<std::string, Allowed> facts;
  bool satisfiable = true;  // false when two conditions on one fact exclude each other
};

// `vocabulary` gives enumerated domains (ne / not-in become positive sets); may be null.
CaseScope ScopeOf(const Case& c, const Vocabulary* vocabulary);
// Some situation satisfies both: no fact with disjoint values.
bool Compatible(const CaseScope& a, const CaseScope& b);
// Every situation of `a` is one of `b`: `a` constrains each fact of `b` at least as tightly.
bool AtLeastAsSpecific(const CaseScope& a, const CaseScope& b);
bool SameScope(const CaseScope& a, const CaseScope& b);
CaseScope Intersect(const CaseScope& a, const CaseScope& b);
// Facts constrained by both.
size_t SharedFacts(const CaseScope& a, const CaseScope& b);
// The fact set of one is included in the other's.
bool NestedFacts(const CaseScope& a, const CaseScope& b);

// A case's sanctions as (type, beneficiary) pairs; relative beneficiaries ("avversario",
// "colpevole") are resolved when `scope` pins who committed the infringement.
using Signature = std::set<std::pair<std::string, std::string>>;
Signature SignatureOf(const Case& c, const CaseScope& scope);

// Sanction types that accompany the decision rather than make it (cards, expulsions,
// change of possession, repositioning, …): two cases that differ only there are
// incomplete, not contradictory, and a case stating only these complements another.
bool IsAccessory(const std::string& type);

enum class SanctionDiff {
  kSame,
  kComplementary,  // one states only accessory sanctions, the other the decision
  kImprecise,   // same sanctions, one stated more generally ("punizione" vs "punizione-indiretta")
  kIncomplete,  // one states only part of the other's sanctions
  kDifferent,
};
SanctionDiff CompareSignatures(const Signature& a, const Signature& b);

// "infrazione=ostruzione, zona=area-di-rigore" (conditions as written).
std::string WhenText(const Case& c);
// "back per attaccante; cambio-possesso per difensore"; with `with_place` the places
// too ("punizione-diretta per difensore (dal punto del fallo)").
std::string SanctionsText(const Case& c, bool with_place = false);
std::string SignatureText(const Signature& s);

// Lower-cased words of a text (letters and digits; punctuation dropped; "√" read as "✓").
std::vector<std::string> Words(const std::string& text);
// The words joined by single spaces: equal for texts that differ only in case,
// punctuation or spacing.
std::string NormalizeForCompare(const std::string& text);
// Dice coefficient of the two word multisets, 0..1.
double Similarity(const std::vector<std::string>& a, const std::vector<std::string>& b);
// Share of `part`'s words (as a multiset) found in `whole`, 0..1.
double Containment(const std::vector<std::string>& part, const std::vector<std::string>& whole);
// The same on word lists already sorted (no copies: for comparisons in bulk).
double SortedSimilarity(const std::vector<std::string>& a, const std::vector<std::string>& b);
double SortedContainment(const std::vector<std::string>& part,
                         const std::vector<std::string>& whole);

}  // namespace arbitro::check_detail
