// What each antenna reads. Must agree with the table's hardware file (hardware/tables/*.json): antennas 0-9 are
// seats (two hole cards, ISO 14443A NTAG), 10-19 betting zones (chip stacks, ISO 15693), 20 board, 21 burn,
// 22 muck (cards), 23 enroll (cards and chips: both air interfaces, one after the other).
#pragma once
#include <stdint.h>

enum AntennaKind : uint8_t { kCards = 1, kChips = 2, kBoth = 3 };

static const uint8_t kAntennaKind[24] = {
    kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards, kCards,  // seats 0-9
    kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips, kChips,  // bets 0-9
    kCards, kCards, kCards, kBoth,                                                   // board, burn, muck, enroll
};

// Face sensors: seat antennas only, on A0-A9. Card faces are white, backs carry IR-absorbing ink: a face-down
// card shows its face to the sensor under the felt (bright), a face-up card its back (dark).
static const uint8_t kFaceSensors = 10;
static const int kFaceThreshold = 512;  // ADC counts; calibrate per table (enroll flow)
static const int kNoCard = 80;          // below this, nothing over the sensor

// Pins: PN5180 NSS 53 (SS), BUSY 49, RST 48; RF switch selects on PORTA (22-26); field settle after switching.
static const uint8_t kPinNss = 53, kPinBusy = 49, kPinReset = 48;
static const uint8_t kSettleMs = 2;
