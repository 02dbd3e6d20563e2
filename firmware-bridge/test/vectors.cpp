#include "vectors.h"
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

std::string bytesLiteral(const std::string& lit) {
  if (lit.size() < 3 || lit.compare(0, 2, "b'") != 0 || lit.back() != '\'') throw std::runtime_error("not b'': " + lit);
  std::string out;
  for (size_t i = 2; i + 1 < lit.size(); i++) {
    char c = lit[i];
    if (c != '\\') {
      out += c;
      continue;
    }
    char e = lit[++i];
    switch (e) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case '0': out += '\0'; break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case 'x':
        out += static_cast<char>(std::strtol(lit.substr(i + 1, 2).c_str(), nullptr, 16));
        i += 2;
        break;
      default: throw std::runtime_error("unknown escape in " + lit);
    }
  }
  return out;
}

static std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  if (!s.empty() && s.back() == sep) out.push_back("");
  return out;
}

std::vector<Vector> loadVectors(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<Vector> out;
  std::string text;
  int n = 0;
  while (std::getline(in, text)) {
    n++;
    if (text.empty() || text[0] == '#') continue;
    const auto cols = split(text, '\t');
    Vector v;
    v.line = n;
    v.bytes = bytesLiteral(cols.at(1));
    const std::string& verdict = cols.at(0);
    if (verdict == "valid") {
      v.kind = "valid";
      v.note = cols.at(2);
    } else if (verdict.compare(0, 8, "invalid:") == 0) {
      v.kind = "invalid";
      v.cause = verdict.substr(8);
      v.note = cols.at(2);
    } else if (verdict == "stream") {
      v.kind = "stream";
      for (const auto& item : split(cols.at(2), ' ')) {
        const auto eq = item.find('=');
        const std::string k = item.substr(0, eq), val = item.substr(eq + 1);
        if (k == "frames") {
          if (!val.empty())
            for (const auto& s : split(val, ',')) v.frames.push_back(std::atol(s.c_str()));
        } else {
          v.counts[k] = std::atol(val.c_str());
        }
      }
      v.note = cols.at(3);
    } else {
      throw std::runtime_error("unknown verdict at line " + std::to_string(n));
    }
    out.push_back(v);
  }
  return out;
}
