// CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor): crc("123456789") = 0x29B1.
#pragma once
#include <stdint.h>

namespace fw {
uint16_t crc16Update(uint16_t crc, uint8_t byte);
uint16_t crc16(const char* data, uint16_t len);
}  // namespace fw
