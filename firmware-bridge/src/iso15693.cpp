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

bool Inventory15693::probe(Iso15693Air& air, TagSink& sink) {
  uint8_t uid[8];
  if (phase_ != Phase::Probe) return phase_ == Phase::Done;
  return probed(air.inventoryOne(uid), uid, sink);
}

bool Inventory15693::probed(Slot probe, const uint8_t uid[8], TagSink& sink) {
  if (phase_ != Phase::Probe) return phase_ == Phase::Done;
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
  collided_ = 0;
  slot_ = 0;
  return false;
}

bool Inventory15693::step(Iso15693Air& air, TagSink& sink) {
  uint8_t uid[8];
  if (phase_ == Phase::Done) return true;
  if (phase_ == Phase::Probe && probe(air, sink)) return true;
  // one 16-slot round at the current depth: mask = the slots chosen above it, 4 bits a level
  const uint8_t maskLen = roundMaskLen();
  const uint64_t m = mask();
  collided_ = 0;
  slot_ = 0;
  for (uint8_t s = 0; s < 16; s++) {
    const Slot r = s == 0 ? air.inventoryStart(maskLen, m, uid) : air.nextSlot(uid);
    roundSlot(r, uid, &sink);
    if (r == Slot::Error) break;
  }
  return roundEnd();
}

void Inventory15693::roundSlot(Slot r, const uint8_t uid[8], TagSink* sink) {
  if (r == Slot::One && sink) add(*sink, res_, uid);
  else if (r == Slot::Collision) collided_ |= static_cast<uint16_t>(1u << slot_);
  else if (r == Slot::Error) res_.unresolved = true;
  slot_++;
}

void Inventory15693::deliver(TagSink& sink, const uint8_t uid[8]) { add(sink, res_, uid); }

bool Inventory15693::roundEnd() {
  level_[depth_].pending = collided_;
  collided_ = 0;
  slot_ = 0;
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
