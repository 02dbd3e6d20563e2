// A minimal host test harness: CHECK records a failure with its place and carries on; main() returns the count.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

namespace check {
struct Case {
  const char* name;
  void (*fn)();
};
std::vector<Case>& cases();
extern int failures;
extern std::string vectorsPath;
struct Register {
  Register(const char* name, void (*fn)()) { cases().push_back({name, fn}); }
};
}  // namespace check

#define TEST(name)                                        \
  static void name();                                     \
  static check::Register reg_##name(#name, &name);        \
  static void name()

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "  FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);   \
      check::failures++;                                                       \
    }                                                                          \
  } while (0)

#define CHECK_EQ(a, b)                                                                         \
  do {                                                                                         \
    const auto va = (a);                                                                       \
    const auto vb = (b);                                                                       \
    if (!(va == vb)) {                                                                         \
      std::fprintf(stderr, "  FAIL %s:%d: %s == %s\n    got: %s\n    want: %s\n", __FILE__, __LINE__, #a, #b, \
                   check::show(va).c_str(), check::show(vb).c_str());                          \
      check::failures++;                                                                       \
    }                                                                                          \
  } while (0)

namespace check {
inline std::string show(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '\n') o += "\\n";
    else if (c == '\r') o += "\\r";
    else o += c;
  }
  return "\"" + o + "\"";
}
inline std::string show(const char* s) { return show(std::string(s)); }
template <typename T>
std::string show(const T& v) {
  return std::to_string(v);
}
}  // namespace check
