// Scan budget of the bridge in the firmware's own timing model: the real ISO 15693 inventory (src/iso15693.cpp) and
// ISO 14443A anticollision (src/iso14443a.cpp) run against simulated fields whose exchanges cost what src/airtime.h
// (ISO air time, the same constants as the driver's answer windows) and the Mega's SPI overhead say. `make budget`
// prints the figures quoted in README.md; the simavr bench (test/bench-avr/pn5180) measures the same situations.
#include <cstdio>
#include <random>
#include <vector>
#include "airtime.h"
#include "iso14443a.h"
#include "iso15693.h"

using namespace fw;

// Mega 2560 host interface cost of one exchange (IRQ_CLEAR, SYSTEM_CONFIG x2, SEND_DATA, IRQ_STATUS polls,
// RX_STATUS, READ_DATA, TX_CONFIG writes; 4 MHz SPI plus digitalWrite): about 0.35 ms, in the emulated run too.
const double kSpiMs = 0.35;
const double kFieldOnMs = 0.6;   // READ_EEPROM, LOAD_RF_CONFIG, TX_CONFIG read, CRC, RF_ON + TX_RFON_IRQ
const double kMarginMs = 0.15;   // the driver's window margin, spent on every slot nobody answers
const double kSettle14443 = 5.1, kSettle15693 = 1.0;

struct Costed : Iso15693Air {
  std::vector<uint64_t> tags;
  double ms = 0;
  int maskLen = 0, slot = 0;
  uint64_t mask = 0;
  bool lastAnswered = true;
  Slot answer(uint8_t uid[8], double txMs) {
    int n = 0;
    uint64_t who = 0;
    const uint64_t low = maskLen ? (1ull << maskLen) - 1 : 0;
    for (uint64_t t : tags)
      if ((t & low) == mask && (slot < 0 || ((t >> maskLen) & 0xF) == static_cast<uint64_t>(slot))) n++, who = t;
    const double guard = lastAnswered ? air::k15693T2Us / 1000.0 : 0;
    if (n == 0) {
      ms += kSpiMs + guard + txMs + (air::k15693T1MaxUs + 151) / 1000.0 + kMarginMs;
      lastAnswered = false;
      return Slot::Empty;
    }
    ms += kSpiMs + guard + txMs + 0.319 + air::answer15693Us(12) / 1000.0 + 0.1;  // + READ_DATA
    lastAnswered = true;
    if (n > 1) return Slot::Collision;
    for (int i = 0; i < 8; i++) uid[i] = static_cast<uint8_t>(who >> (8 * i));
    return Slot::One;
  }
  Slot inventoryStart(uint8_t len, uint64_t m, uint8_t uid[8]) override {
    maskLen = len, mask = m, slot = 0;
    return answer(uid, air::request15693Us(static_cast<uint8_t>(3 + (len + 7) / 8 + 2)) / 1000.0);
  }
  Slot inventoryOne(uint8_t uid[8]) override {
    maskLen = 0, mask = 0, slot = -1;
    return answer(uid, air::request15693Us(5) / 1000.0);
  }
  Slot nextSlot(uint8_t uid[8]) override {
    slot++;
    return answer(uid, air::k15693EofUs / 1000.0);
  }
};

struct Null : TagSink {
  bool tag(const uint8_t*, uint8_t) override { return true; }
};

// ms to read a stack of k chips (mean of 200 random stacks), field on and settle included
static double chips(int k) {
  std::mt19937_64 rng(k);
  double sum = 0;
  for (int run = 0; run < 200; run++) {
    Costed f;
    for (int i = 0; i < k; i++) f.tags.push_back(0xE004015000000000ull | (rng() & 0xFFFFFFFFull));
    Null sink;
    inventory15693(f, sink);
    sum += f.ms;
  }
  return kFieldOnMs + kSettle15693 + sum / 200;
}

// ms to read n cards (7-byte UIDs): per card REQA, anticollision + SELECT at two cascade levels, HLTA; then the REQA
// nobody answers. Air from airtime.h (SELECT 9 bytes = 0.78 ms on air + FDT 91 us + SAK).
static double cards(int n, bool settleHidden) {
  using namespace air;
  const double fdt = k14443FdtUs / 1000.0;
  const double reqa = kSpiMs + (frame14443Us(7) + frame14443Us(bits14443(2))) / 1000.0 + fdt;
  const double reqaEmpty = kSpiMs + (frame14443Us(7) + k14443FdtMaxUs + 150 + frame14443Us(bits14443(2)) + 150) / 1000.0;
  const double anticoll = kSpiMs + (frame14443Us(bits14443(2)) + frame14443Us(45)) / 1000.0 + fdt + 0.1;
  const double select = kSpiMs + (frame14443Us(bits14443(9)) + frame14443Us(bits14443(3))) / 1000.0 + fdt + 0.1;
  const double hlta = kSpiMs + (frame14443Us(bits14443(4)) + k14443FdtMaxUs + 150) / 1000.0;
  const double collisionStep = n > 1 ? (n - 1) * anticoll : 0;  // one more anticollision per card sharing a prefix
  return kFieldOnMs + (settleHidden ? 0 : kSettle14443) + n * (reqa + 2 * (anticoll + select) + hlta) + collisionStep +
         reqaEmpty;
}

int main() {
  std::printf("per antenna (ms): empty card antenna %.1f (settle overlapped: %.1f), seat with 2 cards %.1f, board 5 cards %.1f\n",
              cards(0, false), cards(0, true), cards(2, true), cards(5, true));
  std::printf("                  empty chip antenna %.1f, 1 chip %.1f, 8 chips %.1f, 40 chips %.1f, 60 chips %.1f, 100 chips %.1f\n\n",
              chips(0), chips(1), chips(8), chips(40), chips(60), chips(100));
  // Situations. Card antennas: 10 seats, board, burn, muck (13); chip antennas: 10 betting zones (+ pot if wired).
  struct Sit {
    const char* name;
    int seat, board, burn, muck, bet, pot;
  } sits[] = {
      {"between hands: nothing on the felt", 0, 0, 0, 0, 0, 0},
      {"preflop, 10 seats dealt, blinds (1 + 2 chips)", 2, 0, 0, 0, 2, 0},
      {"river: board, 3 burns, 10-card muck, 8-chip bets", 2, 5, 3, 10, 8, 0},
      {"full table: 40-chip stacks in 10 zones + 100 in a pot", 2, 5, 3, 10, 40, 100},
  };
  std::printf("| %-54s | card pass | chip pass | worst card gap | full cycle, 1 bus | chip rounds lockstep | 4 IC lockstep* |\n", "situation (24 antennas, 4 PN5180)");
  std::printf("|%s|-----------|-----------|----------------|-------------------|----------------------|----------------|\n",
              "--------------------------------------------------------");
  for (const Sit& s : sits) {
    // two card readers alternate, each antenna's field settling while the other reader works
    const double cardPass = 10 * cards(s.seat, true) + cards(s.board, true) + cards(s.burn, true) + cards(s.muck, true);
    const double chipPass = 10 * chips(s.bet) + (s.pot ? chips(s.pot) : 0) + chips(0);  // + enroll
    // the scheduler alternates chip rounds and overdue card antennas: a card antenna waits at most one card pass
    // plus the chip rounds interleaved with it (about as long again when the chips are busy)
    const double worstGap = chipPass > 0 ? 2 * cardPass : cardPass;
    const double cycle = cardPass + chipPass;
    // not implemented: the four readers exchanging side by side (the MCU starts each, then polls): air overlaps,
    // SPI does not; the chip work splits over readers 2 and 3 and the cards over 0 and 1
    const double lockstep = (cycle / 2) * 1.15;
    // implemented (BoardHal::lockstep): the two chip readers' 16-slot rounds side by side, the cards in series;
    // (reader 2: five zones and the pot, reader 3: five zones and the enroll pad); SPI does not overlap (+15%)
    const double r2 = 5 * chips(s.bet) + (s.pot ? chips(s.pot) : 0), r3 = 5 * chips(s.bet) + chips(0);
    const double paired = cardPass + (r2 > r3 ? r2 : r3) * 1.15;
    std::printf("| %-54s | %9.0f | %9.0f | %14.0f | %17.0f | %20.0f | %14.0f |\n", s.name, cardPass, chipPass, worstGap, cycle,
                paired, lockstep);
  }
  const double push40 = chips(40);
  std::printf("\n40-chip push in the focused betting zone: one inventory %.0f ms; reported after %.0f-%.0f ms (the push may "
              "land mid-inventory: that one reads part of it, the next all of it)\n",
              push40, push40, 2 * push40);
  std::printf("largest push reported within 300 ms (two inventories): ");
  int k = 1;
  while (2 * chips(k + 1) < 300) k++;
  std::printf("%d chips\n", k);
  return 0;
}
