// The board: what each antenna reads and which PN5180 drives it. Must agree with the table's hardware file
// (hardware/tables/table-10.json: `readers` and each antenna's `reader`; test/bridge/benchAvr.test.ts checks it).
// Antennas 0-9 are seats (two hole cards, ISO 14443A NTAG), 10-19 betting zones (chip stacks, ISO 15693),
// 20 board, 21 burn, 22 muck (cards), 23 enroll (cards and chips: both air interfaces, one after the other).
#pragma once
#include <stdint.h>

enum AntennaKind : uint8_t { kCards = 1, kChips = 2, kBoth = 3 };

static const uint8_t kAntennaKind[24] = {
    kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards,  // seats 0-9
    kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips,  // bets 0-9
    kCards, kCards, kCards, kBoth,                                                   // board, burn, muck, enroll
};

// Six PN5180 on the one SPI bus (SCK 52, MOSI 51, MISO 50), each with its own NSS and BUSY line and its own
// RF switch (3 select lines: 8 ports) and its own RST. Reader r drives the antennas whose kReaderOf is r; the
// antenna's port on that switch is its rank among them. Four chip readers for the 10 betting zones (2, 3, 2, 3
// zones): a zone waits for at most 2 neighbours' inventories, not 4 (issue 26: no zone unread over 600 ms).
static const uint8_t kReaders = 6;
static const uint8_t kReaderOf[24] = {
    0, 0, 0, 0, 0, 1, 1, 1, 1, 1,  // seats 1-5 on reader 0, seats 6-10 on reader 1
    2, 2, 3, 3, 3, 4, 4, 5, 5, 5,  // bets 1-2 on reader 2, 3-5 on reader 3, 6-7 on reader 4, 8-10 on reader 5
    0, 1, 1, 0,  // board, burn, muck, enroll: card antennas on the card readers (a chip reader is held by a stack's
};               // inventory for up to ~1.5 s, its card antenna unread); the muck (up to 20 cards) beside the burn and
                 // the board (FOCUS: read twice as often) beside the enroll pad: ~20 cards a pass on each card reader
// Readers 0 .. kCardReaders - 1 drive the card antennas: their reads run in the background (BoardHal::pump).
static const uint8_t kCardReaders = 2;
static const uint8_t kPinNss[kReaders] = {53, 47, 46, 45, 30, 31};
static const uint8_t kPinBusy[kReaders] = {49, 44, 43, 42, 28, 29};
static const uint8_t kPinReset[kReaders] = {48, 41, 40, 39, 38, 4};
// RF switch select lines: reader 0 PORTA 0-2 (pins 22-24), 1 PORTA 3-5 (25-27), 2 PORTC 0-2 (37-35), 3 PORTC 3-5
// (34-32), 4 PORTH 3-5 (6-8), 5 PORTB 4-6 (10-12)
static const uint8_t kSwitchShift[kReaders] = {0, 3, 0, 3, 3, 4};

// Face sensors: seat antennas only, on A0-A9. Card faces are white, backs carry IR-absorbing ink: a face-down
// card shows its face to the sensor under the felt (bright), a face-up card its back (dark).
static const uint8_t kFaceSensors = 10;
static const int kFaceThreshold = 512;  // ADC counts; calibrate per table (enroll flow)
static const int kNoCard = 80;          // below this, nothing over the sensor
