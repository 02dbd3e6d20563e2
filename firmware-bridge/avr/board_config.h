// The board: what each antenna reads and which PN5180 drives it. Must agree with the table's hardware file
// (hardware/tables/table-10.json: `readers` and each antenna's `reader`; test/bridge/benchAvr.test.ts checks it).
// Antennas 0-9 are seats (two hole cards, ISO 14443A NTAG), 10-19 betting zones (chip stacks, ISO 15693),
// 20 board, 21 burn, 22 muck (cards), 23 enroll (cards and chips: both air interfaces, one after the other).
#pragma once
#include <stdint.h>

enum AntennaKind : uint8_t { kCards = 1, kChips = 2, kBoth = 3 };

static constexpr uint8_t kAntennaKind[24] = {
    kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards,  // seats 0-9
    kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips,  // bets 0-9
    kCards, kCards, kCards, kBoth,                                                   // board, burn, muck, enroll
};

// Seven PN5180 on the one SPI bus (SCK 52, MOSI 51, MISO 50), each with its own NSS and BUSY line and its own
// RF switch (3 select lines: 8 ports) and its own RST. Reader r drives the antennas whose kReaderOf is r; the
// antenna's port on that switch is its rank among them. Five chip readers of 2 betting zones each: a zone waits for
// one neighbour's inventory at most (issue 26 (c): no zone unread over 600 ms; with four readers of 2, 3, 2, 3
// zones, the zone read last after a push in a 3-zone reader's middle waited for the push and its other neighbour,
// 610-627 ms in 2 of 24 seeds of scan11).
static const uint8_t kReaders = 7;
static constexpr uint8_t kReaderOf[24] = {
    0, 0, 0, 0, 0, 1, 1, 1, 1, 1,  // seats 1-5 on reader 0, seats 6-10 on reader 1
    2, 2, 3, 3, 4, 4, 5, 5, 6, 6,  // bets 1-2 on reader 2, 3-4 on reader 3, 5-6 on reader 4, 7-8 on 5, 9-10 on 6
    0, 1, 1, 0,  // board, burn, muck, enroll: card antennas on the card readers (a chip reader is held by a stack's
};               // inventory for up to ~1.5 s, its card antenna unread); the muck (up to 20 cards) beside the burn and
                 // the board (FOCUS: read twice as often) beside the enroll pad: ~20 cards a pass on each card reader
// Readers 0 .. kCardReaders - 1 drive the card antennas: their reads run in the background (BoardHal::pump).
static const uint8_t kCardReaders = 2;
// Reader 1 drives cards only (seats 6-10, burn, muck): it keeps no chip inventory's state (BoardHal::inv).
static const uint8_t kCardsOnlyReader = 1;
constexpr bool chipsOnReader(uint8_t r, uint8_t a = 0) {
  return a < 24 && ((kReaderOf[a] == r && (kAntennaKind[a] & kChips)) || chipsOnReader(r, static_cast<uint8_t>(a + 1)));
}
static_assert(!chipsOnReader(kCardsOnlyReader), "a chip antenna on the cards-only reader: give it an inventory");
static_assert(chipsOnReader(0) && chipsOnReader(2), "the enroll pad (reader 0) and the chip readers inventory chips");
static const uint8_t kPinNss[kReaders] = {53, 47, 46, 45, 30, 31, 9};
static const uint8_t kPinBusy[kReaders] = {49, 44, 43, 42, 28, 29, 67};
static const uint8_t kPinReset[kReaders] = {48, 41, 40, 39, 38, 4, 68};
// RF switch select lines: reader 0 PORTA 0-2 (pins 22-24), 1 PORTA 3-5 (25-27), 2 PORTC 0-2 (37-35), 3 PORTC 3-5
// (34-32), 4 PORTH 3-5 (6-8), 5 PORTB 4-6 (10-12), 6 PORTK 2-4 (A10-A12; its BUSY and RST on A13 and A14: Serial1-3
// and the INTn pins stay free)
static const uint8_t kSwitchShift[kReaders] = {0, 3, 0, 3, 3, 4, 2};

// Face sensors: seat antennas only, on A0-A9. Card faces are white, backs carry IR-absorbing ink: a face-down
// card shows its face to the sensor under the felt (bright), a face-up card its back (dark).
static const uint8_t kFaceSensors = 10;
static const int kFaceThreshold = 512;  // ADC counts; calibrate per table (enroll flow)
static const int kNoCard = 80;          // below this, nothing over the sensor
