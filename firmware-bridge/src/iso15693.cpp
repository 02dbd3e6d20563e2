#include "iso15693.h"
#include "presence.h"

namespace fw {

namespace {

bool add(TagSink& sink, InventoryResult& res, const uint8_t uid[8]) {
  uint8_t t[8];
  for (uint8_t i = 0; i < 8; i++) t[i] = uid[7 - i];  // on air LSB first; printed MSB first
  if (!sink.tag(t, 8)) {
    res.overflow = true;
    return false;
  }
  res.count++;
  return true;
}

}  // namespace

uint64_t Inventory15693::mask() const {
  uint64_t m = 0;
  for (int8_t i = 0; i < depth_; i++) m |= static_cast<uint64_t>(level_[i].slot) << (4 * i);
  return m;
}

bool Inventory15693::step(Iso15693Air& air, TagSink& sink) {
  uint8_t uid[8];
  if (phase_ == Phase::Done) return true;
  if (phase_ == Phase::Probe) {
    const Slot probe = air.inventoryOne(uid);
    if (probe == Slot::Empty) return finish();
    if (probe == Slot::One) {
      add(sink, res_, uid);
      return finish();
    }
    if (probe == Slot::Error) {
      res_.unresolved = true;
      return finish();
    }
    phase_ = Phase::Rounds;
    depth_ = 0;
  }
  // one 16-slot round at the current depth: mask = the slots chosen above it, 4 bits a level
  const uint8_t maskLen = static_cast<uint8_t>(4 * depth_);
  const uint64_t m = mask();
  uint16_t collided = 0;
  for (uint8_t s = 0; s < 16; s++) {
    const Slot r = s == 0 ? air.inventoryStart(maskLen, m, uid) : air.nextSlot(uid);
    if (r == Slot::One) add(sink, res_, uid);
    else if (r == Slot::Collision) collided |= static_cast<uint16_t>(1u << s);
    else if (r == Slot::Error) res_.unresolved = true;
    if (r == Slot::Error) break;
  }
  level_[depth_].pending = collided;
  // depth-first: the next collided slot at this level or the first one found going back up
  for (;;) {
    Level& l = level_[depth_];
    if (l.pending) {
      uint8_t s = 0;
      while (!(l.pending & (1u << s))) s++;
      l.pending = static_cast<uint16_t>(l.pending & ~(1u << s));
      if (4 * (depth_ + 1) + 4 > 64) {  // a full 60-bit mask and still colliding: two tags with one UID
        res_.unresolved = true;
        continue;
      }
      l.slot = s;
      depth_++;
      return false;
    }
    if (depth_ == 0) return finish();
    depth_--;
  }
}

InventoryResult inventory15693(Iso15693Air& air, TagSink& sink) {
  Inventory15693 inv;
  inv.begin();
  while (!inv.step(air, sink)) {
  }
  return inv.result();
}

}  // namespace fw
