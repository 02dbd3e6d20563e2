// Presence debounce per antenna: latch-on after kLatchOnReads consecutive reads, latch-off after kLatchOffMs unseen.
#pragma once
#include <stdint.h>
#include "config.h"

namespace fw {

struct TagSlot {
  uint8_t uid[kUidMaxBytes];
  uint8_t uidLen;  // 0 = free slot
  uint8_t hits;    // consecutive scans that read it, capped
  uint8_t face;    // 'U', 'D' or '-'
  uint8_t reported;
  uint16_t lastSeen;  // low 16 bits of millis(): latch-off spans are far below 65 s
};

class PresenceSink {
 public:
  virtual void tagArrived(uint8_t antenna, const TagSlot& t) = 0;
  virtual void tagLeft(uint8_t antenna, const TagSlot& t) = 0;
  virtual void antennaOverrun(uint8_t antenna) = 0;
};

struct TagRead {
  uint8_t uid[kUidMaxBytes];
  uint8_t uidLen;
};

class Presence {
 public:
  // One scan of `antenna` read these tags at `now`; announces what latched on or off.
  void scanned(uint8_t antenna, const TagRead* reads, uint8_t n, uint8_t face, uint32_t now, PresenceSink& sink);
  // Reported tags on an antenna (what INV lists); returns the count written to `out`.
  uint8_t reported(uint8_t antenna, const TagSlot** out) const;

 private:
  TagSlot tags_[kAntennas][kMaxTagsPerAntenna] = {};
};

bool sameUid(const uint8_t* a, uint8_t alen, const uint8_t* b, uint8_t blen);

}  // namespace fw
