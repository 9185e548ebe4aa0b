#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>

#include "arbitro/indexer.h"
#include "command.h"

namespace arbitro::cli {

ArgParser::ArgParser(const Command& command, std::vector<std::string> args)
    : args_(std::move(args)) {
  for (const OptionSpec& o : command.options) {
    if (o.value) {
      Option(o.name, !o.repeat);
    } else {
      Flag(o.name);
    }
    if (o.alias) aliases_.emplace_back(o.alias, o.name);
  }
}

void ArgParser::Flag(const std::string& name) { flags_.push_back(name); }
void ArgParser::Option(const std::string& name, bool once) {
  options_.push_back(name);
  if (once) once_.push_back(name);
}

Status ArgParser::Parse() {
  bool options_ended = false;
  for (size_t i = 0; i < args_.size(); ++i) {
    const std::string& a = args_[i];
    if (options_ended || a.size() < 2 || a[0] != '-' || a == "-") {
      positional_.push_back(a);
      continue;
    }
    if (a == "--") {
      options_ended = true;
      continue;
    }
    std::string name = a, value;
    bool has_value = false;
    if (size_t eq = a.find('='); eq != std::string::npos && a.rfind("--", 0) == 0) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      has_value = true;
    }
    for (const auto& [alias, full] : aliases_) {
      if (name == alias) name = full;
    }
    if (std::find(flags_.begin(), flags_.end(), name) != flags_.end()) {
      if (has_value) return Status::InvalidArgument("l'opzione " + name + " non accetta valori");
      seen_.emplace_back(name, "");
    } else if (std::find(options_.begin(), options_.end(), name) != options_.end()) {
      if (!has_value) {
        if (i + 1 >= args_.size()) return Status::InvalidArgument("l'opzione " + name + " richiede un valore");
        value = args_[++i];
      }
      if (std::find(once_.begin(), once_.end(), name) != once_.end() && Has(name) &&
          Get(name) != value) {
        return Status::InvalidArgument("opzioni in conflitto: " + name + " '" + Get(name) +
                                       "' e " + name + " '" + value + "' (indicarne una sola)");
      }
      seen_.emplace_back(name, value);
    } else {
      std::vector<std::string> known = flags_;
      known.insert(known.end(), options_.begin(), options_.end());
      for (const auto& alias : aliases_) known.push_back(alias.first);
      std::string near = NearestWord(name, known);
      return Status::InvalidArgument(
          "opzione sconosciuta '" + name + "'" +
          (near.empty() ? " (un argomento che inizia con '-' va scritto dopo --)"
                        : ", forse intendevi '" + near + "'?"));
    }
  }
  return Status::OK();
}

bool ArgParser::Has(const std::string& name) const {
  return std::any_of(seen_.begin(), seen_.end(), [&](const auto& p) { return p.first == name; });
}

std::string ArgParser::Get(const std::string& name, const std::string& fallback) const {
  for (auto it = seen_.rbegin(); it != seen_.rend(); ++it) {
    if (it->first == name) return it->second;
  }
  return fallback;
}

std::vector<std::string> ArgParser::GetAll(const std::string& name) const {
  std::vector<std::string> out;
  for (const auto& [n, v] : seen_) {
    if (n == name) out.push_back(v);
  }
  return out;
}

Status ArgParser::GetInt(const std::string& name, long lo, long hi, long fallback, long* value) const {
  *value = fallback;
  if (!Has(name)) return Status::OK();
  const std::string text = Get(name);
  char* end = nullptr;
  errno = 0;
  long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
    return Status::InvalidArgument(name + " richiede un numero intero tra " + std::to_string(lo) +
                                   " e " + std::to_string(hi) + " (ricevuto '" + text + "')");
  }
  *value = v;
  return Status::OK();
}

Status ArgParser::GetFraction(const std::string& name, double* value) const {
  *value = 0;
  if (!Has(name)) return Status::OK();
  const std::string text = Get(name);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  // !(v >= 0 && v <= 1) also refuses "nan".
  if (text.empty() || *end != '\0' || errno == ERANGE || !(v >= 0 && v <= 1)) {
    return Status::InvalidArgument(name + " richiede un numero tra 0 e 1, come 0.85 (ricevuto '" +
                                   text + "')");
  }
  *value = v;
  return Status::OK();
}

std::string NearestWord(const std::string& word, const std::vector<std::string>& candidates) {
  return arbitro::NearestWord(word, candidates);
}

}  // namespace arbitro::cli
