// Build-time sizing of the bridge. Every table is static: no heap on an 8 KB AVR.
#pragma once
#include <stdint.h>

#ifndef FW_ANTENNAS
#define FW_ANTENNAS 24
#endif
#ifndef FW_POOL_TAGS
#define FW_POOL_TAGS 384
#endif

namespace fw {

constexpr uint8_t kProtocolVersion = 2;
constexpr const char* kFirmwareVersion = "2.0.0";
constexpr uint8_t kAntennas = FW_ANTENNAS;
static_assert(FW_ANTENNAS <= 32, "antenna sets are 32-bit masks");
// Tags are kept in one pool shared by all antennas (a chip stack in one zone, nothing in the next): 8 bytes a tag
// (the UID's last 4 bytes, an index into kPrefixes shared prefixes, state), 384 tags in 3,072 bytes.
constexpr uint16_t kPoolTags = FW_POOL_TAGS;
constexpr uint8_t kPrefixes = 16;  // distinct UID prefixes (length + first 0/3/4 bytes) a pool holds at once
// One antenna holds at most this many tags (a pot, a tall stack); more raise ERR,<a>,OVERRUN once.
constexpr uint8_t kMaxTagsPerAntenna = 120;
// Protocol v2 INV: up to 8 UIDs fit one frame ("$65535,INV,23," + 8 x 17 - 1 + "*XXXX\n" = 155 bytes); a longer
// inventory goes in parts of 7 with a `k/n` field (14 + 7 x 17 - 1 + ",15/18" + 6 = 144 bytes).
constexpr uint8_t kUidsOneFrame = 8;
constexpr uint8_t kUidsPerPart = 7;
constexpr uint8_t kUidMaxBytes = 8;
constexpr uint8_t kRingFrames = 128;  // protocol: keep at least the last 128 frames for RESEND
constexpr uint8_t kMaxFrame = 160;    // '$' to '\n' inclusive
constexpr uint16_t kHeartbeatMs = 1000;
constexpr uint16_t kInventoryMs = 5000;
// Presence debounce: a tag read by a clean scan of its antenna (complete, no collision, overrun or foreign tag) is
// announced (TAG) at once; where the readings disagree (the scan was not clean, or the UID is held on another
// antenna too: a card slid across the felt) a card takes kLatchOnReads consecutive scans, an ISO 15693 chip
// kLatchOnReadsChips (its answer carries a CRC-16). Withdrawn (GONE) only after kLatchOffMs without a read.
constexpr uint8_t kLatchOnReads = 2;
constexpr uint8_t kLatchOnReadsChips = 1;
constexpr uint16_t kLatchOffMs = 400;
static_assert(kLatchOnReadsChips == 1, "chips are reported while their inventory runs (Presence::reportFresh)");
// A chip read while its zone's inventory goes on is reported at once (TAG) while the ring of unacknowledged frames
// keeps this many free; else the inventory's end reports it (an INV when more than 7 changed).
constexpr uint8_t kEarlyRoom = 64;
// Chips reported that way in one turn of the bridge's loop (the scheduler runs between turns).
constexpr uint8_t kFreshPerLoop = 2;
// Scheduler (bridge.cpp): each antenna is due after its period; the most overdue (elapsed / period) is read next.
constexpr uint16_t kCardPeriodMs = 200;   // target: every card antenna read at least every 250 ms
constexpr uint16_t kFocusPeriodMs = 60;   // card antennas named by FOCUS (the board)
// a chip antenna named by FOCUS (the seat to act's betting zone): probed again 20 ms after its last read, so that a
// push waits for no more than that (and the 1 ms settle) before its inventory starts, not up to 60 ms (issue 26 (b):
// the push's spread over seeds was mostly that wait); an empty zone's probe is ~2 ms of air and 4 SPI frames
constexpr uint16_t kFocusChipPeriodMs = 20;
// other chip antennas: read again 400 ms after their last read, so that a zone waits for at most that and its
// reader's other zones (issue 26 (c): 600 ms was the target itself, a zone went unread 600 ms and more whenever its
// reader was busy when it fell due); a full table is bound by its air time (its readers never idle), not by this
constexpr uint16_t kChipPeriodMs = 400;
// a card antenna is not read again sooner than this after its last read
constexpr uint16_t kCardRestMs = 150;
constexpr uint16_t kRoundPeriodMs = 40;   // an ISO 15693 inventory under way: its next 16-slot round

}  // namespace fw
