// Renders a FrameRecord as its protocol v1 line: `$<seq>,<TYPE>[,<field>...]*<CRC>\n`.
#pragma once
#include <stdint.h>
#include "frame_ring.h"
#include "presence.h"

namespace fw {

// Writes the line (NUL-terminated) into `out` (kMaxFrame + 1 bytes) and returns its length. INV lists the
// antenna's reported tags in `presence` now (one frame up to kUidsOneFrame, else part r.arg of
// ceil(n / kUidsPerPart) with a `k/n` field); HELLO carries kProtocolVersion, kFirmwareVersion, `deviceId`,
// `bootId` (4 hex digits), kAntennas; CLR the antenna whose fault cleared.
uint8_t renderFrame(const FrameRecord& r, uint16_t bootId, const char* deviceId, const Presence& presence, char* out);
// How many INV frames an antenna with `n` reported tags takes.
inline uint8_t inventoryParts(uint8_t n) {
  return n <= kUidsOneFrame ? 1 : static_cast<uint8_t>((n + kUidsPerPart - 1) / kUidsPerPart);
}

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
