#include "iso15693.h"
#include "presence.h"

namespace fw {

namespace {

struct Ctx {
  Iso15693Air& air;
  TagSink& sink;
  InventoryResult res;
};

void add(Ctx& c, const uint8_t uid[8]) {
  uint8_t t[8];
  for (uint8_t i = 0; i < 8; i++) t[i] = uid[7 - i];  // on air LSB first; printed MSB first
  if (!c.sink.tag(t, 8)) c.res.overflow = true;
  else c.res.count++;
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
    if (maskLen + 4 > 60) {
      c.res.unresolved = true;
      continue;
    }
    round(c, maskLen + 4, mask | (static_cast<uint64_t>(s) << maskLen));
  }
}

}  // namespace

InventoryResult inventory15693(Iso15693Air& air, TagSink& sink) {
  Ctx c{air, sink, {0, false, false}};
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
