#include "presence.h"
#include <string.h>

namespace fw {

bool sameUid(const uint8_t* a, uint8_t alen, const uint8_t* b, uint8_t blen) {
  return alen == blen && memcmp(a, b, alen) == 0;
}

void Presence::scanned(uint8_t antenna, const TagRead* reads, uint8_t n, uint8_t face, uint32_t now,
                       PresenceSink& sink) {
  TagSlot* slots = tags_[antenna];
  const uint16_t t = static_cast<uint16_t>(now);
  bool seen[kMaxTagsPerAntenna] = {};
  bool overrun = false;
  for (uint8_t r = 0; r < n; r++) {
    int8_t at = -1;
    int8_t free = -1;
    for (uint8_t s = 0; s < kMaxTagsPerAntenna; s++) {
      if (slots[s].uidLen == 0) {
        if (free < 0) free = s;
      } else if (sameUid(slots[s].uid, slots[s].uidLen, reads[r].uid, reads[r].uidLen)) {
        at = s;
      }
    }
    if (at < 0) {
      if (free < 0) {
        overrun = true;
        continue;
      }
      at = free;
      memcpy(slots[at].uid, reads[r].uid, reads[r].uidLen);
      slots[at].uidLen = reads[r].uidLen;
      slots[at].hits = 0;
      slots[at].reported = 0;
    }
    TagSlot& s = slots[at];
    seen[at] = true;
    s.lastSeen = t;
    s.face = face;
    if (s.hits < 255) s.hits++;
    if (!s.reported && s.hits >= kLatchOnReads) {
      s.reported = 1;
      sink.tagArrived(antenna, s);
    }
  }
  for (uint8_t s = 0; s < kMaxTagsPerAntenna; s++) {
    TagSlot& slot = slots[s];
    if (slot.uidLen == 0 || seen[s]) continue;
    slot.hits = 0;  // consecutive reads only
    if (static_cast<uint16_t>(t - slot.lastSeen) < kLatchOffMs) continue;
    if (slot.reported) sink.tagLeft(antenna, slot);
    slot.uidLen = 0;
  }
  if (overrun) sink.antennaOverrun(antenna);
}

uint8_t Presence::reported(uint8_t antenna, const TagSlot** out) const {
  uint8_t n = 0;
  for (uint8_t s = 0; s < kMaxTagsPerAntenna; s++)
    if (tags_[antenna][s].uidLen != 0 && tags_[antenna][s].reported) out[n++] = &tags_[antenna][s];
  return n;
}

}  // namespace fw
