// Renders a FrameRecord as its protocol v1 line: `$<seq>,<TYPE>[,<field>...]*<CRC>\n`.
#pragma once
#include <stdint.h>
#include "frame_ring.h"
#include "presence.h"

namespace fw {

// Writes the line (NUL-terminated) into `out` (kMaxFrame + 1 bytes) and returns its length. INV lists the
// `n` tags of `inv`; HELLO carries proto 1, kFirmwareVersion, `deviceId`, `bootId` (4 hex digits), kAntennas.
uint8_t renderFrame(const FrameRecord& r, uint16_t bootId, const char* deviceId, const TagSlot* const* inv,
                    uint8_t n, char* out);

// Small append-only text builder over a fixed buffer (never writes past kMaxFrame).
class LineBuilder {
 public:
  explicit LineBuilder(char* buf) : buf_(buf) {}
  LineBuilder& ch(char c);
  LineBuilder& str(const char* s);
  LineBuilder& dec(uint32_t v);
  LineBuilder& hex(uint32_t v, uint8_t digits);
  LineBuilder& uid(const uint8_t* uid, uint8_t len);
  // Appends `*CRC\n` over everything after the leading '$' and NUL-terminates; returns the length.
  uint8_t finish();

 private:
  char* buf_;
  uint8_t len_ = 0;
};

}  // namespace fw
