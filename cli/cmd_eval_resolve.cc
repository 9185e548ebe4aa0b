// arbitro eval-resolve: ruling quality of `resolve` on scenario sets.
//
// Input: TSV lines "scenario<TAB>sanction types<TAB>beneficiary<TAB>provision ids", or
// "…<TAB>beneficiary<TAB>quote<TAB>quote…" with quotes of the source (see SameSide
// and the citation rule below)
// (the first sanction type is the decisive one). Each scenario is resolved with
// --game set to the game of its first expected provision, and again without (the
// engine infers the game); the floor applies to the first. A decision is right when the best ruling contains the decisive sanction
// type for the expected beneficiary; citations are right when every expected
// provision is cited by the best ruling.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <ostream>
#include <set>

#include "command.h"
#include "engine_open.h"
#include "eval_util.h"
#include "json.h"

namespace arbitro::cli {
namespace {

// Whether a ruling's beneficiary is the expected side. The blind sets name sides as
// "attaccante"/"difensore"; Soccer Tactics encodes them as squadra-in-attacco/-difesa;
// a ruling "for the opponent" (of whoever offended) or with no beneficiary is not
// judged on its side.
bool SameSide(const std::string& expected, const std::string& got) {
  if (expected.empty() || got.empty() || expected == got) return true;
  if (got == "avversario" || got == "colpevole" || got == "stesso-giocatore") return true;
  return (expected == "attaccante" && got == "squadra-in-attacco") ||
         (expected == "difensore" && got == "squadra-in-difesa");
}

struct Tally {
  int n = 0, decision = 0, citations = 0, both = 0;
  double Rate(int k) const { return n ? double(k) / n : 0; }
};

}  // namespace

Status CmdEvalResolve(CommandContext& ctx) {
  ArgParser args(ctx.command, ctx.args);
  Status s = args.Parse();
  if (!s.ok()) return s;
  if (args.Positional().empty()) return Status::InvalidArgument("uso: arbitro eval-resolve FILE.tsv…");
  std::vector<TsvRow> rows;
  for (const auto& path : args.Positional()) {
    s = ReadTsv(path, 4, &rows);
    if (!s.ok()) return s;
  }
  EngineRef engine;
  s = OpenEngine(ctx, &engine);
  if (!s.ok()) return s;
  QuoteMap quotes;
  bool need_quotes = false;
  for (const TsvRow& row : rows) {
    for (size_t c = 3; c < row.cols.size(); ++c) need_quotes = need_quotes || !IsUnitId(row.cols[c]);
  }
  if (need_quotes) {
    s = quotes.Load(*engine);
    if (!s.ok()) return s;
  }
  std::map<std::string, Tally> tally, guessed;
  for (const TsvRow& row : rows) {
    const std::vector<std::string> types = SplitList(row.cols[1], ',');
    // "-": the sanction favours no side, or the set does not say; not checked.
    const std::string beneficiary = row.cols[2] == "-" ? "" : row.cols[2];
    // Quoted sets name the places that state the ruling: the first (the deciding
    // provision) must be cited; id sets list every provision that must be cited.
    const bool quoted = !IsUnitId(row.cols[3]);
    std::vector<std::string> cites;
    size_t deciding = 0;
    s = ExpectedIds(quotes, std::vector<std::string>(row.cols.begin() + 3, row.cols.end()),
                    row.where, &cites, &deciding);
    if (!s.ok()) return s;
    if (quoted) cites.resize(deciding);
    if (types.empty() || cites.empty()) {
      return Status::InvalidArgument(row.where + ": servono almeno una sanzione e una disposizione");
    }
    ProvisionInfo first;
    if (!engine->Show(cites[0], &first).ok()) {
      return Status::InvalidArgument(row.where + ": id atteso sconosciuto '" + cites[0] + "'");
    }
    auto judge = [&](const ResolveOptions& options, bool* decision_ok, bool* cites_ok, std::string* got) {
      ResolveResult r;
      Status rs = engine->Resolve(row.cols[0], options, &r);
      *decision_ok = *cites_ok = false;
      *got = rs.ok() ? "(nessuna decisione)" : "errore: " + rs.message();
      if (!rs.ok() || r.rulings.empty()) return;
      const Ruling& best = r.rulings[0];
      *got = best.decision + " [";
      for (const SanctionInfo& sa : best.sanctions) {
        *got += sa.type + "/" + sa.beneficiary + " ";
        if (sa.type == types[0] && SameSide(beneficiary, sa.beneficiary)) *decision_ok = true;
      }
      *got += "]";
      std::set<std::string> cited;
      for (const Citation& c : best.citations) cited.insert(c.id);
      // Quoted: one of the deciding quote's units (a quote may be stated by a body
      // provision and its summary row alike); ids: every one.
      *cites_ok = quoted ? std::any_of(cites.begin(), cites.end(),
                                       [&](const std::string& id) { return cited.count(id); })
                         : std::all_of(cites.begin(), cites.end(),
                                       [&](const std::string& id) { return cited.count(id); });
      if (!*cites_ok) {
        *got += " citazioni:";
        for (const auto& id : cited) *got += " " + id;
      }
    };
    ResolveOptions with_game;
    with_game.game = first.game;
    bool decision_ok = false, cites_ok = false, guess_decision = false, guess_cites = false;
    std::string got, guess_got;
    judge(with_game, &decision_ok, &cites_ok, &got);
    judge(ResolveOptions{}, &guess_decision, &guess_cites, &guess_got);
    for (const std::string& key : {first.game, std::string("TUTTI")}) {
      Tally& t = tally[key];
      ++t.n;
      t.decision += decision_ok;
      t.citations += cites_ok;
      t.both += decision_ok && cites_ok;
      Tally& g = guessed[key];
      ++g.n;
      g.decision += guess_decision;
      g.citations += guess_cites;
      g.both += guess_decision && guess_cites;
    }
    if (args.Has("--verbose") && !(decision_ok && cites_ok)) {
      ctx.err << row.where << ": " << row.cols[0] << "\n  atteso " << types[0] << "/" << beneficiary << " "
              << row.cols[3] << "\n  ottenuto " << got << "\n";
    }
  }
  if (args.Has("--json")) {
    JsonWriter json(ctx.out);
    json.BeginObject().Key("games").BeginArray();
    for (const auto& [game, t] : tally) {
      const Tally& g = guessed[game];
      json.BeginObject().Field("game", game).Key("n").Int(t.n).Key("decision").Number(t.Rate(t.decision))
          .Key("inferred_decision").Number(g.Rate(g.decision)).Key("inferred_both").Number(g.Rate(g.both))
          .Key("citations").Number(t.Rate(t.citations)).Key("both").Number(t.Rate(t.both)).EndObject();
    }
    json.EndArray().EndObject().Finish();
  } else {
    ctx.out << "                         con --game                  | gioco dedotto\n"
               "gioco                 n  decisione  citazioni  entrambe | decisione  entrambe\n";
    for (const auto& [game, t] : tally) {
      const Tally& g = guessed[game];
      char line[160];
      std::snprintf(line, sizeof line, "%-18s %4d      %s      %s     %s |     %s     %s\n", game.c_str(), t.n,
                    Fixed3(t.Rate(t.decision)).c_str(), Fixed3(t.Rate(t.citations)).c_str(),
                    Fixed3(t.Rate(t.both)).c_str(), Fixed3(g.Rate(g.decision)).c_str(),
                    Fixed3(g.Rate(g.both)).c_str());
      ctx.out << line;
    }
  }
  const Tally& all = tally["TUTTI"];
  const double floor = args.Has("--floor") ? std::atof(args.Get("--floor").c_str()) : 0;
  if (all.Rate(all.both) < floor) {
    return Status::Findings("qualità sotto la soglia: entrambe " + Fixed3(all.Rate(all.both)) +
                            " (soglia " + Fixed3(floor) + ")");
  }
  return Status::OK();
}

}  // namespace arbitro::cli
