// The bridge's view of its board: time, the serial link, the antenna multiplexer, the reader IC and the optional
// face sensor. bridge.cpp uses nothing else, so the protocol and scan logic compile and run on the host.
#pragma once
#include <stdint.h>
#include "presence.h"

namespace fw {

enum class ReadStatus : uint8_t { Ok, Timeout, Short, Collision };

class Hal {
 public:
  virtual uint32_t millis() = 0;
  // Next byte from the service, or -1 when none is waiting.
  virtual int serialRead() = 0;
  virtual void serialWrite(const char* data, uint8_t len) = 0;
  // Routes the reader IC to antenna `a` (RF switch tree) and lets the field settle.
  virtual void selectAntenna(uint8_t a) = 0;
  // Inventories the selected antenna: up to `max` UIDs into `out`, count in `n`.
  virtual ReadStatus readTags(TagRead* out, uint8_t max, uint8_t& n) = 0;
  // 'U' or 'D' from the antenna's optical sensor, '-' where there is none.
  virtual uint8_t face(uint8_t antenna) {
    (void)antenna;
    return '-';
  }
  virtual ~Hal() {}
};

}  // namespace fw
