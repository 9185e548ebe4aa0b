#include "committee/check_logic.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <iterator>

#include "core/rules.h"

namespace arbitro::check_detail {
namespace {

using Ranges = std::vector<std::pair<long, long>>;

constexpr long kMin = LONG_MIN;
constexpr long kMax = LONG_MAX;

bool ParseLong(const std::string& s, long* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (*end != '\0') return false;
  *out = v;
  return true;
}

Ranges Normalize(Ranges r) {
  std::sort(r.begin(), r.end());
  Ranges out;
  for (const auto& [lo, hi] : r) {
    if (lo > hi) continue;
    if (!out.empty() && (out.back().second == kMax || lo <= out.back().second + 1)) {
      out.back().second = std::max(out.back().second, hi);
    } else {
      out.emplace_back(lo, hi);
    }
  }
  return out;
}

Ranges IntersectRanges(const Ranges& a, const Ranges& b) {
  Ranges out;
  for (const auto& x : a) {
    for (const auto& y : b) {
      const long lo = std::max(x.first, y.first), hi = std::min(x.second, y.second);
      if (lo <= hi) out.emplace_back(lo, hi);
    }
  }
  return Normalize(out);
}

Ranges Complement(const Ranges& r) {
  Ranges out;
  long next = kMin;
  bool open = true;  // `next` is still a value not yet covered
  for (const auto& [lo, hi] : r) {
    if (open && lo > next) out.emplace_back(next, lo - 1);
    if (hi == kMax) {
      open = false;
      break;
    }
    next = hi + 1;
  }
  if (open) out.emplace_back(next, kMax);
  return Normalize(out);
}

bool RangesSubset(const Ranges& a, const Ranges& b) {
  for (const auto& x : a) {
    bool inside = false;
    for (const auto& y : b) inside = inside || (y.first <= x.first && x.second <= y.second);
    if (!inside) return false;
  }
  return true;
}

std::string Bound(long v) {
  return std::to_string(v);
}

// Allowed values of an integer condition.
Ranges IntegerRanges(const Cond& cond) {
  Ranges points;
  for (const std::string& s : cond.values) {
    long v = 0;
    if (ParseLong(s, &v)) points.emplace_back(v, v);
  }
  long v = points.empty() ? 0 : points.front().first;
  switch (cond.op) {
    case CondOp::kEq:
    case CondOp::kIn:
      return Normalize(points);
    case CondOp::kNe:
    case CondOp::kNotIn:
      return Complement(Normalize(points));
    case CondOp::kLt:
      return v == kMin ? Ranges{} : Ranges{{kMin, v - 1}};
    case CondOp::kLe:
      return {{kMin, v}};
    case CondOp::kGt:
      return v == kMax ? Ranges{} : Ranges{{v + 1, kMax}};
    case CondOp::kGe:
      return {{v, kMax}};
  }
  return {};
}

Allowed EnumAllowed(const Cond& cond, const Fact* fact) {
  Allowed a;
  const std::set<std::string> listed(cond.values.begin(), cond.values.end());
  const bool negative = cond.op == CondOp::kNe || cond.op == CondOp::kNotIn;
  if (!negative) {
    a.values = listed;
  } else if (fact && !fact->values.empty()) {
    for (const VocabValue& v : fact->values) {
      if (!listed.count(v.id)) a.values.insert(v.id);
    }
  } else {
    a.values = listed;
    a.complement = true;
  }
  return a;
}

bool IsIntegerFact(const Cond& cond, const Fact* fact) {
  if (fact) return fact->integer;
  switch (cond.op) {
    case CondOp::kLt:
    case CondOp::kLe:
    case CondOp::kGt:
    case CondOp::kGe:
      return true;
    default:
      break;
  }
  long v = 0;
  return !cond.values.empty() && ParseLong(cond.values.front(), &v);
}

bool IsPunct(const std::string& cp) {
  static const std::set<std::string> kPunct = {"\u2019", "\u2018", "\u201c", "\u201d", "\u00ab",
                                               "\u00bb", "\u2013", "\u2014", "\u2026", "\u2022",
                                               "\u00b7", "\u00a0", "\u203a"};
  return kPunct.count(cp) > 0;
}

bool IsRelative(const std::string& who) {
  return who == "avversario" || who == "colpevole";
}

// An empty beneficiary matches any; a relative one whose side the conditions do not pin
// ("avversario" of whom?) matches any side.
bool SameBeneficiary(const std::string& a, const std::string& b) {
  if (a == b || a.empty() || b.empty()) return true;
  return IsRelative(a) != IsRelative(b);
}

// "punizione" is the general form of "punizione-indiretta".
bool Generalises(const std::string& general, const std::string& specific) {
  return specific.size() > general.size() && specific.compare(0, general.size(), general) == 0 &&
         specific[general.size()] == '-';
}

bool SameOrGeneral(const std::pair<std::string, std::string>& a,
                   const std::pair<std::string, std::string>& b) {
  const bool type =
      a.first == b.first || Generalises(a.first, b.first) || Generalises(b.first, a.first);
  return type && SameBeneficiary(a.second, b.second);
}

// Every item of `a` has a same-or-general counterpart in `b`.
bool Covered(const Signature& a, const Signature& b) {
  return std::all_of(a.begin(), a.end(), [&](const auto& x) {
    return std::any_of(b.begin(), b.end(), [&](const auto& y) { return SameOrGeneral(x, y); });
  });
}

bool ExactlyCovered(const Signature& a, const Signature& b) {
  return std::all_of(a.begin(), a.end(), [&](const auto& x) {
    return std::any_of(b.begin(), b.end(), [&](const auto& y) {
      return x.first == y.first && SameBeneficiary(x.second, y.second);
    });
  });
}

}  // namespace

// ------------------------------------------------------------ Allowed

bool Allowed::Empty() const {
  if (integer) return ranges.empty();
  return !complement && values.empty();
}

Allowed Allowed::Intersect(const Allowed& o) const {
  Allowed out;
  if (integer || o.integer) {
    out.integer = true;
    out.ranges = IntersectRanges(integer ? ranges : Ranges{{kMin, kMax}},
                                 o.integer ? o.ranges : Ranges{{kMin, kMax}});
    return out;
  }
  if (!complement && !o.complement) {
    std::set_intersection(values.begin(), values.end(), o.values.begin(), o.values.end(),
                          std::inserter(out.values, out.values.end()));
  } else if (complement && o.complement) {
    out.complement = true;
    out.values = values;
    out.values.insert(o.values.begin(), o.values.end());
  } else {
    const Allowed& pos = complement ? o : *this;
    const Allowed& neg = complement ? *this : o;
    for (const std::string& v : pos.values) {
      if (!neg.values.count(v)) out.values.insert(v);
    }
  }
  return out;
}

bool Allowed::Intersects(const Allowed& o) const {
  return !Intersect(o).Empty();
}

bool Allowed::SubsetOf(const Allowed& o) const {
  if (integer || o.integer) {
    if (!(integer && o.integer)) return false;
    return RangesSubset(ranges, o.ranges);
  }
  if (!complement && !o.complement) {
    return std::includes(o.values.begin(), o.values.end(), values.begin(), values.end());
  }
  if (!complement && o.complement) {
    return std::none_of(values.begin(), values.end(),
                        [&](const auto& v) { return o.values.count(v); });
  }
  if (complement && o.complement) {
    return std::includes(values.begin(), values.end(), o.values.begin(), o.values.end());
  }
  return false;  // an open set is never inside a finite one
}

std::string Allowed::ToString() const {
  std::string out;
  if (integer) {
    for (const auto& [lo, hi] : ranges) {
      if (!out.empty()) out += " o ";
      if (lo == hi) {
        out += Bound(lo);
      } else if (lo == kMin) {
        out += "≤ " + Bound(hi);
      } else if (hi == kMax) {
        out += "≥ " + Bound(lo);
      } else {
        out += Bound(lo) + "–" + Bound(hi);
      }
    }
    return out.empty() ? "∅" : out;
  }
  for (const std::string& v : values) out += (out.empty() ? "" : ", ") + v;
  if (complement) return "tutto tranne {" + out + "}";
  return values.size() == 1 ? out : "{" + out + "}";
}

// ------------------------------------------------------------ scopes

CaseScope ScopeOf(const Case& c, const Vocabulary* vocabulary) {
  CaseScope scope;
  for (const Cond& cond : c.when) {
    const Fact* fact = vocabulary ? vocabulary->FindFact(cond.fact) : nullptr;
    Allowed a;
    if (IsIntegerFact(cond, fact)) {
      a.integer = true;
      a.ranges = IntegerRanges(cond);
    } else {
      a = EnumAllowed(cond, fact);
    }
    auto it = scope.facts.find(cond.fact);
    if (it == scope.facts.end()) {
      scope.facts.emplace(cond.fact, std::move(a));
    } else {
      it->second = it->second.Intersect(a);
    }
  }
  for (const auto& [name, allowed] : scope.facts) {
    if (allowed.Empty()) scope.satisfiable = false;
  }
  return scope;
}

bool Compatible(const CaseScope& a, const CaseScope& b) {
  if (!a.satisfiable || !b.satisfiable) return false;
  for (const auto& [fact, allowed] : a.facts) {
    auto it = b.facts.find(fact);
    if (it != b.facts.end() && !allowed.Intersects(it->second)) return false;
  }
  return true;
}

bool AtLeastAsSpecific(const CaseScope& a, const CaseScope& b) {
  for (const auto& [fact, allowed] : b.facts) {
    auto it = a.facts.find(fact);
    if (it == a.facts.end() || !it->second.SubsetOf(allowed)) return false;
  }
  return true;
}

bool SameScope(const CaseScope& a, const CaseScope& b) {
  return AtLeastAsSpecific(a, b) && AtLeastAsSpecific(b, a);
}

CaseScope Intersect(const CaseScope& a, const CaseScope& b) {
  CaseScope out = a;
  for (const auto& [fact, allowed] : b.facts) {
    auto it = out.facts.find(fact);
    if (it == out.facts.end()) {
      out.facts.emplace(fact, allowed);
    } else {
      it->second = it->second.Intersect(allowed);
      if (it->second.Empty()) out.satisfiable = false;
    }
  }
  out.satisfiable = out.satisfiable && b.satisfiable;
  return out;
}

size_t SharedFacts(const CaseScope& a, const CaseScope& b) {
  size_t n = 0;
  for (const auto& entry : a.facts) n += b.facts.count(entry.first);
  return n;
}

bool NestedFacts(const CaseScope& a, const CaseScope& b) {
  const size_t shared = SharedFacts(a, b);
  return shared == a.facts.size() || shared == b.facts.size();
}

// ------------------------------------------------------------ sanctions

Signature SignatureOf(const Case& c, const CaseScope& scope) {
  std::string who;
  for (const char* fact : {"autore", "squadra"}) {
    auto it = scope.facts.find(fact);
    if (it != scope.facts.end() && !it->second.integer && !it->second.complement &&
        it->second.values.size() == 1) {
      who = *it->second.values.begin();
    }
  }
  Signature s;
  for (const Sanction& sanction : c.sanctions) {
    s.emplace(sanction.type, SideAgainst(who, sanction.beneficiary));
  }
  return s;
}

bool IsAccessory(const std::string& type) {
  static const std::set<std::string> kAccessory = {
      "cambio-possesso",  "richiamo",   "cartellino-giallo",       "cartellino-rosso",
      "espulsione",       "squalifica", "riposizionamento",        "rimozione-miniature",
      "recupero",         "distanza",   "perdita-mossa-difensiva", "punti",
      "punti-classifica", "vantaggio"};
  return kAccessory.count(type) > 0;
}

namespace {

// Same, imprecise, incomplete or different, comparing item by item.
SanctionDiff CompareParts(const Signature& a, const Signature& b) {
  if (a == b) return SanctionDiff::kSame;
  if (a.empty() || b.empty()) return SanctionDiff::kIncomplete;
  const bool ab = Covered(a, b), ba = Covered(b, a);
  if (ab && ba) {
    return ExactlyCovered(a, b) && ExactlyCovered(b, a) ? SanctionDiff::kSame
                                                        : SanctionDiff::kImprecise;
  }
  if (ab || ba) return SanctionDiff::kIncomplete;
  return SanctionDiff::kDifferent;
}

void SplitAccessory(const Signature& s, Signature* decision, Signature* accessory) {
  for (const auto& item : s) (IsAccessory(item.first) ? accessory : decision)->insert(item);
}

}  // namespace

SanctionDiff CompareSignatures(const Signature& a, const Signature& b) {
  if (a == b) return SanctionDiff::kSame;
  if (a.empty() || b.empty()) return SanctionDiff::kDifferent;
  Signature da, aa, db, ab;
  SplitAccessory(a, &da, &aa);
  SplitAccessory(b, &db, &ab);
  if (da.empty() != db.empty()) return SanctionDiff::kComplementary;
  const SanctionDiff decision = da.empty() ? SanctionDiff::kSame : CompareParts(da, db);
  if (decision == SanctionDiff::kDifferent) return decision;
  const SanctionDiff accessory = CompareParts(aa, ab);
  if (da.empty()) return accessory;  // only accessories on both sides
  if (accessory == SanctionDiff::kSame) return decision;
  if (accessory == SanctionDiff::kDifferent) return SanctionDiff::kDifferent;
  return decision == SanctionDiff::kSame ? accessory : SanctionDiff::kIncomplete;
}

std::string WhenText(const Case& c) {
  std::string out;
  for (const Cond& cond : c.when) {
    if (!out.empty()) out += ", ";
    std::string values;
    for (const std::string& v : cond.values) values += (values.empty() ? "" : " ") + v;
    switch (cond.op) {
      case CondOp::kEq:
        out += cond.fact + "=" + values;
        break;
      case CondOp::kNe:
        out += cond.fact + "≠" + values;
        break;
      case CondOp::kIn:
        out += cond.fact + " in {" + values + "}";
        break;
      case CondOp::kNotIn:
        out += cond.fact + " non in {" + values + "}";
        break;
      case CondOp::kLt:
        out += cond.fact + "<" + values;
        break;
      case CondOp::kLe:
        out += cond.fact + "≤" + values;
        break;
      case CondOp::kGt:
        out += cond.fact + ">" + values;
        break;
      case CondOp::kGe:
        out += cond.fact + "≥" + values;
        break;
    }
  }
  return out.empty() ? "(sempre)" : out;
}

std::string SanctionsText(const Case& c, bool with_place) {
  std::string out;
  for (const Sanction& s : c.sanctions) {
    if (!out.empty()) out += "; ";
    out += s.type;
    if (!s.beneficiary.empty()) out += " per " + s.beneficiary;
    if (s.points) out += " (" + std::to_string(*s.points) + " punti)";
    if (with_place && !s.place.empty()) out += " (" + s.place + ")";
  }
  return out.empty() ? "(nessuna sanzione)" : out;
}

std::string SignatureText(const Signature& s) {
  std::string out;
  for (const auto& [type, who] : s) {
    if (!out.empty()) out += "; ";
    out += type + (who.empty() ? "" : " per " + who);
  }
  return out.empty() ? "(nessuna sanzione)" : out;
}

// ------------------------------------------------------------ text

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    size_t len = c < 0x80           ? 1
                 : (c >> 5) == 0x6  ? 2
                 : (c >> 4) == 0xE  ? 3
                 : (c >> 3) == 0x1E ? 4
                                    : 1;
    if (i + len > text.size()) len = 1;
    std::string cp = text.substr(i, len);
    i += len;
    if (len == 1) {
      if (std::isalnum(c)) {
        word += static_cast<char>(std::tolower(c));
      } else {
        flush();
      }
      continue;
    }
    if (IsPunct(cp)) {
      flush();
      continue;
    }
    if (cp == "\u221a") cp = "\u2713";  // "√" printed for the tick "✓"
    if (len == 2 && static_cast<unsigned char>(cp[0]) == 0xC3) {
      const unsigned char second = static_cast<unsigned char>(cp[1]);
      if (second >= 0x80 && second <= 0x9E && second != 0x97)
        cp[1] = static_cast<char>(second + 0x20);
    }
    word += cp;
  }
  flush();
  return words;
}

std::string NormalizeForCompare(const std::string& text) {
  std::string out;
  for (const std::string& w : Words(text)) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

namespace {

size_t CommonSorted(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t n = 0;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] == b[j]) {
      ++n, ++i, ++j;
    } else if (a[i] < b[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return n;
}

size_t CommonWords(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return CommonSorted(a, b);
}

}  // namespace

double SortedSimilarity(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.empty() && b.empty()) return 1.0;
  return 2.0 * static_cast<double>(CommonSorted(a, b)) / static_cast<double>(a.size() + b.size());
}

double SortedContainment(const std::vector<std::string>& part,
                         const std::vector<std::string>& whole) {
  if (part.empty()) return 1.0;
  return static_cast<double>(CommonSorted(part, whole)) / static_cast<double>(part.size());
}

double Similarity(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.empty() && b.empty()) return 1.0;
  return 2.0 * static_cast<double>(CommonWords(a, b)) / static_cast<double>(a.size() + b.size());
}

double Containment(const std::vector<std::string>& part, const std::vector<std::string>& whole) {
  if (part.empty()) return 1.0;
  return static_cast<double>(CommonWords(part, whole)) / static_cast<double>(part.size());
}

}  // namespace arbitro::check_detail
