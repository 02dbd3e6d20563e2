#include "check.h"

namespace check {
std::vector<Case>& cases() {
  static std::vector<Case> all;
  return all;
}
int failures = 0;
std::string vectorsPath = "vectors/protocol-v1.txt";
}  // namespace check

int main(int argc, char** argv) {
  if (argc > 1) check::vectorsPath = argv[1];
  int failedCases = 0;
  for (const auto& c : check::cases()) {
    const int before = check::failures;
    c.fn();
    const bool ok = check::failures == before;
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", c.name);
    failedCases += ok ? 0 : 1;
  }
  std::printf("%zu cases, %d failed, %d failed checks\n", check::cases().size(), failedCases, check::failures);
  return check::failures == 0 ? 0 : 1;
}
