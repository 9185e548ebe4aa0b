// References: printed cross-references whose target is missing (REF-DANGLING), whose
// printed number is shared by several units (REF-AMBIGUOUS), whose target is not the
// kind of unit the words name (REF-WRONG-KIND), or whose printed chapter number,
// paragraph letter or heading does not match the target (REF-MISMATCH).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "committee/check_internal.h"

namespace arbitro::check_detail {
namespace {

// What the words of a reference say about its target.
struct QuotedTarget {
  bool names_chapter = false;           // "cap.", "capitolo", "regola", "regole"
  bool names_paragraph = false;         // "paragrafo", "punto", "lettera", "comma"
  bool names_table = false;             // "tabella", "schema"
  std::vector<std::string> numbers;     // "7.1", "4d"
  std::vector<std::string> paragraphs;  // "i", "g1"
  std::vector<std::string> headings;    // runs of upper-case words, normalised
};

bool IsNumberWord(const std::string& w) {
  return !w.empty() && std::isdigit(static_cast<unsigned char>(w[0]));
}

// Upper-case runs of at least two letters per word ("CALCI DI SPOSTAMENTO").
std::vector<std::string> UpperRuns(const std::string& quote) {
  std::vector<std::string> runs;
  std::string run;
  size_t words_in_run = 0;
  auto flush = [&] {
    if (words_in_run >= 1 && NormalizeForCompare(run).size() >= 3)
      runs.push_back(NormalizeForCompare(run));
    run.clear();
    words_in_run = 0;
  };
  size_t start = 0;
  while (start < quote.size()) {
    size_t end = quote.find(' ', start);
    if (end == std::string::npos) end = quote.size();
    const std::string word = quote.substr(start, end - start);
    start = end + 1;
    bool upper = false, lower = false;
    for (unsigned char c : word) {
      if (std::isupper(c)) upper = true;
      if (std::islower(c)) lower = true;
    }
    const bool connector = word == "DI" || word == "DEL" || word == "DELLA" || word == "DELLE" ||
                           word == "E" || word == "AL" || word == "D'";
    if ((upper && !lower) || (connector && words_in_run > 0)) {
      run += (run.empty() ? "" : " ") + word;
      if (upper && !lower && !connector) ++words_in_run;
    } else {
      flush();
    }
  }
  flush();
  return runs;
}

QuotedTarget ParseQuote(const std::string& quote) {
  QuotedTarget q;
  std::string lowered = quote;
  for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Keep dots inside numbers ("7.1"): split on spaces and trim punctuation.
  std::vector<std::string> tokens;
  for (size_t start = 0; start < lowered.size();) {
    size_t end = lowered.find_first_of(" (),;:\"", start);
    if (end == std::string::npos) end = lowered.size();
    std::string t = lowered.substr(start, end - start);
    start = end + 1;
    while (!t.empty() && (t.back() == '.' || t.back() == ')')) t.pop_back();
    if (!t.empty()) tokens.push_back(t);
  }
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    const bool chapter =
        t == "cap" || t.rfind("cap.", 0) == 0 || t == "capitolo" || t == "regola" || t == "regole";
    if (chapter) {
      q.names_chapter = true;
      if (t.rfind("cap.", 0) == 0 && t.size() > 4) q.numbers.push_back(t.substr(4));
      if (i + 1 < tokens.size() && IsNumberWord(tokens[i + 1])) q.numbers.push_back(tokens[i + 1]);
    } else if (t == "paragrafo" || t == "paragrafi" || t == "punto" || t == "lettera" ||
               t == "comma") {
      q.names_paragraph = true;
      for (size_t j = i + 1; j < tokens.size() && tokens[j].size() <= 3; ++j) {
        if (tokens[j] == "e" || tokens[j] == "o") continue;
        q.paragraphs.push_back(tokens[j]);
      }
    } else if (t == "tabella" || t == "schema") {
      q.names_table = true;
    } else if (IsNumberWord(t) && t.find('.') != std::string::npos &&
               (i == 0 || !IsNumberWord(tokens[i - 1]))) {
      // "vedi 7.3 CALCI DI PUNIZIONE": a dotted number is a chapter's.
      if (std::find(q.numbers.begin(), q.numbers.end(), t) == q.numbers.end())
        q.numbers.push_back(t);
      q.names_chapter = true;
    }
  }
  for (const std::string& n : q.numbers) {
    // "3.3a", "4D": a chapter's point.
    if (!n.empty() && std::isalpha(static_cast<unsigned char>(n.back())) && n.size() > 1) {
      q.names_paragraph = true;
    }
  }
  q.headings = UpperRuns(quote);
  return q;
}

// "i)" -> "i", "7.1" -> "7.1", "Regola 12" -> "12", "D." -> "d".
std::string NumKey(const std::string& num) {
  std::string key;
  for (const std::string& w : Words(num)) {
    if (w == "regola" || w == "capitolo" || w == "cap") continue;
    key += (key.empty() ? "" : ".") + w;
  }
  return key;
}

std::string Undotted(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), '.'), s.end());
  return s;
}

// The position in `lineage` (innermost first) of the unit that bears the quoted number:
// its own number ("7.1", "12") or its parent's followed by its own ("4" + "d" = "4D",
// "3.3" + "a" = "3.3a"). -1 when none does.
int BearerOf(const std::string& quoted, const Rulebook& book, const std::vector<int>& lineage) {
  const std::string q = Undotted(quoted);
  for (size_t i = 0; i < lineage.size(); ++i) {
    const std::string own = NumKey(book.units[lineage[i]].num);
    if (own.empty()) continue;
    if (Undotted(own) == q) return static_cast<int>(i);
    if (i + 1 < lineage.size()) {
      const std::string parent = NumKey(book.units[lineage[i + 1]].num);
      if (!parent.empty() && Undotted(parent + own) == q) return static_cast<int>(i);
    }
  }
  return -1;
}

// The quoted heading is the unit's, shortened ("FUORIGIOCO" for "FUORIGIOCO e
// INFRAZIONI") or give or take a word.
bool SameHeading(const std::string& quoted, const std::string& heading) {
  const std::vector<std::string> q = Words(quoted), h = Words(heading);
  if (q.empty() || h.empty()) return false;
  return Containment(q, h) == 1.0 || Similarity(q, h) >= 0.75;
}

class RefChecker {
 public:
  RefChecker(FindingSink& sink, const Rulebook& book) : sink_(sink), book_(book) {}

  void Run() {
    for (size_t i = 0; i < book_.units.size(); ++i) {
      for (const Reference& r : book_.units[i].refs) Check(static_cast<int>(i), r);
    }
  }

 private:
  void Check(int from, const Reference& r) {
    const UnitRef source{&book_, from};
    if (r.target.empty()) {
      sink_.Add("REF-DANGLING", Severity::kWarning, {source},
                "il rinvio «" + r.quote + "» non ha una destinazione nel testo");
      return;
    }
    const Rulebook* book = nullptr;
    int unit = -1;
    if (!sink_.corpus().Resolve(book_.doc, r.target, &book, &unit, nullptr)) {
      sink_.Add("REF-DANGLING", Severity::kError, {source},
                "il rinvio «" + r.quote + "» punta a '" + r.target + "', che non esiste");
      return;
    }
    const UnitRef target{book, unit};
    CheckKind(source, target, r);
    CheckAmbiguous(source, target, r);
    CheckWords(source, target, r);
  }

  void CheckKind(const UnitRef& source, const UnitRef& target, const Reference& r) {
    const UnitKind kind = target.get().kind;
    const QuotedTarget q = ParseQuote(r.quote);
    std::string problem;
    if (kind == UnitKind::kBlock) {
      problem = "un blocco di testo che non contiene regole";
    } else if (r.kind == "summarises" && !book_.summarises.empty() && target.book != &book_ &&
               target.book->doc != book_.summarises) {
      problem = "un documento diverso da quello riassunto (" + book_.summarises + ")";
    } else if (q.names_chapter && !q.names_paragraph && !q.names_table &&
               (kind == UnitKind::kProvision || kind == UnitKind::kRow)) {
      problem = std::string("una ") +
                (kind == UnitKind::kRow ? "riga di tabella" : "disposizione") +
                ", mentre le parole citano un capitolo o una regola";
    } else if (q.names_paragraph && !q.names_chapter && kind == UnitKind::kRule) {
      problem = "un'intera regola, mentre le parole citano un paragrafo";
    } else if (q.names_table && !q.names_chapter && kind != UnitKind::kTable &&
               kind != UnitKind::kRow) {
      problem = "una parte che non è una tabella, mentre le parole citano una tabella";
    }
    if (problem.empty()) return;
    sink_.Add("REF-WRONG-KIND", Severity::kWarning, {source, target},
              "il rinvio «" + r.quote + "» punta a " + problem);
  }

  void CheckAmbiguous(const UnitRef& source, const UnitRef& target, const Reference& r) {
    const Unit& t = target.get();
    if (t.num.empty() || t.parent < 0) return;
    std::vector<UnitRef> same = {source, target};
    for (int sibling : target.book->units[t.parent].children) {
      if (sibling != target.unit && target.book->units[sibling].num == t.num) {
        same.push_back({target.book, sibling});
      }
    }
    if (same.size() <= 2) return;
    sink_.Add("REF-AMBIGUOUS", Severity::kWarning, same,
              "il rinvio «" + r.quote + "» cita il numero «" + t.num + "», stampato per " +
                  std::to_string(same.size() - 1) + " parti diverse");
  }

  void CheckWords(const UnitRef& source, const UnitRef& target, const Reference& r) {
    const QuotedTarget q = ParseQuote(r.quote);
    const std::vector<int> lineage = Lineage(*target.book, target.unit);  // innermost first
    std::vector<std::string> problems;
    int outermost = -1;  // lineage position of the outermost unit bearing a quoted number
    for (const std::string& n : q.numbers)
      outermost = std::max(outermost, BearerOf(n, *target.book, lineage));
    if (!q.numbers.empty() && outermost < 0)
      problems.push_back("il numero citato non è quello della destinazione");
    const std::string own = NumKey(target.get().num);
    if (!q.paragraphs.empty() && !own.empty() && target.get().kind != UnitKind::kRule &&
        std::find(q.paragraphs.begin(), q.paragraphs.end(), own) == q.paragraphs.end()) {
      problems.push_back("il paragrafo citato non è «" + target.get().num + "»");
    }
    // A quoted heading names the numbered unit or a part inside it.
    const size_t last = outermost < 0 ? lineage.size() : static_cast<size_t>(outermost) + 1;
    const bool heading_found =
        std::any_of(q.headings.begin(), q.headings.end(), [&](const std::string& h) {
          for (size_t i = 0; i < last; ++i) {
            if (SameHeading(h, target.book->units[lineage[i]].heading)) return true;
          }
          return false;
        });
    if (q.names_chapter && !q.headings.empty() && !heading_found) {
      problems.push_back("il titolo citato non è quello della destinazione");
    }
    if (problems.empty()) return;
    std::string message =
        "il rinvio «" + r.quote + "» non corrisponde a " + Name(target, &book_) + ": ";
    for (size_t i = 0; i < problems.size(); ++i) message += (i ? "; " : "") + problems[i];
    sink_.Add("REF-MISMATCH", Severity::kWarning, {source, target}, message);
  }

  FindingSink& sink_;
  const Rulebook& book_;
};

}  // namespace

void CheckReferences(FindingSink& sink, const Rulebook& book) {
  RefChecker(sink, book).Run();
}

}  // namespace arbitro::check_detail
