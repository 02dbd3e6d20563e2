#include "presence.h"
#include <string.h>

namespace fw {

void Presence::begin(uint8_t antenna, uint8_t face) {
  face_[antenna] = face == 'U' ? 1 : face == 'D' ? 2 : 0;
  overrun_ &= ~(1ul << antenna);
  for (uint16_t i = lo_[antenna]; i < hi_[antenna]; i++)
    if (pool_[i].antenna == antenna) pool_[i].seen = 0;
}

int8_t Presence::prefixOf(const uint8_t* uid, uint8_t len, bool create) {
  const uint8_t n = static_cast<uint8_t>(len - 4);
  int8_t free = -1;
  for (uint8_t i = 0; i < kPrefixes; i++) {
    const Prefix& p = prefix_[i];
    if (p.len == 0) {
      if (free < 0) free = static_cast<int8_t>(i);
    } else if (p.len == len && memcmp(p.b, uid, n) == 0) {
      return static_cast<int8_t>(i);
    }
  }
  if (!create) return -1;
  if (free < 0) {  // full: sweep the prefixes no tag of the pool holds any more (a deck or chip order gone)
    uint16_t held = 0;
    for (uint16_t i = 0; i < kPoolTags; i++)
      if (pool_[i].antenna != kFreeSlot) held |= static_cast<uint16_t>(1u << pool_[i].prefix);
    for (uint8_t i = 0; i < kPrefixes; i++) {
      if ((held >> i) & 1) continue;
      prefix_[i].len = 0;
      if (free < 0) free = static_cast<int8_t>(i);
    }
    if (free < 0) return -1;
  }
  prefix_[free].len = len;
  memcpy(prefix_[free].b, uid, n);
  return free;
}

bool Presence::tag(uint8_t antenna, const uint8_t* uid, uint8_t len) {
  if (len != 4 && len != 7 && len != 8) return true;  // not a UID of ours: ignored
  const uint8_t* suffix = uid + len - 4;
  int8_t prefix = prefixOf(uid, len, false);
  // A tag the pool holds (most reads: every chip of a stack at every scan): one walk comparing the UID's last byte
  // first, nothing else counted (~8 cycles a slot on the AVR instead of ~20: 384 slots for each chip read, between
  // two of the other readers' slots). A new tag: a second walk for a free slot and the antenna's count.
  const uint16_t lo = lo_[antenna], hi = hi_[antenna];
  if (prefix >= 0 && lo < hi) {
    const uint8_t last = suffix[3];
    TagSlot* s = pool_ + lo;
    for (uint16_t i = static_cast<uint16_t>(hi - lo); i; i--, s++) {
      if (s->suffix[3] != last || s->antenna != antenna || !same(*s, prefix, suffix)) continue;
      if (!s->seen) {
        s->seen = 1;
        if (s->hits < 3) s->hits++;
      }
      s->faceCode = face_[antenna];
      return true;
    }
  }
  int16_t free = -1;
  uint8_t count = 0;
  for (uint16_t i = freeFrom_; i < kPoolTags; i++)
    if (pool_[i].antenna == kFreeSlot) {
      free = static_cast<int16_t>(i);
      break;
    }
  for (uint16_t i = lo; i < hi; i++) count += pool_[i].antenna == antenna;
  if (free < 0 || count >= kMaxTagsPerAntenna || (prefix < 0 && (prefix = prefixOf(uid, len, true)) < 0)) {
    overrun_ |= 1ul << antenna;
    return false;
  }
  const uint16_t f = static_cast<uint16_t>(free);
  freeFrom_ = static_cast<uint16_t>(f + 1);
  if (lo >= hi) lo_[antenna] = f, hi_[antenna] = static_cast<uint16_t>(f + 1);
  else if (f < lo) lo_[antenna] = f;
  else if (f >= hi) hi_[antenna] = static_cast<uint16_t>(f + 1);
  TagSlot& s = pool_[f];
  memcpy(s.suffix, suffix, 4);
  s.antenna = antenna;
  s.prefix = static_cast<uint8_t>(prefix);
  s.hits = 1;
  s.reported = 0;
  s.seen = 1;
  s.faceCode = face_[antenna];
  if (len == 8) {  // a chip: reportFresh walks the span of the slots made fresh, not the 384 slots
    if (f < freshLo_) freshLo_ = f;
    if (f >= freshHi_) freshHi_ = static_cast<uint16_t>(f + 1);
  }
  return true;
}

void Presence::uidOf(const TagSlot& t, TagRead& out) const {
  const Prefix& p = prefix_[t.prefix];
  const uint8_t n = static_cast<uint8_t>(p.len - 4);
  memcpy(out.uid, p.b, n);
  memcpy(out.uid + n, t.suffix, 4);
  out.uidLen = p.len;
}

uint8_t Presence::prefixesUsed() const {
  uint8_t n = 0;
  for (uint8_t i = 0; i < kPrefixes; i++) n += prefix_[i].len != 0;
  return n;
}

uint8_t Presence::reportFresh(PresenceSink& sink, uint8_t max) {
  uint8_t n = 0;
  uint16_t i = freshLo_;
  for (; i < freshHi_ && n < max; i++) {
    TagSlot& s = pool_[i];
    if (s.antenna == kFreeSlot || prefix_[s.prefix].len != 8 || s.reported || !s.seen) continue;
    s.reported = 1;
    n++;
    TagRead u;
    uidOf(s, u);
    sink.tagArrived(s.antenna, u, s.face());
  }
  if (n < max) freshLo_ = kPoolTags, freshHi_ = 0;  // the walk found them all
  else freshLo_ = i;                                   // the rest at the next call
  return n;
}

bool Presence::elsewhere(uint16_t k) const {
  const TagSlot& t = pool_[k];
  for (uint16_t i = 0; i < kPoolTags; i++) {
    const TagSlot& s = pool_[i];
    // the UID's last byte first (a 384-slot walk for each tag a clean scan reports: 40 of them after a push)
    if (s.suffix[3] != t.suffix[3] || i == k || s.antenna == kFreeSlot || s.antenna == t.antenna) continue;
    if (same(s, static_cast<int8_t>(t.prefix), t.suffix)) return true;
  }
  return false;
}

bool Presence::end(uint8_t antenna, uint32_t now, bool complete, PresenceSink& sink, bool clean) {
  const uint16_t t = static_cast<uint16_t>(now) & 0x3FFF;
  uint16_t lo = kPoolTags, hi = 0;  // the span of the tags the antenna keeps
  for (uint16_t i = lo_[antenna]; i < hi_[antenna]; i++) {
    TagSlot& s = pool_[i];
    if (s.antenna != antenna) continue;
    if (i < lo) lo = i;
    hi = static_cast<uint16_t>(i + 1);
    if (s.seen) {
      s.lastSeen = t;
      const uint8_t need = prefix_[s.prefix].len == 8 ? kLatchOnReadsChips : kLatchOnReads;
      if (!s.reported && (s.hits >= need || (clean && !elsewhere(i)))) {
        s.reported = 1;
        TagRead u;
        uidOf(s, u);
        sink.tagArrived(antenna, u, s.face());
      }
      continue;
    }
    if (!complete) continue;  // an unresolved read proves nothing about the tags it missed
    s.hits = 0;               // consecutive reads only
    if (((t - s.lastSeen) & 0x3FFF) < kLatchOffMs) continue;
    if (s.reported) {
      TagRead u;
      uidOf(s, u);
      sink.tagLeft(antenna, u);
    }
    s.antenna = kFreeSlot;
    if (i < freeFrom_) freeFrom_ = i;
    if (hi == i + 1) hi = lo == i ? 0 : i;  // (a gap inside the span stays in it)
    if (lo == i) lo = kPoolTags;
  }
  if (lo >= hi) lo = hi = 0;
  lo_[antenna] = lo, hi_[antenna] = hi;
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
  for (uint16_t i = lo_[antenna]; i < hi_[antenna]; i++)
    if (pool_[i].antenna == antenna && pool_[i].reported) n++;
  return n;
}

uint8_t Presence::reported(uint8_t antenna, const TagSlot** out, uint8_t from, uint8_t max) const {
  uint8_t k = 0, n = 0;
  for (uint16_t i = lo_[antenna]; i < hi_[antenna] && n < max; i++) {
    if (pool_[i].antenna != antenna || !pool_[i].reported) continue;
    if (k++ >= from) out[n++] = &pool_[i];
  }
  return n;
}

bool Presence::known(uint8_t antenna, uint16_t& cursor, TagRead& out) const {
  // a walk of the pool for each card antenna read (its last call finds none): a local index and pointer, not the
  // caller's cursor through its reference at every slot
  uint16_t i = cursor < lo_[antenna] ? lo_[antenna] : cursor;
  const uint16_t hi = hi_[antenna];
  for (const TagSlot* s = pool_ + i; i < hi; i++, s++) {
    if (s->antenna != antenna || s->seen) continue;
    uidOf(*s, out);
    cursor = static_cast<uint16_t>(i + 1);
    return true;
  }
  cursor = i;
  return false;
}

bool Presence::tagAt(uint8_t antenna, uint16_t k, const uint8_t* uid, uint8_t len) {
  if (k >= kPoolTags) return false;
  TagSlot& s = pool_[k];
  if (s.antenna != antenna || len < 4) return false;
  const Prefix& p = prefix_[s.prefix];
  if (p.len != len || memcmp(s.suffix, uid + len - 4, 4) != 0 || memcmp(p.b, uid, len - 4u) != 0) return false;
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
