#include "presence.h"
#include <string.h>

namespace fw {

// The last byte first: the UIDs of a chip order or a deck share their first 4-5 bytes (E0 04 01 50 ..., 04 A1 ...),
// so a memcmp from the first byte runs 5 bytes deep for every pair of a 40-chip stack; the last byte tells most
// pairs apart at once.
bool sameUid(const uint8_t* a, uint8_t alen, const uint8_t* b, uint8_t blen) {
  return alen == blen && a[alen - 1] == b[alen - 1] && memcmp(a, b, alen - 1) == 0;
}

void Presence::begin(uint8_t antenna, uint8_t face) {
  face_[antenna] = face == 'U' ? 1 : face == 'D' ? 2 : 0;
  overrun_ &= ~(1ul << antenna);
  for (uint16_t i = 0; i < kPoolTags; i++)
    if (pool_[i].antenna == antenna) pool_[i].seen = 0;
}

bool Presence::tag(uint8_t antenna, const uint8_t* uid, uint8_t len) {
  if (len != 4 && len != 7 && len != 8) return true;  // not a UID of ours: ignored
  int16_t free = -1;
  uint8_t count = 0;
  for (uint16_t i = 0; i < kPoolTags; i++) {
    TagSlot& s = pool_[i];
    if (s.antenna == kFreeSlot) {
      if (free < 0) free = static_cast<int16_t>(i);
    } else if (s.antenna == antenna) {
      count++;
      if (!sameUid(s.uid, s.len(), uid, len)) continue;
      if (!s.seen) {
        s.seen = 1;
        if (s.hits < 3) s.hits++;
      }
      s.faceCode = face_[antenna];
      return true;
    }
  }
  if (free < 0 || count >= kMaxTagsPerAntenna) {
    overrun_ |= 1ul << antenna;
    return false;
  }
  TagSlot& s = pool_[free];
  memcpy(s.uid, uid, len);
  s.antenna = antenna;
  s.lenCode = len == 4 ? 0 : len == 7 ? 1 : 2;
  s.hits = 1;
  s.reported = 0;
  s.seen = 1;
  s.faceCode = face_[antenna];
  if (len == 8 && fresh_ < 0xFF) fresh_++;
  return true;
}

uint8_t Presence::reportFresh(PresenceSink& sink, uint8_t max) {
  uint8_t n = 0;
  for (uint16_t i = 0; i < kPoolTags && n < max; i++) {
    TagSlot& s = pool_[i];
    if (s.antenna == kFreeSlot || s.lenCode != 2 || s.reported || !s.seen) continue;
    s.reported = 1;
    n++;
    sink.tagArrived(s.antenna, s);
  }
  if (n < max) fresh_ = 0;  // the walk found them all
  return n;
}

bool Presence::elsewhere(uint16_t k) const {
  const TagSlot& t = pool_[k];
  const uint8_t len = t.len(), last = t.uid[len - 1], code = t.lenCode;
  for (uint16_t i = 0; i < kPoolTags; i++) {
    const TagSlot& s = pool_[i];
    // the cheap tests first (a 304-slot walk for each tag a clean scan reports: 40 of them after a push): the UID's
    // last byte and length, then the rest
    if (s.uid[len - 1] != last || s.lenCode != code || i == k || s.antenna == kFreeSlot || s.antenna == t.antenna)
      continue;
    if (memcmp(s.uid, t.uid, len - 1) == 0) return true;
  }
  return false;
}

bool Presence::end(uint8_t antenna, uint32_t now, bool complete, PresenceSink& sink, bool clean) {
  const uint16_t t = static_cast<uint16_t>(now);
  for (uint16_t i = 0; i < kPoolTags; i++) {
    TagSlot& s = pool_[i];
    if (s.antenna != antenna) continue;
    if (s.seen) {
      s.lastSeen = t;
      const uint8_t need = s.len() == 8 ? kLatchOnReadsChips : kLatchOnReads;
      if (!s.reported && (s.hits >= need || (clean && !elsewhere(i)))) {
        s.reported = 1;
        sink.tagArrived(antenna, s);
      }
      continue;
    }
    if (!complete) continue;  // an unresolved read proves nothing about the tags it missed
    s.hits = 0;               // consecutive reads only
    if (static_cast<uint16_t>(t - s.lastSeen) < kLatchOffMs) continue;
    if (s.reported) sink.tagLeft(antenna, s);
    s.antenna = kFreeSlot;
  }
  return (overrun_ >> antenna) & 1;
}

bool Presence::scanned(uint8_t antenna, const TagRead* reads, uint8_t n, uint8_t face, uint32_t now,
                       PresenceSink& sink) {
  begin(antenna, face);
  for (uint8_t i = 0; i < n; i++) tag(antenna, reads[i].uid, reads[i].uidLen);
  return end(antenna, now, true, sink);
}

uint8_t Presence::reportedCount(uint8_t antenna) const {
  uint8_t n = 0;
  for (uint16_t i = 0; i < kPoolTags; i++)
    if (pool_[i].antenna == antenna && pool_[i].reported) n++;
  return n;
}

uint8_t Presence::reported(uint8_t antenna, const TagSlot** out, uint8_t from, uint8_t max) const {
  uint8_t k = 0, n = 0;
  for (uint16_t i = 0; i < kPoolTags && n < max; i++) {
    if (pool_[i].antenna != antenna || !pool_[i].reported) continue;
    if (k++ >= from) out[n++] = &pool_[i];
  }
  return n;
}

bool Presence::known(uint8_t antenna, uint16_t& cursor, TagRead& out) const {
  // a walk of the pool for each card antenna read (its last call finds none): a local index and pointer, not the
  // caller's cursor through its reference at every slot
  uint16_t i = cursor;
  for (const TagSlot* s = pool_ + i; i < kPoolTags; i++, s++) {
    if (s->antenna != antenna || s->seen) continue;
    out.uidLen = s->len();
    memcpy(out.uid, s->uid, out.uidLen);
    cursor = static_cast<uint16_t>(i + 1);
    return true;
  }
  cursor = i;
  return false;
}

bool Presence::tagAt(uint8_t antenna, uint16_t k, const uint8_t* uid, uint8_t len) {
  if (k >= kPoolTags) return false;
  TagSlot& s = pool_[k];
  if (s.antenna != antenna || !sameUid(s.uid, s.len(), uid, len)) return false;
  if (!s.seen) {
    s.seen = 1;
    if (s.hits < 3) s.hits++;
  }
  s.faceCode = face_[antenna];
  return true;
}

uint16_t Presence::used() const {
  uint16_t n = 0;
  for (uint16_t i = 0; i < kPoolTags; i++) n += pool_[i].antenna != kFreeSlot;
  return n;
}

}  // namespace fw
