// Tag sets for the anticollision tests (test_readers.cpp, test_iso14443a.cpp): UIDs as hex text, and a sink that
// collects reads like the bridge's presence table does.
#pragma once
#include <cstdio>
#include <set>
#include <string>
#include "presence.h"

namespace fw_test {
inline std::string hex(const uint8_t* b, uint8_t n) {
  std::string s;
  char t[3];
  for (uint8_t i = 0; i < n; i++) std::snprintf(t, sizeof t, "%02X", b[i]), s += t;
  return s;
}

// Collects reads like the bridge's presence table does (duplicates once), up to `max`.
struct SetSink : fw::TagSink {
  explicit SetSink(size_t m) : max(m) {}
  size_t max;
  std::set<std::string> got;
  bool tag(const uint8_t* uid, uint8_t len) override {
    const std::string h = hex(uid, len);
    if (got.count(h)) return true;
    if (got.size() == max) return false;
    got.insert(h);
    return true;
  }
};
}  // namespace fw_test
