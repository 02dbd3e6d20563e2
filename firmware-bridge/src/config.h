// Build-time sizing of the bridge. Every table is static: no heap on an 8 KB AVR.
#pragma once
#include <stdint.h>

#ifndef FW_ANTENNAS
#define FW_ANTENNAS 24
#endif

namespace fw {

constexpr uint8_t kAntennas = FW_ANTENNAS;
// An INV frame must fit 160 bytes: "$65535,INV,23," (14) + 8 x "E004015012345678 " (136, last without space)
// + "*XXXX\n" (6) = 155. So an antenna tracks at most 8 tags; a 9th raises ERR,<a>,OVERRUN.
constexpr uint8_t kMaxTagsPerAntenna = 8;
constexpr uint8_t kUidMaxBytes = 8;
constexpr uint8_t kRingFrames = 128;  // protocol: keep at least the last 128 frames for RESEND
constexpr uint8_t kMaxFrame = 160;    // '$' to '\n' inclusive
constexpr uint16_t kHeartbeatMs = 1000;
constexpr uint16_t kInventoryMs = 5000;
// Presence debounce: a tag is announced (TAG) after being read in kLatchOnReads consecutive scans of its
// antenna, and withdrawn (GONE) only after kLatchOffMs without a read (a card slid across the felt, a hand
// hovering over a chip stack, a missed read in RF noise do not flap).
constexpr uint8_t kLatchOnReads = 2;
constexpr uint16_t kLatchOffMs = 400;
constexpr const char* kFirmwareVersion = "1.0.0";

}  // namespace fw
