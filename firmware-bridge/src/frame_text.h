// Renders a FrameRecord as its protocol v1 line: `$<seq>,<TYPE>[,<field>...]*<CRC>\n`.
#pragma once
#include <stdint.h>
#include "frame_ring.h"
#include "hal.h"
#include "presence.h"

namespace fw {

// Writes the line (NUL-terminated) into `out` (kMaxFrame + 1 bytes) and returns its length. INV lists the
// antenna's reported tags in `presence` now (one frame up to kUidsOneFrame, else part r.arg of
// ceil(n / kUidsPerPart) with a `k/n` field); HELLO carries kProtocolVersion, kFirmwareVersion, `deviceId`,
// `bootId` (4 hex digits), kAntennas; CLR the antenna whose fault cleared. `idle`: pumped between the UIDs of an
// INV and every 32 bytes of the CRC (an INV part of 7 UIDs is ~0.3 ms of the AVR's time: the chip readers' slots
// go on meanwhile).
uint8_t renderFrame(const FrameRecord& r, uint16_t bootId, const char* deviceId, const Presence& presence, char* out,
                    Hal* idle = nullptr);
// How many INV frames an antenna with `n` reported tags takes.
inline uint8_t inventoryParts(uint8_t n) {
  return n <= kUidsOneFrame ? 1 : static_cast<uint8_t>((n + kUidsPerPart - 1) / kUidsPerPart);
}

// Small append-only text builder over a fixed buffer (never writes past kMaxFrame).
class LineBuilder {
 public:
  explicit LineBuilder(char* buf, Hal* idle = nullptr) : buf_(buf), idle_(idle) {}
  LineBuilder& ch(char c);
  LineBuilder& str(const char* s);
  LineBuilder& dec(uint32_t v);
  LineBuilder& hex(uint32_t v, uint8_t digits);
  LineBuilder& uid(const uint8_t* uid, uint8_t len);
  // Appends `*CRC\n` over everything after the leading '$' and NUL-terminates; returns the length.
  uint8_t finish();
  void idle() {
    if (idle_) idle_->pump();
  }

 private:
  char* buf_;
  Hal* idle_;
  uint8_t len_ = 0;
};

}  // namespace fw
