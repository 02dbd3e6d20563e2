#include "crc16.h"

namespace fw {

// CRC-16/CCITT (polynomial 0x1021, MSB first) a byte at a time without a table: the polynomial's terms x^12, x^5,
// 1 applied to the byte's top and bottom nibbles at once (the same result as 8 shift-and-xor steps, in about a
// quarter of the AVR's cycles: every frame's CRC is computed while the chip readers' slots wait)
uint16_t crc16Update(uint16_t crc, uint8_t byte) {
  uint8_t x = static_cast<uint8_t>((crc >> 8) ^ byte);
  x ^= static_cast<uint8_t>(x >> 4);
  return static_cast<uint16_t>((crc << 8) ^ (static_cast<uint16_t>(x) << 12) ^ (static_cast<uint16_t>(x) << 5) ^ x);
}

uint16_t crc16(const char* data, uint16_t len) {
  uint16_t crc = 0xFFFF;
  for (uint16_t i = 0; i < len; i++) crc = crc16Update(crc, static_cast<uint8_t>(data[i]));
  return crc;
}

}  // namespace fw
