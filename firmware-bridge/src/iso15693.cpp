#include "iso15693.h"
#include "presence.h"

namespace fw {

namespace {

struct Ctx {
  Iso15693Air& air;
  TagRead* out;
  uint8_t max;
  InventoryResult res;
};

void add(Ctx& c, const uint8_t uid[8]) {
  TagRead t;
  t.uidLen = 8;
  for (uint8_t i = 0; i < 8; i++) t.uid[i] = uid[7 - i];  // on air LSB first; printed MSB first
  for (uint8_t i = 0; i < c.res.count; i++)
    if (sameUid(c.out[i].uid, 8, t.uid, 8)) return;
  if (c.res.count == c.max) {
    c.res.overflow = true;
    return;
  }
  c.out[c.res.count++] = t;
}

// One 16-slot round under `mask`, then a deeper round for each slot that collided (at most 15 levels deep).
void round(Ctx& c, uint8_t maskLen, uint64_t mask) {
  uint16_t collided = 0;
  uint8_t uid[8];
  for (uint8_t s = 0; s < 16; s++) {
    const Slot r = s == 0 ? c.air.inventoryStart(maskLen, mask, uid) : c.air.nextSlot(uid);
    if (r == Slot::One) add(c, uid);
    else if (r == Slot::Collision) collided |= static_cast<uint16_t>(1u << s);
    else if (r == Slot::Error) c.res.unresolved = true;
  }
  for (uint8_t s = 0; s < 16; s++) {
    if (!(collided & (1u << s))) continue;
    if (maskLen + 4 > 60 || c.res.overflow) {
      c.res.unresolved = true;
      continue;
    }
    round(c, maskLen + 4, mask | (static_cast<uint64_t>(s) << maskLen));
  }
}

}  // namespace

InventoryResult inventory15693(Iso15693Air& air, TagRead* out, uint8_t max) {
  Ctx c{air, out, max, {0, false, false}};
  uint8_t uid[8];
  const Slot probe = air.inventoryOne(uid);
  if (probe == Slot::Empty) return c.res;
  if (probe == Slot::One) {
    add(c, uid);
    return c.res;
  }
  round(c, 0, 0);
  return c.res;
}

}  // namespace fw
