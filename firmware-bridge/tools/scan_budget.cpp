// Scan-cycle budget of the bridge: air time from the ISO standards plus the Mega's SPI overhead, per antenna and
// for whole-table situations. `make budget` prints the table quoted in README.md.
#include <cstdio>

// ---- timing model (milliseconds)
const double kSettle = 2.0 + 0.5 + 1.0;  // RF switch + LOAD_RF_CONFIG/RF_ON + tag power-up after field on
const double kSpi = 0.35;                // register writes, SEND_DATA, IRQ polling per exchange at 4 MHz SPI
// ISO 15693 high data rate: VCD 1-of-4 26.48 kbit/s (37.76 us/bit), VICC 26.69 kbit/s (37.46 us/bit)
const double kVRequest = 5 * 8 * 0.03776 + 0.45;  // flags, INVENTORY, mask len, CRC + SOF/EOF = 1.96
const double kVAnswer = 0.32 + 12 * 8 * 0.03746 + 0.30 + 0.10;  // t1 + 12 bytes + SOF/EOF + READ_DATA = 4.32
const double kVEmptyProbe = kSpi + 2.6;  // SOF window after the request
const double kVEmptySlot = kSpi + 0.8;   // EOF + SOF window
const double kVRound = kSpi + kVRequest + 16 * kVEmptySlot;  // 16 slots, answers added per tag
// ISO 14443A 106 kbit/s (9.44 us/bit with parity); 6 exchanges per card (2 cascade levels x (anticoll, select),
// REQA, HLTA) each with SPI overhead.
const double kCard = 6 * kSpi + 0.3 + 2 * (0.35 + 1.25) + 1.4;  // REQA/ATQA, 2 x (anticoll + select), HLTA wait
const double kCardEmpty = kSpi + 0.3 + 0.6;                    // REQA and its window
const double kCardCollisionStep = kSpi + 0.35;                  // one extra anticollision step per collision

// expected slots (of 16) holding >= 2 of k tags
static double collided(int k) {
  double p0 = 1, p1 = 0;
  for (int i = 0; i < k; i++) p0 *= 15.0 / 16;
  p1 = k * (1.0 / 16);
  for (int i = 0; i < k - 1; i++) p1 *= 15.0 / 16;
  return 16 * (1 - p0 - p1);
}

static double cards(int n) { return kSettle + n * kCard + (n > 1 ? (n - 1) * kCardCollisionStep : 0) + kCardEmpty; }
static double chips(int k) {
  if (k == 0) return kSettle + kVEmptyProbe;
  if (k == 1) return kSettle + kSpi + kVRequest + kVAnswer;
  const double c = collided(k);
  return kSettle + kSpi + kVRequest + kVAnswer + kVRound * (1 + c) + (k + 2 * c) * kVAnswer;
}

struct Table {
  const char* name;
  int seatCards[10], board, burn, muck, bets[10];
};

static void show(const Table& t) {
  double cardMs = 0, chipMs = 0;
  for (int s = 0; s < 10; s++) cardMs += cards(t.seatCards[s]);
  cardMs += cards(t.board) + cards(t.burn) + cards(t.muck) + cards(0);  // + enroll (cards pass)
  for (int b = 0; b < 10; b++) chipMs += chips(t.bets[b]);
  chipMs += chips(0);  // enroll (chips pass)
  const double one = cardMs + chipMs;
  // four PN5180 groups of six antennas scanning side by side: the slowest group sets the cycle (estimate: the
  // card and chip work split evenly over the groups, plus 15% for the shared SPI bus)
  const double four = (one / 4) * 1.15;
  std::printf("| %-44s | %6.0f | %6.0f | %6.0f | %6.0f |\n", t.name, cardMs, chipMs, one, four);
}

int main() {
  std::printf("per antenna (ms): empty card antenna %.1f, seat with 2 cards %.1f, board 5 cards %.1f\n", cards(0),
              cards(2), cards(5));
  std::printf("                  empty chip antenna %.1f, 1 chip %.1f, 4 chips %.1f, 8 chips %.1f\n\n", chips(0),
              chips(1), chips(4), chips(8));
  std::printf("| %-44s | %6s | %6s | %6s | %6s |\n", "table (24 antennas)", "cards", "chips", "1 IC", "4 IC*");
  std::printf("|%s|--------|--------|--------|--------|\n", "----------------------------------------------");
  show({"between hands: nothing on the felt", {0}, 0, 0, 0, {0}});
  show({"preflop, 9 players, blinds in (1 and 2 chips)", {2, 2, 2, 2, 2, 2, 2, 2, 2, 0}, 0, 1, 0, {1, 2}});
  show({"flop, 4 players left, 4 bets of 4 chips", {2, 2, 2, 2, 0, 0, 0, 0, 0, 0}, 3, 1, 5, {4, 4, 4, 4}});
  show({"river all-in, 3 players, 3 stacks of 8 chips", {2, 2, 2, 0, 0, 0, 0, 0, 0, 0}, 5, 3, 7, {8, 8, 8}});
  show({"worst: every zone full (8 chips x 10)", {2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 5, 3, 8, {8, 8, 8, 8, 8, 8, 8, 8, 8, 8}});
  return 0;
}
