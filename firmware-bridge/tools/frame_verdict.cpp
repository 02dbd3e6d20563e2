// Reads bytes on stdin through the firmware's LineReader and prints what it made of them, one line each:
// "F <seq> <TYPE> <field count>" for a frame, "R <cause>" for a rejection, then "N <noise bytes>".
// The TypeScript tests feed the same bytes to the service's parser and compare (test/bridge/crosscheck.test.ts).
#include <cstdio>
#include "line_reader.h"

int main() {
  fw::LineReader r;
  uint32_t before[5] = {};
  int c;
  while ((c = std::getchar()) != EOF) {
    if (r.feed(static_cast<uint8_t>(c))) std::printf("F %u %s %u\n", r.frame().seq, r.frame().type, r.frame().fieldCount);
    for (uint8_t k = 0; k < 5; k++) {
      const uint32_t now = r.count(static_cast<fw::Reject>(k));
      if (now != before[k]) std::printf("R %s\n", fw::rejectName(static_cast<fw::Reject>(k)));
      before[k] = now;
    }
  }
  std::printf("N %u\n", r.noise());
  return 0;
}
