// Reads ../vectors/protocol-v1.txt, the golden frames shared with the TypeScript tests (same format rules).
#pragma once
#include <map>
#include <string>
#include <vector>

struct Vector {
  std::string kind;   // valid | invalid | stream
  std::string cause;  // invalid only
  std::string bytes;
  std::vector<long> frames;            // stream only
  std::map<std::string, long> counts;  // stream only
  std::string note;
  int line;
};

std::vector<Vector> loadVectors(const std::string& path);

// Decodes a Python-style bytes literal b'...'.
std::string bytesLiteral(const std::string& lit);
