// Air time of the frames the bridge exchanges, from the standards (fc = 13.56 MHz). Every answer window of the
// PN5180 driver and every figure of tools/scan_budget.cpp comes from here; firmware-bridge/README.md cites them.
#pragma once
#include <stdint.h>

namespace fw {
namespace air {

// ISO/IEC 14443-2 8.1 / 14443-3 6.1: 106 kbit/s, one bit = 128/fc = 9.44 us; a standard frame is S, 9 bits a
// byte (8 data + odd parity), E; a short frame (REQA) is S + 7 bits + E.
constexpr uint32_t k14443BitNs = 9440;
inline uint32_t frame14443Us(uint16_t bits) { return (static_cast<uint32_t>(bits) + 2) * k14443BitNs / 1000; }
inline uint16_t bits14443(uint8_t bytes, uint8_t lastBits = 0) {
  return static_cast<uint16_t>(lastBits ? (bytes - 1) * 9 + lastBits + (lastBits == 8 ? 1 : 0) : bytes * 9);
}
// ISO/IEC 14443-3 6.2.1.1: frame delay time PCD->PICC (n * 128 + 84) / fc with n = 9 for REQA and
// anticollision (91.2 us); the card may answer later for other commands (n >= 9): we allow n = 20 (195 us).
constexpr uint32_t k14443FdtUs = 92;
constexpr uint32_t k14443FdtMaxUs = 195;

// ISO/IEC 15693-2 7.2: VCD->VICC 1-out-of-4 coding, 26.48 kbit/s: a byte = 4 x 75.52 us = 302.08 us,
// SOF 75.52 us, EOF 37.76 us.
inline uint32_t request15693Us(uint8_t bytes) { return 76 + static_cast<uint32_t>(bytes) * 30208 / 100 + 38; }
constexpr uint32_t k15693EofUs = 38;
// ISO/IEC 15693-2 8: VICC->VCD high data rate, one subcarrier: a bit = 37.76 us, SOF and EOF 151.04 us each.
constexpr uint32_t answer15693Us(uint8_t bytes) { return 151 + static_cast<uint32_t>(bytes) * 8 * 3776 / 100 + 151; }
// ISO/IEC 15693-3 9.1: t1 (VCD EOF to VICC SOF) 4192/fc min = 309.2 us, 4320/fc nominal = 318.6 us,
// 4448/fc max = 328 us;
// t2 (VICC EOF to next VCD EOF) >= 4192/fc = 309 us; t3 (no answer: VCD EOF to next EOF) >= 4384/fc + SOF.
constexpr uint32_t k15693T1MaxUs = 328;
constexpr uint32_t k15693T1MinUs = 309;  // 4192/fc: the earliest a VICC answers
constexpr uint32_t k15693T2Us = 309;

}  // namespace air
}  // namespace fw
